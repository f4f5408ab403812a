"""Anomaly mode (torch.autograd.set_detect_anomaly, detect_anomaly): the script of tests/golden/anomaly/ prints
on stdout what it printed under PyTorch 2.13 (recorded with `python set_detect_anomaly.py > .out`; torch's
stderr warning with the forward call's traceback is not reproduced), and detect_anomaly warns as torch does."""

import subprocess
import sys
import warnings
from pathlib import Path

import gradcli.torch as torch

HERE = Path(__file__).resolve().parents[1] / "golden" / "anomaly"
REPO = HERE.parents[2]


def test_the_script_prints_what_torch_printed():
    done = subprocess.run([sys.executable, "tests/golden/run_gradcli.py", str(HERE / "set_detect_anomaly.py")],
                          capture_output=True, text=True, cwd=REPO, timeout=120,
                          env={"PYTHONPATH": str(REPO), "PATH": ""})
    assert done.stdout == (HERE / "set_detect_anomaly.out").read_text()


def test_detect_anomaly_warns_and_restores_the_mode_it_found():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        context = torch.autograd.detect_anomaly(check_nan=False)
    assert [str(w.message) for w in caught] == ["Anomaly Detection has been enabled. This mode will increase the "
                                                "runtime and should only be enabled for debugging."]
    with context:
        assert (torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled()) == (True, False)
        x = torch.tensor([-1.0], requires_grad=True)
        x.sqrt().sum().backward()  # a NaN gradient passes: check_nan=False
    assert (torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled()) == (False, True)
