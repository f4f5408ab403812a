import torch

x = torch.tensor([2.0, 3.0], requires_grad=True)
seen = []
y = x.exp()
y.register_hook(lambda g: seen.append(g.clone()))
y.register_hook(lambda g: g + 1)
z = y.sum()
z.backward()
print(seen)
print(x.grad)
print(type(y.register_hook(lambda g: None)).__name__)
