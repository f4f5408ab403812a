"""Scripts run through `gradcli run` print exactly what their golden files say.

examples/seeds/ and tests/golden/lang/python/ hold goldens made by real Python + PyTorch 2.13
(tests/golden/gen_lang.py); gradcli's hint lines, which PyTorch does not print, are left out of the
comparison there. tests/golden/lang/gradcli/ holds what only gradcli does (syntax diagnostics, limits,
hints, the sandbox), with goldens reviewed by hand. Object addresses (0x...) differ between runs and are
compared as 0x.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
TORCH_GOLDEN_DIRS = ("examples/seeds", "tests/golden/lang/python")
GRADCLI_GOLDEN_DIR = "tests/golden/lang/gradcli"
ADDRESS = re.compile(r"0x[0-9a-f]+")


# Goldens that wait on the engine (not the language): strict, so each one is noticed when it starts passing.
ENGINE_GAPS = {}  # scripts whose golden output the engine cannot reproduce yet, with the reason


def scripts(folder):
    return sorted((REPO / folder).glob("*.py"))


def with_engine_gaps(paths):
    return [pytest.param(path, id=path.stem, marks=pytest.mark.xfail(reason=ENGINE_GAPS[path.stem], strict=True))
            if path.stem in ENGINE_GAPS else pytest.param(path, id=path.stem) for path in paths]


def run_gradcli(script):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
    env.pop("NO_COLOR", None)
    result = subprocess.run([sys.executable, "-m", "gradcli", "run", str(script.relative_to(REPO))], cwd=REPO,
                            env=env, capture_output=True, text=True, timeout=120)
    return result.returncode, result.stdout, result.stderr


def expected(script):
    return (int(script.with_suffix(".exit").read_text()), script.with_suffix(".out").read_text(),
            script.with_suffix(".err").read_text())


def without_hints(stderr):
    return "".join(line for line in stderr.splitlines(keepends=True) if not line.startswith("hint: "))


@pytest.mark.parametrize("script", with_engine_gaps(path for folder in TORCH_GOLDEN_DIRS for path in scripts(folder)))
def test_matches_pytorch(script):
    code, out, err = run_gradcli(script)
    want_code, want_out, want_err = expected(script)
    assert ADDRESS.sub("0x", out) == ADDRESS.sub("0x", want_out)
    assert without_hints(err) == want_err
    assert code == want_code


@pytest.mark.parametrize("script", scripts(GRADCLI_GOLDEN_DIR), ids=lambda path: path.stem)
def test_matches_reviewed_golden(script):
    code, out, err = run_gradcli(script)
    want_code, want_out, want_err = expected(script)
    assert (code, ADDRESS.sub("0x", out), err) == (want_code, ADDRESS.sub("0x", want_out), want_err)
