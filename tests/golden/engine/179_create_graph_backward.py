import torch

import warnings

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x ** 3).sum()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    y.backward(create_graph=True)
for w in caught:
    print(w.category.__name__ + ": " + str(w.message))
print(x.grad)
print(x.grad.requires_grad)
g = x.grad.clone()
x.grad = None
g.sum().backward()
print(x.grad)
