# torch.autograd.gradgradcheck (the double-backward tutorials): the second derivatives of a function checked
# against finite differences of its vector-Jacobian product; the random grad_outputs it draws advance the
# random stream as torch's do
import torch

torch.manual_seed(0)
x = torch.rand(2, 3, dtype=torch.double, requires_grad=True)
y = torch.rand(3, dtype=torch.double, requires_grad=True)
print(torch.autograd.gradgradcheck(lambda a, b: (a * b).sin().sum(dim=0), (x, y)))
print(torch.rand(3))  # the stream after gradgradcheck's draws
print(torch.autograd.gradgradcheck(torch.exp, x, grad_outputs=torch.ones(2, 3, dtype=torch.double)))
print(torch.rand(2))
print(torch.autograd.gradgradcheck(lambda a: (a ** 3, a.tanh()), (y,)))
print(torch.rand(2))


class WrongSecondDerivative(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return a ** 2

    @staticmethod
    def backward(ctx, grad_out):
        a, = ctx.saved_tensors
        return grad_out * 2 * a.detach()  # detached: no second derivative through a


print(torch.autograd.gradcheck(WrongSecondDerivative.apply, y))
print(torch.autograd.gradgradcheck(WrongSecondDerivative.apply, y, raise_exception=False))
