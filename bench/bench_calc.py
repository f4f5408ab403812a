"""Calculator start-up benchmark, all in one run: `python bench/bench_calc.py [--runs N] [--torch-python PY]`.

Whole processes, as a user starts them, each timed from spawn to exit:
  numpy    python -c "import numpy"                                    (the floor any NumPy tool pays)
  gradcli  python -m gradcli grad "x**2*sin(x)" --at x=0.5 --json      (goal: at most 1.5x numpy)
  torch    the same computation as a PyTorch script                    (goal: at least 7x gradcli)
The torch row needs a Python that can import torch: this one, or --torch-python (e.g. /work/torchenv/bin/python);
it is skipped otherwise. Runs are interleaved round-robin so that load on a shared machine hits every row alike;
medians and minimums are both shown (the minimum is the least noisy estimate of the cost itself).

Then, in one fresh process, where gradcli's time goes: imports, the parser's cache, the computation.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EXPR, AT = "x**2*sin(x)", "x=0.5"
TORCH_SCRIPT = """
import json, torch
x = torch.tensor(0.5, dtype=torch.float64, requires_grad=True)
y = x**2 * torch.sin(x)
y.backward()
print(json.dumps({"value": y.item(), "grad": {"x": x.grad.item()}}))
"""
BREAKDOWN_SCRIPT = """
import time
marks = [("start", time.perf_counter())]
import numpy
marks.append(("import numpy", time.perf_counter()))
import gradcli.torch
marks.append(("import the engine (gradcli.torch)", time.perf_counter()))
import typer
from gradcli.cli import app
marks.append(("import typer and the CLI", time.perf_counter()))
import gradcli.lang, gradcli.runtime.interpreter
marks.append(("import the language and the interpreter", time.perf_counter()))
from gradcli.lang.parser import _parser
_parser()
marks.append(("load the compiled grammar, compile the lexer", time.perf_counter()))
import io
from gradcli import calc
from gradcli.cli import output
problem = calc.Problem(%r, [%r], None, "float64")
report, _ = calc.gradient_report(problem, None, 1)
output.show(report, True, io.StringIO())
marks.append(("parse EXPR, evaluate, differentiate, write JSON", time.perf_counter()))
for (_, before), (name, after) in zip(marks, marks[1:]):
    print(f"  {name:<50s} {(after - before) * 1000:7.1f} ms")
""" % (EXPR, AT)


def commands(torch_python):
    rows = {
        "numpy": [sys.executable, "-c", "import numpy"],
        "gradcli": [sys.executable, "-m", "gradcli", "grad", EXPR, "--at", AT, "--json"],
    }
    if torch_python:
        rows["torch"] = [torch_python, "-c", TORCH_SCRIPT]
    return rows


def can_import_torch(python):
    try:
        return subprocess.run([python, "-c", "import torch"], capture_output=True, timeout=120).returncode == 0
    except OSError:
        return False


def run(command):
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, cwd=REPO, env=ENV)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{done.stderr}")
    return elapsed, done.stdout


ENV = {**os.environ, "PYTHONPATH": str(REPO)}


def interleaved(rows, runs):
    """Each row's output (from a warm-up run: caches, .pyc files) and its times over `runs` rounds."""
    outputs = {name: run(command)[1] for name, command in rows.items()}
    times = {name: [] for name in rows}
    for _ in range(runs):
        for name, command in rows.items():
            times[name].append(run(command)[0])
    return outputs, times


def print_times(times):
    width = max(map(len, times))
    print(f"  {'':{width}s} {'median':>9s} {'min':>9s}")
    for name, samples in times.items():
        print(f"  {name:{width}s} {statistics.median(samples) * 1000:7.1f}ms {min(samples) * 1000:7.1f}ms")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--torch-python", default=None,
                        help="a Python with torch installed (default: this one, if it has torch)")
    options = parser.parse_args()
    torch_python = options.torch_python or sys.executable
    if not can_import_torch(torch_python):
        print(f"(no torch in {torch_python}: the torch row is skipped; pass --torch-python)")
        torch_python = None
    rows = commands(torch_python)
    outputs, times = interleaved(rows, options.runs)
    print(f'gradcli grad "{EXPR}" --at {AT} --json, {options.runs} runs each, interleaved\n')
    print_times(times)
    median = {name: statistics.median(samples) for name, samples in times.items()}
    low = {name: min(samples) for name, samples in times.items()}
    print(f"\n  gradcli / numpy: {median['gradcli'] / median['numpy']:.2f}x median, "
          f"{low['gradcli'] / low['numpy']:.2f}x min   (goal: <= 1.5x)")
    if "torch" in times:
        print(f"  torch / gradcli: {median['torch'] / median['gradcli']:.2f}x median, "
              f"{low['torch'] / low['gradcli']:.2f}x min   (goal: >= 7x)")
        same = json.loads(outputs["torch"]) == json.loads(outputs["gradcli"])
        print(f"  same JSON as the torch script: {same}  ({outputs['gradcli'].strip()})")

    print("\nwhere gradcli's time goes (one fresh process, after Python's own start):")
    subprocess.run([sys.executable, "-c", BREAKDOWN_SCRIPT], cwd=REPO, env=ENV, check=True)


if __name__ == "__main__":
    main()
