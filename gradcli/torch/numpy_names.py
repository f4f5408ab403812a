"""The keyword spellings torch's native functions accept besides their own: `x.sum(axis=0, keepdims=True)`,
`torch.zeros_like(input=x)`.

torch's argument parser (torch/csrc/utils/python_arg_parser.cpp) lets every native function's `dim` be spelt
`axis` and its `keepdim` `keepdims` (numpy_compatibility_arg_names; d2l writes them so), and names every
function's first tensor `input`, which gradcli's engine functions call `x`. Functions torch writes in Python
(Tensor.norm) take neither, and a call that already names `dim` gets no `axis` renamed.
"""

import inspect

NUMPY_SPELLINGS = {"axis": "dim", "keepdims": "keepdim"}
PYTHON_DEFINED = frozenset({"norm"})  # torch's own Python functions: their signature is theirs alone
ENGINE_PACKAGE = "gradcli.engine"


def spelled_by_torch(function, args, kwargs):
    """(args, kwargs) as the engine function takes them, if `function` is one of torch's native functions."""
    op = getattr(function, "__func__", function)
    module = getattr(op, "__module__", None) or ""
    if not (module == ENGINE_PACKAGE or module.startswith(ENGINE_PACKAGE + ".")) or op.__name__ in PYTHON_DEFINED:
        return args, kwargs
    renamed = {}
    for key, value in kwargs.items():
        name = NUMPY_SPELLINGS.get(key, key)
        renamed[name if name not in kwargs else key] = value
    if "input" in renamed and not args and not hasattr(function, "__self__") and _takes_no_input_keyword(op):
        args = (renamed.pop("input"),)
    return args, renamed


def _takes_no_input_keyword(op):
    try:
        return "input" not in inspect.signature(op).parameters
    except (TypeError, ValueError):  # a builtin without a signature
        return False
