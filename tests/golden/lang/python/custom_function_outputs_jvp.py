# torch.autograd.Function beyond one output: a tuple of tensors (backward gets one gradient per output, zeros
# for an output not used), non-tensor outputs passed through, setup_context, and forward mode through jvp()
import torch.autograd.forward_ad as fwAD

class Two(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * 2, x ** 2, "label"

    @staticmethod
    def backward(ctx, g_double, g_square, g_label):
        x, = ctx.saved_tensors
        print("grads:", g_double, g_square, g_label)
        return g_double * 2 + g_square * 2 * x

x = torch.tensor([1., 2.], requires_grad=True)
double, square, label = Two.apply(x)
double, square, label
double.sum().backward()
x.grad
x.grad = None
double, square, _ = Two.apply(x)
(double.sum() + square.sum()).backward()
x.grad
g, = torch.autograd.grad(Two.apply(x)[1].sum(), x, create_graph=True)
g
torch.autograd.grad(g.sum(), x)
with torch.no_grad():
    Two.apply(x)[:2]

class PassThrough(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return [x * 2]

    @staticmethod
    def backward(ctx, g):
        return g

PassThrough.apply(x)

class Scale(torch.autograd.Function):
    @staticmethod
    def forward(x, k):
        return x * k

    @staticmethod
    def setup_context(ctx, inputs, output):
        _, k = inputs
        ctx.k = k

    @staticmethod
    def backward(ctx, g):
        return g * ctx.k, None

    @staticmethod
    def jvp(ctx, x_tangent, k_tangent):
        return x_tangent * ctx.k

y = Scale.apply(x, 3)
y
y.sum().backward()
x.grad
with fwAD.dual_level():
    out = Scale.apply(fwAD.make_dual(torch.tensor([1., 2.]), torch.tensor([1., 0.5])), 3)
    fwAD.unpack_dual(out)
torch.autograd.gradcheck(Scale.apply, (torch.rand(3, dtype=torch.double, requires_grad=True), 2.0),
                         check_forward_ad=True)
with fwAD.dual_level():
    Two.apply(fwAD.make_dual(torch.tensor([1., 2.]), torch.tensor([1., 0.5])))
