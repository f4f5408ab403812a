import warnings
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
y.sum().backward()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(y.grad)
    print(x.grad)
for w in caught:
    print(w.category.__name__)
    print(str(w.message))
print(len(caught))
