# Forward-mode AD, after the "Forward-mode Automatic Differentiation" tutorial
# (pytorch.org/tutorials/intermediate/forward_ad_usage.html): dual tensors, unpack_dual, JVPs of common ops.
import torch
import torch.autograd.forward_ad as fwAD

primal = torch.randn(10, 10)
tangent = torch.randn(10, 10)


def fn(x, y):
    return x ** 2 + y ** 2


with fwAD.dual_level():
    # To create a dual tensor we associate a tensor, which we call the
    # primal with another tensor of the same size, which we call the tangent.
    # If the layout of the tangent is different from that of the primal,
    # The values of the tangent are copied into a new tensor with the same
    # metadata as the primal. Otherwise, the tangent itself is used as-is.
    #
    # It is also important to note that the dual tensor created by
    # ``make_dual`` is a view of the primal.
    dual_input = fwAD.make_dual(primal, tangent)
    assert fwAD.unpack_dual(dual_input).tangent is tangent

    # To demonstrate the case where the copy of the tangent happens,
    # we pass in a tangent with a layout different from that of the primal
    dual_input_alt = fwAD.make_dual(primal, tangent.T)
    assert fwAD.unpack_dual(dual_input_alt).tangent is not tangent

    # Tensors that do not have an associated tangent are automatically
    # considered to have a zero-filled tangent of the same shape.
    plain_tensor = torch.randn(10, 10)
    dual_output = fn(dual_input, plain_tensor)

    # Unpacking the dual returns a ``namedtuple`` with ``primal`` and ``tangent``
    # as its attributes
    jvp = fwAD.unpack_dual(dual_output).tangent

assert fwAD.unpack_dual(dual_output).tangent is None
print(torch.allclose(jvp, 2 * primal * tangent))

torch.manual_seed(0)
p = torch.tensor([1.0, 2.0, 3.0])
t = torch.tensor([0.5, -1.0, 2.0])
W = torch.rand(2, 3)
with fwAD.dual_level():
    d = fwAD.make_dual(p, t)
    print(d)
    print(d.sin() * d)
    print(fwAD.unpack_dual(d.exp() / (1 + d)))
    print(d.sum(), d.mean(), d @ d, (d * d).sum())
    print(W @ d, W.mm(d.unsqueeze(1)), d.softmax(0), d.log_softmax(0))
    print(torch.tanh(d), torch.sigmoid(d), d.relu(), (d - 2).abs(), d.sqrt(), d.log())
    print(d.reshape(3, 1).t(), d[1:], d[0], torch.cat([d, p]), torch.stack([d, d * 2]))
    print(d.pow(3), 2 ** d, d.clamp(max=2.0), torch.where(d > 1.5, d, -d))
    print(torch.nn.functional.mse_loss(d, torch.zeros(3)), d.norm(), d.max(), d.prod())
    lin = torch.nn.Linear(3, 2)
    print(lin(d.unsqueeze(0)))
    q = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    dq = fwAD.make_dual(q, t)
    out = (dq ** 2).sum()
    print(out)
    out.backward()
    print(q.grad)
    print(fwAD.unpack_dual(p))
print(d, fwAD.unpack_dual(d))
