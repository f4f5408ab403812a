# Tensor.masked_fill / torch.masked_fill (values, broadcasting, dtype, errors) and MaskedFillBackward0 where torch's
# backward formulas use masked_fill: atan2 (the reciprocal at a = b = 0), maximum (the losing side), norm.
import torch
x = torch.tensor([[1., -2.], [3., 4.]], requires_grad=True)
m = torch.tensor([True, False])
y = x.masked_fill(m, 0.5); print(y, y.grad_fn, y.grad_fn.next_functions)
y.sum().backward(); print(x.grad)
print(torch.masked_fill(x, m, -1), x.masked_fill(torch.tensor([[True],[False]]), float('-inf')))
for bad in (lambda: x.masked_fill(torch.tensor([1., 0.]), 0.), lambda: x.masked_fill(m, torch.tensor([1., 2.])), lambda: x.masked_fill(torch.ones(3, dtype=torch.bool), 0.)):
    try: print(bad())
    except Exception as e: print(type(e).__name__, e)
print(torch.tensor([1.,2.]).masked_fill(torch.tensor([[True],[False]]), 9.), torch.tensor([1, 2]).masked_fill(m, 7))
v = torch.tensor(2., requires_grad=True); z = x.masked_fill(m, v); z.sum().backward(); print(v.grad)
a = torch.tensor([0.5, 0.0, -1.0], requires_grad=True); b = torch.tensor([1.0, 0.0, -1.0], requires_grad=True)
g = torch.autograd.grad(torch.atan2(a, b).sum(), (a, b), create_graph=True)
print(g, g[0].grad_fn.next_functions[1][0])
g = torch.autograd.grad((torch.maximum(a, b) * a).sum(), (a, b), create_graph=True)
print(g, g[1].grad_fn)
g, = torch.autograd.grad(a.norm(), a, create_graph=True)
print(g, g.grad_fn.next_functions[1][0])
