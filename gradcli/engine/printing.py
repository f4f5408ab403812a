"""torch 2.13's tensor printing (torch/_tensor_str.py), ported to NumPy, with torch's print options.

Only the strided, dense, real paths are ported (float32, float64, float16, the integer types, bool); the output is meant to
be byte-identical to ``repr(t)`` / ``str(t)`` in torch, including torch's quirks (noted where they appear).
"""

import math

import numpy as np

from . import dtypes

# torch's print options, as torch.set_printoptions leaves them (these are torch's defaults).
PRECISION = 4
THRESHOLD = 1000  # more elements than this -> summarise with '...'
EDGEITEMS = 3  # items kept at each end of a summarised dimension
LINEWIDTH = 80
SCI_MODE = None  # None: chosen from the values; True / False: forced

_PROFILES = {"default": (4, 1000, 3, 80), "short": (2, 1000, 2, 80), "full": (4, math.inf, 3, 80)}


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None, profile=None, sci_mode=None):
    """torch.set_printoptions: a profile first, then the options given; sci_mode is always reset."""
    global PRECISION, THRESHOLD, EDGEITEMS, LINEWIDTH, SCI_MODE
    if profile is not None:
        PRECISION, THRESHOLD, EDGEITEMS, LINEWIDTH = _PROFILES.get(profile, (PRECISION, THRESHOLD, EDGEITEMS, LINEWIDTH))
    PRECISION = precision if precision is not None else PRECISION
    THRESHOLD = threshold if threshold is not None else THRESHOLD
    EDGEITEMS = edgeitems if edgeitems is not None else EDGEITEMS
    LINEWIDTH = linewidth if linewidth is not None else LINEWIDTH
    SCI_MODE = sci_mode


_NP_DTYPES = {"float32": np.float32, "float64": np.float64, "int64": np.int64, "int32": np.int32, "bool": np.bool_,
              "float16": np.float16, "int16": np.int16, "int8": np.int8, "uint8": np.uint8}
# dtypes torch prints without a dtype= suffix when the tensor is non-empty: the default dtype, int64 and bool.
_IMPLICIT_DTYPES = ("int64", "bool")


class _Formatter:
    """One notation and one column width for every element, chosen from the elements that will be shown."""

    def __init__(self, shown: np.ndarray):
        self.floating = shown.dtype.kind == "f"
        self.int_mode = True  # floats that are all integral print as '1.', '2.'
        self.sci_mode = False
        self.width = 1
        if not self.floating:
            self.width = max((len(str(v)) for v in shown.ravel().tolist()), default=1)  # bools: 'True'/'False'
            return
        # nan, inf and zeros take no part in the choice of notation or width (so 'nan' may overflow the column).
        vals = shown[np.isfinite(shown) & (shown != 0)].astype(np.float64)
        if vals.size == 0:
            return
        mags = np.abs(vals)
        lo, hi = mags.min(), mags.max()
        self.int_mode = bool(np.all(vals == np.ceil(vals)))
        self.sci_mode = bool(hi / lo > 1000.0 or hi > 1.0e8 or lo < 1.0e-4) if SCI_MODE is None else bool(SCI_MODE)
        # int mode appends '.' to finite values, hence the +1 (only outside sci mode, as torch does).
        extra = 1 if self.int_mode and not self.sci_mode else 0
        self.width = max(len(self._text(v)) for v in vals.tolist()) + extra

    def _text(self, v) -> str:
        if not self.floating:
            return str(v)
        if self.sci_mode:
            return f"{v:.{PRECISION}e}"
        if self.int_mode:
            return f"{v:.0f}"
        return f"{v:.{PRECISION}f}"

    def format(self, v) -> str:
        text = self._text(v)
        if self.floating and self.int_mode and not self.sci_mode and math.isfinite(v):
            text += "."  # '-0.' for negative zero, but 'nan' / 'inf' stay bare
        return text.rjust(self.width)


def _summarized(a: np.ndarray) -> np.ndarray:
    """The elements a summarised print shows: the first and last EDGEITEMS along every long dimension."""
    for axis, n in enumerate(a.shape):
        if n > 2 * EDGEITEMS:
            a = np.take(a, list(range(EDGEITEMS)) + list(range(n - EDGEITEMS, n)), axis=axis)
    return a


