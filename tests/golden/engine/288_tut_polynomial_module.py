# "Learning PyTorch with Examples" (pytorch.org/tutorials/beginner/pytorch_with_examples.html), PyTorch: Custom
# nn Modules and PyTorch: Control Flow + Weight Sharing. Edits: torch.manual_seed(0); float64 (torch.set_default_dtype)
# and losses to 6 decimals (float32 sums over 2000 points differ in the last bits between summation orders);
# fewer steps and printed lines; the dynamic model's random.randint replaced by a fixed cycle of 4, 5, 3, 5
# (the script language's `random` is seeded with the script, Python's is not).
import torch
import math


class Polynomial3(torch.nn.Module):
    def __init__(self):
        """
        In the constructor we instantiate four parameters and assign them as
        member parameters.
        """
        super().__init__()
        self.a = torch.nn.Parameter(torch.randn(()))
        self.b = torch.nn.Parameter(torch.randn(()))
        self.c = torch.nn.Parameter(torch.randn(()))
        self.d = torch.nn.Parameter(torch.randn(()))

    def forward(self, x):
        """
        In the forward function we accept a Tensor of input data and we must return
        a Tensor of output data. We can use Modules defined in the constructor as
        well as arbitrary operators on Tensors.
        """
        return self.a + self.b * x + self.c * x ** 2 + self.d * x ** 3

    def string(self):
        """
        Just like any class in Python, you can also define custom method on PyTorch modules
        """
        return f'y = {self.a.item():.6f} + {self.b.item():.6f} x + {self.c.item():.6f} x^2 + {self.d.item():.6f} x^3'


torch.manual_seed(0)
torch.set_default_dtype(torch.float64)

# Create Tensors to hold input and outputs.
x = torch.linspace(-math.pi, math.pi, 2000)
y = torch.sin(x)

# Construct our model by instantiating the class defined above
model = Polynomial3()
print(model)
print([name for name, _ in model.named_parameters()])

# Construct our loss function and an Optimizer. The call to model.parameters()
# in the SGD constructor will contain the learnable parameters (defined
# with torch.nn.Parameter) which are members of the model.
criterion = torch.nn.MSELoss(reduction='sum')
optimizer = torch.optim.SGD(model.parameters(), lr=1e-6)
for t in range(2000):
    # Forward pass: Compute predicted y by passing x to the model
    y_pred = model(x)

    # Compute and print loss
    loss = criterion(y_pred, y)
    if t % 500 == 499:
        print(t, f"{loss.item():.6f}")

    # Zero gradients, perform a backward pass, and update the weights.
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()

print(f'Result: {model.string()}')


class DynamicNet(torch.nn.Module):
    def __init__(self):
        """
        In the constructor we instantiate five parameters and assign them as members.
        """
        super().__init__()
        self.a = torch.nn.Parameter(torch.randn(()))
        self.b = torch.nn.Parameter(torch.randn(()))
        self.c = torch.nn.Parameter(torch.randn(()))
        self.d = torch.nn.Parameter(torch.randn(()))
        self.e = torch.nn.Parameter(torch.randn(()))
        self.calls = 0

    def forward(self, x):
        """
        For the forward pass of the model, we randomly choose either 4, 5
        and reuse the e parameter to compute the contribution of these orders.

        Since each forward pass builds a dynamic computation graph, we can use normal
        Python control-flow operators like loops or conditional statements when
        defining the forward pass of the model.

        Here we also see that it is perfectly safe to reuse the same parameter many
        times when defining a computational graph.
        """
        y = self.a + self.b * x + self.c * x ** 2 + self.d * x ** 3
        self.calls += 1
        for exp in range(4, (4, 5, 3, 5)[self.calls % 4] + 1):
            y = y + self.e * x ** exp
        return y

    def string(self):
        """
        Just like any class in Python, you can also define custom method on PyTorch modules
        """
        return (f'y = {self.a.item():.6f} + {self.b.item():.6f} x + {self.c.item():.6f} x^2 + {self.d.item():.6f} x^3 '
                f'+ {self.e.item():.6f} x^4 ? + {self.e.item():.6f} x^5 ?')


model = DynamicNet()
criterion = torch.nn.MSELoss(reduction='sum')
optimizer = torch.optim.SGD(model.parameters(), lr=1e-8, momentum=0.9)
for t in range(4000):
    y_pred = model(x)
    loss = criterion(y_pred, y)
    if t % 1000 == 999:
        print(t, f"{loss.item():.6f}")
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()

print(f'Result: {model.string()}')
print(model.calls, model)
