"""`--json` results against derivatives worked out by hand and computed in NumPy, independently of the engine."""

import json
import math

import numpy as np
import pytest

from conftest import invoke, run_process

FLOAT64_RTOL = 1e-13


def numbers(value):
    """A JSON value as a float64 array, with "nan"/"inf"/"-inf" read back."""
    return np.array(value, dtype=np.float64) if not isinstance(value, str) else np.float64(value)


def assert_close(got, expected, rtol=FLOAT64_RTOL):
    got = np.array(got, dtype=object)
    got = np.vectorize(lambda v: float(v), otypes=[np.float64])(got) if got.size else got.astype(np.float64)
    expected = np.asarray(expected, dtype=np.float64)
    assert got.shape == expected.shape
    np.testing.assert_allclose(got, expected, rtol=rtol, atol=1e-300)


def run_json(*args):
    outcome = invoke(*args, "--json")
    assert outcome.exit_code == 0, outcome.stderr
    return outcome.json()


# ---- grad --------------------------------------------------------------------------------------------


def test_single_variable_value_gradient_and_second_derivative():
    x = 0.5
    result = run_json("grad", "x**2*sin(x)", "--at", "x=0.5", "--order", "2")
    assert set(result) == {"value", "grad", "hessian"}
    assert_close(result["value"], x**2 * np.sin(x))
    assert_close(result["grad"]["x"], 2 * x * np.sin(x) + x**2 * np.cos(x))
    assert_close(result["hessian"]["x"]["x"], 2 * np.sin(x) + 4 * x * np.cos(x) - x**2 * np.sin(x))


def test_partials_of_the_circuit_example():
    result = run_json("grad", "(x + 2*y) * z", "--at", "x=3", "--at", "y=-4", "--at", "z=19")
    assert result == {"value": -95.0, "grad": {"x": 19.0, "y": 38.0, "z": -5.0}}


def test_vector_input():
    x = np.array([0.5, 1.0, 2.0])
    result = run_json("grad", "sum(x**2 * exp(-x))", "--at", "x=[0.5, 1, 2]")
    assert_close(result["value"], np.sum(x**2 * np.exp(-x)))
    assert_close(result["grad"]["x"], (2 * x - x**2) * np.exp(-x))


def test_logistic_regression_loss():
    X = np.array([[1.0, 2.0], [-1.0, 0.5], [0.3, -2.0]])
    w, b, y = np.array([0.2, -0.4]), 0.1, np.array([1.0, 0.0, 1.0])
    p = 1 / (1 + np.exp(-(X @ w + b)))
    result = run_json("grad", "binary_cross_entropy_with_logits(X @ w + b, y)", "--at", "X=[[1,2],[-1,0.5],[0.3,-2]]",
                      "--at", "w=[0.2,-0.4]", "--at", "b=0.1", "--at", "y=[1,0,1]", "--wrt", "w", "--wrt", "b")
    assert list(result["grad"]) == ["w", "b"]
    assert_close(result["value"], np.mean(-(y * np.log(p) + (1 - y) * np.log(1 - p))))
    assert_close(result["grad"]["w"], X.T @ (p - y) / len(y))
    assert_close(result["grad"]["b"], np.mean(p - y))


def test_non_scalar_output_with_vjp():
    x, v = np.array([1.0, 2.0, 3.0]), np.array([1.0, 0.5, -1.0])
    result = run_json("grad", "x**2", "--at", "x=[1,2,3]", "--vjp", "[1, 0.5, -1]")
    assert_close(result["value"], x**2)
    assert_close(result["grad"]["x"], 2 * x * v)


def test_second_order_with_vjp_is_the_hessian_of_the_product_with_v():
    x, v = np.array([1.0, 2.0]), np.array([3.0, -1.0])
    result = run_json("grad", "x**3", "--at", "x=[1,2]", "--vjp", "[3,-1]", "--order", "2")
    assert_close(result["hessian"]["x"]["x"], np.diag(6 * x * v))


