# Issue 12: Tensor.register_post_accumulate_grad_hook (runs after .grad is accumulated, not for autograd.grad).
import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
def hook(t):
    print("hook sees grad", t.grad, t is x)
    t.grad.mul_(10)
h = x.register_post_accumulate_grad_hook(hook)
(x * x).sum().backward()
print(x.grad)
torch.autograd.grad((x * 3).sum(), x)
print("after grad", x.grad)
h.remove()
(x * 1).sum().backward()
print(x.grad)
y = x * 2
try:
    y.register_post_accumulate_grad_hook(hook)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.tensor([1.0]).register_post_accumulate_grad_hook(hook)
except RuntimeError as e:
    print("RuntimeError:", e)
print(type(h).__name__)
