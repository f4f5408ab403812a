# ReduceLROnPlateau stepped with a validation loss each epoch (a tensor or a float): mode, factor, patience,
# threshold (rel and abs), cooldown and min_lr (one or per group), with the counters it keeps printed as it goes.
import torch
import torch.nn as nn
from torch.optim import lr_scheduler

_ = torch.manual_seed(0)
x = torch.randn(20, 3)
y = x @ torch.tensor([[0.5], [-1.0], [2.0]])
x_val = torch.randn(8, 3)
y_val = x_val @ torch.tensor([[0.5], [-1.0], [2.0]]) + 0.3

model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.3)
scheduler = lr_scheduler.ReduceLROnPlateau(optimizer, mode="min", factor=0.5, patience=2, threshold=0.01,
                                           cooldown=1, min_lr=0.02)
for epoch in range(25):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    with torch.no_grad():
        val_loss = nn.functional.mse_loss(model(x_val), y_val)
    scheduler.step(val_loss)
    print(epoch, repr(loss.item()), repr(val_loss.item()), scheduler.get_last_lr(), scheduler.best,
          scheduler.num_bad_epochs, scheduler.cooldown_counter, scheduler.last_epoch)

# fixed metric sequences through every mode and threshold mode; two groups with their own min_lr
metrics = [1.0, 0.9, 0.95, 0.899, 0.9, 0.91, 0.5, 0.6, 0.7, 0.8, 0.81, 0.82, 0.49, 0.49]
for mode, threshold_mode in [("min", "rel"), ("min", "abs"), ("max", "rel"), ("max", "abs")]:
    w = nn.Parameter(torch.zeros(1))
    b = nn.Parameter(torch.zeros(1))
    optimizer = torch.optim.Adam([{"params": [w]}, {"params": [b], "lr": 0.01}], lr=0.1)
    scheduler = lr_scheduler.ReduceLROnPlateau(optimizer, mode=mode, factor=0.3, patience=1, threshold=0.05,
                                               threshold_mode=threshold_mode, min_lr=[0.005, 0.002])
    lrs = []
    for value in metrics:
        scheduler.step(value if mode == "min" else 1 - value)
        lrs.append(scheduler.get_last_lr())
    print(mode, threshold_mode, lrs, scheduler.best)
print(scheduler.state_dict())
print(scheduler.in_cooldown, scheduler.mode_worse)
