"""Start-up of every command, as whole processes against `python -c "import numpy"` (goal: at most 1.5x):
`python bench/bench_startup.py [--runs N] [--base DIR]`.

Runs are interleaved round-robin so that load on a shared machine hits every row alike; medians and
minimums are shown (the minimum is the least noisy estimate), with the load averages before and after.
`--base DIR` adds rows for another checkout of gradcli (run from its directory, which `python -m` puts first
on sys.path), timed in the same rounds: before and after a change, side by side.

`--only NAME...` keeps only those rows (and numpy's), e.g. `--only "check (table)"`.

`--instructions` counts instead the machine instructions of one run of each command under valgrind's
callgrind (`valgrind --tool=callgrind --callgrind-out-file=/dev/null ...`; about 20 s a command): load does
not change them, so they compare changes on a busy machine (within about +-2 M a run). They leave out what
does not execute instructions in the process (reading files, page faults of the shared libraries), which
weighs more in NumPy's import than in the modules gradcli adds.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
HOMEWORK = str(REPO / "examples" / "lessons" / "check_key.toml")
GRADCLI = [sys.executable, "-m", "gradcli"]
COMMANDS = {
    "numpy": ([sys.executable, "-c", "import numpy"], None),
    "--help": ([*GRADCLI, "--help"], None),
    "eval": ([*GRADCLI, "eval", "x = torch.ones(2, requires_grad=True); x.sum()"], None),
    "grad --json": ([*GRADCLI, "grad", "x**2*sin(x)", "--at", "x=0.5", "--json"], None),
    "grad (table)": ([*GRADCLI, "grad", "x**2*sin(x)", "--at", "x=0.5"], None),
    "graph": ([*GRADCLI, "graph", "x*sin(x)", "--at", "x=0.5"], None),
    "repl (pipe)": ([*GRADCLI, "repl"], b"1 + 1\n"),
    "check (table)": ([*GRADCLI, "check", HOMEWORK], None),
}


def environment(base=None):
    """As an installed gradcli starts: from compiled bytecode (pip writes it at install; a shell that sets
    PYTHONDONTWRITEBYTECODE would otherwise make every run compile gradcli's modules again, some 30% more)."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    if base is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(base), env.get("PYTHONPATH")]))
    return env


def load_text():
    return "load average " + ", ".join(f"{load:.2f}" for load in os.getloadavg())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--base", type=Path, help="another checkout of gradcli, timed alongside as 'before'")
    parser.add_argument("--instructions", action="store_true", help="count instructions under valgrind instead")
    parser.add_argument("--only", nargs="+", choices=COMMANDS, metavar="COMMAND",
                        help="time only these rows (numpy's always): e.g. --only 'check (table)'")
    args = parser.parse_args()
    if args.only:
        for name in set(COMMANDS) - {"numpy", *args.only}:
            del COMMANDS[name]
    trees = {"": (REPO, environment())}
    if args.base is not None:
        base = args.base.resolve()
        trees = {"before ": (base, environment(base)), "after ": (REPO, environment())}
    if args.instructions:
        return count_instructions(trees)
    times = {(tree, name): [] for tree in trees for name in COMMANDS if tree == next(iter(trees)) or name != "numpy"}
    print(load_text(), "at the start")
    for round in range(args.runs + 1):  # the first round writes the bytecode and warms the disk cache: not timed
        for (tree, name), measured in times.items():
            command, stdin = COMMANDS[name]
            start = time.perf_counter()
            folder, env = trees[tree]
            done = subprocess.run(command, input=stdin, capture_output=True, cwd=folder, env=env)
            elapsed = time.perf_counter() - start
            if done.returncode not in (0, 1):
                sys.exit(f"{tree}{name} failed ({done.returncode}): {done.stderr.decode()[-500:]}")
            if round:
                measured.append(elapsed)
    numpy_times = times[next(iter(trees)), "numpy"]
    floor = statistics.median(numpy_times), min(numpy_times)
    print(load_text(), "at the end")
    print(f"{'':24s} {'median':>9s} {'min':>9s}   x numpy (median, min; goal <= 1.5x)")
    for (tree, name), measured in times.items():
        median, best = statistics.median(measured), min(measured)
        print(f"{tree + name:24s} {median * 1000:7.1f}ms {best * 1000:7.1f}ms   "
              f"{median / floor[0]:.2f}x {best / floor[1]:.2f}x")


def count_instructions(trees):
    """Each command once (writing its bytecode), then once under callgrind; its count against numpy's."""
    numpy_count = None
    print(f"{'':24s} {'instructions':>14s}   x numpy")
    for tree, (folder, env) in trees.items():
        for name, (command, stdin) in COMMANDS.items():
            if name == "numpy" and numpy_count is not None:
                continue
            subprocess.run(command, input=stdin, capture_output=True, cwd=folder, env=env)
            done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
                                  input=stdin, capture_output=True, cwd=folder, env=env)
            count = int(re.search(rb"Collected : (\d+)", done.stderr).group(1))
            numpy_count = numpy_count or count
            print(f"{tree + name:24s} {count / 1e6:12.1f} M   {count / numpy_count:.3f}x", flush=True)


if __name__ == "__main__":
    main()
