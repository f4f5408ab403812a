# CosineAnnealingWarmRestarts stepped with fractional epochs inside the batch loop (scheduler.step(epoch + i / iters),
# its documented use; T_mult 1 and 2, the closed form by the epoch), and a warm-up then cosine decay per batch
# (SequentialLR of LinearLR and CosineAnnealingLR), the usual transformer schedule, with the losses it gives.
import torch
import torch.nn as nn
from torch.optim import lr_scheduler

_ = torch.manual_seed(0)
x = torch.randn(20, 4)
y = torch.tanh(x @ torch.tensor([[1.0], [-0.5], [0.25], [2.0]]))
batches = [(x[i:i + 5], y[i:i + 5]) for i in range(0, 20, 5)]
for T_mult in (1, 2):
    _ = torch.manual_seed(1)
    model = nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.2, momentum=0.9)
    scheduler = lr_scheduler.CosineAnnealingWarmRestarts(optimizer, T_0=2, T_mult=T_mult, eta_min=0.01)
    iters = len(batches)
    for epoch in range(7):
        for i, (xb, yb) in enumerate(batches):
            optimizer.zero_grad()
            loss = nn.functional.mse_loss(model(xb), yb)
            loss.backward()
            optimizer.step()
            scheduler.step(epoch + i / iters)
        print(T_mult, epoch, loss.item(), scheduler.get_last_lr(), scheduler.T_cur, scheduler.T_i, scheduler.last_epoch)
    print(model.weight.tolist())
scheduler.step(13)
print(scheduler.get_last_lr(), scheduler.T_cur, scheduler.T_i)
try:
    scheduler.step(-1)
except ValueError as e:
    print(e)

_ = torch.manual_seed(1)
model = nn.Sequential(nn.Linear(4, 6), nn.GELU(), nn.Linear(6, 1))
optimizer = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=0.05)
total = 6 * len(batches)
scheduler = lr_scheduler.SequentialLR(optimizer, [lr_scheduler.LinearLR(optimizer, start_factor=0.01, total_iters=5),
                                                  lr_scheduler.CosineAnnealingLR(optimizer, T_max=total - 5)],
                                      milestones=[5])
for epoch in range(6):
    for xb, yb in batches:
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(xb), yb)
        loss.backward()
        optimizer.step()
        scheduler.step()
    print(epoch, loss.item(), scheduler.get_last_lr(), optimizer.param_groups[0]["lr"])
print(scheduler.state_dict()["_schedulers"][1]["last_epoch"], model[2].weight.tolist())
