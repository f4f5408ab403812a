# cross_entropy with label_smoothing (class indices: torch's mix of the NLL and the mean log-probability; weights,
# ignore_index, every reduction; double backward) and with class-probability targets; their errors
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
x = torch.randn(4, 5, requires_grad=True)
t = torch.tensor([1, 0, 4, 2])
for kw in [{}, {"label_smoothing": 0.1}, {"label_smoothing": 0.2, "reduction": "sum"}, {"label_smoothing": 0.1, "reduction": "none"},
           {"label_smoothing": 0.1, "weight": torch.tensor([1., 2., 1., 0.5, 1.])}, {"label_smoothing": 0.1, "ignore_index": 0}]:
    loss = F.cross_entropy(x, t, **kw)
    print(kw.get("label_smoothing"), loss)
loss = nn.CrossEntropyLoss(label_smoothing=0.1)(x, t)
loss.backward()
print(loss, x.grad)
print(nn.CrossEntropyLoss(label_smoothing=0.1))
p = torch.softmax(torch.randn(4, 5), 1)
print(F.cross_entropy(x, p))
for kw in [{}, {"reduction": "sum"}, {"reduction": "none"}, {"label_smoothing": 0.3}, {"weight": torch.tensor([1., 2., 1., 0.5, 1.])},
           {"weight": torch.tensor([1., 2., 1., 0.5, 1.]), "reduction": "none", "label_smoothing": 0.1}]:
    print(F.cross_entropy(x, p, **kw))
y = torch.randn(5, requires_grad=True)
print(F.cross_entropy(y, torch.tensor(3), label_smoothing=0.2), F.cross_entropy(y, torch.softmax(torch.randn(5), 0)))
x64 = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
t3 = torch.tensor([0, 3, -100])
l = F.cross_entropy(x64, t3, label_smoothing=0.25)
g, = torch.autograd.grad(l, x64, create_graph=True)
print(l, g.sum(), torch.autograd.grad(g.pow(2).sum(), x64)[0].sum())
for bad in [lambda: F.cross_entropy(x, t, label_smoothing=1.5), lambda: F.cross_entropy(x, p.long()), lambda: F.cross_entropy(x, p, ignore_index=1)]:
    try:
        bad()
    except RuntimeError as e:
        print(e)
