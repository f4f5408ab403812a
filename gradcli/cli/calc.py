"""The calculator: `gradcli grad`, `jacobian`, `hessian`, `jvp` and `graph`, one shell command each.

EXPR is an expression of the gradcli language, evaluated by the language's interpreter in a calculator
namespace (math functions bare, plain numbers accepted where tensors are, float64 by default). Every
`--at NAME=VALUE` binds a name to a leaf tensor; VALUE is a literal, never an expression.

Exit codes: 0 a result (nan and inf included, with a warning saying where they came from); 1 a computation
error; 2 bad usage or input. Only typer is imported here: the language, the engine and Rich load when a
command runs (Rich only when a terminal shows the result), so `gradcli --help` and `--json` stay fast.
"""

import contextlib
import enum
import functools
import keyword
import sys
from typing import Annotated, Optional

import typer
from typer.core import TyperCommand, TyperGroup

EXIT_COMPUTATION, EXIT_USAGE = 1, 2
VALUE_HELP = "a number (3, -0.5, nan, inf) or a nested list ([1,2], [[1,2],[3,4]])"


class CalcError(Exception):
    """A failure reported to the user: a message (its later lines are details) and an exit code."""

    def __init__(self, message, exit_code=EXIT_USAGE):
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code


class DType(str, enum.Enum):
    float64 = "float64"
    float32 = "float32"


Expr = Annotated[str, typer.Argument(metavar="EXPR", show_default=False,
                                     help="An expression of the gradcli language, e.g. 'x**2 * sin(x)'.")]
At = Annotated[Optional[list[str]], typer.Option(
    "--at", metavar="NAME=VALUE", show_default=False,
    help=f"Bind NAME to a leaf tensor (once per name); VALUE is {VALUE_HELP}.")]
Wrt = Annotated[Optional[list[str]], typer.Option(
    "--wrt", metavar="NAME", show_default=False, help="Differentiate with respect to NAME only (repeatable).")]
DTypeOption = Annotated[DType, typer.Option("--dtype", help="Compute in this dtype (literals in EXPR too).")]
Json = Annotated[bool, typer.Option("--json", help="Print exactly one JSON object (repr-exact numbers).")]


def grad_command(expr: Expr, at: At = None, wrt: Wrt = None,
                 vjp: Annotated[Optional[str], typer.Option(
                     "--vjp", metavar="VALUE", show_default=False,
                     help="For a non-scalar EXPR: the vector of the vector-Jacobian product (the output's shape).")]
                 = None,
                 order: Annotated[int, typer.Option("--order", min=1, max=2,
                                                    help="2 adds the second derivatives (the Hessian).")] = 1,
                 dtype: DTypeOption = DType.float64, json: Json = False) -> None:
    """The value of EXPR and its gradient: gradcli grad "x**2 * sin(x)" --at x=0.5"""
    with reported_errors():
        problem = Problem(expr, at, wrt, dtype)
        report, vector = gradient_report(problem, vjp, checked_choice("--order", order, (1, 2)))
        finish(report, json, problem, vector)


def jacobian_command(expr: Expr, at: At = None, wrt: Wrt = None, dtype: DTypeOption = DType.float64,
                     json: Json = False) -> None:
    """The full Jacobian of EXPR, shape out.shape + in.shape per input: gradcli jacobian "x * y" --at x=[1,2] --at y=3"""
    with reported_errors():
        problem = Problem(expr, at, wrt, dtype)
        finish(jacobian_report(problem), json, problem)


def hessian_command(expr: Expr, at: At = None, wrt: Wrt = None, dtype: DTypeOption = DType.float64,
                    json: Json = False) -> None:
    """All second partials of a scalar EXPR: gradcli hessian "x**2 * y" --at x=1 --at y=2"""
    with reported_errors():
        problem = Problem(expr, at, wrt, dtype)
        finish(hessian_report(problem), json, problem)


def jvp_command(expr: Expr, at: At = None,
                tangent: Annotated[Optional[list[str]], typer.Option(
                    "--tangent", metavar="NAME=VALUE", show_default=False,
                    help="The direction for input NAME (repeatable); inputs without one get zeros.")] = None,
                dtype: DTypeOption = DType.float64, json: Json = False) -> None:
    """The Jacobian-vector product J·t of EXPR: gradcli jvp "x * y" --at x=2 --at y=3 --tangent x=1"""
    with reported_errors():
        problem = Problem(expr, at, None, dtype)
        tangents = parse_bindings(tangent, "--tangent")
        finish(jvp_report(problem, tangents), json, problem)


