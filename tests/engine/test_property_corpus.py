"""The property corpus: every rule of the table on random shapes (broadcasting included) and values, float32 and
float64, value and gradient compared bit for bit with what torch 2.13 computed (tests/golden/gen_property.py;
the cases are tests/golden/property_ops.py), with Intel MKL (gradcli[mkl], when installed) and without it. Ops
whose kernels are known not to be exact yet are strict xfails, per op, dtype and mode, with the part that differs
(not strict where NumPy stands in for MKL's VML: whether it agrees depends on the CPU).

    python tests/engine/test_property_corpus.py    # the share of ops exact per dtype, and what differs
    GRADCLI_MKL=0 python tests/engine/test_property_corpus.py    # the same without Intel MKL
"""

import contextlib
import json
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

import gradcli.torch as torch
import gradcli.torch.nn.functional as F
from gradcli.engine import kernels, mkl
from gradcli.engine.rules import R
from test_gradients import rules_in_graph

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
sys.path.insert(0, str(GOLDEN))
from property_ops import CASES, DRAWS, DTYPES  # noqa: E402


def _load(name):
    with np.load(GOLDEN / "property" / name) as data:
        return {key: data[key] for key in data.files}


# torch's AVX2 build (the default on an AVX2 CPU) and its AVX512 build (the default on an AVX-512 CPU), each replayed
# with gradcli computing as that build (kernels.use_capability).
CORPORA = {"avx2": _load("corpus.npz"), "avx512": _load("corpus_avx512.npz")}


def _known(reason, *names, dtypes=DTYPES):
    return {(name, dtype): reason for name in names for dtype in dtypes}


VML = ("value without Intel MKL: torch takes this function from MKL's VML, which NumPy's stands in for (exact "
       "with gradcli[mkl]); what reads the value (the gradient) differs with it.  Whether NumPy's agrees on these "
       "draws depends on the CPU (with AVX-512 NumPy has SIMD kernels of its own), so these xfails are not strict")
MATMUL = ("matrix products without Intel MKL: MKL's accumulation order is fitted for float32 tutorial shapes only "
          "(engine/gemm.py); other shapes and float64 use NumPy's BLAS (exact with gradcli[mkl])")
CONVOLUTION = ("float32 oneDNN gradients whose orders are not found: the input's for a 5x5 kernel at stride 2 on a "
               "one-row output (conv2d); its transposed convolution in double backward (conv_weight_grad)")
READS_VML = ("the gradient reads MKL VML's function, which NumPy's stands in for (exact with gradcli[mkl]; not strict: "
             "see VML): ")
SLOW_CONV2D = ("torch's slow_conv2d (float64; float32 for one small image) sums with MKL's gemm (gradcli makes the same "
               "calls with gradcli[mkl]), NumPy's product here")

# (case, dtype) -> the part that is not torch's yet, and why. Kept honest by strict=True: a fix makes it XPASS.
# The corpus runs twice: with Intel MKL (when installed) and without it (KNOWN_WITHOUT_MKL added).
PINV = ("second derivatives through lstsq's pseudo-inverse: torch differentiates its composite pinv (the SVD's "
        "backward, where, matmul), gradcli pinv's own rule (pinv_backward): the same values, other roundings")
GELU = ("gelu's kernels call Vectorized<T>::erf and ::tanh, torch's own approximations, which gradcli does not "
        "reproduce (the C library's stand in: values within 2.2e-6 in float32, 1e-14 in float64)")
KNOWN = {
    **_known(CONVOLUTION, "conv2d", "conv_weight_grad", dtypes=("float32",)),
    **_known(PINV, "pinv"),
    **_known(GELU, "gelu", "gelu_tanh", "gelu_backward"),
}
KNOWN_WITHOUT_MKL = {
    **_known("linalg.solve: torch's LAPACK is MKL's (gradcli makes the same calls with gradcli[mkl]), NumPy's here",
             "solve"),
    **_known("linalg.lstsq: torch's LAPACK drivers are MKL's (gradcli makes the same calls with gradcli[mkl]); NumPy's "
             "lstsq (?gelsd) and SVD here", "lstsq", "lstsq_residuals"),
    **_known(SLOW_CONV2D, "conv2d", "conv_input_grad", "conv_weight_grad", dtypes=("float64",)),
    **_known(SLOW_CONV2D, "conv_input_grad", dtypes=("float32",)),
    **_known(VML, "exp", "log", "sin", "cos", "tan", "tanh", "tanh_backward", "sqrt", "erf", "erfc", "log10", "log2",
             "asin", "acos", "atan", "logsumexp"),
    **_known(MATMUL, "mm", "mv", "squeeze_matmul", "unsafe_view", "addmm", "linear"),
    **_known(MATMUL, "dot", "bmm", dtypes=("float64",)),
    **_known(READS_VML + "a kernel torch takes from MKL", "log_softmax_backward"),
    **_known(READS_VML + "sin and cos", "sinc", dtypes=("float32",)),
    **_known(READS_VML + "the exponent's, out * log(a), torch's log", "pow_tensor"),
    **_known(READS_VML + "the target's, -logit(p), torch's log; bce_sum's value: the loss's log", "bce", "bce_sum"),
}
MACHINE_DEPENDENT = {reason for reason in KNOWN_WITHOUT_MKL.values() if reason == VML or reason.startswith(READS_VML)}
MODES = {"mkl": KNOWN, "without_mkl": {**KNOWN, **KNOWN_WITHOUT_MKL}}
KNOWN_AVX512 = {  # added to both modes' for the AVX512 build's corpus
    **_known("oneDNN's AVX-512 convolution kernels sum the input's gradient in orders not found yet", "conv_input_grad",
             dtypes=("float32",)),
}


