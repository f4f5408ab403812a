import torch

x = torch.tensor([-2.0, -1.0, 0.0, 0.5, 1.0, 3.0], requires_grad=True)
for kwargs in ({"min": -1.0}, {"max": 1.0}, {"min": -1.0, "max": 1.0}):
    x.grad = None
    y = torch.clamp(x, **kwargs)
    y.sum().backward()
    print(kwargs, y.detach(), x.grad)
print(x.clamp(0, 1), x.clamp(min=0).grad_fn.name())
print(x.clamp(max=0.5).grad_fn.name(), torch.clamp(torch.tensor([1, 5, 9]), 2, 6))