def graph_command(code: Annotated[str, typer.Argument(
                      metavar="CODE_OR_EXPR", show_default=False,
                      help="An expression, or statements whose last one is the output (q = x + y; f = q * z).")],
                  at: At = None, dtype: DTypeOption = DType.float64,
                  dot: Annotated[bool, typer.Option("--dot", help="Print Graphviz DOT instead of a tree.")]
                  = False) -> None:
    """The computation graph: each node's grad_fn, forward value and the gradient flowing into it."""
    from gradcli.cli import graphview, render

    with reported_errors():
        problem = Problem(code, at, None, dtype, statements=True)
        graph = computing(problem, graphview.trace, problem)
        if dot:
            sys.stdout.write(graphview.dot(graph))
        else:
            render.show_tree(graphview.tree(graph))
        for message in graph.notes:
            render.warn(message)


# ---- what each command computes ----------------------------------------------------------------------


def gradient_report(problem, vjp_text, order):
    """The report, and the vector of the vector-Jacobian product (None for a scalar EXPR)."""
    from gradcli.cli.render import Report, shape_text

    value = computing(problem, problem.output)
    if vjp_text is None and value.numel() != 1:
        shape = shape_text(value)
        raise CalcError(f"EXPR is not a scalar: its output has shape {shape}\n"
                        f"  grad needs a scalar; pass --vjp VALUE (shape {shape}) for the vector-Jacobian product,\n"
                        f"  or use `gradcli jacobian` for every partial derivative")
    vector = None
    if vjp_text is not None:
        vector = problem.tensor(parse_value(vjp_text, "--vjp"))
        if vector.shape != value.shape:
            raise CalcError(f"--vjp has shape {shape_text(vector)} but EXPR's output has shape {shape_text(value)}")
    torch = _torch()
    _, grads = computing(problem, torch.autograd.functional.vjp, problem.function, problem.inputs(), vector)
    context = problem.context(*([f"vjp v={vjp_text.strip()}"] if vjp_text is not None else []))
    report = Report(problem.source, context).add("value", value).add("grad", problem.by_input(grads))
    if order == 2:
        scalar = problem.function if vector is None else (lambda *xs: (problem.function(*xs) * vector).sum())
        hessians = computing(problem, torch.autograd.functional.hessian, scalar, problem.inputs())
        report.add("hessian", problem.by_input_pair(hessians))
    return report, vector


def jacobian_report(problem):
    from gradcli.cli.render import Report

    value = computing(problem, problem.output)
    jacobians = computing(problem, _torch().autograd.functional.jacobian, problem.function, problem.inputs())
    return Report(problem.source, problem.context()).add("value", value).add("jacobian", problem.by_input(jacobians))


def hessian_report(problem):
    from gradcli.cli.render import Report, shape_text

    value = computing(problem, problem.output)
    if value.numel() != 1:
        raise CalcError(f"hessian needs a scalar EXPR, but its output has shape {shape_text(value)}\n"
                        f"  reduce it (sum(...), mean(...)) or use `gradcli jacobian`")
    hessians = computing(problem, _torch().autograd.functional.hessian, problem.function, problem.inputs())
    return Report(problem.source, problem.context()).add("value", value).add("hessian", problem.by_input_pair(hessians))


def jvp_report(problem, tangents):
    from gradcli.cli.render import Report, shape_text

    inputs = problem.inputs()
    for name, (array, _) in tangents.items():
        if name not in problem.wrt:
            raise CalcError(f"--tangent {name}: {name} is not bound; bind it with --at {name}=VALUE")
        if array.shape != problem.values[name].shape:
            raise CalcError(f"--tangent {name} has shape {shape_text(array)} but {name} has shape "
                            f"{shape_text(problem.values[name])}")
    if not tangents and not (len(inputs) == 1 and inputs[0].numel() == 1):
        raise CalcError("jvp needs a direction: --tangent NAME=VALUE for one or more inputs "
                        "(inputs without one get zeros)")
    torch = _torch()
    # Without --tangent, torch's own default: the one scalar input moves by 1.
    vector = tuple(problem.tensor(tangents[name][0]) if name in tangents else torch.zeros_like(x)
                   for name, x in zip(problem.wrt, inputs)) if tangents else None
    value, product = computing(problem, torch.autograd.functional.jvp, problem.function, inputs, vector)
    context = problem.context(*(f"tangent {name}={text}" for name, (_, text) in tangents.items()))
    return Report(problem.source, context).add("value", value).add("jvp", product)


