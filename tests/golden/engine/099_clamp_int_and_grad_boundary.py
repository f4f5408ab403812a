import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.clamp(2.0, 2.0)
print(y)
y.sum().backward()
print(x.grad)
i = torch.tensor([-5, 0, 5])
print(i.clamp(-1, 1), i.clamp(min=0), i.clamp(max=2.5))
print(torch.tensor([float("nan"), 5.0]).clamp(0, 1))
