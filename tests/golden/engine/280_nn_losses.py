# torch.nn loss modules: MSELoss L1Loss CrossEntropyLoss NLLLoss BCELoss BCEWithLogitsLoss
import torch
import torch.nn as nn

torch.manual_seed(1)
pred = torch.randn(3, 4, requires_grad=True)
target = torch.randn(3, 4)
for loss_fn in (nn.MSELoss(), nn.MSELoss(reduction="sum"), nn.L1Loss(), nn.L1Loss(reduction="none")):
    loss = loss_fn(pred, target)
    print(loss_fn, loss)
labels = torch.tensor([1, 0, 3])
ce = nn.CrossEntropyLoss()
loss = ce(pred, labels)
print(ce, loss)
loss.backward()
print(pred.grad)
nll = nn.NLLLoss()
print(nll, nll(torch.log_softmax(pred, dim=1), labels))
probs = torch.sigmoid(torch.randn(5))
y = torch.tensor([1.0, 0.0, 1.0, 1.0, 0.0])
print(nn.BCELoss()(probs, y), nn.BCEWithLogitsLoss()(torch.randn(5), y))
print(nn.BCEWithLogitsLoss(pos_weight=torch.tensor([2.0]))(torch.randn(5), y))
print(nn.CrossEntropyLoss(reduction="sum")(pred, labels))
