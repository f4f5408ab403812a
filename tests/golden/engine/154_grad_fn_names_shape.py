import torch

x = torch.arange(6.0).reshape(2, 3).requires_grad_()
exprs = [x.t(), x.T, x.transpose(0, 1), x.permute(1, 0), x.reshape(3, 2), x.view(6),
         x.flatten(), x.unsqueeze(0), x[None], x.unsqueeze(0).squeeze(), x.unsqueeze(0).squeeze(0),
         x[:, :1].expand(2, 4), torch.cat([x, x]), torch.stack([x, x]), x[0], x[:, 1:],
         x[[0, 1]], x[x > 2], x.clone(), x.detach().requires_grad_(), x @ x.t(), x[0] @ x[1]]
for t in exprs:
    print(t.grad_fn.name() if t.grad_fn is not None else None)
