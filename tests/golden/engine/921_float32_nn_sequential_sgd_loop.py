# "Learning PyTorch with Examples", PyTorch: nn: nn.Sequential(Linear, ReLU, Linear) with MSELoss(sum) and a
# hand-written SGD step, float32, every loss printed with all its digits: nn.Linear's addmm and the gradients
# of its transposed weight (computed transposed, as torch does) in torch's order. Edits: smaller sizes, data
# from torch.rand, 200 steps.
import torch

torch.manual_seed(0)
N, D_in, H, D_out = 16, 200, 50, 10
x = torch.rand(N, D_in) * 2 - 1
y = torch.rand(N, D_out) * 2 - 1
model = torch.nn.Sequential(torch.nn.Linear(D_in, H), torch.nn.ReLU(), torch.nn.Linear(H, D_out))
loss_fn = torch.nn.MSELoss(reduction="sum")
learning_rate = 1e-3
for t in range(200):
    y_pred = model(x)
    loss = loss_fn(y_pred, y)
    print(t, loss.item())
    model.zero_grad()
    loss.backward()
    with torch.no_grad():
        for param in model.parameters():
            param -= learning_rate * param.grad
