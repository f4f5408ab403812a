# Adadelta, Adamax, NAdam and RAdam (and SGD with Nesterov momentum and dampening, Adam with amsgrad) train a small
# float32 model for several epochs: every loss and the final parameters printed with all their digits, so the
# single-tensor updates must follow torch's bit for bit (weight decay, maximize, decoupled weight decay included).
import torch
import torch.nn as nn

_ = torch.manual_seed(0)
x = torch.randn(32, 5)
y = torch.randn(32, 2)
makers = [
    ("Adadelta", lambda p: torch.optim.Adadelta(p)),
    ("Adadelta wd", lambda p: torch.optim.Adadelta(p, lr=0.5, rho=0.8, eps=1e-5, weight_decay=0.1)),
    ("Adamax", lambda p: torch.optim.Adamax(p, lr=0.01)),
    ("Adamax wd max", lambda p: torch.optim.Adamax(p, lr=0.02, betas=(0.8, 0.99), weight_decay=0.05, maximize=True)),
    ("NAdam", lambda p: torch.optim.NAdam(p, lr=0.01)),
    ("NAdam wd", lambda p: torch.optim.NAdam(p, lr=0.01, weight_decay=0.1, momentum_decay=0.01)),
    ("NAdam decoupled", lambda p: torch.optim.NAdam(p, lr=0.01, weight_decay=0.1, decoupled_weight_decay=True)),
    ("RAdam", lambda p: torch.optim.RAdam(p, lr=0.01)),
    ("RAdam wd", lambda p: torch.optim.RAdam(p, lr=0.01, betas=(0.8, 0.9), weight_decay=0.1)),
    ("RAdam decoupled", lambda p: torch.optim.RAdam(p, lr=0.01, weight_decay=0.1, decoupled_weight_decay=True)),
    ("SGD nesterov", lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9, nesterov=True, weight_decay=1e-3)),
    ("SGD dampening", lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.8, dampening=0.3)),
    ("Adam amsgrad", lambda p: torch.optim.Adam(p, lr=0.01, amsgrad=True)),
    ("AdamW amsgrad", lambda p: torch.optim.AdamW(p, lr=0.01, amsgrad=True, weight_decay=0.1)),
]
for name, make in makers:
    _ = torch.manual_seed(1)
    model = nn.Sequential(nn.Linear(5, 8), nn.Tanh(), nn.Linear(8, 2))
    optimizer = make(model.parameters())
    losses = []
    for epoch in range(30):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    print(name, losses[0], losses[9], losses[-1])
    print(" ", model[2].weight.flatten().tolist()[:6])
    print(" ", model[0].bias.tolist())
    print(" ", sorted(optimizer.state_dict()["state"][0]))
print(torch.optim.NAdam(model.parameters()).state_dict()["param_groups"])
print(torch.optim.RAdam(model.parameters()).state_dict()["param_groups"])
print(torch.optim.Adamax(model.parameters()).state_dict()["param_groups"])
print(torch.optim.Adadelta(model.parameters()).state_dict()["param_groups"])
