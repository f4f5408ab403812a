"""The names a calculator expression sees (a script's namespace, changed for mathematics)."""

import functools
import sys


_UNSET = object()


class Calculator:
    """The names a calculator expression sees, and interpreters over them.

    A script's namespace (torch's names, F, Python's builtins), changed for math: `sum mean max min abs pow`
    and every other tensor function are torch's, bare, F's functions too (torch's, where both have a name);
    a plain number as a tensor function's tensor argument becomes a tensor (`log(2)`); `math`, `pi` and `e`
    exist; and, in float64, constructors make float64 where torch would make its default float32, as if
    torch.set_default_dtype(torch.float64) had run (the engine has no default dtype to set).

    The names are `names`, the builtins of the interpreters over them, each made at its first read: an
    expression reads a few of some 250, and making them all (each function wrapped, F imported) cost every
    calculator command and `gradcli check` about 2 ms at its start.
    """

    # Constructors whose float results take the default dtype: always, or when their data is float.
    ALWAYS_FLOAT = ("ones", "zeros", "empty", "rand", "randn", "eye", "linspace")
    FLOAT_FROM_DATA = ("tensor", "as_tensor", "full", "arange")
    # Calculus notation, in calculator expressions only (scripts keep torch's names): the name, and torch's.
    ALIASES = {"ln": "log", "arcsin": "asin", "arccos": "acos", "arctan": "atan", "arctan2": "atan2",
               "arcsinh": "asinh", "arccosh": "acosh", "arctanh": "atanh"}
    RECIPROCALS = {"sec": "cos", "csc": "sin", "cot": "tan"}  # sec(x) is 1 / cos(x), recorded as such
    # math's functions whose tensor version has another name in torch.
    MATH_TO_TORCH = {"fabs": "abs"}
    # What a call with the wrong arguments most likely meant.
    CALL_HINTS = {"log": "for a logarithm in base b write log(x) / log(b) (or log2(x), log10(x))"}

    def __init__(self, dtype_name, degrees=False):
        from gradcli.runtime.sandbox.guards import Guards
        from gradcli.runtime.sandbox.limits import Limits
        from gradcli.runtime.sandbox.modules import language_module
        from gradcli.runtime.sandbox.prelude import make_builtins

        self.dtype = getattr(torch_namespace(), dtype_name)
        self.degrees = degrees
        self.guards = Guards(Limits())
        self.builtins = make_builtins(_Stderr(), self.guards)
        self.torch_module = language_module("torch")
        self.names = _Names(self._made)
        self._expression_interpreter = None

    def _made(self, name):
        """The value of `name` (_UNSET for a name the calculator lacks), made from the names it stands for."""
        import math

        from gradcli.calc.values import DEGREE_ARGUMENTS, DEGREE_RESULTS

        if name in self.ALIASES:
            return self.names.get(self.ALIASES[name], _UNSET)  # a target the engine does not have gives none
        if name in self.RECIPROCALS:
            return self._reciprocal_of(name, self.names[self.RECIPROCALS[name]])
        if name in ("math", "pi", "e"):
            return self._math_module() if name == "math" else getattr(math, name)
        value = self._in_radians(name)
        if self.degrees and value is not _UNSET:
            # --deg: sin, cos and tan take degrees, their inverses give degrees (as a calculator in DEG mode)
            radians_per_degree = math.pi / 180
            if name in DEGREE_ARGUMENTS:
                return self._composed(name, value, before=radians_per_degree)
            if name in DEGREE_RESULTS:
                return self._composed(name, value, after=1 / radians_per_degree)
        return value

    def _in_radians(self, name):
        """torch's names (its tensor functions made to accept numbers), Python's builtins, F's tensor functions,
        in that order: F is imported only for a name neither of the others has (where both torch and F have a
        function, they compute the same)."""
        torch_module = self.torch_module
        if name == "torch":
            return torch_module.with_members(self._constructors)
        if name in self._constructors:
            return self._constructors[name]
        if name in self._torch_names:
            member = torch_module.member(name)
            # a torch name that is no tensor function and that a builtin has keeps the builtin (float, int, bool)
            return self._tensor_function(member) or self.builtins.get(name, member)
        value = self._script_names.get(name, self.builtins.get(name, _UNSET))  # F, __name__; len, range, ...
        if value is not _UNSET:
            return value
        functional = self._script_names["F"]  # (its names are known before its functions load)
        return (name in functional.public_names() and self._tensor_function(functional.member(name))) or _UNSET

    def _tensor_function(self, member):
        """A tensor function of the engine as the calculator calls it; None for any other member. The engine
        declares how many leading arguments of each are tensors. Later arguments keep torch's meaning (the 0
        of `sum(x, 0)` is a dim, the 2 of `pow(x, 2)` an exponent)."""
        from gradcli.engine.rules import tensor_arguments

        tensors = tensor_arguments(member) if callable(member) else None
        return self._accepting_numbers(member, tensors) if tensors is not None else None

    def _accepting_numbers(self, function, tensor_arguments):
        """`function` with plain numbers accepted as its tensor arguments, and a wrong call said in the
        calculator's terms (the engine's functions are closures whose own TypeError names their internals)."""
        dtype = self.dtype
        tensor = torch_namespace().tensor
        name = function.__name__
        hint = self.CALL_HINTS.get(name)

        # Whether a call binds depends only on how many positional arguments it has and which keywords: each
        # way of calling is bound once ({(count, *keywords): None, or the message of its TypeError}).
        refusals = {}

        @functools.wraps(function)
        def call(*args, **kwargs):
            args = [tensor(arg, dtype=dtype) if i < tensor_arguments and type(arg) in (int, float) else arg
                    for i, arg in enumerate(args)]
            way = (len(args), *kwargs)
            if way not in refusals:
                signature = _signature(function)
                try:
                    signature.bind(*args, **kwargs)
                    refusals[way] = None
                except TypeError as error:
                    refusals[way] = f"{name}{signature}: {error}" + (f"; {hint}" if hint else "")
            if refusals[way] is not None:
                raise TypeError(refusals[way]) from None
            return function(*args, **kwargs)

        return call

    def _reciprocal_of(self, name, function):
        reciprocal = torch_namespace().reciprocal

        def call(x):
            return reciprocal(function(x))

        call.__name__ = call.__qualname__ = name
        call.__doc__ = f"{name}(x) = 1 / {function.__name__}(x)"
        return call

    @staticmethod
    def _composed(name, function, before=1.0, after=1.0):
        """function(x * before) * after, for tensors and numbers, under function's name."""
        @functools.wraps(function)
        def call(*args):
            return function(*(arg * before for arg in args)) * after

        call.__qualname__ = name
        return call

    def _math_module(self):
        """math as the calculator sees it: a function of math given a tensor is torch's (math.sin(x) is
        sin(x)), so that the value stays in the graph; given numbers, it is math's. With --deg, math's
        trigonometry is the calculator's, in degrees."""
        from gradcli.calc.values import DEGREE_ARGUMENTS, DEGREE_RESULTS
        from gradcli.runtime.sandbox.modules import language_module
        from gradcli.runtime.values import LangModule

        Tensor = torch_namespace().Tensor
        math_module = language_module("math")
        members = {}
        for name in math_module.public_names():
            member = math_module.member(name)
            tensor_version = self.names.get(self.MATH_TO_TORCH.get(name, name))
            if self.degrees and name in (*DEGREE_ARGUMENTS, *DEGREE_RESULTS) and tensor_version is not None:
                member = tensor_version
            elif callable(member) and callable(tensor_version):
                member = self._by_argument_type(member, tensor_version, Tensor)
            members[name] = member
        return LangModule("math", members)

    @staticmethod
    def _by_argument_type(for_numbers, for_tensors, Tensor):
        @functools.wraps(for_numbers)
        def call(*args):
            if any(isinstance(arg, Tensor) for arg in args):
                return for_tensors(*args)
            return for_numbers(*args)

        return call

    @functools.cached_property
    def _torch_names(self):
        return frozenset(self.torch_module.public_names())

    @functools.cached_property
    def _script_names(self):
        """The names a script starts with besides torch's (gradcli.runtime.sandbox.prelude): F, __name__."""
        from gradcli.runtime.sandbox.prelude import modules_and_name

        return modules_and_name()

    @functools.cached_property
    def _constructors(self):
        """In float64, the constructors that make float64 by default ({} in float32, torch's default)."""
        torch = torch_namespace()
        dtype = self.dtype
        guards = self.guards
        if dtype is torch.float32:
            return {}

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

        return {name: defaulting(self.torch_module.member(name), name in self.ALWAYS_FLOAT)
                for name in (*self.ALWAYS_FLOAT, *self.FLOAT_FROM_DATA)}

    def has(self, name):
        return name in self.names

    def close_to(self, name):
        """The name most like `name` that the calculator has (for a message: every name is made)."""
        import difflib

        functional = self._script_names["F"]
        candidates = {*self.builtins, *self._torch_names, *self._script_names, *self.ALIASES,
                      *self.RECIPROCALS, "math", "pi", "e", *functional.public_names()}
        matches = difflib.get_close_matches(name, sorted(key for key in candidates if self.has(key)), n=1)
        return matches[0] if matches else None

    def interpreter(self, bindings, interpreter_class=None):
        from gradcli.runtime.interpreter import Interpreter

        return (interpreter_class or Interpreter)(dict(bindings), self.names, self.guards, _ignore_display)

    def expression_interpreter(self, bindings):
        """An interpreter over these names and `bindings` for one expression that defines, imports and
        catches nothing (grading's per-point expressions, evaluated thousands of times): one interpreter,
        reused with a new module scope. Making one builds its tables of bound methods, which cost more
        than evaluating a short expression and leave a reference cycle per evaluation for the collector;
        what else it keeps between runs (frames, imports, handlers, generators) such an expression never
        touches."""
        from gradcli.runtime.scopes import ModuleScope

        if self._expression_interpreter is None:
            self._expression_interpreter = self.interpreter({})
        interpreter = self._expression_interpreter
        interpreter.scope = interpreter.module_scope = ModuleScope(dict(bindings), self.names)
        return interpreter


