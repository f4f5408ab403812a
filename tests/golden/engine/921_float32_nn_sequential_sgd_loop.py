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
weights = list(model.parameters())
for t in range(200):
    loss = loss_fn(model(x), y)
    print(t, loss.item())
    loss.backward()
    with torch.no_grad():
        for weight in weights:
            weight.sub_(learning_rate * weight.grad)  # the same float32 step as param -= lr * grad
            weight.grad = None
