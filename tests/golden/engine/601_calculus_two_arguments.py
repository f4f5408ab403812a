# Issue 11: atan2 and hypot: values, both gradients, second derivatives, broadcasting, and their errors.
import torch

a = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]], dtype=torch.float64, requires_grad=True)
b = torch.tensor([1.0, -2.0, 0.5], dtype=torch.float64, requires_grad=True)
for name in ["atan2", "hypot"]:
    y = getattr(torch, name)(a, b)
    print(name, y)
    ga, gb = torch.autograd.grad((y * y).sum(), (a, b), create_graph=True)
    print(ga, gb, sep="\n")
    print(torch.autograd.grad(ga.sum() + gb.sum(), (a, b)))
    print(getattr(a, name)(b).grad_fn)

x = torch.tensor([3.0, -4.0], requires_grad=True)
print(torch.atan2(x, torch.tensor([1.0, 2.0])), torch.hypot(x, torch.tensor(4.0)))
print(torch.arctan2(x, x), x.arctan2(x))
print(torch.atan2(torch.tensor([1, 2]), torch.tensor([3, 4])))
for f in (torch.atan2, torch.hypot):
    try:
        f(x, 2)
    except TypeError as e:
        print("TypeError:", e)
