import torch

x = torch.tensor([1.0, 2.0, 4.0], requires_grad=True)
ops = {
    "2 - x": lambda t: 2 - t,
    "1 / x": lambda t: 1 / t,
    "3 * x": lambda t: 3 * t,
    "5 + x": lambda t: 5 + t,
    "x - 2": lambda t: t - 2,
    "x / 2": lambda t: t / 2,
}
for name, f in ops.items():
    x.grad = None
    y = f(x)
    y.sum().backward()
    print(name, y.detach(), x.grad, y.grad_fn.name())
