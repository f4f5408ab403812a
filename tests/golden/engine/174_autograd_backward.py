import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
z = x ** 2
torch.autograd.backward([y, z], [torch.tensor([1.0, 1.0]), torch.tensor([0.5, 0.5])])
print(x.grad)
x.grad = None
torch.autograd.backward((x ** 2).sum())
print(x.grad)
x.grad = None
torch.autograd.backward(x * 2, grad_tensors=torch.tensor([1.0, -1.0]))
print(x.grad)
