# OneCycleLR and CyclicLR, stepped once per batch as tutorials do: the learning rate and the momentum they cycle
# (SGD's momentum, Adam's first beta) printed at every step, and the trained parameters with all their digits.
import torch
import torch.nn as nn
from torch.optim import lr_scheduler

_ = torch.manual_seed(0)
x = torch.randn(24, 4)
y = (x.sum(1) > 0).long()

makers = [
    ("OneCycleLR SGD", lambda p: torch.optim.SGD(p, lr=0.1, momentum=0.9),
     lambda o: lr_scheduler.OneCycleLR(o, max_lr=0.5, epochs=3, steps_per_epoch=4)),
    ("OneCycleLR Adam linear", lambda p: torch.optim.Adam(p, lr=0.01),
     lambda o: lr_scheduler.OneCycleLR(o, max_lr=0.05, total_steps=12, anneal_strategy="linear", pct_start=0.25)),
    ("OneCycleLR three phase", lambda p: torch.optim.SGD(p, lr=0.1, momentum=0.9),
     lambda o: lr_scheduler.OneCycleLR(o, max_lr=0.2, total_steps=12, three_phase=True, div_factor=10.0,
                                       final_div_factor=100.0)),
    ("OneCycleLR no momentum", lambda p: torch.optim.AdamW(p, lr=0.01),
     lambda o: lr_scheduler.OneCycleLR(o, max_lr=0.03, total_steps=12, cycle_momentum=False)),
    ("CyclicLR triangular", lambda p: torch.optim.SGD(p, lr=0.1, momentum=0.9),
     lambda o: lr_scheduler.CyclicLR(o, base_lr=0.01, max_lr=0.1, step_size_up=3)),
    ("CyclicLR triangular2", lambda p: torch.optim.SGD(p, lr=0.1, momentum=0.9),
     lambda o: lr_scheduler.CyclicLR(o, base_lr=0.01, max_lr=0.1, step_size_up=2, step_size_down=3,
                                     mode="triangular2")),
    ("CyclicLR exp_range Adam", lambda p: torch.optim.Adam(p, lr=0.01),
     lambda o: lr_scheduler.CyclicLR(o, base_lr=0.001, max_lr=0.01, step_size_up=2, mode="exp_range",
                                     gamma=0.9)),
    ("CyclicLR scale_fn", lambda p: torch.optim.SGD(p, lr=0.1),
     lambda o: lr_scheduler.CyclicLR(o, 0.01, 0.1, step_size_up=2, scale_fn=lambda c: 1 / c, cycle_momentum=False)),
]
for name, make_optimizer, make_scheduler in makers:
    _ = torch.manual_seed(1)
    model = nn.Sequential(nn.Linear(4, 6), nn.ReLU(), nn.Linear(6, 2))
    optimizer = make_optimizer(model.parameters())
    scheduler = make_scheduler(optimizer)
    group = optimizer.param_groups[0]
    print(name, scheduler.get_last_lr(), group.get("momentum"), group.get("betas"))
    for epoch in range(3):
        for batch in range(4):
            xb, yb = x[batch * 6:(batch + 1) * 6], y[batch * 6:(batch + 1) * 6]
            optimizer.zero_grad()
            loss = nn.functional.cross_entropy(model(xb), yb)
            loss.backward()
            optimizer.step()
            scheduler.step()
            print(f"  {epoch}.{batch} {loss.item()!r} {scheduler.get_last_lr()} {group.get('momentum')!r} "
                  f"{group.get('betas')}")
    print(" ", model[2].weight.flatten().tolist())
    print(" ", sorted(k for k in group if k != "params"))
