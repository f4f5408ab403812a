# How tutorials show a scheduler: a model, an optimizer stepped without a backward pass (no gradient: nothing
# moves), the scheduler stepped after it each epoch, the rate read back from optimizer.state_dict(); then
# the schedulers tutorials compare, and one scheduler per batch (OneCycleLR with Adam's first beta).
import torch.nn as nn
from torch.optim import lr_scheduler

model = nn.Linear(10, 1)
optimizer = torch.optim.Adam(model.parameters(), lr=0.1)
scheduler = lr_scheduler.LambdaLR(optimizer, lambda epoch: epoch / 10)
print(optimizer.state_dict())
for epoch in range(5):
    optimizer.step()
    scheduler.step()
    print(optimizer.state_dict()["param_groups"][0]["lr"])

for name in ["MultiStepLR", "CosineAnnealingLR", "LinearLR", "ConstantLR", "PolynomialLR", "ExponentialLR"]:
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    if name == "MultiStepLR":
        scheduler = lr_scheduler.MultiStepLR(optimizer, milestones=[1, 4], gamma=0.1)
    elif name == "CosineAnnealingLR":
        scheduler = lr_scheduler.CosineAnnealingLR(optimizer, T_max=4, eta_min=0.005)
    elif name == "LinearLR":
        scheduler = lr_scheduler.LinearLR(optimizer, start_factor=0.2, total_iters=4)
    elif name == "ConstantLR":
        scheduler = lr_scheduler.ConstantLR(optimizer, factor=0.5, total_iters=2)
    elif name == "PolynomialLR":
        scheduler = lr_scheduler.PolynomialLR(optimizer, total_iters=4, power=0.5)
    else:
        scheduler = lr_scheduler.ExponentialLR(optimizer, gamma=0.5)
    rates = []
    for epoch in range(6):
        optimizer.step()
        rates.append(scheduler.get_last_lr()[0])
        scheduler.step()
    print(name, rates)

torch.manual_seed(0)
data = [(torch.randn(4, 10), torch.randn(4, 1)) for _ in range(3)]
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
scheduler = lr_scheduler.OneCycleLR(optimizer, max_lr=0.1, steps_per_epoch=len(data), epochs=2)
for epoch in range(2):
    for inputs, targets in data:
        optimizer.zero_grad()
        loss = nn.MSELoss()(model(inputs), targets)
        loss.backward()
        optimizer.step()
        scheduler.step()
        print(f"{loss.item():.8f}", scheduler.get_last_lr(), optimizer.param_groups[0]["betas"])
scheduler
scheduler.state_dict()["total_steps"]
optimizer
