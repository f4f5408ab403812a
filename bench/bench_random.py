"""Random tensors of 10^6 elements, gradcli against torch: `python bench/bench_random.py [--torch-python PY]`.

rand, randn (float32: torch's AVX2 Box-Muller, reproduced bit for bit) and randn float64, each timed as the
best of 7 calls in a fresh process, with the gradcli and torch processes interleaved round by round so that
load on a shared machine hits both alike. Goal: at most 3x torch's time. The torch column needs a Python that
can import torch (--torch-python, default /work/torchenv/bin/python); it is skipped without one.
"""

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CALLS = {"rand": "rand(1_000_000)", "randn": "randn(1_000_000)",
         "randn float64": "randn(1_000_000, dtype=torch.float64)"}
TIMER = """
import time
import {module} as torch
torch.manual_seed(0)
for name, call in {calls!r}.items():
    times = []
    for _ in range(8):
        start = time.perf_counter()
        eval("torch." + call)
        times.append(time.perf_counter() - start)
    print(name, min(times[1:]))
"""


def timings(python, module):
    """Seconds per call name, from one fresh process."""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    done = subprocess.run([python, "-c", TIMER.format(module=module, calls=CALLS)], capture_output=True,
                          text=True, env=env, timeout=300, check=True)
    return {line.rsplit(" ", 1)[0]: float(line.rsplit(" ", 1)[1]) for line in done.stdout.splitlines()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--torch-python", default="/work/torchenv/bin/python")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    has_torch = Path(args.torch_python).exists()
    rows = {name: {"gradcli": [], "torch": []} for name in CALLS}
    for _ in range(args.rounds):
        for column, python, module in (("gradcli", sys.executable, "gradcli.torch"),
                                       ("torch", args.torch_python, "torch")):
            if column == "torch" and not has_torch:
                continue
            for name, seconds in timings(python, module).items():
                rows[name][column].append(seconds)
    print(f"{'10^6 elements':<16s} {'gradcli':>10s} {'torch':>10s} {'ratio':>7s}   (medians over {args.rounds} rounds)")
    for name, columns in rows.items():
        ours = statistics.median(columns["gradcli"])
        theirs = statistics.median(columns["torch"]) if columns["torch"] else None
        ratio = f"{ours / theirs:6.1f}x" if theirs else "      -"
        theirs_text = f"{theirs * 1000:8.1f} ms" if theirs else "         -"
        print(f"{name:<16s} {ours * 1000:8.1f} ms {theirs_text} {ratio}")


if __name__ == "__main__":
    main()
