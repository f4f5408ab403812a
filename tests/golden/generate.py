#!/usr/bin/env python
"""Regenerate the golden outputs of the engine corpus under real PyTorch.

Run from anywhere, with the interpreter that has PyTorch 2.13 installed::

    /work/torchenv/bin/python tests/golden/generate.py            # all scripts
    /work/torchenv/bin/python tests/golden/generate.py 042 105    # scripts whose name starts so
    /work/torchenv/bin/python tests/golden/generate.py --check    # compare, write nothing

Each ``tests/golden/engine/NNN_topic.py`` is run as ``python NNN_topic.py``
(plain torch, no harness) in a subprocess with the repository root as cwd; its
stdout, normalised by ``run_gradcli.normalize``, is written to
``NNN_topic.out``.  A script that exits non-zero, writes anything to stderr
(a stray warning included) or times out is an error: nothing is written for it
and the generator exits with status 1 after listing every failure.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import difflib
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
CORPUS = HERE / "engine"
EXPECTED_TORCH = "2.13"
SCRIPT_PATTERN = "[0-9][0-9][0-9]*_*.py"  # NNN_topic.py, past 999 NNNN_topic.py

sys.path.insert(0, str(HERE))
from run_gradcli import normalize  # noqa: E402


def torch_version() -> str:
    out = subprocess.run(
        [sys.executable, "-c", "import torch; print(torch.__version__)"],
        capture_output=True, text=True,
    )
    if out.returncode != 0:
        sys.exit("generate.py: this interpreter cannot import torch:\n" + out.stderr)
    return out.stdout.strip()


def script_env() -> dict[str, str]:
    env = dict(os.environ)
    for var in ("PYTHONPATH", "PYTHONSTARTUP", "PYTHONWARNINGS", "TORCH_SHOW_CPP_STACKTRACES",
                "GOLDEN_REAL_TORCH"):
        env.pop(var, None)
    env.update(PYTHONIOENCODING="utf-8", PYTHONHASHSEED="0", OMP_NUM_THREADS="1",
               MKL_NUM_THREADS="1", COLUMNS="80", LC_ALL="C.UTF-8")
    return env


def run(script: Path) -> tuple[Path, str | None, str]:
    """Return (script, error or None, normalised stdout)."""
    try:
        proc = subprocess.run(
            [sys.executable, str(script)], cwd=REPO, env=script_env(),
            capture_output=True, text=True, encoding="utf-8", timeout=300,
        )
    except subprocess.TimeoutExpired:
        return script, "timed out", ""
    problems = []
    if proc.returncode != 0:
        problems.append("exit status %d" % proc.returncode)
    if proc.stderr:
        problems.append("stderr is not empty:\n" + proc.stderr)
    if not proc.stdout:
        problems.append("printed nothing")
    return script, ("; ".join(problems) or None), normalize(proc.stdout)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("prefixes", nargs="*", help="only scripts whose file name starts with one of these")
    ap.add_argument("--check", action="store_true", help="compare with the .out files, write nothing")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args()

    version = torch_version()
    if not version.startswith(EXPECTED_TORCH + "."):
        sys.exit("generate.py: goldens are for torch %s, this interpreter has %s" % (EXPECTED_TORCH, version))

    scripts = sorted(CORPUS.glob(SCRIPT_PATTERN))
    if args.prefixes:
        scripts = [s for s in scripts if s.name.startswith(tuple(args.prefixes))]
    if not scripts:
        sys.exit("generate.py: no scripts selected")
    names = [s.name.split("_")[0] for s in sorted(CORPUS.glob(SCRIPT_PATTERN))]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        sys.exit("generate.py: duplicate script numbers: " + ", ".join(dupes))

    failures, changed = [], []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for script, error, stdout in pool.map(run, scripts):
            if error:
                failures.append((script, error))
                continue
            out = script.with_suffix(".out")
            old = out.read_text(encoding="utf-8") if out.exists() else None
            if old != stdout:
                changed.append(script)
                if args.check:
                    sys.stdout.writelines(difflib.unified_diff(
                        (old or "").splitlines(True), stdout.splitlines(True),
                        str(out), "torch " + version))
                else:
                    out.write_text(stdout, encoding="utf-8")

    stale = [o for o in sorted(CORPUS.glob("*.out")) if not o.with_suffix(".py").exists()]
    for o in stale:
        print("stale .out without a script: %s" % o.relative_to(REPO))
    verb = "differ" if args.check else "written"
    print("torch %s: %d scripts, %d %s, %d failed" % (version, len(scripts), len(changed), verb, len(failures)))
    for script, error in failures:
        print("\nFAILED %s: %s" % (script.relative_to(REPO), error), file=sys.stderr)
    return 1 if failures or stale or (args.check and changed) else 0


if __name__ == "__main__":
    sys.exit(main())