def finish(report, as_json, problem, cotangent=None):
    """Show the report, then warn about every nan or inf in it, saying where it came from."""
    from gradcli.cli import render

    render.show(report, as_json)
    non_finite = [(label, array) for label, array in report.rows() if render.has_non_finite(array)]
    if non_finite:
        from gradcli.cli import graphview

        for message in computing(problem, graphview.explain_non_finite, problem, non_finite, cotangent):
            render.warn(message)


# ---- the problem: EXPR, its bindings and the calculator namespace --------------------------------------


class Problem:
    """EXPR parsed, its names bound to values, the inputs to differentiate chosen, in one dtype."""

    def __init__(self, source, at, wrt, dtype, statements=False):
        self.source = source.strip()
        self.dtype_name = checked_choice("--dtype", dtype, DType).value
        bindings = parse_bindings(at, "--at")
        self.values = {name: array for name, (array, _) in bindings.items()}
        self.value_texts = {name: text for name, (_, text) in bindings.items()}
        self.wrt = list(dict.fromkeys(wrt)) if wrt else list(bindings)
        for name in self.wrt:
            if name not in bindings:
                raise CalcError(f"--wrt {name}: {name} is not bound; bind it with --at {name}=VALUE")
        self.calculator = calculator(self.dtype_name)
        self.program = Program(self.source, statements)
        self.program.check_names(self.calculator, bindings)
        self.constants = {name: self.tensor(array) for name, array in self.values.items() if name not in self.wrt}

    def context(self, *extras):
        """`at x=0.5, y=[1,2] (float64)`: the bindings as typed, then `extras` such as `tangent x=1`."""
        parts = [f"{name}={text}" for name, text in self.value_texts.items()] + list(extras)
        return (f"at {', '.join(parts)} " if parts else "") + f"({self.dtype_name})"

    def tensor(self, array, requires_grad=False):
        return _torch().tensor(array, dtype=self.calculator.dtype, requires_grad=requires_grad)

    def inputs(self):
        """Fresh tensors for the names to differentiate, in order (the functional API makes them leaves)."""
        return tuple(self.tensor(self.values[name]) for name in self.wrt)

    def leaves(self):
        return {name: self.tensor(array, requires_grad=True) for name, array in self.values.items()}

    def function(self, *inputs):
        """EXPR as a function of the inputs, for torch.autograd.functional."""
        bindings = {**self.constants, **dict(zip(self.wrt, inputs))}
        return self.as_output(self.program.run(self.calculator.interpreter(bindings)))

    def output(self):
        return self.function(*self.inputs())

    def as_output(self, value):
        torch = _torch()
        if isinstance(value, torch.Tensor):
            return value
        if isinstance(value, (int, float)):  # a constant EXPR such as `log(2)` folded to a number, or `3`
            return self.tensor(value)
        from gradcli.runtime.access import type_name

        raise CalcError(f"EXPR gives a {type_name(value)}, not a tensor or a number")

    def by_input(self, results):
        return dict(zip(self.wrt, results))

    def by_input_pair(self, rows):
        return {a: dict(zip(self.wrt, row)) for a, row in zip(self.wrt, rows)}


