"""Tensor constructors: torch.tensor, ones, zeros, arange, rand, ... and the legacy torch.Tensor(...)."""

import warnings
from builtins import max as builtins_max

import numpy as np

from . import dtypes
from .kernels import fma
from .clibrary import c_function
from .random import Generator, default_generator
from .tensor import SCALAR_OF_GRAPH_WARNING, Size, Tensor, _alias, _make, check_device, warn_once

_default_device = None  # torch.set_default_device

def set_default_dtype(d):
    if not isinstance(d, dtypes.dtype) or not d.is_floating_point:
        raise TypeError("only floating-point types are supported as the default type")
    dtypes.default_float = d

C_POW = c_function("pow", np.power, 2)


def get_default_dtype():
    return dtypes.default_float


def set_default_device(device):
    global _default_device
    _default_device = device


def get_default_device():
    from .tensor import Device
    return Device(_default_device or "cpu")


def _on_device(device):
    check_device(device if device is not None else _default_device)


def _float_dtype(dtype):
    return dtypes.to_dtype(dtype) if dtype is not None else dtypes.default_float


def manual_seed(seed):
    """Seed the generator: from here on rand/randn give what torch gives after the same manual_seed."""
    return default_generator.manual_seed(seed)


def initial_seed():
    return default_generator.initial_seed()


def get_rng_state():
    return default_generator.get_state()


def set_rng_state(state):
    default_generator.set_state(state)


def _infer(data, dim=0):
    """Walk nested sequences as torch does: a shape, the promoted dtype, torch's error for ragged input."""
    if isinstance(data, Tensor):
        if dim and data._data.size != 1:  # inside a sequence a tensor is a number, as a Python float would be
            raise ValueError("only one element tensors can be converted to Python scalars")
        return (data.shape if not dim else ()), data.dtype
    if isinstance(data, np.ndarray):
        return data.shape, dtypes.from_numpy(data.dtype)
    if isinstance(data, (bool, int, float, np.number)):
        return (), dtypes.from_numpy(data.dtype) if isinstance(data, np.number) else dtypes.scalar_dtype(data)
    if isinstance(data, (list, tuple)):
        if not data:
            return (0,), None
        shapes_dtypes = [_infer(item, dim + 1) for item in data]
        first = shapes_dtypes[0][0]
        for shape, _ in shapes_dtypes[1:]:
            if shape != first:
                raise ValueError(f"expected sequence of length {first[0] if first else 0} at dim {dim + 1} "
                                 f"(got {shape[0] if shape else 0})")
        dt = None
        for _, d in shapes_dtypes:
            dt = d if dt is None else (dt if d is None else dtypes.promote(dt, d))
        return (len(data),) + tuple(first), dt
    if isinstance(data, str):
        raise TypeError("new(): invalid data type 'str'")
    raise TypeError(f"Could not infer dtype of {type(data).__name__}")


def _array(data, dtype):
    def flat(item):
        if isinstance(item, Tensor):
            return item._data.reshape(())
        if isinstance(item, (list, tuple)):
            return [flat(x) for x in item]
        return item
    shape, inferred = _infer(data)
    dt = dtypes.to_dtype(dtype) if dtype is not None else (inferred or dtypes.default_float)
    if isinstance(data, Tensor):
        return data._data.astype(dt.np), dt
    if shape == (0,):
        return np.zeros(0, dt.np), dt
    if dt.category == dtypes.INTEGRAL and inferred is dtypes.int64:  # Python integers, checked as torch does
        return dtypes.fit_integers(np.array(flat(data), dtype=np.int64), dt, dt.name).reshape(shape), dt
    return np.array(flat(data), dtype=dt.np).reshape(shape), dt


def tensor(data, dtype=None, device=None, requires_grad=False, pin_memory=False):
    return _copy_constructed(data, dtype, device, requires_grad, "torch.tensor(sourceTensor)")


