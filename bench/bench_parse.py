"""Parsing at scale: `python bench/bench_parse.py [--repeat N]`.

1. Parse time (best of --repeat, in this process) of growing inputs, to show it is linear in their size:
     lines     N short lines `a1 = 1`                      (goal: 50,000 in at most 1.5 s)
     operands  one expression `y = x+x+...+x` of N operands (goal: 100,000 in at most 1.5 s)
2. One short expression `x**2*sin(x) + exp(-x)/(1+x**2)`: the fixed cost of a parse call (microseconds).
3. Whole `gradcli run` processes on 1 MB scripts (goal: they run, or stop with a clear error, in 10 s):
     the generated script of bench_lang.py, and one expression of 1 MB.
--profile prints the top of cProfile's table (by own time) for parsing 50,000 lines and 100,000 operands.
"""

import argparse
import cProfile
import os
import pstats
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_lang import _env, generated_script  # noqa: E402  (a sibling script, not a package)

MEGABYTE = 1_000_000
SHORT = "x**2*sin(x) + exp(-x)/(1+x**2)"


def short_lines(count):
    return "".join(f"a{i} = {i}\n" for i in range(count))


def long_sum(operands):
    return "x = 1.0\ny = " + "+".join(["x"] * operands) + "\nprint(y)\n"


def best_parse_time(source, repeat):
    """The best wall-clock and CPU times (CPU time leaves out waiting for a CPU on a loaded machine)."""
    from gradcli.lang import parse

    walls, cpus = [], []
    for _ in range(repeat):
        start, cpu_start = time.perf_counter(), time.process_time()
        parse(source)
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu_start)
    return min(walls), min(cpus)


def best_parse_time_of_calls(source, calls):
    from gradcli.lang import parse

    start = time.perf_counter()
    for _ in range(calls):
        parse(source)
    return time.perf_counter() - start


def profile_top(rows):
    from gradcli.lang import parse

    sources = short_lines(50_000), long_sum(100_000)
    profiler = cProfile.Profile()
    profiler.enable()
    for source in sources:
        parse(source)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(rows)


def run_process(source):
    """Seconds, exit code and the last line of stderr of `gradcli run` on `source`."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as script:
        script.write(source)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "gradcli", "run", script.name], capture_output=True, text=True,
                          env=_env(), timeout=60)
    seconds = time.perf_counter() - start
    Path(script.name).unlink()
    last_error_line = done.stderr.strip().rsplit("\n", 1)[-1][:100]
    return seconds, done.returncode, last_error_line


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="parses per size (the best is shown)")
    parser.add_argument("--profile", action="store_true", help="print the top of the profile instead")
    args = parser.parse_args()
    from gradcli.lang import parse

    parse("warm = 1\n")  # loads the compiled grammar once, outside the timings
    if args.profile:
        profile_top(12)
        return
    print("1. parse time (best of %d), load average %.1f" % (args.repeat, os.getloadavg()[0]))
    for label, make, sizes in (("lines", short_lines, (12_500, 25_000, 50_000)),
                               ("operands", long_sum, (25_000, 50_000, 100_000))):
        for size in sizes:
            seconds, cpu = best_parse_time(make(size), args.repeat)
            print(f"  {label:<9s} {size:>8,d}  {seconds:6.2f} s  {seconds / size * 1e6:5.1f} us each  "
                  f"(CPU {cpu:5.2f} s)")
    calls = 2000
    best = min(best_parse_time_of_calls(SHORT, calls) for _ in range(args.repeat))
    print(f"2. one short expression {SHORT!r}: {best / calls * 1e6:.0f} us a parse (best of {args.repeat} x {calls})")
    print("3. gradcli run on 1 MB scripts (whole process)")
    block_lines = max(1, MEGABYTE * 10_000 // len(generated_script(10_000)))
    for label, source in (("bench_lang script", generated_script(block_lines)),
                          ("one expression", long_sum(MEGABYTE // 2))):
        seconds, code, last_line = run_process(source)
        print(f"  {label:<18s} {len(source) / MEGABYTE:4.2f} MB  {seconds:5.2f} s  exit {code}  {last_line}")


if __name__ == "__main__":
    main()
