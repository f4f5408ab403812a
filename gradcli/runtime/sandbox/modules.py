"""The modules a script can import, and the names each one offers.

torch and its submodules are gradcli's engine namespace (`gradcli.torch`): every public name. math,
numpy, functools, itertools, collections and random are Python's own, cut down to what computing with tensors needs:
nothing that reads or writes files, loads code or runs for unbounded time (math.factorial(10**9) could
not be interrupted). random is a generator of each run's own, seeded with a fixed number: a script prints
the same numbers at every run, and nothing reads the operating system's entropy. numpy.random likewise: each
run has its own legacy generator (NumPy's RandomState, so `np.random.seed(0); np.random.randn()` gives NumPy's
bits), seeded with 0 until the script seeds it; seed(None), default_rng() and RandomState() without a seed mean
that seed too, where NumPy would read the operating system's entropy.
"""

from __future__ import annotations

import functools
import importlib
import types

from gradcli.runtime.values import Deferred, LangModule

# Script module name -> the Python module behind it.
ENGINE_MODULES = {
    "torch": "gradcli.torch",
    "torch.accelerator": "gradcli.torch.accelerator",
    "torch.autograd": "gradcli.torch.autograd",
    "torch.autograd.forward_ad": "gradcli.torch.autograd.forward_ad",
    "torch.autograd.function": "gradcli.torch.autograd.function",
    "torch.autograd.functional": "gradcli.torch.autograd.functional",
    "torch.autograd.graph": "gradcli.torch.autograd.graph",
    "torch.backends": "gradcli.torch.backends",
    "torch.backends.cuda": "gradcli.torch.backends.cuda",
    "torch.backends.cudnn": "gradcli.torch.backends.cudnn",
    "torch.backends.mps": "gradcli.torch.backends.mps",
    "torch.cuda": "gradcli.torch.cuda",
    "torch.func": "gradcli.torch.func",
    "torch.linalg": "gradcli.torch.linalg",
    "torch.nn": "gradcli.torch.nn",
    "torch.nn.functional": "gradcli.torch.nn.functional",
    "torch.nn.init": "gradcli.torch.nn.init",
    "torch.nn.utils": "gradcli.torch.nn.utils",
    "torch.optim": "gradcli.torch.optim",
    "torch.optim.lr_scheduler": "gradcli.torch.optim.lr_scheduler",
    "torch.random": "gradcli.torch.random",
    "torch.utils": "gradcli.torch.utils",
    "torch.utils.data": "gradcli.torch.utils.data",
}
MATH_NAMES = (
    "pi", "e", "tau", "inf", "nan", "sqrt", "exp", "expm1", "log", "log2", "log10", "log1p", "pow", "sin", "cos",
    "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "floor", "ceil",
    "trunc", "fabs", "fmod", "copysign", "hypot", "isclose", "isfinite", "isinf", "isnan", "degrees", "radians",
    "erf", "erfc", "gamma", "lgamma", "fsum", "gcd", "isqrt",
)
NUMPY_NAMES = (
    "array", "asarray", "arange", "linspace", "zeros", "ones", "full", "eye", "zeros_like", "ones_like",
    "full_like", "exp", "log", "log1p", "sqrt", "square", "sin", "cos", "tan", "tanh", "abs", "absolute", "sign",
    "floor", "ceil", "round", "clip", "maximum", "minimum", "where", "sum", "mean", "std", "var", "max", "min",
    "argmax", "argmin", "prod", "cumsum", "dot", "matmul", "outer", "transpose", "reshape", "concatenate",
    "stack", "allclose", "isclose", "array_equal", "pi", "e", "inf", "nan", "float16", "float32", "float64",
    "int32", "int64", "bool_",
    # reviewed for the tutorials (issue 12): ufuncs (their out= writes into an array, as the NumPy-bridge
    # tutorial's np.add(n, 1, out=n) does), and shape and sorting helpers; no file, pickle or buffer access
    "add", "subtract", "multiply", "divide", "true_divide", "power", "negative", "mod", "sinh", "cosh", "arcsin",
    "arccos", "arctan", "arctan2", "log2", "log10", "exp2", "isnan", "isfinite", "nan_to_num", "cumprod", "diag",
    "trace", "sort", "argsort", "vstack", "hstack", "expand_dims", "squeeze", "ravel", "meshgrid", "median",
    "newaxis", "uint8", "int8", "int16",
)
NUMPY_RANDOM_NAMES = ("seed", "rand", "randn", "randint", "random", "random_sample", "uniform", "normal",
                      "standard_normal", "permutation", "shuffle", "choice", "get_state", "set_state")
# the methods of numpy.random.Generator (default_rng) a script may call: draws only
NUMPY_GENERATOR_METHODS = ("random", "integers", "normal", "standard_normal", "uniform", "choice", "permutation",
                           "shuffle")
NUMPY_DEFAULT_SEED = 0  # numpy.random before any seed: the same numbers at every run
FUNCTOOLS_NAMES = ("partial", "reduce")
COLLECTIONS_NAMES = ("OrderedDict", "defaultdict", "Counter", "deque")  # containers: nn.Sequential(OrderedDict(...))
ITERTOOLS_NAMES = ("count", "chain", "product", "islice", "repeat", "cycle", "accumulate", "combinations",
                   "permutations", "zip_longest", "starmap", "takewhile", "dropwhile")