class Program:
    """The parsed source: one expression, or (for `graph`) statements whose last one gives the output."""

    def __init__(self, source, statements):
        from gradcli.lang import ScriptSyntaxError, nodes, parse

        self.source = source
        self.lines = source.split("\n")
        what = "CODE" if statements else "EXPR"
        try:
            module = parse(source)
        except ScriptSyntaxError as error:
            raise CalcError(f"{what} does not parse: {error.message}\n"
                            + caret(self.lines, nodes.Span(error.line, error.col, error.line, error.col + 1)))
        body = module.body
        if not body:
            raise CalcError(f"{what} is empty")
        last = body[-1]
        if not statements and (len(body) > 1 or not isinstance(last, nodes.ExprStmt)):
            raise CalcError("EXPR must be one expression (for statements, use `gradcli graph` or `gradcli eval`)\n"
                            + caret(self.lines, body[1].span if len(body) > 1 else last.span))
        if not isinstance(last, (nodes.ExprStmt, nodes.Assign)):
            raise CalcError("the last statement must give the output: an expression, or an assignment such as "
                            "f = q * z\n" + caret(self.lines, last.span))
        self.setup = nodes.Module(module.span, body[:-1])
        self.last = last
        self.body = body

    def check_names(self, calculator, bindings):
        """Every name read must be bound, by --at, the calculator or the code itself; say which are not."""
        from gradcli.lang.builder import bound_names
        from gradcli.lang.diagnostics import ScriptSyntaxError

        try:
            assigned = bound_names(self.body)
        except ScriptSyntaxError:  # `from torch import *` in CODE: names are checked as it runs instead
            return
        unbound = {}
        for name, span in names_read(self.body):
            if name not in bindings and name not in assigned and not calculator.has(name):
                unbound.setdefault(name, span)
        if unbound:
            names = list(unbound)
            quoted = ", ".join(f"'{name}'" for name in names)
            fix = " ".join(f"--at {name}=VALUE" for name in names)
            near = calculator.close_to(names[0])
            raise CalcError(f"{'name' if len(names) == 1 else 'names'} {quoted} {'is' if len(names) == 1 else 'are'} "
                            f"not bound: add {fix}" + (f" (or did you mean {near}?)" if near else "") + "\n"
                            + caret(self.lines, unbound[names[0]]))

    def run(self, interpreter):
        """The output's value, computed by `interpreter` (the graph view's one watches every sub-expression)."""
        from gradcli.lang import nodes

        interpreter.run(self.setup)
        if isinstance(self.last, nodes.ExprStmt):
            return interpreter.eval(self.last.value)
        interpreter.exec(self.last)
        target = self.last.targets[0]
        return interpreter.eval(target)


def names_read(body):
    """(name, span) of every Name in the tree, except the locals of lambdas, comprehensions and defs."""
    from gradcli.lang import nodes

    found = []

    def walk(value, local):
        if isinstance(value, list):
            for item in value:
                walk(item, local)
        elif isinstance(value, nodes.Node):
            if isinstance(value, nodes.Name):
                if value.id not in local:
                    found.append((value.id, value.span))
                return
            inner = local | getattr(value, "local_names", frozenset())
            for field in value.fields().values():
                walk(field, inner)

    walk(body, frozenset())
    return found


def caret(lines, span):
    from gradcli.runtime.report import source_with_caret

    return source_with_caret(lines, span)


class Calculator:
    """The names a calculator expression sees, and interpreters over them.

    A script's namespace (torch's names, F, Python's builtins), changed for math: `sum mean max min abs pow`
    and every other tensor function are torch's, bare, F's functions too; a plain number as a tensor
    function's tensor argument becomes a tensor (`log(2)`); `math`, `pi` and `e` exist; and, in float64,
    constructors make float64 where torch would make its default float32, as if
    torch.set_default_dtype(torch.float64) had run (the engine has no default dtype to set).
    """

    # Constructors whose float results take the default dtype: always, or when their data is float.
    ALWAYS_FLOAT = ("ones", "zeros", "empty", "rand", "randn", "eye", "linspace")
    FLOAT_FROM_DATA = ("tensor", "as_tensor", "full", "arange")

    def __init__(self, dtype_name):
        import math

        import gradcli.torch as torch
        from gradcli.engine.rules import tensor_arguments
        from gradcli.runtime.guards import Guards
        from gradcli.runtime.limits import Limits
        from gradcli.runtime.modules import language_module
        from gradcli.runtime.prelude import initial_variables, make_builtins
        from gradcli.runtime.values import LangModule

        self.dtype = getattr(torch, dtype_name)
        self.guards = Guards(Limits())
        self.builtins = make_builtins(_Stderr(), self.guards)
        variables = initial_variables(self.builtins)
        torch_module, functional = language_module("torch"), language_module("torch.nn.functional")
        constructors = self._defaulting_constructors(torch_module) if self.dtype is not torch.float32 else {}
        for module in (torch_module, functional):
            for name in module.public_names():
                member = module.member(name)
                # The engine declares how many leading arguments of each tensor function are tensors. Later
                # arguments keep torch's meaning (the 0 of `sum(x, 0)` is a dim, the 2 of `pow(x, 2)` an exponent).
                tensors = tensor_arguments(member) if callable(member) else None
                if tensors is not None:
                    variables[name] = self._accepting_numbers(member, tensors)
        variables.update(constructors)
        variables["torch"] = LangModule("torch", {**{name: torch_module.member(name)
                                                     for name in torch_module.public_names()}, **constructors})
        variables.update(math=language_module("math"), pi=math.pi, e=math.e)
        self.variables = variables

    def _accepting_numbers(self, function, tensor_arguments):
        dtype = self.dtype
        tensor = _torch().tensor

        @functools.wraps(function)
        def call(*args, **kwargs):
            args = [tensor(arg, dtype=dtype) if i < tensor_arguments and type(arg) in (int, float) else arg
                    for i, arg in enumerate(args)]
            return function(*args, **kwargs)

        return call

    def _defaulting_constructors(self, torch_module):
        torch = _torch()
        dtype = self.dtype
        guards = self.guards

        def defaulting(constructor, always_float):
            @functools.wraps(constructor)
            def make(*args, **kwargs):
                # The interpreter checks a call's size against the limits only for the constructors it
                # knows, before they allocate: these stand in for them, so they check for them.
                guards.check_call(constructor, args, kwargs)
                if "dtype" in kwargs or any(isinstance(arg, torch.dtype) for arg in args):
                    return constructor(*args, **kwargs)
                if not always_float:
                    made = constructor(*args, **kwargs)
                    if made.dtype is not torch.float32:
                        return made
                return constructor(*args, dtype=dtype, **kwargs)

            return make

        return {name: defaulting(torch_module.member(name), name in self.ALWAYS_FLOAT)
                for name in (*self.ALWAYS_FLOAT, *self.FLOAT_FROM_DATA)}

    def has(self, name):
        return name in self.variables or name in self.builtins

    def close_to(self, name):
        import difflib

        matches = difflib.get_close_matches(name, [*self.variables, *self.builtins], n=1)
        return matches[0] if matches else None

    def interpreter(self, bindings, interpreter_class=None):
        from gradcli.runtime.interpreter import Interpreter

        return (interpreter_class or Interpreter)({**self.variables, **bindings}, self.builtins, self.guards,
                                                  _ignore_display)


