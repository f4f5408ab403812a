# retain_grad: a non-leaf's .grad accumulates over backward calls as a leaf's does (the first gradient copied,
# later ones added); under create_graph it is recorded (CloneBackward0, then AddBackward0)
import torch
import warnings

warnings.simplefilter("ignore", UserWarning)  # create_graph=True with backward()

x = torch.tensor([1.0, 2.0], requires_grad=True)
b = x * 3
b.retain_grad()
y = (b * b).sum()
y.backward(retain_graph=True)
print(b.grad)
y.backward(retain_graph=True)
print(b.grad)
b.grad = None
y.backward(retain_graph=True)
print(b.grad, x.grad)
b.grad.zero_()
y.backward()
print(b.grad)

e = x.exp()
e.retain_grad()
z = (e * e).sum()
z.backward(create_graph=True)
print(e.grad)
print(e.grad.requires_grad, type(e.grad.grad_fn).__name__)
z.backward(create_graph=True)
print(e.grad, type(e.grad.grad_fn).__name__)

d = x[0:1] * 1
d.retain_grad()
(d * 5).sum().backward()
print(d.grad, d.retains_grad)
