# Source: PyTorch tutorials, "Double Backward with Custom Functions", https://github.com/pytorch/tutorials/blob/main/intermediate_source/custom_function_double_backward_tutorial.py
# The Sinh example that keeps intermediates on ctx ("what NOT to do"); edits: torch.manual_seed(0) and the
# x of the previous section added; the torchviz drawing replaced by printing grad_x; comments left out.
import torch
torch.manual_seed(0)

class Sinh(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        expx = torch.exp(x)
        expnegx = torch.exp(-x)
        ctx.expx = expx
        ctx.expnegx = expnegx
        return (expx - expnegx) / 2

    @staticmethod
    def backward(ctx, grad_out):
        expx = ctx.expx
        expnegx = ctx.expnegx
        grad_input = grad_out * (expx + expnegx) / 2
        return grad_input

x = torch.rand(3, 3, requires_grad=True, dtype=torch.double)
out = Sinh.apply(x)
grad_x, = torch.autograd.grad(out.sum(), x, create_graph=True)
print(grad_x)
