import warnings
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
y.retain_grad()
y.sum().backward()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(y.grad)
    c = torch.tensor([1.0]) * 2
    print(c.grad)
print(len(caught))