RANDOM_NAMES = ("random", "uniform", "randint", "randrange", "choice", "choices", "shuffle", "sample", "gauss",
                "normalvariate", "getrandbits", "getstate", "setstate")
RANDOM_DEFAULT_SEED = 0  # `random` before any random.seed(...): the same numbers at every run
PUBLIC_DUNDER_MEMBERS = ("__version__",)  # a string: `print("Using torch", torch.__version__)` opens notebooks
IMPORTABLE = (*ENGINE_MODULES, "math", "numpy", "numpy.random", "functools", "itertools", "collections", "random")
SEEDED_PER_RUN = ("random", "numpy", "numpy.random")


class RunModules:
    """The modules one script run has imported: shared ones from language_module, and a `random` and a
    `numpy` (with its `numpy.random`) of its own (a script's seed must not change another run's numbers)."""

    def __init__(self):
        self.own = {}

    def get(self, name):
        if name not in SEEDED_PER_RUN:
            return language_module(name)
        if not self.own:
            numpy_random = _numpy_random_module()
            numpy = language_module("numpy")
            self.own = {"random": _random_module(), "numpy.random": numpy_random, "numpy": LangModule(
                "numpy", {**{key: numpy.member(key) for key in numpy.public_names()}, "random": numpy_random})}
        return self.own[name]


def _random_module():
    import random

    generator = random.Random(RANDOM_DEFAULT_SEED)

    def seed(a=None, version=2):
        generator.seed(RANDOM_DEFAULT_SEED if a is None else a, version)  # None would read OS entropy

    members = {name: getattr(generator, name) for name in RANDOM_NAMES}
    members["seed"] = seed
    return LangModule("random", members)


def _numpy_random_module():
    import numpy as np

    legacy = np.random.RandomState(NUMPY_DEFAULT_SEED)

    def seed(seed=None):
        legacy.seed(NUMPY_DEFAULT_SEED if seed is None else seed)  # None would read OS entropy

    def default_rng(seed=None):
        return np.random.default_rng(NUMPY_DEFAULT_SEED if seed is None else seed)

    def RandomState(seed=None):
        return np.random.RandomState(NUMPY_DEFAULT_SEED if seed is None else seed)

    members = {name: getattr(legacy, name) for name in NUMPY_RANDOM_NAMES}
    members.update(seed=seed, default_rng=default_rng, RandomState=RandomState)
    return LangModule("numpy.random", members)


def is_importable(name):
    return name in IMPORTABLE


@functools.cache
def language_module(name) -> LangModule:
    """The module `name` as scripts see it (one shared instance: scripts cannot change modules)."""
    if name == "math":
        return _whitelisted("math", MATH_NAMES)
    if name == "numpy":
        return _whitelisted("numpy", NUMPY_NAMES)
    if name == "functools":
        return _whitelisted("functools", FUNCTOOLS_NAMES)
    if name == "collections":
        return _whitelisted("collections", COLLECTIONS_NAMES)
    if name == "itertools":
        import itertools

        return LangModule("itertools", {key: _interruptible(getattr(itertools, key)) for key in ITERTOOLS_NAMES})
    return LangModule(name, load=functools.partial(_engine_members, name))


def _engine_members(name):
    """The members of engine module `name` and its settable flags, the Python module imported now; its
    submodules (torch.nn in torch) are modules of the language that import theirs at their own first read."""
    module = importlib.import_module(ENGINE_MODULES[name])
    names = getattr(module, "__all__", None) or [key for key in vars(module) if not key.startswith("_")
                                                 or key in PUBLIC_DUNDER_MEMBERS]
    members = {}
    for key in names:
        if f"{name}.{key}" not in ENGINE_MODULES:
            value = getattr(module, key)
            if not isinstance(value, types.ModuleType):  # not a helper module the engine imported (numpy)
                members[key] = value
    # names the module loads at their first read (PEP 562: its __dir__ lists them), read at the script's first
    members.update((key, Deferred(module, key)) for key in dir(module) if key not in vars(module))
    members.update((submodule.rpartition(".")[2], language_module(submodule)) for submodule in ENGINE_MODULES
                   if submodule.rpartition(".")[0] == name)
    return members, getattr(module, "SCRIPT_SETTABLE", ())


def _interruptible(make_iterator):
    """itertools' iterators run in C: `list(itertools.count())` would loop where neither Ctrl-C nor --timeout
    reach it (they are raised between Python instructions). Their items pass through a Python generator
    instead, where the interpreter can raise them."""
    @functools.wraps(make_iterator)
    def interruptible(*args, **kwargs):
        return python_level(make_iterator(*args, **kwargs))
    return interruptible


def python_level(iterator):
    for item in iterator:
        yield item


def _whitelisted(name, names):
    module = importlib.import_module(name)
    return LangModule(name, {key: getattr(module, key) for key in names if hasattr(module, key)})