def new_tensor(self, data, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False):
    """x.new_tensor(data): a copy of data in x's dtype (unless dtype says), as torch.tensor copies."""
    return _copy_constructed(data, dtype if dtype is not None else self.dtype, device, requires_grad,
                             "tensor.new_tensor(sourceTensor)")


def _copy_constructed(data, dtype, device, requires_grad, call):
    if isinstance(data, Tensor):
        warnings.warn("To copy construct from a tensor, it is recommended to use sourceTensor.detach().clone() or "
                      f"sourceTensor.detach().clone().requires_grad_(True), rather than {call}.",
                      UserWarning, stacklevel=3)
    elif _holds_tensor_requiring_grad(data):
        warn_once(SCALAR_OF_GRAPH_WARNING)
    _on_device(device)
    array, dt = _array(data, dtype)
    return _finish(np.array(array, copy=True), requires_grad)


def _holds_tensor_requiring_grad(data):
    if isinstance(data, Tensor):
        return data._requires_grad
    return isinstance(data, (list, tuple)) and any(_holds_tensor_requiring_grad(item) for item in data)


def as_tensor(data, dtype=None, device=None):
    _on_device(device)
    if isinstance(data, Tensor) and (dtype is None or dtypes.to_dtype(dtype) is data.dtype):
        return data
    if isinstance(data, np.ndarray) and (dtype is None or dtypes.to_dtype(dtype).np == data.dtype):
        return from_numpy(data)  # the array's memory, as torch shares it
    array, _ = _array(data, dtype)
    return _make(array)


def from_numpy(array):
    dtypes.from_numpy(array.dtype)
    return _make(array)


_LEGACY_SIGNATURES = (
    " * (*, torch.device device = None)\n"
    "      didn't match because some of the keywords were incorrect: {keywords}\n"
    " * (torch.Storage storage)\n * (Tensor other)\n"
    " * (tuple of ints size, *, torch.device device = None)\n"
    " * (object data, *, torch.device device = None)\n")


def _legacy(dt):
    """torch.Tensor / FloatTensor / ...: data (a sequence) or sizes (ints)."""
    def build(*args, device=None, **kwargs):
        if kwargs:
            got = ", ".join([type(a).__name__ for a in args] + [f"{k}={type(v).__name__}" for k, v in kwargs.items()])
            raise TypeError(f"new() received an invalid combination of arguments - got ({got}), but expected one of:\n"
                            + _LEGACY_SIGNATURES.format(keywords=", ".join(kwargs)))
        if len(args) == 1 and isinstance(args[0], Tensor) and args[0].dtype is dt:  # an alias, as in torch
            return _alias(args[0], args[0]._data)
        if len(args) == 1 and isinstance(args[0], (list, tuple, np.ndarray, Tensor)) and not isinstance(args[0], Size):
            data = args[0]._data if isinstance(args[0], Tensor) else args[0]
            return _make(_array(data, dt)[0])
        if len(args) == 1 and isinstance(args[0], float):
            raise TypeError("new(): data must be a sequence (got float)")
        shape = tuple(args[0]) if len(args) == 1 and isinstance(args[0], (Size, tuple)) else args
        for n in shape:
            if not isinstance(n, int) or isinstance(n, bool):
                raise TypeError(f"new(): argument 'size' must be tuple of ints, but found element of type "
                                f"{type(n).__name__} at pos 0")
        return _make(np.zeros(shape, dt.np))
    return build


class LegacyTensorType:
    """torch.FloatTensor, torch.LongTensor, ...: called, a tensor of that dtype (data or sizes); `x.type(T)`
    converts x to it. Prints as torch prints these classes."""

    def __init__(self, dt):
        self.dtype = dt
        self._build = _legacy(dt)

    def __call__(self, *args, **kwargs):
        return self._build(*args, **kwargs)

    def __repr__(self):
        return f"<class 'torch.{self.dtype.legacy_name}'>"


FloatTensor, DoubleTensor, LongTensor, IntTensor, BoolTensor = (
    LegacyTensorType(dt) for dt in (dtypes.float32, dtypes.float64, dtypes.int64, dtypes.int32, dtypes.bool_))


