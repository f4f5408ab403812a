import torch

for t in (torch.zeros(2, requires_grad=True), torch.ones(2, 2, requires_grad=True),
          torch.full((2,), 3.0, requires_grad=True), torch.eye(2, requires_grad=True),
          torch.arange(3.0, requires_grad=True), torch.linspace(0, 1, 3, requires_grad=True),
          torch.ones_like(torch.ones(2), requires_grad=True), torch.tensor(1.5, requires_grad=True)):
    print(t, t.is_leaf, t.grad_fn)
