"""NumPy's argument names that torch's native functions accept: `x.sum(axis=0, keepdims=True)`.

torch's argument parser (torch/csrc/utils/python_arg_parser.cpp, numpy_compatibility_arg_names) lets every
native function's `dim` be spelt `axis` and its `keepdim` `keepdims`; d2l writes them so. Functions torch
writes in Python (Tensor.norm, F.softmax) do not take them, and neither does a call that already names `dim`.
"""

from gradcli.engine.rules import tensor_arguments

NUMPY_SPELLINGS = {"axis": "dim", "keepdims": "keepdim"}
PYTHON_DEFINED = frozenset({"norm"})  # torch's own Python functions: their signature is theirs alone


def torch_keywords(function, kwargs):
    """kwargs with NumPy's spellings renamed to torch's, if `function` is one of the engine's native ops."""
    op = getattr(function, "__func__", function)
    try:
        native = tensor_arguments(op) is not None and op.__name__ not in PYTHON_DEFINED
    except TypeError:  # an unhashable callable is no op
        return kwargs
    if not native:
        return kwargs
    renamed = {}
    for key, value in kwargs.items():
        name = NUMPY_SPELLINGS.get(key, key)
        renamed[name if name not in kwargs else key] = value
    return renamed
