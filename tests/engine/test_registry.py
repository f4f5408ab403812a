"""One declaration per op: its rules, Tensor method, torch export and tensor-argument count come from it."""

import gradcli.torch as torch
import gradcli.torch.nn.functional as F
from gradcli.engine.rules import EXPORTS, METHODS, R, tensor_arguments


def test_a_declared_op_is_a_function_a_method_and_a_rule():
    assert torch.atan2 is EXPORTS["torch"]["atan2"] is METHODS["atan2"] is torch.arctan2
    assert torch.Tensor.atan2 is torch.atan2 and torch.Tensor.arctan2 is torch.atan2
    assert R["atan2"].grad_fn_name == "Atan2Backward0"
    assert F.mse_loss is EXPORTS["torch.nn.functional"]["mse_loss"] and not hasattr(torch.Tensor, "mse_loss")


def test_tensor_arguments_say_how_many_leading_arguments_are_tensors():
    assert tensor_arguments(torch.sin) == 1
    assert tensor_arguments(torch.atan2) == tensor_arguments(torch.hypot) == tensor_arguments(torch.maximum) == 2
    assert tensor_arguments(F.relu) == 1
    assert tensor_arguments(torch.tensor) is None and tensor_arguments(print) is None



DECLARED_BY_FAMILY = """
import importlib
import sys
import gradcli.engine
from gradcli.engine.ops import DEFERRED
from gradcli.engine.rules import EXPORTS, METHODS
assert not any(module in sys.modules for module in DEFERRED), "a deferred family loads with the engine"
declared = {}
for module in DEFERRED:
    before = {namespace: set(names) for namespace, names in [*EXPORTS.items(), ("Tensor", METHODS)]}
    family = importlib.import_module(module)
    after = {namespace: set(names) for namespace, names in [*EXPORTS.items(), ("Tensor", METHODS)]}
    declared[module] = {namespace: tuple(sorted(names - before.get(namespace, set())))
                        for namespace, names in after.items() if names - before.get(namespace, set())}
    for namespace, names in declared[module].items():  # what gradcli.torch, F and Tensor read from the module
        table = METHODS if namespace == "Tensor" else EXPORTS[namespace]
        assert all(getattr(family, name) is table[name] for name in names), (module, namespace)
listed = {module: {namespace: tuple(sorted(names)) for namespace, names in table.items()}
          for module, table in DEFERRED.items()}
print(declared == listed, declared)
"""


def test_the_deferred_families_table_lists_what_they_declare():
    """gradcli.engine.ops.DEFERRED names what each deferred family declares for torch, F and Tensor, which
    read it from the family's module before it loads: a name declared and not listed would be missing until
    something else loaded the family."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", DECLARED_BY_FAMILY], capture_output=True, text=True, timeout=120)
    assert done.stdout.startswith("True"), done.stdout + done.stderr