def legacy_tensor_init(self, *args, **kwargs):
    """torch.Tensor(...) builds a float32 tensor in place (Tensor's __init__ delegates here)."""
    built = FloatTensor._build(*args, **kwargs)
    self._data, self._requires_grad, self.grad_fn = built._data, False, None
    self._version_counter = built._version_counter


def _size(size):
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = tuple(size[0])
    for n in size:
        if not isinstance(n, (int, np.integer)) or isinstance(n, bool):
            raise TypeError(f"'{type(n).__name__}' object cannot be interpreted as an integer")
        if n < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {n}: {list(size)}")
    return tuple(int(n) for n in size)


def _filled(name, fill, drawn=False):
    """torch.ones, zeros, empty, rand, randn; those drawn take a generator (torch.Generator()) keyword too."""
    def make(*size, dtype=None, requires_grad=False, device=None, out=None, layout=None, **keywords):
        if "size" in keywords:  # torch.randn(size=(2, 3))
            if size:
                raise TypeError(f"{name}() got multiple values for argument 'size'")
            size = (keywords.pop("size"),)
        source = (keywords.pop("generator", None) or default_generator,) if drawn else ()
        if keywords:
            raise TypeError(f"{name}() got an unexpected keyword argument '{next(iter(keywords))}'")
        _on_device(device)
        dt = _float_dtype(dtype)
        return _finish(fill(_size(size), dt.np, *source), requires_grad)
    make.__name__ = make.__qualname__ = name
    return make


REQUIRES_FLOAT = "Only Tensors of floating point and complex dtype can require gradients"


def _finish(array, requires_grad):
    t = _make(array)
    if requires_grad:
        t.requires_grad_(True, REQUIRES_FLOAT)
    return t


ones = _filled("ones", np.ones)
zeros = _filled("zeros", np.zeros)
empty = _filled("empty", np.zeros)


def _random(draw):
    def fill(shape, np_dtype, generator):
        if np.dtype(np_dtype).kind != "f":
            raise RuntimeError(f'"{draw.__name__}_kernel_cpu" not implemented for '
                               f"'{dtypes.from_numpy(np_dtype).legacy_name[:-6]}'")
        return draw(generator, int(np.prod(shape)), np_dtype).reshape(shape)
    return fill


rand = _filled("rand", _random(Generator.uniform), drawn=True)
randn = _filled("randn", _random(Generator.normal), drawn=True)


def normal(mean, std=1.0, size=None, generator=None, out=None, dtype=None, requires_grad=False, device=None):
    """torch.normal: numbers mean and std with a size (drawn as torch's normal_(mean, std) draws), or tensors
    (N(0, 1) draws scaled by std and shifted by mean, in the tensors' dtype)."""
    tensors = [v for v in (mean, std) if isinstance(v, Tensor)]
    if not tensors:
        if size is None:
            raise TypeError("normal() missing required argument 'size' (pos 3) when mean and std are numbers")
        dt = dtypes.to_dtype(dtype) if dtype is not None else dtypes.float32
        shape = _size(tuple(size))
        data = (generator or default_generator).normal(int(np.prod(shape)), dt.np, mean=float(mean), std=float(std))
        return _finish(data.reshape(shape), requires_grad)
    dt = tensors[0].dtype
    shape = np.broadcast_shapes(*[v.shape for v in tensors])
    draws = (generator or default_generator).normal(int(np.prod(shape)), dt.np).reshape(shape)
    mean, std = (v._data if isinstance(v, Tensor) else dt.np.type(v) for v in (mean, std))
    return _make(draws * std + mean)


def randperm(n, dtype=None, requires_grad=False, device=None, generator=None, out=None, layout=None):
    """A random permutation of 0..n-1, as torch's CPU randperm draws it after the same manual_seed."""
    dt = dtypes.to_dtype(dtype) if dtype is not None else dtypes.int64
    return _finish((generator or default_generator).permutation(int(n)).astype(dt.np), requires_grad)


