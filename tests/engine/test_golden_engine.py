"""Golden conformance corpus: gradcli.torch must print what PyTorch 2.13 prints.

Every ``tests/golden/engine/NNN_topic.py`` is a small plain-PyTorch script; its
``.out`` file is the stdout real torch 2.13 produced (``tests/golden/generate.py``).
Here each script runs with ``gradcli.torch`` aliased as ``torch`` (see
``tests/golden/run_gradcli.py``) and its normalised stdout must equal the
``.out`` file exactly; it must also exit 0 and write nothing to stderr, as it
did under torch.

For speed, the selected scripts are run by a couple of ``run_gradcli.py --batch``
subprocesses that import the engine once and fork a fresh child per script.
To debug one script by hand::

    PYTHONPATH=. python tests/golden/run_gradcli.py tests/golden/engine/001_leaf_flags.py

Set GOLDEN_REAL_TORCH=1 (under an interpreter with torch) to run the corpus
against real torch, which checks the harness itself.
"""

from __future__ import annotations

import difflib
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
GOLDEN = REPO / "tests" / "golden"
CORPUS = GOLDEN / "engine"
RUNNER = GOLDEN / "run_gradcli.py"
SCRIPTS = sorted(CORPUS.glob("[0-9][0-9][0-9]*_*.py"))  # NNN_topic.py, past 999 NNNN_topic.py

_spec = importlib.util.spec_from_file_location("golden_run_gradcli", RUNNER)
_runner = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_runner)
normalize = _runner.normalize


def _selected_scripts(session) -> list[Path]:
    this = Path(__file__).resolve()
    picked = []
    for item in session.items:
        callspec = getattr(item, "callspec", None)
        if callspec is None or "script" not in callspec.params:
            continue
        if Path(str(item.fspath)).resolve() == this:
            picked.append(callspec.params["script"])
    return picked


@pytest.fixture(scope="module")
def golden_results(request, tmp_path_factory) -> Path:
    """Run every selected script once; return the directory of results."""
    scripts = _selected_scripts(request.session) or SCRIPTS
    outdir = tmp_path_factory.mktemp("golden_engine")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO)] + [p for p in [env.get("PYTHONPATH")] if p])
    env.update(PYTHONIOENCODING="utf-8", PYTHONHASHSEED="0", OMP_NUM_THREADS="1",
               MKL_NUM_THREADS="1", COLUMNS="80")
    env.pop("PYTHONWARNINGS", None)
    jobs = max(1, min(2, os.cpu_count() or 1, len(scripts)))
    procs = []
    for i in range(jobs):
        chunk = [str(s) for s in scripts[i::jobs]]
        procs.append(subprocess.Popen(
            [sys.executable, str(RUNNER), "--batch", str(outdir)] + chunk,
            cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        ))
    for proc in procs:
        output, _ = proc.communicate(timeout=1800)
        if proc.returncode != 0:
            pytest.fail("run_gradcli.py --batch failed (%d):\n%s" % (proc.returncode, output),
                        pytrace=False)
    return outdir


def _read(path: Path, default: str = "") -> str:
    return path.read_text(encoding="utf-8", errors="replace") if path.exists() else default


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_golden(script: Path, golden_results: Path) -> None:
    expected = _read(script.with_suffix(".out"), default=None)
    assert expected is not None, "missing %s: run tests/golden/generate.py under torch" % (
        script.with_suffix(".out").relative_to(REPO))
    base = golden_results / script.stem
    actual = normalize(_read(base.with_suffix(".stdout")))
    stderr = _read(base.with_suffix(".stderr"))
    rc = _read(base.with_suffix(".rc"), default="(no result)").strip()
    if actual == expected and rc == "0" and not stderr:
        return

    rel = script.relative_to(REPO)
    parts = ["%s: output differs from torch 2.13 (exit status %s)" % (rel, rc)]
    if actual != expected:
        diff = "".join(difflib.unified_diff(
            expected.splitlines(True), actual.splitlines(True),
            fromfile="expected (torch 2.13: %s)" % script.with_suffix(".out").name,
            tofile="actual (gradcli)", n=3))
        if not diff.endswith("\n"):
            diff += "\n"
        parts.append(diff)
        if not actual.endswith("\n") or not expected.endswith("\n"):
            parts.append("(check trailing newlines: expected ends %r, actual ends %r)"
                         % (expected[-20:], actual[-20:]))
    if stderr:
        tail = stderr if len(stderr) <= 4000 else "...\n" + stderr[-4000:]
        parts.append("--- stderr (torch wrote none) ---\n" + tail)
    parts.append("--- script ---\n" + script.read_text(encoding="utf-8"))
    parts.append("rerun: PYTHONPATH=. %s tests/golden/run_gradcli.py %s" % (
        Path(sys.executable).name, rel))
    pytest.fail("\n".join(parts), pytrace=False)


def test_script_numbers_are_unique():
    """generate.py refuses a corpus where two scripts share a number; catch it here, without torch."""
    numbers = [script.name.split("_")[0] for script in SCRIPTS]
    assert sorted({n for n in numbers if numbers.count(n) > 1}) == []
