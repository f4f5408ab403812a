"""torch's dtypes over NumPy's, with torch's type promotion (which is not NumPy's: int64 + float32 -> float32)."""

import numpy as np

BOOL, INTEGRAL, FLOATING = 0, 1, 2


class dtype:
    __slots__ = ("name", "np", "category", "itemsize", "is_floating_point", "legacy_name", "c_name")

    def __init__(self, name, np_type, category, legacy_name, c_name):
        self.name = name
        self.np = np.dtype(np_type)
        self.category = category
        self.itemsize = self.np.itemsize
        self.is_floating_point = category == FLOATING
        self.legacy_name = legacy_name  # 'FloatTensor', as torch names tensor types in messages
        self.c_name = c_name            # 'float', the C type some messages name

    def __repr__(self):
        return "torch." + self.name

    def __reduce__(self):
        return self.name


float32 = dtype("float32", np.float32, FLOATING, "FloatTensor", "float")
float64 = dtype("float64", np.float64, FLOATING, "DoubleTensor", "double")
int64 = dtype("int64", np.int64, INTEGRAL, "LongTensor", "long int")
int32 = dtype("int32", np.int32, INTEGRAL, "IntTensor", "int")
float16 = dtype("float16", np.float16, FLOATING, "HalfTensor", "c10::Half")
int16 = dtype("int16", np.int16, INTEGRAL, "ShortTensor", "short int")
int8 = dtype("int8", np.int8, INTEGRAL, "CharTensor", "signed char")
uint8 = dtype("uint8", np.uint8, INTEGRAL, "ByteTensor", "unsigned char")
bool_ = dtype("bool", np.bool_, BOOL, "BoolTensor", "bool")

# torch.set_default_dtype: the dtype of float literals and of factories given no dtype.
default_float = float32

ALIASES = {"float": float32, "double": float64, "long": int64, "int": int32, "half": float16, "short": int16,
           "float32": float32, "float64": float64, "int64": int64, "int32": int32, "float16": float16, "int16": int16,
           "int8": int8, "uint8": uint8, "bool": bool_}
_FROM_NP = {d.np: d for d in (float32, float64, int64, int32, float16, int16, int8, uint8, bool_)}


def from_legacy_name(name):
    """The dtype of a legacy type's name, as x.type('torch.LongTensor') takes it."""
    for d in _FROM_NP.values():
        if name in ("torch." + d.legacy_name, d.legacy_name):
            return d
    raise ValueError(f"invalid type: '{name}'")


def from_numpy(np_dtype):
    """The torch dtype for a NumPy dtype; other widths (float128, uint16 and wider) map to the nearest supported one."""
    found = _FROM_NP.get(np.dtype(np_dtype))
    if found is not None:
        return found
    kind = np.dtype(np_dtype).kind
    if kind == "f":
        return float64 if np.dtype(np_dtype).itemsize > 4 else float32
    if kind in "iu":
        return int64
    if kind == "b":
        return bool_
    name = np.dtype(np_dtype).type
    raise TypeError(f"can't convert np.ndarray of type {name.__module__}.{name.__name__}. The only supported types are: "
                    "float64, float32, float16, complex64, complex128, int64, int32, int16, int8, uint64, uint32, "
                    "uint16, uint8, and bool.")


def convert(array, dt):
    """array in dtype dt as torch converts: a float becomes a narrow integer through int64 (truncated, then
    wrapped: 300.7 is 44 as int8), where NumPy's direct cast is undefined out of range."""
    if dt.category == INTEGRAL and dt.itemsize < 8 and array.dtype.kind == "f":
        with np.errstate(invalid="ignore"):
            array = array.astype(np.int64)
    return array.astype(dt.np)


def fit_integers(values, dt, type_name):
    """Python integers (as int64) converted to the integer dtype dt after torch's range check: an unsigned type
    also takes negatives down to -max (wrapped: -1 is 255 in uint8), anything else out of range is refused."""
    info = np.iinfo(dt.np)
    low = -int(info.max) if info.min == 0 else info.min
    if np.size(values) and (np.min(values) < low or np.max(values) > info.max):
        raise RuntimeError(f"value cannot be converted to type {type_name} without overflow")
    return np.asarray(values).astype(dt.np)


def to_dtype(spec):
    """Accept a dtype, Python's float/int/bool types, or a NumPy dtype, as torch's dtype= does."""
    if isinstance(spec, dtype):
        return spec
    if spec is float:
        return float64
    if spec is int:
        return int64
    if spec is bool:
        return bool_
    try:
        return from_numpy(spec)
    except TypeError:
        raise TypeError(f"dtype must be a torch.dtype, not {type(spec).__name__}") from None


def scalar_dtype(value):
    """The dtype a Python number takes when it stands alone as a tensor."""
    if isinstance(value, bool):
        return bool_
    if isinstance(value, int):
        return int64
    return default_float


def promote(a, b):
    """torch.promote_types for the supported dtypes: higher category wins, then the wider type; uint8 with a
    signed integer type needs one that holds both (uint8 + int8 is int16), as NumPy's promotion says."""
    if a is b:
        return a
    if a.category != b.category:
        return a if a.category > b.category else b
    if a.category == INTEGRAL:
        return _FROM_NP[np.promote_types(a.np, b.np)]
    return a if a.itemsize >= b.itemsize else b


def _combine(higher, lower):
    # Lower-priority operands (0-d tensors, Python numbers) only change the result when they are of a
    # higher category: torch.ones(2, dtype=torch.int32) + 2.5 is float32, but + 2 stays int32.
    if higher is None:
        return lower
    if lower is None or higher.category == FLOATING:
        return higher
    if higher.category == BOOL or lower.category == FLOATING:
        return promote(higher, lower)
    return higher


def result_type(*operands):
    """torch.result_type: dimensioned tensors outrank 0-d tensors, which outrank Python numbers."""
    dim = zero = wrapped = None
    for x in operands:
        d = getattr(x, "dtype", None)
        if d is None:
            d = scalar_dtype(x)
            wrapped = d if wrapped is None else promote(wrapped, d)
        elif x.ndim:
            dim = d if dim is None else promote(dim, d)
        else:
            zero = d if zero is None else promote(zero, d)
    return _combine(dim, _combine(zero, wrapped))
