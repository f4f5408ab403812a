# Source: d2l.ai (Dive into Deep Learning), https://github.com/d2l-ai/d2l-en/blob/master/chapter_multilayer-perceptrons/numerical-stability-and-init.md
# PyTorch tab, vanishing and exploding gradient cells; edits: torch.manual_seed(0) added; the d2l.plot call
# replaced by printing every 40th gradient.
import torch
torch.manual_seed(0)

x = torch.arange(-8.0, 8.0, 0.1, requires_grad=True)
y = torch.sigmoid(x)
y.backward(torch.ones_like(x))
print(x.grad[::40])

M = torch.normal(0, 1, size=(4, 4))
print('a single matrix \n',M)
for i in range(100):
    M = M @ torch.normal(0, 1, size=(4, 4))
print('after multiplying 100 matrices\n', M)
