import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], requires_grad=True)
print(x.T)
print(x.T.shape, x.T.T.shape)
(x.T @ x).sum().backward()
print(x.grad)
print(x.T.grad_fn.name())
