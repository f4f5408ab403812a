import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
exprs = [x.sum(), x.sum(0), x.mean(), x.mean(1), x.prod(), x.prod(0), x.max(), x.max(0)[0],
         x.min(), x.min(1).values, x.norm(), torch.softmax(x, 1), torch.log_softmax(x, 0),
         x.clamp(0, 2), torch.where(x > 2, x, x * 0)]
for t in exprs:
    print(type(t.grad_fn).__name__, t.grad_fn.name() == type(t.grad_fn).__name__)
