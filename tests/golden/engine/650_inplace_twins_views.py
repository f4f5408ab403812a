import torch

# in-place twins of elementwise ops: the value written into the tensor itself, the op's own grad_fn
x = torch.tensor([[1.0, -2.0, 3.0], [-0.5, 0.0, 2.0]])
y = x.relu_()
print(y is x, x)
print(torch.tensor([0.5, -1.0]).exp_(), torch.tensor([0.25, 4.0]).sqrt_(), torch.tensor([0.0, 2.0]).sigmoid_())
print(torch.tensor([1.5, -2.5]).abs_().neg_(), torch.tensor([0.7, -1.2]).floor_(), torch.tensor([5.0, -7.0]).clamp_min_(0.0))
print(torch.tensor([1.0, 2.0]).tanh_().tolist(), torch.tensor([0.3, 0.6]).log_().tolist())
w = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
h = w * 2
h.relu_()
print(h, h.grad_fn, h.grad_fn.next_functions[0][0])
h.sum().backward()
print(w.grad)
v = torch.tensor([0.5, 1.5], requires_grad=True)
u = (v * 2).sigmoid_()
(g,) = torch.autograd.grad(u.sum(), v, create_graph=True)
print(u, g)
try:  # exp saved its result, which sigmoid_ then overwrote
    torch.autograd.grad(v.exp().sigmoid_().sum(), v)
except RuntimeError as e:
    print(e)
try:
    torch.tensor([1, 2]).exp_()
except RuntimeError as e:
    print(e)
try:
    torch.ones(2, requires_grad=True).relu_()
except RuntimeError as e:
    print(e)

# in-place shape changes: t_, transpose_, unsqueeze_, squeeze_, resize_
a = torch.arange(6.0).reshape(2, 3)
row = a[0]
print(a.t_(), a.shape, a.is_contiguous(), row)
b = torch.zeros(2, 1, 3)
print(b.squeeze_().shape, b.unsqueeze_(0).shape, b.transpose_(0, 2).shape)
r = torch.arange(6.0)
r.resize_(2, 3)
print(r)
r.zero_()
print(r)
try:
    torch.ones(2, 3, requires_grad=True).t_()
except RuntimeError as e:
    print(e)
try:
    torch.ones(2, 3, requires_grad=True).resize_(3, 2)
except RuntimeError as e:
    print(e)

# element tests: bool tensors outside the graph
z = torch.tensor([1.0, float("inf"), float("-inf"), float("nan")], requires_grad=True)
print(torch.isfinite(z), z.isinf(), torch.isnan(z), torch.isfinite(torch.tensor([1, 2])))
print(torch.isfinite(z).all(), (~torch.isnan(z)).sum())
