import torch

x = torch.tensor([-1.5, 0.0, 0.5, 2.0], requires_grad=True)
y = torch.relu(x)
print(y)
y.backward(torch.tensor([1.0, 1.0, 1.0, 1.0]))
print(x.grad)
print(x.relu(), y.grad_fn.name())
print(torch.relu(torch.tensor([-1, 2])))
