# smooth_l1_loss and huber_loss (F. and nn.): values, gradients, torch's backward nodes and their double
# backward, beta/delta, huber's weight=, and torch's errors and broadcast warning.
import warnings

import torch
import torch.nn.functional as F

x = torch.tensor([[0.5, -1.2, 3.0], [0.1, 2.2, -0.7]], requires_grad=True)
y = torch.tensor([[0.0, 0.3, 1.0], [0.0, -1.0, -0.5]])
for loss in (F.smooth_l1_loss(x, y), F.smooth_l1_loss(x, y, beta=0.5, reduction="sum"), F.huber_loss(x, y),
             F.huber_loss(x, y, delta=2.0, reduction="none"), F.smooth_l1_loss(x, y, beta=0.0)):
    print(loss, loss.grad_fn.next_functions)
g, = torch.autograd.grad(F.smooth_l1_loss(x, y, beta=0.8), x, create_graph=True)
print(g, g.grad_fn, g.grad_fn.next_functions)
h, = torch.autograd.grad((g * g).sum(), x)
print(h)
g, = torch.autograd.grad(F.huber_loss(x, y, delta=1.5, reduction="sum"), x, create_graph=True)
print(g, g.grad_fn)
print(torch.autograd.grad((g * x).sum(), x)[0])
w = torch.tensor([[1.0, 0.5, 2.0], [0.0, 1.0, 1.0]])
print(F.huber_loss(x, y, weight=w), F.huber_loss(x, y, weight=w, reduction="none").grad_fn)
print(torch.nn.SmoothL1Loss(beta=0.5)(x, y), torch.nn.HuberLoss(delta=0.5, reduction="sum")(x, y))
print(torch.nn.SmoothL1Loss(), torch.nn.HuberLoss(delta=3))
bad_calls = (lambda: F.smooth_l1_loss(x, y, beta=-1.0), lambda: F.huber_loss(x, y, delta=0.0),
             lambda: F.huber_loss(x, y, reduction="avg"), lambda: F.huber_loss(x, y, weight=torch.ones(3)),
             lambda: F.smooth_l1_loss(x, torch.zeros(2)), lambda: torch.nn.HuberLoss(delta="1"))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(F.smooth_l1_loss(x, torch.zeros(3)))
    for bad in bad_calls:
        try:
            bad()
        except Exception as err:
            print(type(err).__name__, err)
print([str(w.message) for w in caught])
