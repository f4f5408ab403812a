import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
print([y, y.sum()])
print((x, y.detach()))
print({"y": y.mean()})
print(f"{y.sum()}")
print("{:.2f}".format(y.sum().item()))
print(y.grad_fn is y.grad_fn, x.grad_fn)
