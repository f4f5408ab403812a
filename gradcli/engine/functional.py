"""torch.autograd.functional (jacobian, hessian, vjp, jvp, hvp, vhp), gradcheck and gradgradcheck, all built
on grad().

jvp uses the double-backward trick: the vjp is linear in its cotangent u, so differentiating
<vjp(u), v> with respect to u gives J v without a forward-mode engine.
"""

import numpy as np

from .autograd import grad, grad_for_each
from .factory import empty, uniform_, zeros_like
from .tensor import Tensor, _make
from .ops.shapes import stack


def _tuple(x):
    return (tuple(x), True) if isinstance(x, (tuple, list)) else ((x,), False)


def _prepare(inputs, create_graph):
    """Fresh leaves (or graph-connected views with create_graph) that require grad."""
    inputs, is_tuple = _tuple(inputs)
    for i, x in enumerate(inputs):
        if not isinstance(x, Tensor):
            raise TypeError(f"The inputs given to jacobian must be either a Tensor or a tuple of Tensors but the "
                            f"value at index {i} has type {type(x).__name__}.")
    if create_graph:
        prepared = tuple(x.view_as(x) if x._requires_grad else x.detach().requires_grad_(True) for x in inputs)
    else:
        prepared = tuple(x.detach().requires_grad_(True) for x in inputs)
    return prepared, is_tuple


def _outputs(func, inputs):
    out, is_tuple = _tuple(func(*inputs))
    for i, o in enumerate(out):
        if not isinstance(o, Tensor):
            raise TypeError(f"The outputs of the user-provided function given to jacobian must be either a Tensor "
                            f"or a tuple of Tensors but the value at index {i} has type {type(o).__name__}.")
    return out, is_tuple


def _grads_or_zeros(outputs, inputs, grad_outputs, create_graph, retain_graph=True):
    return _grads_or_zeros_for_each(outputs, inputs, [grad_outputs], create_graph, retain_graph)[0]


def _grads_or_zeros_for_each(outputs, inputs, grad_outputs_list, create_graph, retain_graph=True):
    """For each grad_outputs, the gradients of the outputs that require grad (zeros where none arrives)."""
    kept = [k for k, o in enumerate(outputs) if o._requires_grad]
    if not kept:
        return [tuple(zeros_like(x) for x in inputs) for _ in grad_outputs_list]
    found = grad_for_each([outputs[k] for k in kept], inputs,
                          [[grad_outputs[k] for k in kept] for grad_outputs in grad_outputs_list],
                          retain_graph=retain_graph, create_graph=create_graph, allow_unused=True)
    return [tuple(g if g is not None else zeros_like(x) for g, x in zip(grads, inputs)) for grads in found]


def _detach_all(tensors, create_graph):
    return tuple(t if create_graph else t.detach() for t in tensors)


def _shape(results, outer_tuple, inner_tuple):
    if outer_tuple:
        return tuple(r if inner_tuple else r[0] for r in results)
    return results[0] if inner_tuple else results[0][0]


def jacobian(func, inputs, create_graph=False, strict=False, vectorize=False, strategy="reverse-mode"):
    inputs, inputs_tuple = _prepare(inputs, create_graph)
    outputs, outputs_tuple = _outputs(func, inputs)
    blocks = []
    for out in outputs:
        flat = out.reshape(-1)
        cotangents = []
        for j in range(flat.numel()):
            cotangent = _make(np.zeros(flat.shape, flat._data.dtype))
            cotangent._data[j] = 1
            cotangents.append((cotangent,))
        rows = [[] for _ in inputs]
        for grads in _grads_or_zeros_for_each((flat,), inputs, cotangents, create_graph):
            for k, g in enumerate(grads):
                rows[k].append(g)
        blocks.append(tuple(
            (stack(r) if r else _make(np.zeros((0,) + tuple(x.shape), x._data.dtype))).reshape(
                tuple(out.shape) + tuple(x.shape)) for r, x in zip(rows, inputs)))
        if not create_graph:
            blocks[-1] = _detach_all(blocks[-1], False)
    return _shape(blocks, outputs_tuple, inputs_tuple)