def multinomial(input, num_samples, replacement=False, *, generator=None, out=None):
    """Indices drawn from the rows of input (weights, not necessarily summing to 1), int64, as torch's CPU kernels
    draw them: one sample, or any without replacement, by the exponential trick (argmax, or the largest
    num_samples, of input / Exp(1) draws); several with replacement by a binary search of a uniform double in
    each row's normalized cumulative sums (multinomial_with_replacement)."""
    if not input.dtype.is_floating_point:
        raise RuntimeError(f"multinomial only supports floating-point dtypes for input, got: {input.dtype.legacy_name[:-6]}")
    if input.ndim not in (1, 2):
        raise RuntimeError("prob_dist must be 1 or 2 dim")
    if num_samples <= 0:
        raise RuntimeError("cannot sample n_sample <= 0 samples")
    if not replacement and num_samples > input.shape[-1]:
        raise RuntimeError("cannot sample n_sample > prob_dist.size(-1) samples without replacement")
    rows = input._data.reshape(-1, input.shape[-1])
    source = generator or default_generator
    if not replacement or num_samples == 1:
        if not (np.isfinite(rows).all() and (rows >= 0).all()):
            raise RuntimeError("probability tensor contains either `inf`, `nan` or element < 0")
        if (rows.sum(axis=1) == 0).any():
            raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")
        keys = rows / source.exponential(rows.size, rows.dtype).reshape(rows.shape)
        drawn = np.argsort(-keys, axis=1, kind="stable")[:, :num_samples]  # topk's order; argmax for one
    else:
        drawn = np.stack([_search_cumulative(row, source, num_samples) for row in rows])
    return _make(drawn.reshape(input.shape[:-1] + (num_samples,)).astype(np.int64))


def _search_cumulative(row, source, num_samples):
    invalid = ~((row >= 0) & np.isfinite(row))
    if invalid.any():  # torch checks entry by entry, >= 0 first (so a NaN counts as < 0)
        first = row[invalid.argmax()]
        raise RuntimeError("invalid multinomial distribution (encountering probability entry "
                           + ("< 0)" if not first >= 0 else "= infinity or NaN)"))
    cumulative = np.cumsum(row)  # summed in the row's dtype, left to right
    total = cumulative[-1]
    if total <= 0:
        raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")
    cumulative /= total
    cumulative[-1] = 1
    return np.searchsorted(cumulative.astype(np.float64), source.uniform(num_samples, np.float64), side="left")


def randint(*args, size=None, low=None, high=None, generator=None, dtype=None, requires_grad=False, device=None):
    """torch.randint(high, size) / randint(low, high, size): integers in [low, high), int64 unless dtype says."""
    _on_device(device)
    *bounds, shape = args if size is None else (*args, size)
    bounds = [b for b in (low, high) if b is not None] if not bounds else bounds
    if not 1 <= len(bounds) <= 2 or not isinstance(shape, (tuple, list)):
        got = ", ".join(type(a).__name__ for a in args)
        raise TypeError(f"randint() received an invalid combination of arguments - got ({got}), but expected one of:\n"
                        " * (int high, tuple of ints size, *, torch.Generator generator, torch.dtype dtype = None, "
                        "torch.device device = None, bool requires_grad = False)\n"
                        " * (int low, int high, tuple of ints size, *, torch.Generator generator, "
                        "torch.dtype dtype = None, torch.device device = None, bool requires_grad = False)")
    low, high = (0, *bounds) if len(bounds) == 1 else bounds
    dt = dtypes.to_dtype(dtype) if dtype is not None else dtypes.int64
    x = _make(np.zeros(_size(tuple(shape)), dt.np))
    random_(x, low, high, generator=generator)
    return _finish(x._data, requires_grad)


# x.random_() without bounds: torch's uniform_int, 0 up to the largest integer the dtype holds exactly
_FULL_RANDOM_SPAN = {np.dtype(np.float32): 2**24 + 1, np.dtype(np.float64): 2**53 + 1, np.dtype(np.int64): 2**63,
                     np.dtype(np.int32): 2**31, np.dtype(np.bool_): 2}


