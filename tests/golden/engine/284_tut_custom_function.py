# "Learning PyTorch with Examples" (pytorch.org/tutorials/beginner/pytorch_with_examples.html), PyTorch: Defining
# new autograd Functions. Edits: torch.manual_seed(0); float64 (torch.set_default_dtype) and losses to 6 decimals,
# since float32 sums over 2000 points differ in the last bits between summation orders; fewer printed steps;
# a and c (zero up to rounding) printed with their sign dropped; checks of ctx, grad_fn printing and double
# backward added at the end.
import torch
import math


class LegendrePolynomial3(torch.autograd.Function):
    """
    We can implement our own custom autograd Functions by subclassing
    torch.autograd.Function and implementing the forward and backward passes
    which operate on Tensors.
    """

    @staticmethod
    def forward(ctx, input):
        """
        In the forward pass we receive a Tensor containing the input and return
        a Tensor containing the output. ctx is a context object that can be used
        to stash information for backward computation. You can cache tensors for
        use in the backward pass using the ``ctx.save_for_backward`` method. Other
        objects can be stored directly as attributes on the ctx object, such as
        ``ctx.my_object = my_object``. Check out `Extending torch.autograd <https://docs.pytorch.org/docs/stable/notes/extending.html#extending-torch-autograd>`_
        for further details.
        """
        ctx.save_for_backward(input)
        return 0.5 * (5 * input ** 3 - 3 * input)

    @staticmethod
    def backward(ctx, grad_output):
        """
        In the backward pass we receive a Tensor containing the gradient of the loss
        with respect to the output, and we need to compute the gradient of the loss
        with respect to the input.
        """
        input, = ctx.saved_tensors
        return grad_output * 1.5 * (5 * input ** 2 - 1)


torch.manual_seed(0)
dtype = torch.float64
device = torch.device("cpu")
# device = torch.device("cuda:0")  # Uncomment this to run on GPU

# Create Tensors to hold input and outputs.
# By default, requires_grad=False, which indicates that we do not need to
# compute gradients with respect to these Tensors during the backward pass.
x = torch.linspace(-math.pi, math.pi, 2000, device=device, dtype=dtype)
y = torch.sin(x)

# Create random Tensors for weights. For this example, we need
# 4 weights: y = a + b * P3(c + d * x), these weights need to be initialized
# not too far from the correct result to ensure convergence.
# Setting requires_grad=True indicates that we want to compute gradients with
# respect to these Tensors during the backward pass.
a = torch.full((), 0.0, device=device, dtype=dtype, requires_grad=True)
b = torch.full((), -1.0, device=device, dtype=dtype, requires_grad=True)
c = torch.full((), 0.0, device=device, dtype=dtype, requires_grad=True)
d = torch.full((), 0.3, device=device, dtype=dtype, requires_grad=True)

learning_rate = 5e-6
for t in range(2000):
    # To apply our Function, we use Function.apply method. We alias this as 'P3'.
    P3 = LegendrePolynomial3.apply

    # Forward pass: compute predicted y using operations; we compute
    # P3 using our custom autograd operation.
    y_pred = a + b * P3(c + d * x)

    # Compute and print loss
    loss = (y_pred - y).pow(2).sum()
    if t % 400 == 399:
        print(t, f"{loss.item():.6f}")

    # Use autograd to compute the backward pass.
    loss.backward()

    # Update weights using gradient descent
    with torch.no_grad():
        a -= learning_rate * a.grad
        b -= learning_rate * b.grad
        c -= learning_rate * c.grad
        d -= learning_rate * d.grad

        # Manually zero the gradients after updating weights
        a.grad = None
        b.grad = None
        c.grad = None
        d.grad = None

print(f'Result: y = {round(a.item(), 6) + 0.0:.6f} + {b.item():.6f} * P3({round(c.item(), 6) + 0.0:.6f} + {d.item():.6f} x)')

# ctx is the node: its class is named after the Function
z = torch.tensor([0.5, -1.0, 2.0], dtype=dtype, requires_grad=True)
out = LegendrePolynomial3.apply(z)
print(out)
print(out.grad_fn.name(), type(out.grad_fn).__name__, out.grad_fn.next_functions)
print(out.grad_fn.saved_tensors, out.grad_fn.needs_input_grad)
g, = torch.autograd.grad(out.sum(), z, create_graph=True)
print(g)
g2, = torch.autograd.grad(g.sum(), z)
print(g2)
out.sum().backward()
print(z.grad)
try:
    out.grad_fn.saved_tensors
except RuntimeError as e:
    print("RuntimeError:", str(e)[:60])
with torch.no_grad():
    print(LegendrePolynomial3.apply(z))
print(LegendrePolynomial3.apply(torch.tensor([1.0, 2.0])))