def hessian(func, inputs, create_graph=False, strict=False, vectorize=False, outer_jacobian_strategy="reverse-mode"):
    inputs_tuple = isinstance(inputs, (tuple, list))

    def scalar_output(*xs):
        out = func(*xs)
        if not isinstance(out, Tensor) or out.numel() != 1:
            raise RuntimeError("The function given to hessian should return a single Tensor containing a single "
                               "element")
        return out.reshape(())

    def gradient(*xs):
        g = jacobian(scalar_output, xs if inputs_tuple else xs[0], create_graph=True)
        return g

    return jacobian(gradient, inputs, create_graph=create_graph)


def vjp(func, inputs, v=None, create_graph=False, strict=False):
    inputs, inputs_tuple = _prepare(inputs, create_graph)
    outputs, outputs_tuple = _outputs(func, inputs)
    if v is None:
        if len(outputs) != 1 or outputs[0].numel() != 1:
            raise RuntimeError("The vector v can only be None if the user-provided function returns a single Tensor "
                               "with a single element.")
        v = (_make(np.ones_like(outputs[0]._data)),)
    else:
        v, _ = _tuple(v)
    result = _grads_or_zeros(outputs, inputs, v, create_graph, retain_graph=create_graph)
    outputs = _detach_all(outputs, create_graph)
    result = _detach_all(result, create_graph)
    return (outputs if outputs_tuple else outputs[0]), (result if inputs_tuple else result[0])


def jvp(func, inputs, v=None, create_graph=False, strict=False):
    inputs, inputs_tuple = _prepare(inputs, create_graph)
    if v is None:
        if len(inputs) != 1 or inputs[0].numel() != 1:
            raise RuntimeError("The vector v can only be None if the input to the user-provided function is a single "
                               "Tensor with a single element.")
        v = (_make(np.ones_like(inputs[0]._data)),)
    else:
        v, _ = _tuple(v)
    outputs, outputs_tuple = _outputs(func, inputs)
    cotangents = tuple(_make(np.zeros_like(o._data)).requires_grad_(True) for o in outputs)
    vjps = _grads_or_zeros(outputs, inputs, cotangents, create_graph=True)
    result = _grads_or_zeros(vjps, cotangents, v, create_graph)
    outputs = _detach_all(outputs, create_graph)
    result = _detach_all(result, create_graph)
    return (outputs if outputs_tuple else outputs[0]), (result if outputs_tuple else result[0])


def vhp(func, inputs, v=None, create_graph=False, strict=False):
    inputs, inputs_tuple = _prepare(inputs, create_graph)
    outputs, _ = _outputs(func, inputs)
    if len(outputs) != 1 or outputs[0].numel() != 1:
        raise RuntimeError("The function given to vhp should return a single Tensor with a single element")
    v = _tuple(v)[0] if v is not None else (_make(np.ones_like(inputs[0]._data)),)
    first = _grads_or_zeros(outputs, inputs, (_make(np.ones_like(outputs[0]._data)),), create_graph=True)
    result = _grads_or_zeros(first, inputs, v, create_graph)
    output = _detach_all(outputs, create_graph)[0]
    result = _detach_all(result, create_graph)
    return output, (result if inputs_tuple else result[0])


def hvp(func, inputs, v=None, create_graph=False, strict=False):
    # The Hessian of a twice-differentiable scalar function is symmetric, so v^T H = (H v)^T.
    return vhp(func, inputs, v, create_graph, strict)


class GradcheckError(RuntimeError):
    pass


def numerical_jacobian(func, inputs, eps=1e-6):
    """Central differences in float64, one column per input element."""
    inputs = tuple(x.detach().double() for x in inputs)
    base = [o.detach() for o in _tuple(func(*inputs))[0]]
    result = [[np.zeros((o.numel(), x.numel())) for x in inputs] for o in base]
    for k, x in enumerate(inputs):
        flat = x._data.reshape(-1)
        for j in range(flat.size):
            keep = flat[j]
            flat[j] = keep + eps
            plus = [o._data.astype(np.float64).reshape(-1) for o in _tuple(func(*inputs))[0]]
            flat[j] = keep - eps
            minus = [o._data.astype(np.float64).reshape(-1) for o in _tuple(func(*inputs))[0]]
            flat[j] = keep
            for i in range(len(base)):
                result[i][k][:, j] = (plus[i] - minus[i]) / (2 * eps)
    return result


