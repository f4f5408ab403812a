# Rprop (per-element step sizes that grow while a gradient keeps its sign and shrink when it flips) and ASGD
# (averaging from step t0) train a small float32 model: losses, parameters and their state with all digits.
import torch
import torch.nn as nn

_ = torch.manual_seed(0)
x = torch.randn(24, 3)
y = torch.sin(x.sum(1, keepdim=True))
makers = [
    ("Rprop", lambda p: torch.optim.Rprop(p)),
    ("Rprop etas", lambda p: torch.optim.Rprop(p, lr=0.05, etas=(0.3, 1.5), step_sizes=(1e-3, 0.2), maximize=False)),
    ("ASGD", lambda p: torch.optim.ASGD(p, lr=0.05)),
    ("ASGD t0", lambda p: torch.optim.ASGD(p, lr=0.05, lambd=1e-2, alpha=0.5, t0=5, weight_decay=0.01)),
]
for name, make in makers:
    _ = torch.manual_seed(1)
    model = nn.Sequential(nn.Linear(3, 5), nn.Tanh(), nn.Linear(5, 1))
    optimizer = make(model.parameters())
    for epoch in range(25):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        if epoch % 6 == 0:
            print(name, epoch, loss.item())
    print(" ", model[0].weight.flatten().tolist())
    state = optimizer.state_dict()["state"]
    print(" ", {k: (v.tolist() if v.dim() else v) for k, v in state[3].items()})
print(optimizer.state_dict()["param_groups"])
print(torch.optim.Rprop(model.parameters()).state_dict()["param_groups"])
try:
    torch.optim.Rprop(model.parameters(), etas=(1.2, 0.5))
except ValueError as e:
    print(e)
w = nn.Parameter(torch.tensor([1.0, -2.0, 3.0]))
optimizer = torch.optim.Rprop([w], lr=0.1, maximize=True)
for step in range(6):
    optimizer.zero_grad()
    (w * torch.tensor([1.0, -1.0, 0.0]) - w ** 2 * 0.3).sum().backward()
    optimizer.step()
    print(w.tolist(), optimizer.state[w]["step_size"].tolist(), optimizer.state[w]["prev"].tolist())
