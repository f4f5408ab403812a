# with: no_grad, enable_grad, set_grad_enabled, `as`, nesting, and the echo inside top-level with.
x = torch.tensor([1., 2.], requires_grad=True)
with torch.no_grad():
    y = x * 2
    y
print(y.requires_grad)

with torch.no_grad():
    with torch.enable_grad():
        z = x * 2
print(z.requires_grad)

with torch.set_grad_enabled(False):
    w = x + 1
w.requires_grad

with torch.set_grad_enabled(True):
    w = x + 1
w.requires_grad

with torch.no_grad() as nothing:
    print(nothing)

torch.is_grad_enabled()

def frozen(v):
    with torch.no_grad():
        return v * 3

frozen(x)
torch.is_grad_enabled()

try:
    with torch.no_grad():
        raise ValueError("inside no_grad")
except ValueError as err:
    print(err, torch.is_grad_enabled())

for i in range(2):
    with torch.no_grad():
        if i == 1:
            break
torch.is_grad_enabled()

d = x.detach()
d.requires_grad, d.is_leaf