def _body(a: np.ndarray, indent: int, summarize: bool, fmt: _Formatter) -> str:
    """The nested-bracket text of `a`; `indent` is the column the opening '[' sits at."""
    if a.ndim == 0:
        return fmt.format(a.item())
    cut = summarize and a.shape[0] > 2 * EDGEITEMS
    if a.ndim == 1:
        if summarize and not EDGEITEMS:
            cells = ["..."]
        elif cut:
            cells = ([fmt.format(v) for v in a[:EDGEITEMS].tolist()] + [" ..."]
                     + [fmt.format(v) for v in a[-EDGEITEMS:].tolist()])
        else:
            cells = [fmt.format(v) for v in a.tolist()]
        # each cell costs its width plus ', '; the ' ...' marker counts as a cell too.
        per_line = max(1, (LINEWIDTH - indent) // (fmt.width + 2))
        lines = [", ".join(cells[i:i + per_line]) for i in range(0, len(cells), per_line)]
        return "[" + (",\n" + " " * (indent + 1)).join(lines) + "]"
    rows = range(a.shape[0])
    if cut:
        rows = list(range(EDGEITEMS)) + [None] + list(range(a.shape[0] - EDGEITEMS, a.shape[0]))
    parts = ["..." if i is None else _body(a[i], indent + 1, summarize, fmt) for i in rows]
    # blocks of a k-dim tensor are separated by k-1 newlines (so k-2 blank lines).
    return "[" + ("," + "\n" * (a.ndim - 1) + " " * (indent + 1)).join(parts) + "]"


def _add_suffixes(text: str, suffixes: list[str], indent: int) -> str:
    # torch's measure of the last line is 2 more than its true length (len - rfind('\n') + 1);
    # kept as is, since it decides where suffixes wrap.
    last_line_len = len(text) - text.rfind("\n") + 1
    for suffix in suffixes:
        if last_line_len + len(suffix) + 2 > LINEWIDTH:
            text += ",\n" + " " * indent + suffix
            last_line_len = indent + len(suffix)
        else:
            text += ", " + suffix
            last_line_len += len(suffix) + 2
    return text + ")"


def tensor_repr(data: "np.ndarray", dtype: str, *, requires_grad: bool = False, grad_fn: str | None = None,
                tangent: str | None = None) -> str:
    """What repr(t) / str(t) prints for a torch tensor with these values, dtype name and autograd state."""
    a = np.asarray(data, dtype=_NP_DTYPES[dtype])
    prefix = "tensor("
    indent = len(prefix)
    suffixes = []
    if a.size == 0:
        body = "[]"
        if a.ndim != 1:  # like NumPy, the shape is spelled out unless it is (0,)
            suffixes.append(f"size={tuple(a.shape)}")
        if dtype != dtypes.default_float.name:  # no elements to infer an int dtype from, so even int64 and bool are named
            suffixes.append(f"dtype=torch.{dtype}")
    else:
        if not EDGEITEMS:
            suffixes.append(f"size={tuple(a.shape)}")
        if dtype not in _IMPLICIT_DTYPES and dtype != dtypes.default_float.name:
            suffixes.append(f"dtype=torch.{dtype}")
        summarize = a.size > THRESHOLD
        body = _body(a, indent, summarize, _Formatter(_summarized(a) if summarize else a))
    if grad_fn is not None:
        suffixes.append(f"grad_fn=<{grad_fn}>")
    elif requires_grad:
        suffixes.append("requires_grad=True")
    if tangent is not None:
        suffixes.append(f"tangent={tangent}")
    return _add_suffixes(prefix + body, suffixes, indent)


def numbers_repr(data: "np.ndarray", threshold: int = THRESHOLD) -> str:
    """The numbers alone as a tensor's repr shows them: without `tensor(`, the suffixes or their indent;
    summarised past `threshold` elements, as after torch.set_printoptions(threshold=...)."""
    a = np.asarray(data)
    if a.size == 0:
        return "[]"
    summarize = a.size > threshold
    return _body(a, 0, summarize, _Formatter(_summarized(a) if summarize else a))


def size_repr(shape: tuple) -> str:
    """repr(torch.Size(shape))."""
    return f"torch.Size([{', '.join(str(int(n)) for n in shape)}])"


def return_types_repr(name: str, fields: list[tuple[str, str]]) -> str:
    """repr of a torch.return_types structseq (e.g. torch.max(x, 0)), given each field's name and repr."""
    return f"torch.return_types.{name}(\n" + ",\n".join(f"{k}={v}" for k, v in fields) + ")"
