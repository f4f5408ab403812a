# torch.optim.LBFGS with a closure, as curve-fitting tutorials use it: plain steps and the strong-Wolfe line
# search, a small float32 model, every loss with all its digits, the parameters, and the optimizer's counters.
import torch
import torch.nn as nn

_ = torch.manual_seed(0)
x = torch.linspace(-2, 2, 40).unsqueeze(1)
y = torch.sin(2 * x) + 0.1 * x ** 2
for kwargs in [dict(lr=0.5), dict(lr=1, max_iter=5, history_size=3), dict(lr=1, line_search_fn="strong_wolfe"),
               dict(lr=0.8, max_iter=7, history_size=4, line_search_fn="strong_wolfe", tolerance_change=1e-7)]:
    _ = torch.manual_seed(1)
    model = nn.Sequential(nn.Linear(1, 8), nn.Tanh(), nn.Linear(8, 1))
    optimizer = torch.optim.LBFGS(model.parameters(), **kwargs)
    calls = []

    def closure():
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        calls.append(loss.item())
        return loss

    print(kwargs)
    for epoch in range(6):
        loss = optimizer.step(closure)
        print(" ", epoch, loss.item(), len(calls), calls[-1])
    state = optimizer.state[model[0].weight]
    print(" ", state["func_evals"], state["n_iter"], len(state["old_dirs"]), state["t"], state["prev_loss"])
    print(" ", model[2].weight.flatten().tolist(), model[2].bias.tolist())
print(optimizer.state_dict()["param_groups"])

# a parameter the loss does not use (no gradient), and a quadratic it minimises exactly
a = nn.Parameter(torch.tensor([3.0, -1.0]))
unused = nn.Parameter(torch.ones(2))
optimizer = torch.optim.LBFGS([a, unused], line_search_fn="strong_wolfe")


def quadratic():
    optimizer.zero_grad()
    loss = ((a - torch.tensor([1.0, 2.0])) ** 2 * torch.tensor([1.0, 10.0])).sum()
    loss.backward()
    return loss


print(optimizer.step(quadratic), a, unused)
print(optimizer.step(quadratic), a)
for bad in [dict(lr=-1), dict(line_search_fn="armijo")]:
    try:
        torch.optim.LBFGS([a], **bad).step(quadratic)
    except (ValueError, RuntimeError) as e:
        print(type(e).__name__, e)
try:
    torch.optim.LBFGS([{"params": [a]}, {"params": [unused]}])
except ValueError as e:
    print(e)
