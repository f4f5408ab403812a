"""Script-language benchmark, all in one run: `python bench/bench_lang.py [--runs N] [--lines N]`.

1. A generated script of --lines lines (default 10,000: assignments, arithmetic on numbers and tensors,
   function definitions and calls, loops, ifs, f-strings, backward passes), timed in this process:
   parsing (LALR tables + AST), then running it; and as a whole `gradcli run` process.
2. Process start, whole processes as a user starts them, interleaved round-robin so that load on a shared
   machine hits every row alike (medians and minimums; the minimum is the least noisy estimate):
     numpy    python -c "import numpy"                  (the floor any NumPy tool pays)
     gradcli  python -m gradcli eval "x = torch.tensor(2., requires_grad=True); (x**3).backward(); x.grad"
                                                          (goal: at most 1.5x numpy)
3. Where a `gradcli eval` process spends its time, in one fresh process.
"""

import argparse
import io
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EVAL_CODE = "x = torch.tensor(2., requires_grad=True); (x**3).backward(); x.grad"
BLOCK = '''\
w{i} = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
def loss{i}(v, scale=2.0):
    total = 0
    for k in range(3):
        if k % 2 == 0:
            total = total + v[k] * scale
        else:
            total = total - v[k] ** 2
    return total
out{i} = loss{i}(w{i}, scale=0.5 + {i} % 3)
out{i}.backward()
grads{i} = [g.item() for g in w{i}.grad]
label{i} = f"block {i}: {{out{i}.item():.3f}}"
n{i} = ({i} * 7 + 3) // 2 - {i} % 5
with torch.no_grad():
    w{i} -= 0.1 * w{i}.grad
'''
BREAKDOWN_SCRIPT = """
import io, time
marks = [("start", time.perf_counter())]
import numpy
marks.append(("import numpy", time.perf_counter()))
import gradcli.torch
marks.append(("import the engine (gradcli.torch)", time.perf_counter()))
from gradcli.cli import app
marks.append(("import typer and the CLI", time.perf_counter()))
import gradcli.runtime.session
marks.append(("import the language and the interpreter", time.perf_counter()))
from gradcli.lang.parser import _parser
_parser()
marks.append(("load the compiled grammar, compile the lexer", time.perf_counter()))
from gradcli.runtime.session import run_source
run_source(%r, "<eval>", io.StringIO(), io.StringIO())
marks.append(("parse and run the code", time.perf_counter()))
for (_, before), (name, after) in zip(marks, marks[1:]):
    print(f"  {name:<50s} {(after - before) * 1000:7.1f} ms")
""" % EVAL_CODE


def generated_script(lines):
    block_lines = BLOCK.count("\n")
    return "".join(BLOCK.format(i=i) for i in range(max(1, lines // block_lines)))


def time_script(lines):
    from gradcli.lang import parse
    from gradcli.runtime.session import ScriptRun

    source = generated_script(lines)
    marks = [(time.perf_counter(), time.process_time())]
    module = parse(source)
    marks.append((time.perf_counter(), time.process_time()))
    out, err = io.StringIO(), io.StringIO()
    status = ScriptRun("<bench>", source.split("\n"), out, err, _limits()).run(module)
    marks.append((time.perf_counter(), time.process_time()))
    assert status == 0, err.getvalue()
    count = source.count("\n")
    print(f"generated script: {count} lines, {len(module.body)} top-level statements")
    print(f"{'':28s}wall        CPU     lines/s (CPU)")
    for name, (wall0, cpu0), (wall1, cpu1) in zip(("parse (LALR + AST)", "run"), marks, marks[1:]):
        print(f"  {name:<24s} {(wall1 - wall0) * 1000:7.0f} ms {(cpu1 - cpu0) * 1000:7.0f} ms  {count / (cpu1 - cpu0):9.0f}")
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as file:
        file.write(source)
    try:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "gradcli", "run", file.name], check=True, env=_env(),
                       stdout=subprocess.DEVNULL)
        print(f"  gradcli run, whole process {(time.perf_counter() - start) * 1000:6.0f} ms")
    finally:
        os.unlink(file.name)


def _limits():
    from gradcli.runtime.sandbox.limits import Limits

    return Limits()


def _env():
    return dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))


def time_start(runs):
    rows = {
        "numpy": ([sys.executable, "-c", "import numpy"], 'python -c "import numpy"'),
        "gradcli": ([sys.executable, "-m", "gradcli", "eval", EVAL_CODE], f'python -m gradcli eval "{EVAL_CODE}"'),
    }
    times = {name: [] for name in rows}
    for _ in range(runs):
        for name, (command, _) in rows.items():
            start = time.perf_counter()
            subprocess.run(command, check=True, env=_env(), stdout=subprocess.DEVNULL)
            times[name].append(time.perf_counter() - start)
    print(f"\nprocess start, {runs} interleaved runs each:\n{'':14s}median       min")
    for name, (_, shown) in rows.items():
        print(f"  {name:<8s} {statistics.median(times[name]) * 1000:7.1f}ms {min(times[name]) * 1000:7.1f}ms   {shown}")
    median = statistics.median(times["gradcli"]) / statistics.median(times["numpy"])
    least = min(times["gradcli"]) / min(times["numpy"])
    print(f"\n  gradcli / numpy: {median:.2f}x median, {least:.2f}x min   (goal: <= 1.5x)")


def time_breakdown():
    print("\nwhere a gradcli eval process spends its time (one fresh process, after Python's own start):")
    subprocess.run([sys.executable, "-c", BREAKDOWN_SCRIPT], check=True, env=_env())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="process starts per row")
    parser.add_argument("--lines", type=int, default=10_000, help="lines of the generated script")
    args = parser.parse_args()
    time_script(args.lines)
    time_start(args.runs)
    time_breakdown()
    load = os.getloadavg()[0]
    print(f"\nload average: {load:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
