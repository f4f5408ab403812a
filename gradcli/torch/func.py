"""torch.func: function transforms over the engine's reverse and forward modes.

grad, vjp and jacrev run the backward pass (create_graph when an outer transform is differentiating, which is
how transforms nest); jvp and jacfwd run forward mode; vmap maps a function over a batch dimension one sample at
a time and stacks the results (which equal torch's batched results).
"""

from gradcli.engine import forward
from gradcli.engine.ops.shapes import stack
from gradcli.engine.autograd import grad as autograd_grad
from gradcli.engine.factory import eye, zeros_like
from gradcli.engine.grad_mode import enable_grad
from gradcli.engine.tensor import Tensor


def _nums(argnums):
    return (argnums,) if isinstance(argnums, int) else tuple(argnums)


def _pick(values, argnums):
    return values[0] if isinstance(argnums, int) else tuple(values)


def _track(x):
    """A tensor to differentiate with respect to: still connected to x's graph if an outer transform tracks x."""
    return x.view_as(x) if x._requires_grad else x.detach().requires_grad_(True)


def _split_aux(out, has_aux):
    if not has_aux:
        return out, None
    if not (isinstance(out, tuple) and len(out) == 2):
        raise RuntimeError("grad_and_value(f)(*args): output of function f should be a tuple: (output, aux) "
                           "if has_aux is True")
    return out


def _gradients(outputs, inputs, cotangents, nested):
    found = autograd_grad(outputs, inputs, cotangents, create_graph=nested, allow_unused=True)
    return [g if g is not None else zeros_like(x) for g, x in zip(found, inputs)]


def _tracked_call(func, args, kwargs, argnums, has_aux):
    """Call func with the argnums arguments tracked. Returns (the tracked inputs, whether an outer transform is
    differentiating, the output, aux). The caller differentiates while grad mode is still on."""
    nums = _nums(argnums)
    xs = list(args)
    for i in nums:
        xs[i] = _track(args[i])
    out, aux = _split_aux(func(*xs, **kwargs), has_aux)
    return [xs[i] for i in nums], any(args[i]._requires_grad for i in nums), out, aux


def grad_and_value(func, argnums=0, has_aux=False):
    def wrapper(*args, **kwargs):
        with enable_grad():
            inputs, nested, out, aux = _tracked_call(func, args, kwargs, argnums, has_aux)
            if not isinstance(out, Tensor) or out.ndim != 0:
                dims = out.ndim if isinstance(out, Tensor) else 0
                raise RuntimeError(f"grad_and_value(f)(*args): Expected f(*args) to return a scalar Tensor, got tensor "
                                   f"with {dims} dims. Maybe you wanted to use the vjp or jacrev APIs instead?")
            grads = _gradients([out], inputs, None, nested)
        value, aux = (out, aux) if nested else (out.detach(), _detach(aux))
        result = _pick(grads, argnums)
        return ((result, (value, aux)) if has_aux else (result, value))
    return wrapper


def grad(func, argnums=0, has_aux=False):
    transformed = grad_and_value(func, argnums, has_aux)

    def wrapper(*args, **kwargs):
        result, value = transformed(*args, **kwargs)
        return (result, value[1]) if has_aux else result
    return wrapper


def vjp(func, *primals, has_aux=False):
    nested = any(p._requires_grad for p in primals)
    with enable_grad():
        xs = [_track(p) for p in primals]
        out, aux = _split_aux(func(*xs), has_aux)

    def vjp_fn(cotangents):
        outs = out if isinstance(out, tuple) else (out,)
        cots = cotangents if isinstance(cotangents, tuple) else (cotangents,)
        with enable_grad():
            return tuple(_gradients(list(outs), xs, list(cots), nested))

    shown, shown_aux = (out, aux) if nested else (_detach(out), _detach(aux))
    return (shown, vjp_fn, shown_aux) if has_aux else (shown, vjp_fn)


def _detach(value):
    """Tensors (in tuples, lists and dicts too) cut from the graph the transform built."""
    if isinstance(value, Tensor):
        return value.detach()
    if isinstance(value, (tuple, list)):
        return type(value)(_detach(v) for v in value)
    if isinstance(value, dict):
        return {k: _detach(v) for k, v in value.items()}
    return value


