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
