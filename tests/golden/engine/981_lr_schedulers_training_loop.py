# A typical training loop per scheduler: a small model, SGD, several epochs, printing the loss, get_last_lr() and
# the group's lr each epoch (optimizer.step() before scheduler.step(), as torch asks). The chainable forms
# compute each rate from the last one, so the floats must follow torch's arithmetic exactly.
import math
import torch
import torch.nn as nn
from torch.optim import lr_scheduler

_ = torch.manual_seed(0)
x = torch.randn(16, 3)
y = x @ torch.tensor([[1.5], [-2.0], [0.5]]) + 0.1

makers = [
    ("StepLR", lambda o: lr_scheduler.StepLR(o, step_size=3, gamma=0.7)),
    ("MultiStepLR", lambda o: lr_scheduler.MultiStepLR(o, milestones=[2, 5, 5, 9], gamma=0.3)),
    ("ExponentialLR", lambda o: lr_scheduler.ExponentialLR(o, gamma=0.9)),
    ("LambdaLR", lambda o: lr_scheduler.LambdaLR(o, lr_lambda=lambda epoch: 0.95 ** epoch)),
    ("LambdaLR warmup", lambda o: lr_scheduler.LambdaLR(o, lambda e: min(1.0, (e + 1) / 4))),
    ("MultiplicativeLR", lambda o: lr_scheduler.MultiplicativeLR(o, lr_lambda=lambda epoch: 0.93)),
    ("CosineAnnealingLR", lambda o: lr_scheduler.CosineAnnealingLR(o, T_max=5)),
    ("CosineAnnealingLR eta_min", lambda o: lr_scheduler.CosineAnnealingLR(o, T_max=4, eta_min=0.001)),
    ("LinearLR", lambda o: lr_scheduler.LinearLR(o, start_factor=0.25, total_iters=4)),
    ("LinearLR decay", lambda o: lr_scheduler.LinearLR(o, start_factor=1.0, end_factor=0.1, total_iters=7)),
    ("ConstantLR", lambda o: lr_scheduler.ConstantLR(o, factor=0.5, total_iters=3)),
    ("PolynomialLR", lambda o: lr_scheduler.PolynomialLR(o, total_iters=6, power=2.0)),
    ("CosineAnnealingWarmRestarts", lambda o: lr_scheduler.CosineAnnealingWarmRestarts(o, T_0=3, T_mult=2,
                                                                                       eta_min=1e-4)),
    ("SequentialLR", lambda o: lr_scheduler.SequentialLR(
        o, schedulers=[lr_scheduler.LinearLR(o, start_factor=0.1, total_iters=3),
                       lr_scheduler.CosineAnnealingLR(o, T_max=8)], milestones=[3])),
    ("ChainedScheduler", lambda o: lr_scheduler.ChainedScheduler(
        [lr_scheduler.ConstantLR(o, factor=0.1, total_iters=4), lr_scheduler.ExponentialLR(o, gamma=0.9)])),
]
for name, make in makers:
    _ = torch.manual_seed(1)
    model = nn.Linear(3, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scheduler = make(optimizer)
    print(name, scheduler.get_last_lr())
    for epoch in range(12):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        scheduler.step()
        print(f"  epoch {epoch}: loss {loss.item()!r} lr {scheduler.get_last_lr()} {optimizer.param_groups[0]['lr']!r}")
    print(" ", model.weight.tolist(), model.bias.tolist())

# cosine annealing past T_max climbs back (the (last_epoch - 1 - T_max) % (2 * T_max) branch), two groups
w = nn.Parameter(torch.zeros(2))
b = nn.Parameter(torch.zeros(1))
optimizer = torch.optim.SGD([{"params": [w]}, {"params": [b], "lr": 0.5}], lr=0.2)
scheduler = lr_scheduler.CosineAnnealingLR(optimizer, T_max=3, eta_min=0.01)
for epoch in range(14):
    optimizer.step()
    scheduler.step()
    print(epoch, scheduler.get_last_lr())
print(math.isclose(scheduler.get_last_lr()[0], 0.2))
