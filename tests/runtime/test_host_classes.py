"""Script classes that inherit from host classes: the Python classes gradcli.torch defines for subclassing
(nn.Module, autograd.Function). Small stand-ins play them here, so the language is tested on its own: each
script runs in gradcli and in CPython (the stand-ins are ordinary Python classes) and must print the same."""

import contextlib
import io

import pytest

from gradcli.lang import parse
from gradcli.runtime.sandbox.limits import Limits
from gradcli.runtime.session import ScriptRun

HOST_MODULE = "gradcli.torch.standin"  # the sandbox treats classes of gradcli.torch.* as host classes


class Module:
    """As nn.Module: attributes that hold numbers are registered as parameters by __setattr__, and calling
    the module calls forward."""

    def __init__(self):
        object.__setattr__(self, "_parameters", {})
        self.training = True

    def __setattr__(self, name, value):
        if isinstance(value, float):
            self._parameters[name] = value
        object.__setattr__(self, name, value)

    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)

    def named_parameters(self):
        return list(self._parameters.items())

    def eval(self):
        self.training = False
        return self


class Context:
    """As autograd.Function's ctx: what forward saves for backward."""

    def save_for_backward(self, *values):
        self.saved_tensors = values


class Function:
    """As autograd.Function: apply runs the subclass's static forward with a fresh ctx."""

    @classmethod
    def apply(cls, *args):
        ctx = Context()
        result = cls.forward(ctx, *args)
        return result, cls.backward(ctx, 1.0)


for host in (Module, Context, Function):
    host.__module__ = HOST_MODULE
HOSTS = {"Module": Module, "Function": Function}

SCRIPTS = {
    "module subclass": '''
class Affine(Module):
    def __init__(self, weight, bias=0.0):
        super().__init__()
        self.weight = weight
        self.bias = bias
        self.note = "not a parameter"

    def forward(self, x):
        return self.weight * x + self.bias


class Doubled(Affine):
    def forward(self, x):
        return 2 * super().forward(x)


model = Doubled(3.0, bias=1.0)
print(model(2.0), model.named_parameters(), model.training, model.eval().training, model.note)
print(isinstance(model, Module), [name for name, _ in model.named_parameters()])
''',
    "function subclass": '''
class Cube(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        ctx.power = 3
        return x ** ctx.power

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return grad_output * ctx.power * x ** (ctx.power - 1)


print(Cube.apply(2.0))
''',
}


def run_in_gradcli(source):
    out, err = io.StringIO(), io.StringIO()
    script = ScriptRun("<test>", source.split("\n"), out, err, Limits())
    script.interpreter.module_scope.variables.update(HOSTS)
    code = script.run(parse(source))
    return code, out.getvalue(), err.getvalue()


def run_in_python(source):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(source, dict(HOSTS))  # the test's own script under CPython: the reference output
    return out.getvalue()


@pytest.mark.parametrize("name", SCRIPTS)
def test_script_subclass_of_host_class_runs_as_in_python(name):
    code, out, err = run_in_gradcli(SCRIPTS[name])
    assert (code, err) == (0, "")
    assert out == run_in_python(SCRIPTS[name])


@pytest.mark.parametrize("line, message", [
    ("model._parameters", "gradcli scripts cannot use private attribute '_parameters'"),
    ("model.__dict__", "gradcli scripts cannot use private attribute '__dict__'"),
    ("model.forward.__func__", "gradcli scripts cannot use private attribute '__func__'"),
    ("model.__setattr__", "gradcli scripts cannot use private attribute '__setattr__'"),
])
def test_host_internals_stay_out_of_reach(line, message):
    source = "class M(Module):\n    def forward(self, x):\n        return x\nmodel = M()\n" + line + "\n"
    code, _, err = run_in_gradcli(source)
    assert code == 1 and err.splitlines()[-1] == f"AttributeError: {message}"


def test_own_private_attributes_are_the_scripts():
    source = "class M(Module):\n    def __init__(self):\n        super().__init__()\n        self._cache = 2.5\n" \
             "print(M()._cache, M().named_parameters())\n"
    assert run_in_gradcli(source) == (0, "2.5 [('_cache', 2.5)]\n", "")
