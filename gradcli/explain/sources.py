"""What names the nodes of a graph, for the two places graphs come from: an expression the calculator runs
(every sub-expression's source text and value kept), and a tensor of a REPL session (the session's lines,
which the engine records each node at, and its variables)."""

from gradcli import calc
from gradcli.calc.graph import Run, source_text
from gradcli.explain.backprop import ExplainError, Labels, explain
from gradcli.lang.nodes import Name
from gradcli.torch import Tensor


def explain_problem(problem):
    """EXPR (or CODE's output) of a gradcli.calc.Problem, evaluated with every sub-expression kept, then
    explained; an error EXPR raises is a CalcError (exit code 1), as in the other calculator commands."""
    run = calc.computing(problem, Run, problem, problem.leaves())
    return calc.computing(problem, explain, run.output, ProblemLabels(run))


class ProblemLabels(Labels):
    """Nodes named by the source text that made them (`q = x + 2*y` when a statement named the value);
    leaves listed in the order EXPR first reads them."""

    def __init__(self, run):
        self.run = run
        self.reads = {}
        for syntax, value in run.interpreter.recorded:
            if isinstance(syntax, Name):
                self.reads.setdefault(id(value), len(self.reads))

    def source(self, node):
        made = self.run.made.get(node)
        if made is None:
            return None
        return _named(self.run.names.get(id(made[1])), self.run.text(made[0]))

    def value(self, node):
        made = self.run.made.get(node)
        return made[1] if made is not None else None

    def leaf_name(self, tensor):
        return self.run.names.get(id(tensor))

    def leaf_rank(self, tensor):
        return self.reads.get(id(tensor))


def explain_variable(value, variables, lines):
    """The explanation of a REPL session's tensor `value`: nodes labelled with the session's `lines` and
    `variables` ({name: value}); values the session no longer holds are not shown. Nothing is changed."""
    try:
        return explain(value, SessionLabels(value, variables, lines))
    except RuntimeError as error:  # an earlier input's backward freed the graph, or an in-place op changed it
        if getattr(error, "context", {}).get("kind") not in ("freed", "modified"):
            raise
        raise ExplainError(str(error)) from None


class SessionLabels(Labels):
    def __init__(self, value, variables, lines):
        self.lines = lines
        self.names = {id(tensor): name for name, tensor in variables.items() if isinstance(tensor, Tensor)}
        self.ranks = {key: rank for rank, key in enumerate(self.names)}  # leaves in the order they were bound
        self.produced = {tensor.grad_fn: tensor for tensor in variables.values()
                         if isinstance(tensor, Tensor) and tensor.grad_fn is not None}
        self.produced[value.grad_fn] = value

    def source(self, node):
        text = None
        if node.location is not None:
            try:
                text = source_text(self.lines, node.location.span)
            except IndexError:  # made before a :reset, whose lines are forgotten
                text = None
        return _named(self.names.get(id(self.produced.get(node))), text) or None

    def value(self, node):
        return self.produced.get(node)

    def leaf_name(self, tensor):
        return self.names.get(id(tensor))

    def leaf_rank(self, tensor):
        return self.ranks.get(id(tensor))


def _named(name, text):
    """`q = x + 2*y` when a variable holds the value, else the text (or the name alone)."""
    return f"{name} = {text}" if name and text and name != text else name or text
