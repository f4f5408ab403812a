import warnings
from torch import tensor

warnings.simplefilter("ignore")  # f.grad: f is not a leaf

x, y, z = tensor(3.), tensor(-4.), tensor(19.)
q = x + 2*y    #1
q.requires_grad_()
f = q * z      #2
print(f)
for o in [x, y, z, q, f]: print(o.requires_grad, o.grad)
f.backward()
for o in [x, y, z, q, f]: print(o.requires_grad, o.grad)

print(x.requires_grad_())
q = x + 2*y    #1
f = q * z      #2
print(f)
for o in [x, y, z, q, f]: print(o.requires_grad, o.grad)
f.backward()
for o in [x, y, z, q, f]: print(o.requires_grad, o.grad)
