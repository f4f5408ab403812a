"""What each calculator command computes, as a Report: the value of EXPR and its derivatives."""

import numpy as np

from gradcli.calc.errors import CalcError, computing
from gradcli.calc.namespace import torch_namespace
from gradcli.calc.report import Report, has_non_finite, shape_text
from gradcli.calc.values import parse_value


def gradient_report(problem, vjp_text, order):
    """The report, and the vector of the vector-Jacobian product (None for a scalar EXPR)."""
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
    torch = torch_namespace()
    _, grads = computing(problem, torch.autograd.functional.vjp, problem.function, problem.inputs(), vector)
    context = problem.context(*([f"vjp v={vjp_text.strip()}"] if vjp_text is not None else []))
    report = Report(problem.title, context).add("value", value).add("grad", problem.by_input(grads))
    if order == 2:
        scalar = problem.function if vector is None else (lambda *xs: (problem.function(*xs) * vector).sum())
        hessians = computing(problem, torch.autograd.functional.hessian, scalar, problem.inputs())
        report.add("hessian", problem.by_input_pair(hessians))
    return report, vector


def jacobian_report(problem):
    value = computing(problem, problem.output)
    jacobians = computing(problem, torch_namespace().autograd.functional.jacobian, problem.function, problem.inputs())
    return Report(problem.title, problem.context()).add("value", value).add("jacobian", problem.by_input(jacobians))


def hessian_report(problem):
    value = computing(problem, problem.output)
    if value.numel() != 1:
        raise CalcError(f"hessian needs a scalar EXPR, but its output has shape {shape_text(value)}\n"
                        f"  reduce it (sum(...), mean(...)) or use `gradcli jacobian`")
    hessians = computing(problem, torch_namespace().autograd.functional.hessian, problem.function, problem.inputs())
    return Report(problem.title, problem.context()).add("value", value).add("hessian", problem.by_input_pair(hessians))


def jvp_report(problem, tangents):
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
    torch = torch_namespace()
    # Without --tangent, torch's own default: the one scalar input moves by 1.
    vector = tuple(problem.tensor(tangents[name][0]) if name in tangents else torch.zeros_like(x)
                   for name, x in zip(problem.wrt, inputs)) if tangents else (torch.ones_like(inputs[0]),)
    value, product = computing(problem, _forward_or_double_backward, problem.function, tuple(inputs), vector)
    context = problem.context(*(f"tangent {name}={text}" for name, (_, text) in tangents.items()))
    return Report(problem.title, context).add("value", value).add("jvp", product)


def _forward_or_double_backward(function, inputs, vector):
    """J v by forward mode (one pass, torch.func.jvp); for an op without a JVP yet, by the double-backward
    trick of torch.autograd.functional.jvp, which every op with a vjp supports."""
    torch = torch_namespace()
    try:
        return torch.func.jvp(function, inputs, vector)
    except NotImplementedError:
        return torch.autograd.functional.jvp(function, inputs, vector)


def warnings(report, problem, cotangent=None):
    """What the numbers of the report do not say: where a nan or inf came from, and, when a derivative is
    all zeros, whether the output depends on that input through the graph at all."""
    non_finite = [(label, array) for label, array in report.rows() if has_non_finite(array)]
    derivatives = [array for label, array in report.rows() if label != "value"]
    disconnected = problem.wrt and any(not np.any(array) for array in derivatives)
    if not (non_finite or disconnected):
        return []  # the usual case: gradcli.calc.graph (which replays the computation) is not loaded
    from gradcli.calc import graph

    found = computing(problem, graph.explain_non_finite, problem, non_finite, cotangent) if non_finite else []
    if disconnected:
        found += computing(problem, graph.disconnected_inputs, problem)
    return found


def gradcheck(problem):
    """torch.autograd.gradcheck's comparison of autograd's Jacobian with float64 central differences:
    None when they agree, else gradcheck's message."""
    from gradcli.engine.functional import GradcheckError, gradcheck as compare

    if not problem.wrt:
        raise CalcError("--gradcheck needs at least one input: --at NAME=VALUE")

    def mismatch():
        try:
            compare(problem.function, problem.inputs())
        except GradcheckError as error:  # a disagreement is the answer, not an error in EXPR
            return str(error).strip()
        return None

    return computing(problem, mismatch)


GRADCHECK_AGREES = "autograd agrees with central differences (eps=1e-06, atol=1e-05, rtol=0.001)"
