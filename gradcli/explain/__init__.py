"""Explaining derivatives, as a Python API that needs neither Typer nor Rich:

- gradcli.explain.backprop: backpropagation node by node (`explain(output, labels)` -> Explanation: the
  forward stages, the backward walk in the engine's order, each leaf's .grad);
- gradcli.explain.curves: f and its derivatives sampled along one variable (`sample(...)` -> Curves).

gradcli's `explain` and `plot` commands and the REPL's `:explain` render what these return. The names below
load their module when first used, so `plot` never pays for backprop's and the reverse.
"""

_EXPORTS = {
    "explain": "backprop", "Explanation": "backprop", "ExplainError": "backprop", "Labels": "backprop",
    "Stage": "backprop", "Step": "backprop", "Sent": "backprop",
    "sample": "curves", "Curves": "curves", "CurveError": "curves",
}

__all__ = list(_EXPORTS)


def __getattr__(name):
    if name not in _EXPORTS:
        raise AttributeError(f"module 'gradcli.explain' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f"gradcli.explain.{_EXPORTS[name]}"), name)
