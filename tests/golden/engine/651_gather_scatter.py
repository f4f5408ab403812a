import torch

# gather: out[i][j] = x[i][index[i][j]] along dim 1
src = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
g = torch.gather(src, 1, torch.tensor([[0, 0], [2, 1]]))
print(g, g.grad_fn)
(d,) = torch.autograd.grad((g * g).sum(), src, create_graph=True)
print(d, d.grad_fn)
(dd,) = torch.autograd.grad(d.sum(), src)
print(dd)
print(src.gather(0, torch.tensor([[1, 0, 1]])), torch.tensor([[1, 2], [3, 4]]).gather(1, torch.tensor([[1], [0]])))

# scatter with a tensor and with a value; scatter_ in place (a one-hot encoding)
x = torch.zeros(3, 4, requires_grad=True)
s = torch.arange(1.0, 9.0).reshape(2, 4).requires_grad_()
index = torch.tensor([[0, 1, 2, 0], [2, 0, 1, 1]])
y = x.scatter(0, index, s)
print(y, y.grad_fn)
(y * torch.arange(12.0).reshape(3, 4)).sum().backward()
print(x.grad, s.grad)
labels = torch.tensor([0, 1, 2, 2])
onehot = torch.zeros(4, 3)
print(onehot.scatter_(1, labels.view(-1, 1), 1), onehot)
m = torch.ones(2, 2, requires_grad=True) * 3
n = m.scatter(1, torch.tensor([[1], [0]], dtype=torch.int32), 5.0)
print(n, n.grad_fn)
n.sum().backward()

# scatter_add: repeated positions add up
t = torch.ones(2, 5).scatter_add(1, torch.tensor([[0, 0, 1], [4, 4, 4]]), torch.ones(2, 3))
print(t)
q = torch.zeros(3, requires_grad=True)
r = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
out = q.scatter_add(0, torch.tensor([2, 2, 0]), r)
out.pow(2).sum().backward()
print(out, out.grad_fn, q.grad, r.grad)

# errors
for call in (lambda: torch.zeros(2, 2).scatter_(1, torch.tensor([[2]]), 1.0),
             lambda: torch.zeros(2, 2).gather(1, torch.tensor([[0.0]])),
             lambda: torch.zeros(2, 2).scatter(1, torch.tensor([[0.0]]), 1.0),
             lambda: torch.zeros(2, 2).scatter(1, torch.tensor([[0]]), torch.ones(1, 1, dtype=torch.float64)),
             lambda: torch.zeros(2, 2).gather(1, torch.tensor([0]))):
    try:
        call()
    except RuntimeError as e:
        print(e)