def same_bits(got, want):
    return got.dtype == want.dtype and got.shape == want.shape and got.tobytes() == want.tobytes()


def replay(case, dtype, draw, capability="avx2"):
    """Run one draw of a case under gradcli: the differences from torch's record, as a list of what differs."""
    CORPUS = CORPORA[capability]
    key = f"{case.name}|{dtype}|{draw}"
    arrays = [CORPUS[f"{key}|in{i}"] for i in range(len([k for k in CORPUS if k.startswith(key + "|in")]))]
    inputs = [torch.from_numpy(a.copy()) for a in arrays]
    for x in inputs:
        if x.dtype.is_floating_point:
            x.requires_grad_()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # backward(create_graph=True)'s reference-cycle warning
        out = case.fn(torch, F, inputs, **json.loads(str(CORPUS[f"{key}|kw"])))
    assert id(R[case.rule]) in rules_in_graph(out), f"{case.name}: no {case.rule} node in the graph"
    differences = []
    if not same_bits(out.detach().numpy(), CORPUS[f"{key}|out"]):
        differences.append("value")
    differentiable = [x for x in inputs if x.requires_grad]
    grads = torch.autograd.grad(out, differentiable, torch.from_numpy(CORPUS[f"{key}|cotangent"]), allow_unused=True)
    for i, g in enumerate(grads):
        want = CORPUS.get(f"{key}|grad{i}")
        if (g is None) != (want is None) or (g is not None and not same_bits(g.numpy(), want)):
            differences.append(f"grad{i}")
    return differences


def _params():
    return [pytest.param(case, dtype, mode, capability,
                         id=f"{case.name}-{dtype}-{mode}" + ("-avx512" if capability == "avx512" else ""),
                         marks=([pytest.mark.xfail(strict=known[case.name, dtype] not in MACHINE_DEPENDENT,
                                                   reason=known[case.name, dtype])]
                                if (case.name, dtype) in known else []) + ([pytest.mark.mkl] if mode == "mkl" else []))
            for capability in CORPORA for mode, known in MODES.items()
            for known in [{**known, **(KNOWN_AVX512 if capability == "avx512" else {})}]
            for case in CASES for dtype in DTYPES]


@contextlib.contextmanager
def computing_as(capability):
    before = kernels.use_capability(capability)
    try:
        yield
    finally:
        kernels.use_capability(before)


@pytest.mark.parametrize("case, dtype, mode, capability", _params())
def test_value_and_gradient_match_torch_bit_for_bit(case, dtype, mode, capability):
    with mkl.disabled() if mode == "without_mkl" else contextlib.nullcontext(), computing_as(capability):
        for draw in range(DRAWS):
            differences = replay(case, dtype, draw, capability)
            assert not differences, f"{case.name} {dtype} draw {draw}: {', '.join(differences)} differ from torch"


def test_every_rule_has_a_case():
    assert sorted(set(R) - {case.rule for case in CASES}) == []
    assert len({case.name for case in CASES}) == len(CASES)


def test_known_differences_name_existing_cases():
    names = {case.name for case in CASES}
    known = MODES["without_mkl"]
    assert {name for name, _ in known} <= names and {dtype for _, dtype in known} <= set(DTYPES)


def report():
    """Per dtype: the share of cases (and of rules) whose value and gradients are torch's on every draw."""
    for dtype in DTYPES:
        failing = {}
        for case in CASES:
            try:
                parts = sorted({part for draw in range(DRAWS) for part in replay(case, dtype, draw)})
            except Exception as err:  # noqa: BLE001  (a report lists every failure, whatever it is)
                parts = [f"error {type(err).__name__}: {err}"]
            if parts:
                failing[case.name] = parts
        exact_rules = {case.rule for case in CASES} - {case.rule for case in CASES if case.name in failing}
        print(f"{dtype}: {len(CASES) - len(failing)}/{len(CASES)} cases exact "
              f"({100 * (len(CASES) - len(failing)) / len(CASES):.1f}%), {len(exact_rules)}/{len(R)} rules "
              f"({100 * len(exact_rules) / len(R):.1f}%)")
        for name, parts in failing.items():
            print(f"    {name}: {', '.join(parts)}")


if __name__ == "__main__":
    report()
