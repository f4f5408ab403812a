import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x * 2
y = (h ** 2).sum()
gh, gx = torch.autograd.grad(y, [h, x])
print(gh, gx)
print(x.grad, h.grad if h.retains_grad else "no retained grad")
s = torch.tensor(3.0, requires_grad=True)
t = s * s
print(torch.autograd.grad(t, t))
