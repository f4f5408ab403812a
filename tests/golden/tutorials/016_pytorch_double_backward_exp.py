# Source: PyTorch tutorials, "Double Backward with Custom Functions", https://github.com/pytorch/tutorials/blob/main/intermediate_source/custom_function_double_backward_tutorial.py
# The Exp example; edits: the torchviz drawing replaced by printing grad_x; comments left out.
import torch

class Exp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        result = torch.exp(x)
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad_out):
        result, = ctx.saved_tensors
        return result * grad_out

x = torch.tensor(1., requires_grad=True, dtype=torch.double).clone()
torch.autograd.gradcheck(Exp.apply, x)
torch.autograd.gradgradcheck(Exp.apply, x)

out = Exp.apply(x)
grad_x, = torch.autograd.grad(out, x, create_graph=True)
print(grad_x)
