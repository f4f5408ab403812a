"""Float32 matrix products bit for bit as torch 2.13 computes them (goldens: tests/golden/gen_bitexact_matmul.py)."""

from pathlib import Path

import numpy as np
import pytest

import gradcli.torch as gt
import gradcli.torch.nn.functional as F

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "bitexact" / "matmul.npz"

with np.load(GOLDEN) as data:
    CASES = {key: data[key] for key in data.files}
KEYS = sorted({key.rsplit("|", 1)[0] for key in CASES if key.endswith("|out")}, key=lambda k: int(k.split("|")[0]))


def same_bits(got, want):
    return got.dtype == want.dtype and got.shape == want.shape and got.tobytes() == want.tobytes()


def run(form, a, b, bias=None, g=None):
    """The case's product through gradcli's functions, as the generator ran it through torch's."""
    if form in ("mm", "batch_mm", "vecmat", "matvec"):
        return {"out": a @ b}
    if form == "mm_at":
        return {"out": a.t() @ b}
    if form == "mm_bt":
        return {"out": a @ b.t()}
    if form == "mv":
        return {"out": gt.mv(a, b)}
    if form == "dot":
        return {"out": gt.dot(a, b)}
    if form == "bmm":
        return {"out": gt.bmm(a, b)}
    if form == "addmm":
        return {"out": gt.addmm(bias, a, b)}
    if form in ("linear", "linear3d"):
        return {"out": F.linear(a, b, bias)}
    a.requires_grad_(True), b.requires_grad_(True)
    out = a @ b
    out.backward(g)
    return {"out": out, "grad_a": a.grad, "grad_b": b.grad}


@pytest.mark.parametrize("key", KEYS)
def test_product_matches_torch(key):
    form = key.split("|")[1]
    tensors = {name: gt.tensor(CASES[f"{key}|{name}"]) for name in ("a", "b", "bias", "g") if f"{key}|{name}" in CASES}
    for name, got in run(form, **tensors).items():
        assert same_bits(got.detach().numpy(), CASES[f"{key}|{name}"]), (key, name)


def test_a_sum_rounded_twice_is_redone_exactly():
    """The golden corpus's last case: a float64 sum half-way between two floats, where rounding the float64
    sum again would give 2^29 + 128; the fused multiply-add gives 2^29 + 64."""
    key = KEYS[-1]
    got = (gt.tensor(CASES[f"{key}|a"]) @ gt.tensor(CASES[f"{key}|b"])).numpy()
    assert got[1, 5] == 2**29 + 64 and same_bits(got, CASES[f"{key}|out"])
