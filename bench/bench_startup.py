"""Start-up of every command, as whole processes against `python -c "import numpy"` (goal: at most 1.5x):
`python bench/bench_startup.py [--runs N]`. Runs are interleaved round-robin so that load on a shared
machine hits every row alike; medians and minimums are shown (the minimum is the least noisy estimate)."""

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
HOMEWORK = str(REPO / "examples" / "lessons" / "check_key.toml")
COMMANDS = {
    "numpy": ([sys.executable, "-c", "import numpy"], None),
    "--help": ([sys.executable, "-m", "gradcli", "--help"], None),
    "eval": ([sys.executable, "-m", "gradcli", "eval", "x = torch.ones(2, requires_grad=True); x.sum()"], None),
    "grad --json": ([sys.executable, "-m", "gradcli", "grad", "x**2*sin(x)", "--at", "x=0.5", "--json"], None),
    "grad (table)": ([sys.executable, "-m", "gradcli", "grad", "x**2*sin(x)", "--at", "x=0.5"], None),
    "graph": ([sys.executable, "-m", "gradcli", "graph", "x*sin(x)", "--at", "x=0.5"], None),
    "repl (pipe)": ([sys.executable, "-m", "gradcli", "repl"], b"1 + 1\n"),
    "check (table)": ([sys.executable, "-m", "gradcli", "check", HOMEWORK], None),
}


# As an installed gradcli starts: from compiled bytecode (pip writes it at install; a shell that sets
# PYTHONDONTWRITEBYTECODE would otherwise make every run compile gradcli's modules again, some 30% more).
ENVIRONMENT = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    times = {name: [] for name in COMMANDS}
    for round in range(runs + 1):  # the first round writes the bytecode and warms the disk cache: not timed
        for name, (command, stdin) in COMMANDS.items():
            start = time.perf_counter()
            subprocess.run(command, input=stdin, capture_output=True, cwd=REPO, check=name != "check (table)",
                           env=ENVIRONMENT)
            if round:
                times[name].append(time.perf_counter() - start)
    floor = statistics.median(times["numpy"]), min(times["numpy"])
    print(f"{'':16s} {'median':>9s} {'min':>9s}   x numpy (median, min; goal <= 1.5x)")
    for name, measured in times.items():
        median, best = statistics.median(measured), min(measured)
        print(f"{name:16s} {median * 1000:7.1f}ms {best * 1000:7.1f}ms   {median / floor[0]:.2f}x {best / floor[1]:.2f}x")


if __name__ == "__main__":
    main()
