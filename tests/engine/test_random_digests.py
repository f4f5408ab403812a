"""10^6-element random tensors bit for bit against torch's, by SHA-256 digest (tests/golden/gen_random_digests.py)."""

import hashlib
import json
from pathlib import Path

import pytest

from gradcli import torch

RECORDED = json.loads((Path(__file__).parents[1] / "golden" / "bitexact" / "random_digests.json").read_text())


@pytest.mark.parametrize("seed, function, size, dtype, expected", RECORDED["cases"])
def test_large_random_tensor_has_torch_bits(seed, function, size, dtype, expected):
    torch.manual_seed(seed)
    values = getattr(torch, function)(size, dtype=getattr(torch, dtype)).numpy()
    assert hashlib.sha256(values.tobytes()).hexdigest() == expected
