"""Teaching hints: after an error (or warning) line, `hint:` lines that name the script line responsible.

The engine records where graph nodes and tensors were made, and where a backward freed a graph, by
asking the location hook the session installs; that location is a Location: the span that was running
and whether gradients were being recorded. Engine errors carry `context`: their kind and the objects
involved.
"""

import re
from typing import NamedTuple

from gradcli.engine.tensor import NON_LEAF_GRAD_WARNING, Tensor
from gradcli.lang.nodes import Span
from gradcli.runtime.sandbox.modules import IMPORTABLE


IDENTIFIER = r"[^\W\d]\w*"  # compiled (and cached by re) by the first hint that needs it, not at every start
# the openings of torch.optim.lr_scheduler's warnings (written out: torch.optim loads only when a script uses it)
SCHEDULER_FIRST_WARNING = "Detected call of `lr_scheduler.step()` before `optimizer.step()`."
GET_LR_WARNING = "To get the last learning rate computed by the scheduler, please use `get_last_lr()`."
CONSTANT_FIX = ("create it with requires_grad=True (torch.tensor(..., requires_grad=True)), or call "
                ".requires_grad_() on it before computing")


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
        if str(message).startswith(SCHEDULER_FIRST_WARNING):
            return ["call optimizer.step() before scheduler.step() in each iteration: a scheduler that steps first "
                    "moves the learning rate on before the optimizer has used the schedule's first one"]
        if str(message) == GET_LR_WARNING:
            return ["get_lr() is the scheduler's rule for its next step (most compute it from the rate in use), "
                    "not the rate in use: read scheduler.get_last_lr() or optimizer.param_groups[0]['lr']"]
        return []

    def for_misuse(self, kind, optimizer, param=None):
        """Hints for a silent misuse gradcli.torch reported (gradcli/torch/misuse.py), at the running line."""
        here = self._at(Location(self.interpreter.location, True)) if self.interpreter.location else "here"
        if kind == "step_without_grad":
            return [f"the step {here} found no gradient in any parameter, so it changed nothing",
                    "call loss.backward() before optimizer.step(): backward is what fills each parameter's .grad"]
        name = self._name(param) if self._name(param) != "the tensor" else "a parameter"
        return [f"the step {here} used the .grad of {name} that the previous step used, not reset since: each "
                "backward adds its gradients into .grad, so they accumulate across iterations",
                "call optimizer.zero_grad() once per iteration, before loss.backward()"]

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

    def inplace_leaf(self, kind, tensor):
        name = self._name(tensor)
        return [f"{name} is a leaf that requires grad (made {self._at(tensor._location)}): autograd cannot record "
                "a change made to it in place",
                "change it under `with torch.no_grad():` (as an optimizer step does), or out of place "
                f"({name} = {name} + 1 rather than {name} += 1)"]

    def unused(self, kind, tensor):
        name = self._name(tensor)
        return [f"{name} (made {self._at(tensor._location)}) is not among what the outputs were computed from",
                f"pass allow_unused=True to get None as its gradient, or leave {name} out of the inputs"]

    def non_scalar(self, kind, tensor):
        name = self._name(tensor)
        return [f"{name} has shape {tensor.shape}: it was computed {self._at(tensor._location)}",
                f"backward without a gradient needs one element: use {name}.sum().backward(), or pass "
                f"gradient=torch.ones_like({name})"]

    def no_grad(self, kind, tensor):
        """Why the tensor has no graph: how it was made, or else how its inputs (the tensors named on the
        line that computed it) were made. One hint line per cause, then the fix for the first."""
        name = self._name(tensor)
        causes = [self._why_no_grad(name, tensor)]
        if causes[0][1] is CONSTANT_FIX:
            causes = [self._why_no_grad(*named) for named in self._constant_inputs(tensor)] or causes
        return [reason for reason, _ in causes] + [causes[0][1]]

    def _why_no_grad(self, name, tensor):
        """(why `tensor` does not require grad, how to make it), from where and how it was made."""
        location = tensor._location
        if location is not None and not location.grad_enabled:
            return (f"{name} was computed under torch.no_grad() {self._at(location)}",
                    "compute it outside `with torch.no_grad():` to record its graph")
        if location is not None and ".detach(" in self._source(location.span.line):
            return (f"{name} was made by .detach() {self._at(location)}",
                    ".detach() cuts the graph: backward from the tensor before .detach() instead")
        return f"{name} does not require grad: it was made {self._at(location)}", CONSTANT_FIX

    def _constant_inputs(self, tensor):
        """The tensors named on the line that computed `tensor` which do not require grad either."""
        if tensor._location is None:
            return []
        words = dict.fromkeys(re.findall(IDENTIFIER, self._source(tensor._location.span.line)))
        found = [(word, self._lookup(word)) for word in words]
        return [(word, value) for word, value in found
                if isinstance(value, Tensor) and value is not tensor and not value.requires_grad]

    EXPLAINERS = {"freed": freed, "modified": modified, "inplace_leaf": inplace_leaf, "non_scalar": non_scalar,
                  "no_grad": no_grad, "unused": unused}

    # ---- helpers ----------------------------------------------------------------------------------------

    def _source(self, line):
        return self.lines[line - 1].strip() if 0 < line <= len(self.lines) else ""

    def _at(self, location):
        if location is None:
            return "outside the script"
        line = location.span.line
        return f"at line {line}: {self._source(line)}"

    def _variables(self):
        """The running scope's variables, then the module's."""
        return (self.interpreter.scope.variables, self.interpreter.module_scope.variables)

    def _name(self, tensor):
        """The script's name for `tensor`."""
        for variables in self._variables():
            for name, value in variables.items():
                if value is tensor:
                    return name
        return "the tensor"

    def _lookup(self, name):
        for variables in self._variables():
            if name in variables:
                return variables[name]
        return None
