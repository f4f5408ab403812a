# A checkpoint's way: the optimizer's and the scheduler's state_dict() saved mid-training, loaded into new ones,
# training resumed: the same losses and parameters as a run that never stopped (Adam, SGD with momentum, LBFGS's
# lists of tensors); optimizer.state as torch's defaultdict; load_state_dict's errors.
import copy
import torch
import torch.nn as nn
from torch.optim import lr_scheduler

_ = torch.manual_seed(0)
x = torch.randn(16, 3)
y = torch.randn(16, 1)


def train(model, optimizer, scheduler, epochs):
    for epoch in range(epochs):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        scheduler.step()
        print(" ", repr(loss.item()), scheduler.get_last_lr())


for make in (lambda p: torch.optim.Adam(p, lr=0.05, amsgrad=True), lambda p: torch.optim.SGD(p, lr=0.1, momentum=0.9),
             lambda p: torch.optim.NAdam(p, lr=0.05)):
    _ = torch.manual_seed(1)
    model = nn.Linear(3, 1)
    optimizer = make(model.parameters())
    scheduler = lr_scheduler.StepLR(optimizer, step_size=2, gamma=0.5)
    train(model, optimizer, scheduler, 3)
    checkpoint = {"model": copy.deepcopy(model.state_dict()), "optimizer": copy.deepcopy(optimizer.state_dict()),
                  "scheduler": scheduler.state_dict()}
    train(model, optimizer, scheduler, 3)
    print(" ", model.weight.tolist())
    resumed = nn.Linear(3, 1)
    resumed.load_state_dict(checkpoint["model"])
    optimizer2 = make(resumed.parameters())
    scheduler2 = lr_scheduler.StepLR(optimizer2, step_size=2, gamma=0.5)
    optimizer2.load_state_dict(checkpoint["optimizer"])
    scheduler2.load_state_dict(checkpoint["scheduler"])
    print(" ", optimizer2.param_groups[0]["lr"], sorted(optimizer2.state[resumed.weight]))
    train(resumed, optimizer2, scheduler2, 3)
    print(" ", resumed.weight.tolist())
    print(" ", optimizer2.state_dict()["param_groups"])

# load_state_dict takes the tensors it is given (no copy), as torch does
w = nn.Parameter(torch.ones(2))
a = torch.optim.SGD([w], lr=0.1, momentum=0.9)
w.grad = torch.ones(2)
a.step()
b = torch.optim.SGD([w], lr=0.1, momentum=0.9)
b.load_state_dict(a.state_dict())
print(b.state[w]["momentum_buffer"] is a.state[w]["momentum_buffer"], b.param_groups[0]["params"][0] is w)
print(type(b.state).__name__, b.state[nn.Parameter(torch.zeros(1))], len(b.state))
d = torch.optim.SGD([w], lr=0.1)
print(d.state, d.state_dict())

# a float64 model loads a float32 state: the buffers become float64, the step stays as it was
w64 = nn.Parameter(torch.ones(2, dtype=torch.float64))
adam = torch.optim.Adam([w], lr=0.1)
adam.step()
adam64 = torch.optim.Adam([w64], lr=0.1)
adam64.load_state_dict(adam.state_dict())
print({k: v.dtype for k, v in adam64.state[w64].items()})

# LBFGS's state holds lists of tensors
v = nn.Parameter(torch.tensor([2.0, -1.0]))
lbfgs = torch.optim.LBFGS([v], max_iter=3)


def closure():
    lbfgs.zero_grad()
    loss = ((v - 1) ** 2).sum() + v.prod()
    loss.backward()
    return loss


lbfgs.step(closure)
saved = lbfgs.state_dict()
lbfgs2 = torch.optim.LBFGS([v], max_iter=3)
lbfgs2.load_state_dict(saved)
print(sorted(lbfgs2.state[v]), type(lbfgs2.state[v]["old_dirs"]).__name__, lbfgs2.step(closure).item(), v.tolist())

for bad in ({"state": {}, "param_groups": []}, {"state": {}, "param_groups": [{"lr": 1, "params": [0, 1]}]}):
    try:
        b.load_state_dict(bad)
    except ValueError as e:
        print(e)
