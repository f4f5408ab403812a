# Issue 13: a second backward without create_graph adds into .grad in place, as torch's AccumulateGrad does
# outside grad mode, so a .grad made with create_graph=True keeps its grad_fn (and its identity, and its version
# counts the addition).
import warnings

import torch

warnings.simplefilter("ignore", UserWarning)  # backward(create_graph=True)'s reference-cycle warning

x = torch.tensor([1.0, 2.0], requires_grad=True)
(x ** 3).sum().backward(create_graph=True)
first = x.grad
print(first, first._version)
x.grad.sum().backward()
print(x.grad, x.grad is first, x.grad._version, type(x.grad.grad_fn).__name__)

z = torch.tensor(3.0, requires_grad=True)
(z ** 2).backward(create_graph=True)
z.grad.backward()
print(z.grad, z.grad.requires_grad)
(z ** 2).backward()
print(z.grad)
(z ** 2).backward(create_graph=True)
print(z.grad)

w = torch.tensor([1.0, -2.0], requires_grad=True)
(w * 2).sum().backward()
plain = w.grad
(w * 3).sum().backward()
print(w.grad, w.grad is plain, w.grad._version)
