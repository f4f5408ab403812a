"""0-d float32/float64 operands of + - * / are computed as NumPy scalars (rules declared scalars=True, for
speed): the results and gradients must be bit for bit those of the same values in 1-element tensors, which
take the ufunc path as every larger tensor does (and are held to torch by the golden suite)."""

import operator

import numpy as np
import pytest

import gradcli.torch as torch

RNG = np.random.default_rng(17)
VALUES = [*(RNG.standard_normal(60) * 10.0 ** RNG.integers(-40, 40, 60)), 0.0, -0.0, 1e-45, 3e38, 1e308,
          float("inf"), float("-inf"), float("nan")]
PAIRS = list(zip(VALUES, VALUES[1:] + VALUES[:1]))
OPERATIONS = {
    "add": operator.add, "sub": operator.sub, "mul": operator.mul, "div": operator.truediv,
    "number": lambda x, y: x * 1.0001 + 0.001 - 2.5 / y,  # Python numbers on either side
    "alpha": lambda x, y: x.add(y, alpha=3.7).sub(x, alpha=0.5),
}


def run(operation, a, b, dtype, shape):
    x = torch.tensor(np.full(shape, a), dtype=dtype, requires_grad=True)
    y = torch.tensor(np.full(shape, b), dtype=dtype, requires_grad=True)
    result = operation(x, y)
    result.sum().backward()
    return [t.detach().numpy().tobytes() for t in (result, x.grad, y.grad)]


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64], ids=str)
@pytest.mark.parametrize("name", OPERATIONS)
def test_zero_dim_operands_round_as_one_element_tensors(name, dtype):
    operation = OPERATIONS[name]
    for a, b in PAIRS:
        assert run(operation, a, b, dtype, ()) == run(operation, a, b, dtype, (1,)), (name, a, b)


def test_results_stay_zero_dim_tensors_of_the_operand_dtype():
    x = torch.tensor(1.5, dtype=torch.float32)
    for result in (x * 2, 2 * x, x + x, x / 3.0, 1 - x):
        assert type(result) is torch.Tensor and result.shape == () and result.dtype is torch.float32
        assert type(result.numpy()) is np.ndarray


def test_a_chain_step_taken_without_the_heap_keeps_newest_first():
    """Backward runs a node's one newly ready input next without the heap only when nothing newer waits there:
    here c's input a waits for b, which is newer (torch 2.13 printed ['c', 'b', 'a'] 5.0)."""
    order = []
    x = torch.tensor(1.0, requires_grad=True)
    a = x * 2
    b = x * 3
    c = a * 1
    out = c + b
    for name, t in (("a", a), ("b", b), ("c", c)):
        t.register_hook(lambda g, name=name: order.append(name))
    out.backward()
    assert (order, x.grad.item()) == (["c", "b", "a"], 5.0)