class _Stderr:
    """Where print() in EXPR or CODE writes: stderr, as it is at the time (stdout holds the result alone)."""

    def write(self, text):
        return sys.stderr.write(text)

    def flush(self):
        sys.stderr.flush()


def _ignore_display(value):
    """Expression statements before the output (in `graph` CODE) are not echoed: stdout is the result."""


@functools.cache
def calculator(dtype_name):
    return Calculator(dtype_name)


@functools.cache
def _torch():
    import gradcli.torch

    return gradcli.torch


def checked_choice(option, value, choices):
    """The choice `value` names: as typed on the command line (a string) or a default (a choice)."""
    for choice in choices:
        if str(value) == str(getattr(choice, "value", choice)) or value is choice:
            return choice
    named = ", ".join(str(getattr(choice, "value", choice)) for choice in choices)
    raise CalcError(f"{option} must be one of {named}, not {value}")


# ---- VALUE literals --------------------------------------------------------------------------------------


def parse_bindings(options, option):
    """NAME=VALUE options -> {name: (float64 array, VALUE as written)}, refusing duplicates and bad names."""
    bindings = {}
    for text in options or ():
        name, equals, value = text.partition("=")
        name = name.strip()
        if not equals:
            raise CalcError(f"{option} {text}: expected NAME=VALUE, e.g. {option} x=0.5")
        if not name.isidentifier() or keyword.iskeyword(name):
            raise CalcError(f"{option} {text}: '{name}' is not a name")
        if name in bindings:
            raise CalcError(f"{option} {name} is given twice ({name}={bindings[name][1]} and {text.strip()})")
        bindings[name] = (parse_value(value, f"{option} {name}"), value.strip())
    return bindings


MAX_VALUE_DIMS = 64


def value_tokens(text):
    """'[1, -2.5]' -> ['[', '1', ',', '-2.5', ']']: each bracket and comma, and each run of other non-space
    characters (a number, or what stands where one should)."""
    for delimiter in "[],":
        text = text.replace(delimiter, f" {delimiter} ")
    return text.split()


