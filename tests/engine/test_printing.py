"""gradcli.engine.printing against torch 2.13's own reprs (tests/golden/printing.json, from gen_printing.py)."""

import json
from pathlib import Path

import numpy as np
import pytest

from gradcli.engine.printing import return_types_repr, size_repr, tensor_repr

GOLDEN = json.loads((Path(__file__).parents[1] / "golden" / "printing.json").read_text())


def decode(case):
    """The NumPy array torch printed: floats come back from their repr strings (nan, inf, -0.0 included)."""
    def dec(x):
        if isinstance(x, list):
            return [dec(y) for y in x]
        return float(x) if isinstance(x, str) else x

    np_dtype = {"float32": np.float32, "float64": np.float64, "int64": np.int64,
                "int32": np.int32, "bool": np.bool_}[case["dtype"]]
    return np.array(dec(case["data"]), dtype=np_dtype).reshape(case["shape"])


def render(case):
    return tensor_repr(decode(case), case["dtype"], requires_grad=case["requires_grad"], grad_fn=case["grad_fn"])


@pytest.mark.parametrize("case", GOLDEN["tensors"], ids=lambda c: c["id"])
def test_tensor_repr(case):
    assert render(case) == case["expected"]


@pytest.mark.parametrize("case", GOLDEN["return_types"], ids=lambda c: c["id"])
def test_return_types_repr(case):
    fields = [(name, render(field)) for name, field in case["fields"]]
    assert return_types_repr(case["name"], fields) == case["expected"]


@pytest.mark.parametrize("case", GOLDEN["sizes"], ids=lambda c: c["expected"])
def test_size_repr(case):
    assert size_repr(tuple(case["shape"])) == case["expected"]


def test_golden_is_big_enough():
    assert len(GOLDEN["tensors"]) >= 80