def jvp(func, primals, tangents, *, strict=False, has_aux=False):
    if not isinstance(primals, tuple) or not isinstance(tangents, tuple):
        raise RuntimeError("jvp(f, primals, tangents): Expected primals to be a tuple. E.g. it should be valid to "
                           "call f(*primals).")
    with forward.dual_level():
        duals = [forward.make_dual(p, t) for p, t in zip(primals, tangents)]
        out, aux = _split_aux(func(*duals), has_aux)
        outs = out if isinstance(out, tuple) else (out,)
        unpacked = [forward.unpack_dual(o) for o in outs]
    primal_out = [u.primal.detach() if not u.primal._requires_grad else u.primal for u in unpacked]
    tangent_out = [u.tangent if u.tangent is not None else zeros_like(o) for u, o in zip(unpacked, outs)]
    if isinstance(out, tuple):
        result = (tuple(primal_out), tuple(tangent_out))
    else:
        result = (primal_out[0], tangent_out[0])
    return result + (aux,) if has_aux else result


def _basis(x):
    """The standard basis of x's space, each vector shaped like x."""
    identity = eye(x.numel(), dtype=x.dtype)
    return [identity[i].reshape(x.shape) for i in range(x.numel())]


def jacrev(func, argnums=0, has_aux=False):
    def wrapper(*args):
        with enable_grad():
            inputs, nested, out, aux = _tracked_call(func, args, {}, argnums, has_aux)
            rows = [_gradients([out], inputs, [e], True) for e in _basis(out)]
        jacobians = []
        for k, i in enumerate(_nums(argnums)):
            stacked = stack([row[k] for row in rows]) if rows else zeros_like(args[i]).reshape(0, *args[i].shape)
            jac = stacked.reshape(*out.shape, *args[i].shape)
            jacobians.append(jac if nested else jac.detach())
        result = _pick(jacobians, argnums)
        return (result, aux) if has_aux else result
    return wrapper


def jacfwd(func, argnums=0, has_aux=False):
    def wrapper(*args):
        nums = _nums(argnums)
        jacobians = []
        aux = None
        for i in nums:
            columns = []
            for e in _basis(args[i]):
                tangents = tuple(e if j == i else zeros_like(a) for j, a in enumerate(args) if isinstance(a, Tensor))
                primals = tuple(a for a in args if isinstance(a, Tensor))
                result = jvp(func, primals, tangents, has_aux=has_aux)
                out, column = result[0], result[1]
                aux = result[2] if has_aux else None
                columns.append(column)
            stacked = stack(columns, dim=-1) if columns else None
            jacobians.append(stacked.reshape(*out.shape, *args[i].shape))
        result = _pick(jacobians, argnums)
        return (result, aux) if has_aux else result
    return wrapper


def hessian(func, argnums=0):
    """The Jacobian of the gradient (reverse over reverse: equal to torch's jacfwd(jacrev(f)))."""
    return jacrev(jacrev(func, argnums), argnums)


def vmap(func, in_dims=0, out_dims=0, randomness="error", *, chunk_size=None):
    def wrapper(*args):
        dims = in_dims if isinstance(in_dims, (tuple, list)) else (in_dims,) * len(args)
        sizes = {a.shape[d] for a, d in zip(args, dims) if d is not None}
        if len(sizes) != 1:
            raise ValueError("vmap: Expected all tensors to have the same size in the mapped dimension, got sizes "
                             f"{sorted(sizes)} for the mapped dimension")
        results = []
        for b in range(sizes.pop()):
            sample = [a if d is None else a.select(d, b) for a, d in zip(args, dims)]
            results.append(func(*sample))
        if isinstance(results[0], tuple):
            return tuple(stack(list(parts), out_dims) for parts in zip(*results))
        return stack(results, out_dims)
    return wrapper


def functional_call(module, parameter_and_buffer_dicts, args=None, kwargs=None, *, tie_weights=True, strict=False):
    """Call module with some of its parameters and buffers replaced by the given tensors, then put them back."""
    dicts = parameter_and_buffer_dicts
    replacements = {}
    for d in dicts if isinstance(dicts, (tuple, list)) else (dicts,):
        replacements.update(d)
    saved = []
    for name, value in replacements.items():
        owner_path, _, attr = name.rpartition(".")
        owner = module.get_submodule(owner_path)
        store = owner._parameters if attr in owner._parameters else owner._buffers
        saved.append((store, attr, store.get(attr)))
        store[attr] = value
    try:
        args = args if isinstance(args, tuple) else (args,) if args is not None else ()
        return module(*args, **(kwargs or {}))
    finally:
        for store, attr, original in reversed(saved):
            store[attr] = original
