# Source: PyTorch tutorials, "Double Backward with Custom Functions", https://github.com/pytorch/tutorials/blob/main/intermediate_source/custom_function_double_backward_tutorial.py
# The Square example; edits: torch.manual_seed(0) added; the torchviz drawing replaced by printing grad_x
# (torchviz is not installed, and a picture is not text); comments left out.
import torch
torch.manual_seed(0)

class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x**2

    @staticmethod
    def backward(ctx, grad_out):
        x, = ctx.saved_tensors
        return grad_out * 2 * x

x = torch.rand(3, 3, requires_grad=True, dtype=torch.double)
torch.autograd.gradcheck(Square.apply, x)
torch.autograd.gradgradcheck(Square.apply, x)

x = torch.tensor(1., requires_grad=True).clone()
out = Square.apply(x)
grad_x, = torch.autograd.grad(out, x, create_graph=True)
print(grad_x)
