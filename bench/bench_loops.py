"""Loops in scripts, after start-up: `python bench/bench_loops.py [--runs N] [--profile NAME]`.

Two training loops of issue 17, 1,000 steps each, run by the script interpreter (`gradcli run`'s
run_source, in this process, after a warm-up run has loaded the grammar and the engine) and, when
/work/torchenv/bin/python (or --torch PYTHON) exists, the same text run by CPython on torch 2.13 (torch
imported before the clock starts). Plus the engine's 2,000-step scalar chain (bench_engine.py's first row).
The torch runs happen in a worker process, in turn with ours (one of each, --runs times), so that both
sides see the same load on a shared machine; times are the minimum of the runs (the least noisy estimate).
--profile sgd|neuron|chain prints the top of a cProfile of one run instead (--top N rows), after the number
of Python function calls per step, which unlike the times does not depend on the machine's load.
--count NAME runs that loop --runs times after a warm-up and prints nothing, for a count of the machine
instructions it executes (valgrind's cachegrind: --runs 2 minus --runs 0, halved), which does not depend on
the load either.
"""

import argparse
import cProfile
import io
import json
import os
import pstats
import subprocess
import sys
import time

SGD_STEP = '''\
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
        b -= 0.1 * b.grad
    w.grad = None
    b.grad = None
print(round(w.item(), 4), round(b.item(), 4))
'''  # both loops end each step alike: backward, update, clear
SCRIPTS = {
    "sgd": '''\
x = torch.linspace(0, 1, 50)
y = 3 * x + 2
w = torch.tensor(0.0, requires_grad=True)
b = torch.tensor(0.0, requires_grad=True)
for step in range(1000):
    loss = ((w * x + b - y) ** 2).mean()
''' + SGD_STEP,
    "neuron": '''\
w = torch.tensor(0.5, requires_grad=True)
b = torch.tensor(0.1, requires_grad=True)
for step in range(1000):
    out = torch.tanh(w * 2.0 + b)
    loss = (out - 0.8) ** 2
''' + SGD_STEP,
}
CHAIN = '''\
x = torch.tensor(1.0, requires_grad=True)
y = x
for _ in range(2000):
    y = y * 1.0001 + 0.001
y.backward()
'''
TORCH_WORKER = '''\
import io, json, sys, time, contextlib, torch
sources = json.loads(sys.stdin.readline())
for line in sys.stdin:  # one line per timed run: which source
    source = sources[line.strip()]
    start, start_cpu = time.perf_counter(), time.process_time()
    with contextlib.redirect_stdout(io.StringIO()):
        exec(source, {"torch": torch})
    print(time.perf_counter() - start, time.process_time() - start_cpu, flush=True)
'''


class TorchWorker:
    """CPython on torch in a process of its own, running a script each time it is asked: its runs interleave
    with ours, so both sides see the same machine load."""

    def __init__(self, python, sources):
        self.process = subprocess.Popen([python, "-c", TORCH_WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)
        self.process.stdin.write(json.dumps(sources) + "\n")

    def run(self, name):
        self.process.stdin.write(name + "\n")
        self.process.stdin.flush()
        wall, cpu = self.process.stdout.readline().split()
        return float(wall), float(cpu)

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def gradcli_runner(source):
    from gradcli.runtime.session import run_source

    def run():
        out, err = io.StringIO(), io.StringIO()
        run_source(source, "<bench>", out, err)
        if err.getvalue():
            raise SystemExit(f"the script failed:\n{err.getvalue()}")
        return out.getvalue()
    return run


def chain_runner():
    import gradcli.torch as gt
    return lambda: exec(CHAIN, {"torch": gt})


def interleaved(run, worker, name, runs):
    """Minimum (wall, CPU) times of ours and torch's (None without torch), a run of each in turn after one
    warm-up each. The CPU time (time.process_time) counts only the time the process ran, so on a loaded
    machine it is the steadier of the two."""
    ours, theirs = [], []
    for _ in range(runs + 1):
        start, start_cpu = time.perf_counter(), time.process_time()
        run()
        ours.append((time.perf_counter() - start, time.process_time() - start_cpu))
        if worker is not None:
            theirs.append(worker.run(name))
    def fastest(times):
        return tuple(min(column) for column in zip(*times[1:]))
    return fastest(ours), fastest(theirs) if worker is not None else None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--torch", default="/work/torchenv/bin/python")
    parser.add_argument("--profile", choices=[*SCRIPTS, "chain"])
    parser.add_argument("--top", type=int, default=14, help="rows of the profile to print")
    parser.add_argument("--count", choices=[*SCRIPTS, "chain"], help="only run this loop (for valgrind)")
    args = parser.parse_args()
    runners = {name: gradcli_runner(source) for name, source in SCRIPTS.items()}
    runners["chain"] = chain_runner()
    if args.count:
        for _ in range(args.runs + 1):
            runners[args.count]()
        return
    if args.profile:
        import gradcli.runtime.session as session
        session.run_on_deep_stack = lambda run, *limits: run()  # profile the script on this thread
        run = runners[args.profile]
        run()
        profile = cProfile.Profile()
        profile.runcall(run)
        stats = pstats.Stats(profile)
        steps = 2000 if args.profile == "chain" else 1000
        print(f"{stats.total_calls / steps:.0f} function calls per step")
        stats.sort_stats("tottime").print_stats(args.top)
        return
    rows = [("1,000-step SGD linear regression (gradcli run)", "sgd", 1.5),
            ("1,000-step scalar neuron (gradcli run)", "neuron", 1.5),
            ("2,000-step scalar chain (engine, Python)", "chain", 0.8)]
    worker = TorchWorker(args.torch, {**SCRIPTS, "chain": CHAIN}) if os.path.exists(args.torch) else None
    print(f"load average {os.getloadavg()[0]:.1f}; minimum of {args.runs} interleaved runs")
    for title, name, target in rows:
        (wall, cpu), theirs = interleaved(runners[name], worker, name, args.runs)
        line = f"{title:<48} gradcli {wall * 1e3:7.1f} ms (CPU {cpu * 1e3:7.1f})"
        if theirs is not None:
            torch_wall, torch_cpu = theirs
            line += (f"   torch {torch_wall * 1e3:6.1f} ms (CPU {torch_cpu * 1e3:6.1f})   {wall / torch_wall:5.2f}x "
                     f"(CPU {cpu / torch_cpu:5.2f}x; target <= {target}x)")
        print(line, flush=True)
    if worker is not None:
        worker.close()


if __name__ == "__main__":
    sys.setrecursionlimit(10_000)
    main()
