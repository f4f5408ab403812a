import torch

# With create_graph=True, a gradient summed back to an input's shape is itself recorded: to a 0-d input as a
# plain sum (SumBackward0), to a shape with size-1 dims as a sum over dims viewed back (ViewBackward0).
w = torch.tensor(0.5, requires_grad=True)
x = torch.linspace(0, 1, 5, requires_grad=True)
m = torch.ones(2, 1, requires_grad=True)
n = torch.ones(3, 2, 4, requires_grad=True)
loss = (w * x).sum() + (m * n).sum()
gw, gm = torch.autograd.grad(loss, (w, m), create_graph=True)


def walk(node, depth=0):
    if node is None:
        return
    print("  " * depth + type(node).__name__)
    for edge, _ in node.next_functions:
        walk(edge, depth + 1)


print(gw)
walk(gw.grad_fn)
print(gm)
walk(gm.grad_fn)
(ggw,) = torch.autograd.grad(gw, x)
print(ggw)
