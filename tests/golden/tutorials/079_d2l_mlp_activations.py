# Source: d2l.ai (Dive into Deep Learning), https://github.com/d2l-ai/d2l-en/blob/master/chapter_multilayer-perceptrons/mlp.md
# PyTorch tab, activation function cells run in order as one notebook session; edits: the d2l.plot calls replaced
# by printing a few of the values they plot (every 20th point).
import torch

x = torch.arange(-8.0, 8.0, 0.1, requires_grad=True)
y = torch.relu(x)
print(y.detach()[::20])

y.backward(torch.ones_like(x), retain_graph=True)
print(x.grad[::20])

y = torch.sigmoid(x)
print(y.detach()[::20])

x.grad.data.zero_()
y.backward(torch.ones_like(x),retain_graph=True)
print(x.grad[::20])

y = torch.tanh(x)
print(y.detach()[::20])

x.grad.data.zero_()
y.backward(torch.ones_like(x),retain_graph=True)
print(x.grad[::20])
