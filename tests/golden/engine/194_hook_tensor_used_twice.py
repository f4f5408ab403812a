import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x ** 2
calls = []
y.register_hook(lambda g: calls.append(g.clone()))
z = y * 3 + y.exp()
z.sum().backward()
print(calls)
print(x.grad)