def random_(x, *bounds, generator=None, **kwargs):
    """x.random_(to) / x.random_(from, to): integers in [from, to) from torch's stream, stored in x's dtype."""
    bounds = (*bounds, *(kwargs[k] for k in ("from", "to") if k in kwargs))
    low, high = (0, *bounds) if len(bounds) == 1 else bounds if bounds else (0, _FULL_RANDOM_SPAN[x._data.dtype])
    if high <= low:
        raise RuntimeError(f"random_ expects 'from' to be less than 'to', but got from={low} >= to={high}")
    draws = (generator or default_generator).integers(x._data.size, int(low), int(high))
    return _fill_with(x, draws.astype(x._data.dtype).reshape(x.shape))


def _like(make):
    def like(x, dtype=None, requires_grad=False, device=None, **kwargs):
        return make(*x.shape, dtype=dtype if dtype is not None else x.dtype, requires_grad=requires_grad, device=device)
    return like


ones_like, zeros_like, empty_like, rand_like, randn_like = map(_like, (ones, zeros, empty, rand, randn))


def full(size, fill_value, dtype=None, requires_grad=False, device=None):
    _on_device(device)
    dt = dtypes.to_dtype(dtype) if dtype is not None else (
        dtypes.scalar_dtype(fill_value) if not isinstance(fill_value, Tensor) else fill_value.dtype)
    if dt.category == dtypes.INTEGRAL and isinstance(fill_value, int):  # the C type torch's check names
        fill_value = dtypes.fit_integers(fill_value, dt, "int" if dt is dtypes.int32 else f"{dt.name}_t")
    return _finish(np.full(_size(tuple(size)), fill_value, dt.np), requires_grad)


def full_like(x, fill_value, dtype=None, requires_grad=False, device=None):
    return full(x.shape, fill_value, dtype=dtype if dtype is not None else x.dtype, requires_grad=requires_grad,
                device=device)


def eye(n, m=None, dtype=None, requires_grad=False, device=None):
    _on_device(device)
    dt = _float_dtype(dtype)
    return _finish(np.eye(n, m, dtype=dt.np), requires_grad)


def arange(start, end=None, step=1, dtype=None, requires_grad=False, device=None):
    _on_device(device)
    if end is None:
        start, end = 0, start
    values = [v.item() if isinstance(v, Tensor) else v for v in (start, end, step)]
    if step == 0:
        raise RuntimeError("step must be nonzero")
    if (values[1] - values[0]) * values[2] < 0:
        raise RuntimeError("upper bound and larger bound inconsistent with step sign")
    if dtype is not None:
        dt = dtypes.to_dtype(dtype)
    else:
        dt = dtypes.default_float if any(isinstance(v, float) for v in values) else dtypes.int64
    count = int(np.ceil((values[1] - values[0]) / values[2]))
    if dt.np in (np.float32, np.float64):
        return _finish(_float_arange(float(values[0]), float(values[2]), count, dt.np), requires_grad)
    return _finish((values[0] + np.arange(count, dtype=np.float64) * values[2]).astype(dt.np), requires_grad)


def _float_arange(start, step, count, np_dtype):
    """torch's AVX2 arange kernel: in double, start + step * i as one FMA; the body in vectors of
    32 bytes, each lane FMA'd from its vector's first value (already rounded to the dtype), the
    last count % (2 vectors) elements one by one."""
    lanes = 32 // np.dtype(np_dtype).itemsize
    i = np.arange(count, dtype=np.float64)
    lane = i % lanes
    first = fma(step, i - lane, start).astype(np_dtype).astype(np.float64)
    in_vectors = i < count // (2 * lanes) * (2 * lanes)
    return np.where(in_vectors, fma(lane, step, first), fma(step, i, start)).astype(np_dtype)


