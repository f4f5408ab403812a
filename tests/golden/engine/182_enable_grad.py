import torch

x = torch.tensor([1.0], requires_grad=True)
with torch.no_grad():
    with torch.enable_grad():
        y = x * 2
    z = x * 2
print(y.requires_grad, z.requires_grad)
y.backward()
print(x.grad)

@torch.enable_grad()
def double(t):
    return t * 2

with torch.no_grad():
    print(double(x).requires_grad)
