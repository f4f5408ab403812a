import warnings
import torch

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    x = torch.ones(2, 3, 4)
    print(x.T.shape)
    print(torch.ones(3).T.shape)
for w in caught:
    print(w.category.__name__ + ": " + str(w.message))
