import warnings
from torch import tensor

warnings.simplefilter("ignore")  # q.grad / f.grad of non-leaf tensors

x, y, z = tensor(3.), tensor(-4.), tensor(19.)
for o in [x, y, z]: o.requires_grad_()

q = x + 2*y    #1
f = q * z      #2
f.backward()
for o in [x, y, z, q, f]: print(o.grad)
try:
    f.backward()
except RuntimeError as e:
    print(type(e).__name__ + ': ' + str(e))

x, y, z = tensor(3.), tensor(-4.), tensor(19.)
for o in [x, y, z]: o.requires_grad_()
q = x + 2*y    #1
f = q * z      #2
f.backward(retain_graph=True)
for o in [x, y, z, q, f]: print(o.grad)
f.backward()
for o in [x, y, z, q, f]: print(o.grad)
