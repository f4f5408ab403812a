# A training loop with torch.optim's schedulers as tutorials write them, run as a script: Adadelta with StepLR
# (PyTorch's MNIST example), a LambdaLR warm-up from a lambda, ReduceLROnPlateau on the loss; the warning
# torch gives for scheduler.step() before optimizer.step() at the script's line.
import torch.nn as nn
from torch.optim.lr_scheduler import StepLR, LambdaLR, ReduceLROnPlateau

torch.manual_seed(0)
x = torch.randn(32, 4)
y = x @ torch.tensor([[1.0], [-2.0], [0.5], [3.0]])
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.Adadelta(model.parameters(), lr=1.0)
scheduler = StepLR(optimizer, step_size=1, gamma=0.7)
for epoch in range(1, 6):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    print(f"Epoch {epoch}: loss {loss.item():.6f} lr {scheduler.get_last_lr()[0]}")
    scheduler.step()

warmup = lambda epoch: min(1.0, (epoch + 1) / 6)
optimizer = torch.optim.NAdam(model.parameters(), lr=0.01)
scheduler = LambdaLR(optimizer, lr_lambda=warmup)
scheduler.step()
for epoch in range(4):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    scheduler.step()
    print(epoch, loss.item(), scheduler.get_last_lr())
scheduler.state_dict()

optimizer = torch.optim.RAdam(model.parameters(), lr=0.01)
plateau = ReduceLROnPlateau(optimizer, factor=0.5, patience=0)
for epoch in range(4):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    plateau.step(loss.item() if epoch < 2 else 100.0)
    print(epoch, plateau.get_last_lr(), plateau.num_bad_epochs)
StepLR(optimizer, 2, verbose=True)
