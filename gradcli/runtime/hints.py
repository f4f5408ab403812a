"""Teaching hints: after an error (or warning) line, `hint:` lines that name the script line responsible.

The engine records where graph nodes and tensors were made, and where a backward freed a graph, by
asking the location hook the session installs; that location is a Location: the span that was running
and whether gradients were being recorded. Engine errors carry `context`: their kind and the objects
involved.
"""

from __future__ import annotations

from typing import NamedTuple

from gradcli.engine.tensor import NON_LEAF_GRAD_WARNING, Tensor
from gradcli.lang.nodes import Span
from gradcli.runtime.modules import IMPORTABLE


class Location(NamedTuple):
    span: Span
    grad_enabled: bool


class Hints:
    def __init__(self, lines, interpreter):
        self.lines = lines
        self.interpreter = interpreter

    def for_error(self, error):
        """The hint lines (without the `hint: ` prefix) for an uncaught error."""
        if isinstance(error, ModuleNotFoundError):
            return [f"gradcli scripts can import {', '.join(IMPORTABLE[:-1])} and {IMPORTABLE[-1]}"]
        context = getattr(error, "context", None)
        explain = self.EXPLAINERS.get(context.get("kind")) if isinstance(context, dict) else None
        return explain(self, **context) if explain is not None else []

    def for_warning(self, message, subject):
        """Hints for a warning; `subject` is the object whose attribute was being read when it was issued."""
        if str(message) == NON_LEAF_GRAD_WARNING and isinstance(subject, Tensor) and subject.grad_fn is not None:
            name = self._name(subject)
            return [f"{name} is not a leaf: it was computed {self._at(subject.grad_fn.location)}",
                    f"call {name}.retain_grad() before backward to keep its .grad, or read .grad of the leaf "
                    "tensors it was computed from"]
        return []

    # ---- one explainer per engine error kind -----------------------------------------------------------

    def freed(self, kind, node):
        if node.released_location is None:
            return ["a backward already went through this graph and freed it; give that call retain_graph=True"]
        return [f"the graph was freed by the backward {self._at(node.released_location)}",
                "give that call retain_graph=True to backward through the graph again"]

    def modified(self, kind, node, tensor):
        return [f"a tensor this backward needs was changed in place {self._at(tensor._location)}",
                f"it was saved by {node.name()} {self._at(node.location)}",
                "use the out-of-place form there (b = b * 2, not b.mul_(2)), or modify a .clone() instead"]

    def non_scalar(self, kind, tensor):
        name = self._name(tensor)
        return [f"{name} has shape {tensor.shape}: it was computed {self._at(tensor._location)}",
                f"backward without a gradient needs one element: use {name}.sum().backward(), or pass "
                f"gradient=torch.ones_like({name})"]

    def no_grad(self, kind, tensor):
        name = self._name(tensor)
        location = tensor._location
        if location is None:
            cause = f"{name} does not require grad"
        elif not location.grad_enabled:
            cause = f"{name} was computed under torch.no_grad() {self._at(location)}"
        elif ".detach(" in self._source(location.span.line):
            cause = f"{name} was made by .detach() {self._at(location)}"
        else:
            cause = f"{name} was computed from tensors that do not require grad {self._at(location)}"
        return [cause, "create its inputs with requires_grad=True (torch.tensor(..., requires_grad=True)), or call "
                       ".requires_grad_() on them before computing"]

    EXPLAINERS = {"freed": freed, "modified": modified, "non_scalar": non_scalar, "no_grad": no_grad}

    # ---- helpers ----------------------------------------------------------------------------------------

    def _source(self, line):
        return self.lines[line - 1].strip() if 0 < line <= len(self.lines) else ""

    def _at(self, location):
        if location is None:
            return "outside the script"
        line = location.span.line
        return f"at line {line}: {self._source(line)}"

    def _name(self, tensor):
        """The script's name for `tensor`, looked up in the running scope and the module's."""
        scope = self.interpreter.scope
        for variables in (getattr(scope, "variables", {}), self.interpreter.module_scope.variables):
            for name, value in variables.items():
                if value is tensor:
                    return name
        return "the tensor"
