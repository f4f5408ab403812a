# An optimizer and a scheduler a script writes itself, on torch.optim's base classes: the optimizer's own step
# (self.state[p] starts empty, as torch's defaultdict), a scheduler's get_lr from last_epoch and base_lrs, and
# the warning torch gives when optimizer.step is replaced after the scheduler wrapped it; _LRScheduler, the base
# class's old name, which scripts written for older torch subclass.
import torch.nn as nn
from torch.optim.lr_scheduler import LRScheduler, ExponentialLR, _LRScheduler


class MomentumSGD(torch.optim.Optimizer):
    def __init__(self, params, lr=0.1, beta=0.9):
        super().__init__(params, dict(lr=lr, beta=beta))

    @torch.no_grad()
    def step(self, closure=None):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                state = self.state[p]
                if "velocity" not in state:
                    state["velocity"] = torch.zeros_like(p)
                state["velocity"].mul_(group["beta"]).add_(p.grad)
                p.add_(state["velocity"], alpha=-group["lr"])


class WarmupThenHalve(LRScheduler):
    def __init__(self, optimizer, warmup, last_epoch=-1):
        self.warmup = warmup
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self.last_epoch < self.warmup:
            return [base * (self.last_epoch + 1) / self.warmup for base in self.base_lrs]
        return [base * 0.5 ** (self.last_epoch - self.warmup + 1) for base in self.base_lrs]


torch.manual_seed(0)
x = torch.randn(12, 3)
y = x.sum(1, keepdim=True)
model = nn.Linear(3, 1)
optimizer = MomentumSGD(model.parameters(), lr=0.05)
scheduler = WarmupThenHalve(optimizer, warmup=3)
for epoch in range(6):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    scheduler.step()
    print(epoch, loss.item(), scheduler.get_last_lr(), optimizer.state[model.bias]["velocity"])
print(len(optimizer.state), scheduler.state_dict()["warmup"])

optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = ExponentialLR(optimizer, gamma=0.5)
optimizer.step = lambda: None
optimizer.step()
scheduler.step()
print(scheduler.get_last_lr())


class LinearWarmup(_LRScheduler):
    def __init__(self, optimizer, steps):
        self.steps = steps
        super().__init__(optimizer)

    def get_lr(self):
        return [base * min(1.0, (self.last_epoch + 1) / self.steps) for base in self.base_lrs]


optimizer = torch.optim.Adam(model.parameters(), lr=0.3)
scheduler = LinearWarmup(optimizer, 3)
for i in range(4):
    optimizer.step()
    scheduler.step()
    print(scheduler.get_last_lr(), isinstance(scheduler, LRScheduler))
