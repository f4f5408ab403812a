"""`gradcli plot` start-up benchmark: `python bench/bench_plot.py [--runs N]`.

Whole processes, as a user starts them, each timed from spawn to exit, interleaved round-robin so that load
on a shared machine hits every row alike (medians and minimums shown; the minimum is the least noisy):
  numpy         python -c "import numpy"                                         (the floor)
  plot          python -m gradcli plot "x**2 * sin(x)" --range x=-3:3 --order 2  (goal: at most 1.6x numpy)
  plot --json   the same, the sampled series as JSON (no plotille)
  grad          python -m gradcli grad "x**2 * sin(x)" --at x=0.5 --json      (for reference: one derivative)
Then, in one fresh process, where the plot's time goes.
"""

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_calc import ENV, REPO, interleaved, print_times  # noqa: E402  (the calculator benchmark's timing)

PLOT = ["plot", "x**2 * sin(x)", "--range", "x=-3:3", "--order", "2"]
GOAL = 1.6
BREAKDOWN_SCRIPT = """
import io, time
marks = [("start", time.perf_counter())]
import numpy
marks.append(("import numpy", time.perf_counter()))
import typer
from gradcli.cli import app
marks.append(("import typer, the CLI and the engine", time.perf_counter()))
from gradcli import calc
from gradcli.cli import plot
from gradcli.explain.curves import SAMPLES, sample_problem
problem = calc.Problem("x**2 * sin(x)", ["x=-3.0"], ["x"], "float64")
marks.append(("parse EXPR, bind x", time.perf_counter()))
curves = sample_problem(problem, "x", -3.0, 3.0, 2)
marks.append(("sample f, df/dx, d2f/dx2 (%d points)" % SAMPLES, time.perf_counter()))
import plotille
marks.append(("import plotille", time.perf_counter()))
plot.drawing(curves, "title")
marks.append(("draw", time.perf_counter()))
for (_, before), (name, after) in zip(marks, marks[1:]):
    print(f"  {name:<50s} {(after - before) * 1000:7.1f} ms")
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    options = parser.parse_args()
    rows = {
        "numpy": [sys.executable, "-c", "import numpy"],
        "plot": [sys.executable, "-m", "gradcli", *PLOT],
        "plot --json": [sys.executable, "-m", "gradcli", *PLOT, "--json"],
        "grad": [sys.executable, "-m", "gradcli", "grad", "x**2 * sin(x)", "--at", "x=0.5", "--json"],
    }
    _, times = interleaved(rows, options.runs)
    print(f"gradcli {' '.join(PLOT)}, {options.runs} runs each, interleaved\n")
    print_times(times)
    for name in ("plot", "plot --json", "grad"):
        median = statistics.median(times[name]) / statistics.median(times["numpy"])
        low = min(times[name]) / min(times["numpy"])
        print(f"\n  {name} / numpy: {median:.2f}x median, {low:.2f}x min   (goal: <= {GOAL}x)", end="")
    # A busy machine slows every row, not alike: the plot's own cost, next to the calculator's, is steadier.
    print(f"\n  plot / grad: {statistics.median(times['plot']) / statistics.median(times['grad']):.2f}x median, "
          f"{min(times['plot']) / min(times['grad']):.2f}x min", end="")
    print("\n\nwhere a plot's time goes (one fresh process, after Python's own start):")
    subprocess.run([sys.executable, "-c", BREAKDOWN_SCRIPT], cwd=REPO, env=ENV, check=True)


if __name__ == "__main__":
    main()
