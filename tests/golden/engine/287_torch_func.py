# torch.func, after the "torch.func" docs and the "Jacobians, Hessians, hvp, vhp, and more" tutorial
# (pytorch.org/tutorials/intermediate/jacobians_hessians.html): grad, grad_and_value, vjp, jvp, jacrev, jacfwd,
# hessian, vmap, functional_call. Edits: small sizes, float64 where a Jacobian is printed.
import torch
from torch.func import functional_call, grad, grad_and_value, hessian, jacfwd, jacrev, jvp, vjp, vmap

torch.manual_seed(0)
x = torch.randn([])
cos_x = grad(lambda x: torch.sin(x))(x)
assert torch.allclose(cos_x, x.cos())
neg_sin_x = grad(grad(lambda x: torch.sin(x)))(x)
assert torch.allclose(neg_sin_x, -x.sin())
print(cos_x, neg_sin_x)

x = torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64)
f = lambda x: (x.sin() * x).sum()
print(grad(f)(x))
print(grad_and_value(f)(x))
print(grad(lambda a, b: (a * b).sum(), argnums=(0, 1))(x, x * 2))
print(grad(lambda a, b: (a * b ** 2).sum(), argnums=1)(x, x + 1))
print(grad(lambda x: ((x ** 2).sum(), x.mean()), has_aux=True)(x))
try:
    grad(lambda x: x * 2)(x)
except RuntimeError as e:
    print("RuntimeError:", e)

out, vjp_fn = vjp(torch.sin, x)
print(out, vjp_fn(torch.ones(3, dtype=torch.float64)))
out, vjp_fn = vjp(lambda a, b: a * b, x, x + 1)
print(vjp_fn(torch.tensor([1.0, 0.0, 2.0], dtype=torch.float64)))

print(jvp(torch.sin, (x,), (torch.ones(3, dtype=torch.float64),)))
print(jvp(lambda a, b: a * b + b.exp(), (x, x * 2), (torch.ones(3, dtype=torch.float64), x)))

def predict(weight, bias, x):
    return torch.nn.functional.linear(x, weight, bias).tanh()

D = 4
weight = torch.randn(D, D, dtype=torch.float64)
bias = torch.randn(D, dtype=torch.float64)
x = torch.randn(D, dtype=torch.float64)
jacobian = jacrev(predict, argnums=2)(weight, bias, x)
print(jacobian)
jacobian_fwd = jacfwd(predict, argnums=2)(weight, bias, x)
print(jacobian_fwd)
print(torch.allclose(jacobian, jacobian_fwd))
ft_jac_weight, ft_jac_bias = jacrev(predict, argnums=(0, 1))(weight, bias, x)
print(ft_jac_weight.shape, ft_jac_bias)
print(jacrev(torch.sin)(torch.tensor([0.0, 1.0], dtype=torch.float64)))
print(jacfwd(lambda v: v ** 2 * v.sum())(torch.tensor([1.0, 2.0], dtype=torch.float64)))

def f3(x):
    return (x.sin() * x.exp()).sum()

print(hessian(f3)(torch.tensor([0.3, -0.7], dtype=torch.float64)))
print(hessian(predict, argnums=2)(weight, bias, x).shape)

batch = torch.randn(5, D, dtype=torch.float64)
print(vmap(torch.dot, in_dims=(0, None))(batch, x))
print(vmap(lambda row: row.sum() * 2)(batch))
print(vmap(torch.mv, in_dims=(None, 0))(weight, batch).shape)
print(vmap(jacrev(predict, argnums=2), in_dims=(None, None, 0))(weight, bias, batch[:2]).shape)
per_sample = vmap(grad(lambda w, xi: (w @ xi).tanh().sum()), in_dims=(None, 0))(weight, batch[:3])
print(per_sample.shape, per_sample[0, 0])

model = torch.nn.Linear(3, 1)
params = {k: v.detach() for k, v in model.named_parameters()}
inp = torch.randn(2, 3)
new_params = {"weight": torch.ones(1, 3), "bias": torch.zeros(1)}
print(functional_call(model, new_params, (inp,)))
print(model.weight)
print(torch.allclose(functional_call(model, params, (inp,)), model(inp)))

def loss(params, x):
    return functional_call(model, params, (x,)).sum()

print(grad(loss)(params, inp) if False else grad(lambda w: functional_call(model, {"weight": w}, (inp,)).sum())(model.weight.detach()))
