import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = torch.tensor([4.0, -5.0, 6.0], requires_grad=True)
d = torch.dot(a, b)
print(d)
d.backward()
print(a.grad, b.grad)
print(a.dot(b).grad_fn.name())
print(torch.dot(torch.tensor([1, 2]), torch.tensor([3, 4])))
