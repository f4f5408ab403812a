"""What the bit-exact tests share: a committed generator under tests/golden/ (run with torch, it stored torch's
outputs; imported here, its functions rebuild the inputs and replay each case through gradcli) and the outputs
it stored in tests/golden/bitexact/."""

import importlib.util
from pathlib import Path

import numpy as np

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def generator_and_outputs(generator, outputs):
    """The module tests/golden/<generator>.py and the arrays of tests/golden/bitexact/<outputs>.npz by key."""
    spec = importlib.util.spec_from_file_location(generator, GOLDEN / f"{generator}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with np.load(GOLDEN / "bitexact" / f"{outputs}.npz") as data:
        return module, {key: data[key] for key in data.files}
