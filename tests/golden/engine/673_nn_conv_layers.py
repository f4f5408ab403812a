import torch
import torch.nn as nn
import torch.nn.functional as F

# torch's default initialisation, drawn from torch's stream: a seeded layer has torch's weights
torch.manual_seed(0)
conv = nn.Conv2d(1, 2, 3)
print(conv, conv.weight, conv.bias)
print(conv.weight.shape, conv.bias.shape, conv.kernel_size, conv.stride, conv.padding, conv.dilation, conv.groups)
print(nn.Conv2d(3, 6, 3, padding="same", bias=False, groups=3, dilation=2))
print(nn.Conv2d(3, 6, (3, 5), stride=(2, 1), padding=(1, 2)))
print(nn.Conv2d(4, 8, 3, padding="valid", groups=2).weight.shape)
print(nn.Conv1d(2, 4, 3), nn.Conv1d(2, 4, 3, stride=2, padding=1, bias=False).weight.shape)
print(nn.MaxPool2d(3), nn.MaxPool2d((3, 2), stride=1, padding=1, ceil_mode=True, return_indices=True))
print(nn.AvgPool2d(2), nn.AvgPool2d(3, 2, 1, True, False, 2))

# a LeNet-style model: conv, relu, pool, flatten, linear
torch.manual_seed(1)
model = nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2), nn.Conv2d(4, 8, 3), nn.ReLU(),
                      nn.AvgPool2d(2), nn.Flatten(), nn.Linear(8 * 3 * 3, 3))
print(model)
print(sum(p.numel() for p in model.parameters()), [name for name, _ in model.named_parameters()])
images = torch.randn(2, 1, 16, 16)
out = model(images)
print(out, out.shape)
loss = F.cross_entropy(out, torch.tensor([0, 2]))
print(loss)
loss.backward()
print(model[0].bias.grad, model[3].weight.grad.shape)
pooled, where = nn.MaxPool2d(2, return_indices=True)(images[:, :, :4, :4])
print(pooled, where)

# errors, as torch words them
for make in (lambda: nn.Conv2d(3, 6, 3, groups=2), lambda: nn.Conv2d(4, 6, 3, groups=4),
             lambda: nn.Conv2d(4, 6, 3, groups=0), lambda: nn.Conv2d(2, 2, 3, stride=2, padding="same"),
             lambda: nn.Conv2d(1, 1, 3, padding="foo")):
    try:
        make()
    except ValueError as e:
        print("ValueError:", e)
try:
    conv(torch.ones(1, 3, 8, 8))
except RuntimeError as e:
    print("RuntimeError:", e)
