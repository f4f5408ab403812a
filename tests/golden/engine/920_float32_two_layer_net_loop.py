# "Learning PyTorch with Examples", PyTorch: Tensors: the two-layer net with its backward written by hand,
# in float32, every loss printed with all its digits. x.mm(w1), h.mm(w2) and the gradients' products must
# accumulate in torch's (MKL's) order. Edits: smaller sizes, data from torch.rand, 200 steps.
import torch

torch.manual_seed(0)
N, D_in, H, D_out = 16, 200, 50, 10
x = torch.rand(N, D_in) * 2 - 1
y = torch.rand(N, D_out) * 2 - 1
w1 = (torch.rand(D_in, H) - 0.5) * 0.2
w2 = (torch.rand(H, D_out) - 0.5) * 0.2
learning_rate = 1e-3
for t in range(200):
    h = x.mm(w1)
    h_relu = h.clamp(min=0)
    y_pred = h_relu.mm(w2)
    loss = (y_pred - y).pow(2).sum().item()
    print(t, loss)
    grad_y_pred = 2.0 * (y_pred - y)
    grad_w2 = h_relu.t().mm(grad_y_pred)
    grad_h_relu = grad_y_pred.mm(w2.t())
    grad_h = grad_h_relu.clone()
    grad_h[h < 0] = 0
    grad_w1 = x.t().mm(grad_h)
    w1 -= learning_rate * grad_w1
    w2 -= learning_rate * grad_w2
