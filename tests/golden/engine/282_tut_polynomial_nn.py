# "Learning PyTorch with Examples" (pytorch.org/tutorials/beginner/pytorch_with_examples.html), PyTorch: nn.
# Edits: torch.manual_seed(0) (the tutorial's model starts from unseeded weights); float64 throughout
# (torch.set_default_dtype), and losses printed to 6 decimals, since float32 sums over 2000 points differ in the
# last bits between summation orders (see the float32 issue); fewer printed steps.
import torch
import math

torch.manual_seed(0)
torch.set_default_dtype(torch.float64)

# Create Tensors to hold input and outputs.
x = torch.linspace(-math.pi, math.pi, 2000)
y = torch.sin(x)

# For this example, the output y is a linear function of (x, x^2, x^3), so
# we can consider it as a linear layer neural network. Let's prepare the
# tensor (x, x^2, x^3).
p = torch.tensor([1, 2, 3])
xx = x.unsqueeze(-1).pow(p)

# Use the nn package to define our model as a sequence of layers.
model = torch.nn.Sequential(
    torch.nn.Linear(3, 1),
    torch.nn.Flatten(0, 1)
)
print(model)

# The nn package also contains definitions of popular loss functions
loss_fn = torch.nn.MSELoss(reduction='sum')

learning_rate = 1e-6
for t in range(2000):
    y_pred = model(xx)
    loss = loss_fn(y_pred, y)
    if t % 400 == 399:
        print(t, f"{loss.item():.6f}")

    # Zero the gradients before running the backward pass.
    model.zero_grad()

    # Backward pass: compute gradient of the loss with respect to all the learnable
    # parameters of the model.
    loss.backward()

    # Update the weights using gradient descent.
    with torch.no_grad():
        for param in model.parameters():
            param -= learning_rate * param.grad

# You can access the first layer of `model` like accessing the first item of a list
linear_layer = model[0]

print(f'Result: y = {linear_layer.bias.item():.6f} + {linear_layer.weight[:, 0].item():.6f} x + '
      f'{linear_layer.weight[:, 1].item():.6f} x^2 + {linear_layer.weight[:, 2].item():.6f} x^3')
print(y_pred.grad_fn, loss.grad_fn)
