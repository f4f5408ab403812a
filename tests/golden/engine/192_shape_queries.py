import torch

x = torch.ones(2, 3, requires_grad=True)
y = x.sum(1)
for t in (x, y, y.sum()):
    print(t.shape, t.size(), t.dim(), t.ndim, t.numel(), len(t.shape))
print(x.size(1), x.shape[0], x.size(-2))
