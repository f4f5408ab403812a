# A small MLP (Linear, Tanh, Linear, ReLU, Linear) trained 500 steps with torch.optim.SGD (momentum), then 500
# with Adam, BCEWithLogitsLoss, float32, every loss printed with all its digits: the third training loop of issue 13.
import torch
import torch.nn as nn

_ = torch.manual_seed(0)
x = torch.rand(64, 10) * 2 - 1
y = (x[:, :3].sum(1, keepdim=True) > 0).float()
for make_optimizer in (lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9), lambda p: torch.optim.Adam(p, lr=1e-3)):
    model = nn.Sequential(nn.Linear(10, 32), nn.Tanh(), nn.Linear(32, 16), nn.ReLU(), nn.Linear(16, 1))
    optimizer = make_optimizer(model.parameters())
    loss_fn = nn.BCEWithLogitsLoss()
    for step in range(500):
        optimizer.zero_grad()
        loss = loss_fn(model(x), y)
        loss.backward()
        optimizer.step()
        print(step, loss.item())