def linspace(start, end, steps, dtype=None, requires_grad=False, device=None):
    _on_device(device)
    dt = _float_dtype(dtype)
    steps = int(steps)
    if steps == 1:
        return _finish(np.array([start], dt.np), requires_grad)
    if dt.np in (np.float32, np.float64):
        # torch's AVX2 kernel, in the output dtype: the first half counts up from start with one FMA
        # each, the second half down from end.
        t = dt.np.type
        first, last = t(start), t(end)
        step = (last - first) / t(steps - 1)
        i = np.arange(steps)
        up = fma(step, i.astype(dt.np), first)
        down = fma(-step, (steps - 1 - i).astype(dt.np), last)
        return _finish(np.where(i < steps // 2, up, down), requires_grad)
    # Other dtypes: the first half counts up from start, the second down from end
    # (the step is rounded to the dtype; each value is formed exactly, then rounded once)
    step = np.longdouble(dt.np.type((end - start) / (steps - 1)))
    i = np.arange(steps).astype(np.longdouble)
    values = np.where(i < steps // 2, start + step * i, end - step * (steps - 1 - i))
    return _finish(values.astype(dt.np), requires_grad)


def logspace(start, end, steps, base=10.0, dtype=None, requires_grad=False, device=None):
    """torch's logspace: exponents as linspace's two halves, in double without FMA, then base ** exponent."""
    dt = dtypes.to_dtype(dtype) if dtype is not None else dtypes.float32
    steps = int(steps)
    t = dt.np.type
    first, last = t(start), t(end)
    step = np.float64(last - first) / np.float64(builtins_max(steps - 1, 1))
    i = np.arange(steps)
    up = np.float64(first) + step * i.astype(dt.np).astype(np.float64)
    down = np.float64(last) - step * (steps - 1 - i).astype(np.float64)
    # a single step is base ** start, start taken in double
    exponents = np.where(i < steps // 2, up, down) if steps > 1 else np.full(steps, np.float64(start))
    return _finish(C_POW(np.float64(base), exponents).astype(dt.np), requires_grad)  # std::pow, each element


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return _make(np.isclose(a._data, b._data, rtol=rtol, atol=atol, equal_nan=equal_nan))


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return bool(np.allclose(a._data, b._data, rtol=rtol, atol=atol, equal_nan=equal_nan))


def _fill_with(x, values):
    from .ops.inplace import inplace
    return inplace(x, lambda src: _make(values))


def uniform_(x, a=0.0, b=1.0, generator=None):
    """U[a, b) from torch's stream, formed as torch's kernel forms it: u * (b - a) + a with one rounding (a fused
    multiply-add; for float32 the product is exact in float64, so float64 arithmetic gives the same bits)."""
    np_dtype = x._data.dtype
    u = (generator or default_generator).uniform(x._data.size, np_dtype).reshape(x.shape)
    low, high = np_dtype.type(a), np_dtype.type(b)
    wide = np.longdouble if np_dtype == np.float64 else np.float64
    return _fill_with(x, (u.astype(wide) * wide(high - low) + wide(low)).astype(np_dtype))


def normal_(x, mean=0.0, std=1.0, generator=None):
    np_dtype = x._data.dtype
    draws = (generator or default_generator).normal(x._data.size, np_dtype, mean=float(mean), std=float(std))
    return _fill_with(x, draws.reshape(x.shape))


def copy_(x, src, non_blocking=False):
    """x.copy_(src): src's values (broadcast, cast) written into x; the gradient flows to src (CopyBackwards)."""
    from .ops.inplace import inplace
    from .rules import R
    source = src if isinstance(src, Tensor) else tensor(src)
    return inplace(x, lambda dst, s: R["copy"](s.expand(dst.shape).to(dst.dtype)), source)


def equal(a, b):
    return a.shape == b.shape and bool(np.array_equal(a._data, b._data))


def Variable(data, requires_grad=False, volatile=False):
    """torch.autograd.Variable: since torch 0.4 a new leaf tensor sharing data's memory, as torch's is."""
    return data.detach().requires_grad_(requires_grad)
