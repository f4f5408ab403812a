import torch

x = torch.tensor([10.0, 20.0, 30.0, 40.0], requires_grad=True)
print(x[[0, 2]], x[torch.tensor([3, 0])])
y = x[torch.tensor([1, 1, 3])]
print(y)
y.sum().backward()
print(x.grad)
print(y.grad_fn.name())
m = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
print(m[[2, 0]], m[torch.tensor([0, 2]), torch.tensor([1, 0])])
print(m[[0, 1], [1, 1]], m[:, [1, 0]])
