# torch.autograd.Function, from the docs' "Extending torch.autograd" (pytorch.org/docs/stable/notes/extending.html)
# and the "MyReLU" tutorial function: non-tensor arguments, needs_input_grad, mark_non_differentiable, ctx
# attributes, the wrong number of gradients, a saved output, and in-place changes to saved tensors.
import torch
from torch.autograd import Function


class LinearFunction(Function):
    @staticmethod
    def forward(ctx, input, weight, bias=None):
        ctx.save_for_backward(input, weight, bias)
        output = input.mm(weight.t())
        if bias is not None:
            output += bias.unsqueeze(0).expand_as(output)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        input, weight, bias = ctx.saved_tensors
        grad_input = grad_weight = grad_bias = None
        print("needs_input_grad", ctx.needs_input_grad)
        if ctx.needs_input_grad[0]:
            grad_input = grad_output.mm(weight)
        if ctx.needs_input_grad[1]:
            grad_weight = grad_output.t().mm(input)
        if bias is not None and ctx.needs_input_grad[2]:
            grad_bias = grad_output.sum(0)
        return grad_input, grad_weight, grad_bias


class MulConstant(Function):
    @staticmethod
    def forward(ctx, tensor, constant):
        ctx.constant = constant
        return tensor * constant

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * ctx.constant, None


class MyReLU(Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        grad_input = grad_output.clone()
        grad_input[input < 0] = 0
        return grad_input


class Exp(Function):
    @staticmethod
    def forward(ctx, i):
        result = i.exp()
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad_output):
        result, = ctx.saved_tensors
        return grad_output * result


class ArgMax(Function):
    @staticmethod
    def forward(ctx, x):
        idx = x.argmax()
        ctx.mark_non_differentiable(idx)
        return idx

    @staticmethod
    def backward(ctx, grad_output):
        return None


class TooMany(Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output, grad_output


torch.manual_seed(0)
x = torch.randn(4, 3, requires_grad=True)
w = torch.randn(2, 3, requires_grad=True)
b = torch.randn(2)
out = LinearFunction.apply(x, w, b)
print(out)
out.sum().backward()
print(x.grad, w.grad)
y = MulConstant.apply(x, 3.0)
print(y.grad_fn, y.grad_fn.constant)
y.sum().backward()
print(x.grad)
r = MyReLU.apply(torch.tensor([-1.0, 0.5, 2.0], requires_grad=True))
r.sum().backward()
print(r)
e_in = torch.tensor([0.0, 1.0], requires_grad=True)
e = Exp.apply(e_in)
g, = torch.autograd.grad(e.sum(), e_in, create_graph=True)
print(e, g, torch.autograd.grad(g.sum(), e_in))
i = ArgMax.apply(x)
print(i, i.requires_grad, i.grad_fn)
try:
    TooMany.apply(x).sum().backward()
except RuntimeError as err:
    print("RuntimeError:", err)
s = torch.tensor([1.0, 2.0], requires_grad=True)
t = s * 1
out = MyReLU.apply(t)
t.mul_(2)
try:
    out.sum().backward()
except RuntimeError as err:
    print("RuntimeError:", err)
