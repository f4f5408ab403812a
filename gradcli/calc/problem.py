"""The calculator's problem: EXPR parsed, its names bound to values, the inputs to differentiate chosen."""

import copy

from gradcli.calc.errors import CalcError
from gradcli.calc.namespace import calculator, torch_namespace
from gradcli.calc.program import Program, shortened
from gradcli.calc.values import checked_choice, is_points, parse_bindings

DTYPES = ("float64", "float32")


class Problem:
    """EXPR parsed, its names bound to values, the inputs to differentiate chosen, in one dtype.

    `at` and `wrt` are the command line's NAME=VALUE and NAME texts; `dtype` is "float64" or "float32";
    `statements` accepts CODE (statements whose last one gives the output) instead of one expression;
    `degrees` puts trigonometry in degrees; `each` makes every list VALUE a list of points (points()).
    """

    def __init__(self, source, at, wrt, dtype, statements=False, degrees=False, each=False):
        self.source = source.strip()
        self.dtype_name = checked_choice("--dtype", dtype, DTYPES)
        self.degrees = degrees
        bindings = parse_bindings(at, "--at", degrees)
        self.values = {name: array for name, (array, _) in bindings.items()}
        self.value_texts = {name: text for name, (_, text) in bindings.items()}
        self.wrt = list(dict.fromkeys(wrt)) if wrt else list(bindings)
        for name in self.wrt:
            if name not in bindings:
                raise CalcError(f"--wrt {name}: {name} is not bound; bind it with --at {name}=VALUE")
        self.swept = [name for name, text in self.value_texts.items()
                      if is_points(text) or (each and self.values[name].ndim > 0)]
        self.check_swept(each)
        self.calculator = calculator(self.dtype_name, degrees)
        self.program = Program(self.source, statements)
        self.program.check_names(self.calculator, bindings)
        self.constants = {name: self.tensor(array) for name, array in self.values.items() if name not in self.wrt}

    def check_swept(self, each):
        if each and not self.swept:
            raise CalcError("--each evaluates at each element of a list VALUE (--at x=[0,0.5,1]), but no --at "
                            "has a list")
        counts = {name: len(self.values[name]) for name in self.swept}
        if len(set(counts.values())) > 1:
            listed = ", ".join(f"{name} {count}" for name, count in counts.items())
            raise CalcError(f"the points of several names are taken together, so they need as many each ({listed})")

    def points(self):
        """One Problem per point of the swept names (START:STOP:STEP, or lists with --each), in order."""
        if not self.swept:
            return [self]
        problems = []
        for index in range(len(self.values[self.swept[0]])):
            point = copy.copy(self)
            point.values = {**self.values, **{name: self.values[name][index] for name in self.swept}}
            point.value_texts = {**self.value_texts, **{name: repr(float(point.values[name])) for name in self.swept}}
            point.constants = {name: point.tensor(array) for name, array in point.values.items()
                               if name not in point.wrt}
            point.swept = []
            problems.append(point)
        return problems

    @property
    def title(self):
        """The expression as a table's title, a long one by its two ends as graph labels show it (the 20,000
        characters of a 10,000-term sum would bury the table)."""
        return shortened(self.source)

    def context(self, *extras):
        """`at x=0.5, y=[1,2] (float64)`: the bindings as typed, then `extras` such as `tangent x=1`."""
        parts = [f"{name}={text}" for name, text in self.value_texts.items()] + list(extras)
        return (f"at {', '.join(parts)} " if parts else "") + f"({self.dtype_name}{', degrees' if self.degrees else ''})"

    def tensor(self, array, requires_grad=False):
        return torch_namespace().tensor(array, dtype=self.calculator.dtype, requires_grad=requires_grad)

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
        torch = torch_namespace()
        if isinstance(value, torch.Tensor):
            return value
        if isinstance(value, (int, float)):  # a constant EXPR such as `log(2)` folded to a number, or `3`
            return self.tensor(value)
        from gradcli.runtime.sandbox.capabilities import type_name

        raise CalcError(f"EXPR gives a {type_name(value)}, not a tensor or a number")

    def by_input(self, results):
        return dict(zip(self.wrt, results))

    def by_input_pair(self, rows):
        return {a: dict(zip(self.wrt, row)) for a, row in zip(self.wrt, rows)}
