"""Float32 matrix products bit for bit as torch 2.13 computes them (goldens: tests/golden/gen_bitexact_matmul.py)."""


import numpy as np
import pytest

import gradcli.torch as gt

from bitexact_goldens import generator_and_outputs

generator, CASES = generator_and_outputs("gen_bitexact_matmul", "matmul")  # `run` replays a case through gradcli
KEYS = sorted({key.rsplit("|", 1)[0] for key in CASES if key.endswith("|out")}, key=lambda k: int(k.split("|")[0]))


def same_bits(got, want):
    return got.dtype == want.dtype and got.shape == want.shape and got.tobytes() == want.tobytes()


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("mode", [pytest.param("mkl", marks=pytest.mark.mkl), "without_mkl"])
def test_product_matches_torch(key, mode, request):
    """The fitted orders of engine/gemm.py (without MKL) and MKL's own BLAS give the same bits."""
    if mode == "without_mkl":
        request.getfixturevalue("without_mkl")
    form = key.split("|")[1]
    tensors = {name: gt.tensor(CASES[f"{key}|{name}"]) for name in ("a", "b", "bias", "g") if f"{key}|{name}" in CASES}
    for name, got in generator.run(gt, form, **tensors).items():
        assert same_bits(got.detach().numpy(), CASES[f"{key}|{name}"]), (key, name)


def test_a_sum_rounded_twice_is_redone_exactly(without_mkl):
    """The golden corpus's last case: a float64 sum half-way between two floats, where rounding the float64
    sum again would give 2^29 + 128; the fused multiply-add gives 2^29 + 64."""
    key = KEYS[-1]
    got = (gt.tensor(CASES[f"{key}|a"]) @ gt.tensor(CASES[f"{key}|b"])).numpy()
    assert got[1, 5] == 2**29 + 64 and same_bits(got, CASES[f"{key}|out"])


def test_addmm_result_is_row_major_and_leaves_its_input_alone():
    """torch's addmm copies its input into a fresh row-major result (the next product's order depends
    on that layout)."""
    bias = gt.tensor(np.arange(12, dtype=np.float32))
    out = gt.addmm(bias, gt.ones(8, 50), gt.ones(50, 12))
    assert out._data.flags.c_contiguous and bias.tolist() == list(range(12))