def gradcheck(func, inputs, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True, check_backward_ad=True,
              check_forward_ad=False, **unused):
    """Compare autograd's Jacobian (reverse mode, and forward mode if asked) with float64 finite differences,
    as torch.autograd.gradcheck does."""
    func, inputs = _of_tensors(func, _tuple(inputs)[0])
    numerical = numerical_jacobian(func, inputs, eps)
    checks = []
    if check_backward_ad:
        checks.append(("Jacobian", _reverse_jacobian(func, inputs)))
    if check_forward_ad:
        checks.append(("Jacobian computed with forward mode", _forward_jacobian(func, inputs)))
    for what, analytical in checks:
        for i, per_output in enumerate(numerical):
            for k, num in enumerate(per_output):
                ana = analytical[i][k].reshape(num.shape)
                if not np.allclose(ana, num, rtol=rtol, atol=atol):
                    if raise_exception:
                        raise GradcheckError(f"{what} mismatch for output {i} with respect to input {k},\n"
                                             f"numerical:{_make(num.T.copy())}\nanalytical:{_make(ana.T.copy())}\n")
                    return False
    return True


def _of_tensors(func, inputs):
    """func as a function of its tensor inputs alone, the other arguments (numbers, flags) held fixed."""
    tensors = tuple(x for x in inputs if isinstance(x, Tensor))
    if len(tensors) == len(inputs):
        return func, inputs

    def of_tensors(*given):
        given = iter(given)
        return func(*(next(given) if isinstance(x, Tensor) else x for x in inputs))
    return of_tensors, tensors


def _reverse_jacobian(func, inputs):
    """[output][input] -> the Jacobian's array (output shape + input shape), by reverse mode."""
    analytical = jacobian(func, tuple(x.detach().double() for x in inputs))
    if not isinstance(analytical, tuple) or not isinstance(analytical[0], tuple):
        analytical = (analytical,) if not isinstance(analytical, tuple) else analytical
        analytical = tuple((a,) for a in analytical) if len(inputs) == 1 else (analytical,)
    return [[a._data for a in row] for row in analytical]


def _forward_jacobian(func, inputs):
    """[output][input] -> (output elements, input elements) array, by forward mode: one pass per input element."""
    from .forward import dual_level, make_dual, unpack_dual  # forward mode imports this module's neighbours

    inputs = tuple(x.detach().double() for x in inputs)
    columns = None
    for k, x in enumerate(inputs):
        for j in range(x.numel()):
            with dual_level():
                duals = [make_dual(y, _basis_tangent(y, j) if i == k else zeros_like(y)) for i, y in enumerate(inputs)]
                outputs = _tuple(func(*duals))[0]
                tangents = [unpack_dual(o).tangent for o in outputs]
            if columns is None:
                columns = [[[] for _ in inputs] for _ in outputs]
            for i, (o, t) in enumerate(zip(outputs, tangents)):
                columns[i][k].append(np.zeros(o.numel()) if t is None else t._data.astype(np.float64).reshape(-1))
    return [[np.stack(per_input, axis=1) for per_input in per_output] for per_output in columns]


def _basis_tangent(x, j):
    e = np.zeros(x.numel())
    e[j] = 1
    return _make(e.reshape(x.shape))


def gradgradcheck(func, inputs, grad_outputs=None, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True, **unused):
    """gradcheck of the vector-Jacobian product u -> J^T u, as torch.autograd.gradgradcheck does: without
    grad_outputs, u is drawn from U[-1, 1) as torch's make_tensor draws it (so the random stream advances
    as torch's), and it is checked as an input too."""
    inputs, _ = _tuple(inputs)
    if grad_outputs is None:
        grad_outputs = tuple(uniform_(empty(o.shape, dtype=o.dtype), -1, 1).requires_grad_(True)
                             for o in _tuple(func(*inputs))[0])
    else:
        grad_outputs, _ = _tuple(grad_outputs)
    differentiable = [i for i, x in enumerate(inputs) if x.requires_grad]

    def vector_jacobian_product(*args):
        xs, us = args[:len(inputs)], args[len(inputs):]
        for i in differentiable:
            xs[i].requires_grad_(True)
        grads = grad(func(*xs), [xs[i] for i in differentiable], [u.requires_grad_(True) for u in us],
                     create_graph=True, allow_unused=True)
        return tuple(g for g in grads if g is not None)

    return gradcheck(vector_jacobian_product, inputs + grad_outputs, eps, atol, rtol, raise_exception)
