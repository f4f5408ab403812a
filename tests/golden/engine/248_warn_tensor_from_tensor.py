import warnings
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    y = torch.tensor(x)
for w in caught:
    print(w.category.__name__ + ": " + str(w.message))
print(y, y.requires_grad, y.is_leaf)
z = x.clone().detach()
print(z, z.requires_grad)
