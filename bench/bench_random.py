"""Random tensors of 10^6 elements, gradcli against torch: `python bench/bench_random.py [--torch-python PY]`.

rand, randn (float32: torch's AVX2 Box-Muller, reproduced bit for bit) and randn float64, each timed as the
best of 7 calls in a fresh process, with the gradcli and torch processes interleaved round by round so that
load on a shared machine hits both alike: wall-clock time, and the CPU time of the whole process (which
waiting for a CPU does not count; both run these calls on one thread). Goal: at most 3x torch's time, in
both. The torch column needs a Python that can import torch (--torch-python, default
/work/torchenv/bin/python); it is skipped without one.
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
    walls, cpus = [], []
    for _ in range(8):
        start, cpu_start = time.perf_counter(), time.process_time()
        eval("torch." + call)
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu_start)
    print(name, min(walls[1:]), min(cpus[1:]), sep="|")
"""


def timings(python, module):
    """(wall, CPU) seconds per call name, from one fresh process."""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    done = subprocess.run([python, "-c", TIMER.format(module=module, calls=CALLS)], capture_output=True,
                          text=True, env=env, timeout=300, check=True)
    rows = [line.split("|") for line in done.stdout.splitlines()]
    return {name: (float(wall), float(cpu)) for name, wall, cpu in rows}


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
    print(os_load(), f"(medians over {args.rounds} rounds of best-of-7)")
    print(f"{'10^6 elements':<16s} {'gradcli wall':>13s} {'torch wall':>11s} {'ratio':>6s} "
          f"{'gradcli CPU':>12s} {'torch CPU':>10s} {'ratio':>6s}")
    for name, columns in rows.items():
        line = f"{name:<16s}"
        for which in (0, 1):
            ours = statistics.median(times[which] for times in columns["gradcli"])
            theirs = statistics.median(times[which] for times in columns["torch"]) if columns["torch"] else None
            ratio = f"{ours / theirs:5.1f}x" if theirs else "     -"
            theirs_text = f"{theirs * 1000:8.1f} ms" if theirs else "         -"
            line += f" {ours * 1000:10.1f} ms {theirs_text} {ratio}"
        print(line)


def os_load():
    return "load average " + ", ".join(f"{load:.2f}" for load in os.getloadavg())

if __name__ == "__main__":
    main()
