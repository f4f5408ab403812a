# saved-tensor hooks on what a custom Function saves with ctx.save_for_backward: packed once forward returns, in
# the order saved, unpacked at each read of ctx.saved_tensors
def pack(x):
    print("pack", x)
    return x

def unpack(x):
    print("unpack", x)
    return x

class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, y):
        out = x ** 3 * y
        ctx.save_for_backward(x, None, out)
        return out

    @staticmethod
    def backward(ctx, grad):
        x, nothing, out = ctx.saved_tensors
        print("saved", nothing, out.grad_fn is not None)
        return grad * 3 * x ** 2, None

x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    y = Cube.apply(x, 2.0)
print(y)
y.sum().backward()
print(x.grad)
with torch.autograd.graph.saved_tensors_hooks(lambda t: t * 2, lambda t: t / 2):
    y = Cube.apply(x, 1.0)
g, = torch.autograd.grad(y.sum(), x, create_graph=True)
print(g)