def test_a_bound_name_the_expression_does_not_use_gets_a_zero_gradient():
    result = run_json("grad", "x**2", "--at", "x=3", "--at", "y=[1,2]")
    assert result["grad"] == {"x": 6.0, "y": [0.0, 0.0]}


def test_wrt_reports_only_the_names_it_lists_in_its_order():
    result = run_json("grad", "x * y * z", "--at", "x=2", "--at", "y=3", "--at", "z=5", "--wrt", "z", "--wrt", "x")
    assert result["grad"] == {"z": 6.0, "x": 15.0}


def test_a_constant_expression_has_no_inputs():
    result = run_json("grad", "log(2)")
    assert result == {"value": math.log(2), "grad": {}}


@pytest.mark.parametrize("expr, expected_value, expected_grad", [
    ("sin(pi * x)", np.sin(np.pi * 0.25), np.pi * np.cos(np.pi * 0.25)),
    ("exp(e * x)", np.exp(np.e * 0.25), np.e * np.exp(np.e * 0.25)),
    ("math.sqrt(2) * x", math.sqrt(2) * 0.25, math.sqrt(2)),
    ("pow(x, 3)", 0.25**3, 3 * 0.25**2),
    ("abs(-x)", 0.25, 1.0),
    ("log(2) * x", math.log(2) * 0.25, math.log(2)),
    ("maximum(x, 0) + minimum(1, x)", 0.25 + 0.25, 2.0),
    ("sum(x, 0) + mean(x * 2, 0)", 0.25 + 0.5, 3.0),
    ("torch.exp(x) + F.relu(x)", np.exp(0.25) + 0.25, np.exp(0.25) + 1),
])
def test_calculator_names(expr, expected_value, expected_grad):
    result = run_json("grad", expr, "--at", "x=0.25")
    assert_close(result["value"], expected_value)
    assert_close(result["grad"]["x"], expected_grad)


def test_sum_mean_max_min_are_the_tensor_functions():
    result = run_json("grad", "max(abs(x)) + min(x) + mean(x) + sum(x)", "--at", "x=[-3, 2, 1]")
    assert result["value"] == 0.0  # 3 - 3 + 0 + 0
    # d max|x| picks x[0] = -3 (sign -1); d min x picks x[0] too; mean and sum spread 1/3 and 1
    assert_close(result["grad"]["x"], [-1 + 1 + 1 / 3 + 1, 1 / 3 + 1, 1 / 3 + 1])


def test_literals_in_expr_are_float64_by_default_and_float32_when_asked():
    result = run_json("grad", "sum(x * tensor([0.1, 0.2]))", "--at", "x=[1, 1]")
    assert result["grad"]["x"] == [0.1, 0.2]
    result = run_json("grad", "sum(x * tensor([0.1, 0.2]))", "--at", "x=[1, 1]", "--dtype", "float32")
    assert result["grad"]["x"] == [float(np.float32(0.1)), float(np.float32(0.2))]


def test_float32_results_are_float32_numbers():
    x = np.float32(0.5)
    result = run_json("grad", "x**2*sin(x)", "--at", "x=0.5", "--dtype", "float32")
    for got in (result["value"], result["grad"]["x"]):
        assert float(np.float32(got)) == got  # exactly a float32, written without loss
    assert_close(result["value"], x * x * np.sin(x), rtol=1e-6)
    assert_close(result["grad"]["x"], 2 * x * np.sin(x) + x * x * np.cos(x), rtol=1e-6)


def test_json_numbers_are_exactly_the_computed_float64():
    import gradcli.torch as torch

    x = torch.tensor(0.1, dtype=torch.float64, requires_grad=True)
    y = torch.exp(x) / 3
    (g,) = torch.autograd.grad(y, x)
    outcome = invoke("grad", "exp(x) / 3", "--at", "x=0.1", "--json")
    assert outcome.stdout == json.dumps({"value": y.item(), "grad": {"x": g.item()}}) + "\n"
    assert json.loads(outcome.stdout)["value"] == y.item()  # repr round-trips bit for bit


