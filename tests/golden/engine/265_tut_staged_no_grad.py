from torch import tensor

x, y, z = tensor(3.), tensor(-4.), tensor(19.)

# Forward pass.
q = x + 2*y    #1
f = q * z      #2
print(f)

try:
    f.backward()
except RuntimeError as e:
    print(type(e).__name__ + ': ' + str(e))

for o in [x, y, z, q, f]: print(o.requires_grad)

print(f.requires_grad_())
for o in [x, y, z, q, f]: print(o.requires_grad)
f.backward()
for o in [x, y, z, q, f]: print(o.requires_grad, o.grad)