def parse_value(text, where):
    """A VALUE literal -> a float64 array: a number (3, -0.5, 1e-3, nan, inf, -inf) or nested lists of
    them. Never an expression: `2*pi` or `[1, x]` are refused."""
    import numpy as np

    tokens = [*value_tokens(text), None]
    at = 0

    def bad(reason):
        return CalcError(f"{where}: malformed VALUE {text.strip()!r}: {reason}\n  a VALUE is {VALUE_HELP}")

    depth = 0

    def value():
        nonlocal at, depth
        token = tokens[at]
        at += 1
        if token == "[":
            depth += 1
            if depth > MAX_VALUE_DIMS:  # NumPy's own limit; it also keeps this reader's recursion shallow
                raise bad(f"more than {MAX_VALUE_DIMS} nested lists (a tensor has at most {MAX_VALUE_DIMS} dimensions)")
            items = []
            while True:
                if tokens[at] is None:
                    raise bad("'[' is never closed")
                if tokens[at] == "]":
                    at += 1
                    depth -= 1
                    return items
                items.append(value())
                if tokens[at] == ",":
                    at += 1
                elif tokens[at] not in ("]", None):
                    raise bad(f"expected ',' or ']' before {tokens[at]!r}")
        if token is None:
            raise bad("expected a number or '['")
        if token in ",]":
            raise bad(f"unexpected '{token}'")
        try:
            return float(token)
        except ValueError:
            raise bad(f"{token!r} is not a number") from None

    parsed = value()
    if tokens[at] is not None:
        raise bad(f"unexpected {tokens[at]!r} after the value")
    try:
        return np.array(parsed, dtype=np.float64)
    except ValueError:
        raise bad("nested lists of different lengths (a tensor is rectangular)") from None


# ---- errors ---------------------------------------------------------------------------------------------


@contextlib.contextmanager
def reported_errors():
    """Usage and computation errors become a message on stderr and the exit code; typer.Exit is raised
    here, outside the body (typer.Exit is a RuntimeError, so the body's handlers must never see it)."""
    import os

    from gradcli.cli import render

    try:
        with _captured_warnings():
            yield
    except CalcError as error:
        render.report_error(error.message)
        raise typer.Exit(error.exit_code) from None
    except BrokenPipeError:  # the reader went away (`| head`): no more output, and no noise at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except Exception as error:  # a gradcli bug: say so plainly rather than show gradcli's own traceback
        from gradcli.runtime.report import exception_line

        render.report_error(f"internal error: {exception_line(error).strip()} (a gradcli bug; please report it)")
        raise typer.Exit(EXIT_COMPUTATION) from None


def computing(problem, function, *args):
    """Run the computation: an exception from it (the engine's message, the interpreter's position)
    becomes a computation error, exit code 1, shown with a caret under the failing part of EXPR."""
    try:
        return function(*args)
    except CalcError:
        raise
    except Exception as error:  # whatever EXPR raised: it is the user's error, not gradcli's
        raise CalcError(describe_exception(error, problem), EXIT_COMPUTATION) from None


def describe_exception(error, problem):
    from gradcli.runtime.interpreter import TRACE_ATTRIBUTE
    from gradcli.runtime.report import exception_line

    text = exception_line(error)
    trace = getattr(error, TRACE_ATTRIBUTE, None)
    if trace:
        text += caret(problem.program.lines, trace[-1][1])
    return text


@contextlib.contextmanager
def _captured_warnings():
    """The engine's warnings (torch's UserWarnings) as `gradcli: warning:` lines, each once."""
    import warnings

    from gradcli.cli import render

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            yield
        finally:
            for message in dict.fromkeys(f"{w.category.__name__}: {w.message}" for w in caught):
                render.warn(message)


# ---- Typer plumbing ---------------------------------------------------------------------------------


class _Verbatim:
    """Typer 0.29 passes every option value through a pydantic TypeAdapter, and importing pydantic alone
    takes longer than a whole calculation. The calculator's options are strings and flags that this module
    checks itself (checked_choice, parse_bindings), so their values pass through as the parser read them."""

    def coerce(self, value, param, ctx):
        return list(value) if isinstance(value, tuple) else value


def _verbatim(params):
    for param in params:
        param._runtime_param = _Verbatim()  # the slot Typer fills lazily with its pydantic coercion
    return params


class VerbatimCommand(TyperCommand):
    def get_params(self, ctx):
        return _verbatim(super().get_params(ctx))


class VerbatimGroup(TyperGroup):
    """The app's group, whose --help option would otherwise load pydantic before any command runs."""

    def get_params(self, ctx):
        return _verbatim(super().get_params(ctx))


# EXPR may start with '-' (`-x**2`): the commands keep unknown options as arguments.
COMMAND_SETTINGS = {"ignore_unknown_options": True}
REGISTRATION = {"cls": VerbatimCommand, "context_settings": COMMAND_SETTINGS}