# ---- jacobian, hessian, jvp ----------------------------------------------------------------------------


def test_jacobian_of_a_matrix_vector_product():
    A, x = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), np.array([0.5, -1.0, 2.0])
    result = run_json("jacobian", "A @ x", "--at", "A=[[1,2,3],[4,5,6]]", "--at", "x=[0.5,-1,2]")
    assert_close(result["value"], A @ x)
    assert_close(result["jacobian"]["x"], A)
    assert_close(result["jacobian"]["A"], np.einsum("ij,k->ijk", np.eye(2), x))  # d(Ax)_i / dA_jk


def test_jacobian_shape_is_output_shape_then_input_shape():
    result = run_json("jacobian", "x * y", "--at", "x=[1,2]", "--at", "y=3")
    assert result == {"value": [3.0, 6.0], "jacobian": {"x": [[3.0, 0.0], [0.0, 3.0]], "y": [1.0, 2.0]}}


def test_hessian_of_two_scalars():
    x, y = 1.5, -0.5
    result = run_json("hessian", "x**2 * y + y**3", "--at", "x=1.5", "--at", "y=-0.5")
    assert_close(result["value"], x**2 * y + y**3)
    assert_close([[result["hessian"][a][b] for b in "xy"] for a in "xy"], [[2 * y, 2 * x], [2 * x, 6 * y]])


def test_hessian_of_a_vector_input_and_a_scalar():
    x, s = np.array([1.0, 2.0]), 3.0
    result = run_json("hessian", "sum(x**3) * s", "--at", "x=[1,2]", "--at", "s=3")
    assert_close(result["hessian"]["x"]["x"], np.diag(6 * x * s))
    assert_close(result["hessian"]["x"]["s"], 3 * x**2)
    assert_close(result["hessian"]["s"]["x"], 3 * x**2)
    assert_close(result["hessian"]["s"]["s"], 0.0)


def test_jvp_is_the_jacobian_times_the_tangent():
    x, y, tx, ty = np.array([1.0, 2.0]), np.array([0.3, 0.4]), np.array([1.0, 0.0]), np.array([0.0, 1.0])
    result = run_json("jvp", "x * sin(y)", "--at", "x=[1,2]", "--at", "y=[0.3,0.4]",
                      "--tangent", "x=[1,0]", "--tangent", "y=[0,1]")
    assert_close(result["value"], x * np.sin(y))
    assert_close(result["jvp"], tx * np.sin(y) + x * np.cos(y) * ty)


def test_jvp_names_without_tangent_get_zeros_and_one_scalar_input_defaults_to_one():
    assert run_json("jvp", "x * y", "--at", "x=2", "--at", "y=3", "--tangent", "y=1") == {"value": 6.0, "jvp": 2.0}
    result = run_json("jvp", "sin(x)", "--at", "x=1")
    assert_close(result["jvp"], np.cos(1.0))


# ---- nan and inf ---------------------------------------------------------------------------------------


def test_non_finite_numbers_are_strings_and_still_a_result():
    outcome = invoke("grad", "sum(log(x))", "--at", "x=[0, 1]", "--json")
    assert outcome.exit_code == 0
    assert outcome.json() == {"value": "-inf", "grad": {"x": ["inf", 1.0]}}
    assert "nan" not in outcome.stdout.replace('"nan"', "") and "Infinity" not in outcome.stdout


def test_nan_from_zero_over_zero():
    outcome = invoke("grad", "x / y", "--at", "x=0", "--at", "y=0", "--json")
    assert outcome.json() == {"value": "nan", "grad": {"x": "inf", "y": "nan"}}


def test_one_process_prints_one_json_object_and_nothing_else():
    outcome = run_process("grad", "sqrt(x)", "--at", "x=0", "--json")
    assert outcome.exit_code == 0
    assert outcome.stdout.count("\n") == 1 and outcome.json() == {"value": 0.0, "grad": {"x": "inf"}}
    assert "SqrtBackward0" in outcome.stderr
