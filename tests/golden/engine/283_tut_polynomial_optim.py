# "Learning PyTorch with Examples" (pytorch.org/tutorials/beginner/pytorch_with_examples.html), PyTorch: optim.
# Edits: torch.manual_seed(0); float64 (torch.set_default_dtype) and losses to 6 decimals (float32 sums differ
# in the last bits between summation orders, see the float32 issue); RMSprop runs 100 steps, not 2000 (near
# the optimum its normalised, sign-like steps amplify last-bit differences in the near-zero gradients of the even
# terms); an SGD and an Adam run
# and a StepLR schedule added after the tutorial's RMSprop.
import torch
import math

torch.manual_seed(0)
torch.set_default_dtype(torch.float64)

# Create Tensors to hold input and outputs.
x = torch.linspace(-math.pi, math.pi, 2000)
y = torch.sin(x)

# Prepare the input tensor (x, x^2, x^3).
p = torch.tensor([1, 2, 3])
xx = x.unsqueeze(-1).pow(p)

# Use the nn package to define our model and loss function.
model = torch.nn.Sequential(
    torch.nn.Linear(3, 1),
    torch.nn.Flatten(0, 1)
)
loss_fn = torch.nn.MSELoss(reduction='sum')

# Use the optim package to define an Optimizer that will update the weights of
# the model for us. Here we will use RMSprop; the optim package contains many other
# optimization algorithms. The first argument to the RMSprop constructor tells the
# optimizer which Tensors it should update.
learning_rate = 1e-3
optimizer = torch.optim.RMSprop(model.parameters(), lr=learning_rate)
print(optimizer)
for t in range(100):
    # Forward pass: compute predicted y by passing x to the model.
    y_pred = model(xx)

    # Compute and print loss.
    loss = loss_fn(y_pred, y)
    if t % 50 == 49:
        print(t, f"{loss.item():.6f}")

    # Before the backward pass, use the optimizer object to zero all of the
    # gradients for the variables it will update (which are the learnable
    # weights of the model).
    optimizer.zero_grad()

    # Backward pass: compute gradient of the loss with respect to model
    # parameters
    loss.backward()

    # Calling the step function on an Optimizer makes an update to its
    # parameters
    optimizer.step()


linear_layer = model[0]
print(f'Result: y = {linear_layer.bias.item():.6f} + {linear_layer.weight[:, 0].item():.6f} x + '
      f'{linear_layer.weight[:, 1].item():.6f} x^2 + {linear_layer.weight[:, 2].item():.6f} x^3')

for make in (lambda ps: torch.optim.SGD(ps, lr=1e-6, momentum=0.9), lambda ps: torch.optim.Adam(ps, lr=1e-2)):
    model = torch.nn.Sequential(torch.nn.Linear(3, 1), torch.nn.Flatten(0, 1))
    optimizer = make(model.parameters())
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=300, gamma=0.5)
    for t in range(1000):
        loss = loss_fn(model(xx), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        scheduler.step()
        if t % 250 == 249:
            print(type(optimizer).__name__, t, f"{loss.item():.6f}", scheduler.get_last_lr())
    print(optimizer.param_groups[0]["lr"], optimizer.param_groups[0]["initial_lr"])

opt = torch.optim.SGD([torch.zeros(2, requires_grad=True)], lr=1.0)
sched = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.9)
for _ in range(3):
    opt.step()
    sched.step()
    print(sched.get_last_lr(), sched.last_epoch)
print(opt)
