import torch

x = torch.tensor([[1.0, 7.0, 3.0], [4.0, 2.0, 6.0]], requires_grad=True)
r = torch.max(x, 0, keepdim=True)
print(r)
r.values.backward(torch.tensor([[1.0, 2.0, 3.0]]))
print(x.grad)
print(torch.max(x, dim=-1).indices)
print(x.max(1)[0].shape, x.max(1, True)[0].shape)
