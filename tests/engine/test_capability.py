"""Which of torch's CPU builds gradcli computes as (gradcli/engine/kernels.py): ATEN_CPU_CAPABILITY as torch reads
it, else the CPU's features; and what changes between the AVX2 and AVX512 builds. The bits of each build are
checked against torch in tests/engine/test_property_corpus.py (a corpus per build)."""

import numpy as np
import pytest

from gradcli.engine import kernels, libm, sleef


@pytest.mark.parametrize("value, capability", [("avx2", "avx2"), ("AVX512", "avx512"), ("avx512", "avx512"),
                                               ("default", "avx2")])
def test_the_capability_follows_torchs_variable(value, capability, monkeypatch):
    monkeypatch.setenv("ATEN_CPU_CAPABILITY", value)
    assert kernels.torch_capability() == capability


def test_without_the_variable_the_cpu_decides(monkeypatch):
    monkeypatch.delenv("ATEN_CPU_CAPABILITY")
    assert kernels.torch_capability() in kernels.CAPABILITY_REGISTER_BYTES


@pytest.mark.parametrize("capability, vector_elements", [("avx2", 16), ("avx512", 0)])
def test_a_run_of_24_floats_takes_the_vector_function_in_steps_of_two_vectors(capability, vector_elements):
    """torch's vectorised loop steps by two vectors: 16 floats on AVX2 (16 by SLEEF, 8 by the C library's sinhf),
    32 on AVX512 (all 24 by sinhf)."""
    x = np.linspace(-8, 8, 24, dtype=np.float32)
    before = kernels.use_capability(capability)
    try:
        got = kernels.by_blocks(sleef.sinhf_u10, libm.sinhf)(x)
    finally:
        kernels.use_capability(before)
    want = np.concatenate([sleef.sinhf_u10(x[:vector_elements]), libm.sinhf(x[vector_elements:])])
    assert got.tobytes() == want.tobytes()
    assert sleef.sinhf_u10(x).tobytes() != libm.sinhf(x).tobytes()  # (the two differ on these inputs)