class _Names(dict):
    """The calculator's names, as the builtins of its interpreters (which read them with get()): a dict that
    makes a name at its first read (`make` gives the value, or _UNSET for a name it does not have)."""

    __slots__ = ("_make",)

    def __init__(self, make):
        super().__init__()
        self._make = make

    def get(self, name, default=None):
        value = dict.get(self, name, _UNSET)
        if value is _UNSET:
            value = self._make(name)
            if value is _UNSET:
                return default
            self[name] = value
        return value

    def __getitem__(self, name):
        value = self.get(name, _UNSET)
        if value is _UNSET:
            raise KeyError(name)
        return value

    def __contains__(self, name):
        return self.get(name, _UNSET) is not _UNSET


class _Stderr:
    """Where print() in EXPR or CODE writes: stderr, as it is at the time (stdout holds the result alone)."""

    def write(self, text):
        return sys.stderr.write(text)

    def flush(self):
        sys.stderr.flush()


def _ignore_display(value):
    """Expression statements before the output (in `graph` CODE) are not echoed: stdout is the result."""


@functools.cache
def calculator(dtype_name, degrees=False):
    """The Calculator for "float64" or "float32" (trigonometry in degrees or not), made once per process."""
    return Calculator(dtype_name, degrees)


@functools.cache
def _signature(function):
    """inspect.signature(function), worked out at its first call: the calculator wraps some 110 functions
    and an expression calls a few (all of them cost about 5 ms at every start)."""
    import inspect

    return inspect.signature(function)


@functools.cache
def torch_namespace():
    """gradcli.torch, imported at first use (the command line starts without the engine)."""
    import gradcli.torch

    return gradcli.torch
