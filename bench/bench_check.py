"""`gradcli check` benchmark: `python bench/bench_check.py [--problems 300] [--points 10] [--runs 3]`, and
`python bench/bench_check.py --roster [--students 200] [--problems 20]` for a key graded against a roster, and
`python bench/bench_check.py --profile [--problems 3000] [--top 15]` for cProfile's top functions while one
process grades the set (no workers: a profile sees only its own process), and
`python bench/bench_check.py --problems 3000 --against OTHER_CHECKOUT [--runs 5]` to compare with other code
(e.g. `git archive BASE | tar -x -C /tmp/base`): runs of the two alternate, one process and every CPU, then whole
`python -m gradcli check --json FILE` processes (their outputs must be the same), so that both see the same
load; the minimum of each is reported, wall clock and CPU time, and
`python bench/bench_check.py --instructions [--problems 300] [--against OTHER_CHECKOUT]` for the instructions a
problem costs (valgrind's callgrind: one process grading the set minus one grading none of it), which the load
of a shared machine does not change.

Writes a problem set of distinct problems (one variable, two-variable partials, a vector variable, every
tenth answer wrong), then times, in a fresh process per run, loading the file and grading every problem as
`gradcli check` does (across every CPU from 200 problems on, or `--jobs N`; goal: 3,000 problems x 10 points
in at most 2.5 s). The calculator's namespace is built once before the clock starts, as it is for any
command; the whole `gradcli check` process is timed too, for reference.
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

# (f, answer) templates; {k} makes every expression distinct, so nothing is parsed only once by luck.
TEMPLATES = [
    ('x**2 * sin({k}*x)', '"2*x*sin({k}*x) + {k}*x**2*cos({k}*x)"'),
    ('exp(-x**2 / {k})', '"-2*x/{k} * exp(-x**2 / {k})"'),
    ('(x + {k}*y) * sin(y)', '{{ x = "sin(y)", y = "{k}*sin(y) + (x + {k}*y)*cos(y)" }}'),
    ('sum(w**2) * {k}', '"2*{k}*w"'),
]


def problem_set(problems, points):
    lines = ["[defaults]", f"points = {points}", ""]
    for i in range(problems):
        f, answer = TEMPLATES[i % len(TEMPLATES)]
        k = i + 1
        if i % 10 == 9:  # a wrong answer: graded as a failure, at the same cost
            answer = answer.replace('"', '"1 + ', 1)
        lines += ["[[problem]]", f'name = "p{i}"', f'f = "{f.format(k=k)}"', f"answer = {answer.format(k=k)}"]
        if "w" in f:
            lines.append("vars = { w = [3] }")
        lines.append("")
    return "\n".join(lines)


# Typical mistakes a student's answer is made of ({a} the right answer, {f} the function): a sign error, a
# constant factor, a constant added, not differentiated, a factor too many.
MISTAKES = ["-({a})", "2*({a})", "({a}) + 1", "{f}", "({a})*x"]
ROSTER_TEMPLATES = [
    ("x**2*sin({k}*x)", "2*x*sin({k}*x) + {k}*x**2*cos({k}*x)"),
    ("exp(-x**2/{k})", "-2*x/{k}*exp(-x**2/{k})"),
    ("log(x**2 + {k})", "2*x/(x**2 + {k})"),
    ("sqrt(x**2 + {k})", "x/sqrt(x**2 + {k})"),
    ("{k}*x**3", "3*{k}*x**2"),
]


def roster_files(directory, students, problems, seed=0):
    """key.toml and roster.csv: each answer right with probability 0.7, else one of MISTAKES."""
    import random

    key, lines = [], ["[defaults]", "weight = 1", ""]
    for i in range(problems):
        f, answer = ROSTER_TEMPLATES[i % len(ROSTER_TEMPLATES)]
        key.append((f.format(k=i + 1), answer.format(k=i + 1)))
        lines += ["[[problem]]", f'name = "p{i}"', f'f = "{key[-1][0]}"', f'answer = "{key[-1][1]}"', ""]
    (directory / "key.toml").write_text("\n".join(lines))
    rng = random.Random(seed)
    rows = ["student," + ",".join(f"p{i}" for i in range(problems))]
    for student in range(students):
        cells = [answer if rng.random() < 0.7 else rng.choice(MISTAKES).format(a=answer, f=f) for f, answer in key]
        rows.append(f"s{student}," + ",".join(cells))
    (directory / "roster.csv").write_text("\n".join(rows) + "\n")
    return directory / "key.toml", directory / "roster.csv"


def bench_roster(options):
    from gradcli import calc
    from gradcli.grading import roster

    calc.calculator("float64")
    with tempfile.TemporaryDirectory() as directory:
        key_path, roster_path = roster_files(Path(directory), options.students, options.problems)
        for jobs in (1, None):
            # a fresh process each time, so no parse or reference is kept from the run before
            code = (f"import sys, time; sys.path.insert(0, {str(REPO)!r}); from gradcli import calc; "
                    f"from gradcli.grading import roster; calc.calculator('float64'); "
                    f"start, cpu = time.perf_counter(), time.process_time(); "
                    f"key = roster.load_key({str(key_path)!r}); "
                    f"grades = roster.grade_roster(key, roster.load_submissions({str(roster_path)!r}, key), "
                    f"jobs={jobs}); "
                    f"print(f'{{time.perf_counter() - start:.2f}} s wall, {{time.process_time() - cpu:.2f}} s CPU "
                    f"of the parent', sum(g.ok for g in grades), 'students all right')")
            done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
            print(f"{options.students} students x {options.problems} problems, "
                  f"{'one process' if jobs == 1 else f'{os.cpu_count()} processes'}: {done.stdout.strip()}")
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs (goal: under 10 s wall on 2 CPUs)")
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "gradcli", "check", "--key", str(key_path), "--submissions",
                        str(roster_path), "--json"], cwd=REPO, capture_output=True, check=False)
        print(f"the whole process `gradcli check --key ... --submissions ... --json`: "
              f"{time.perf_counter() - start:.2f} s")


def one_run(path, jobs, repo=REPO):
    """Grade `path` as `gradcli check` does, in a fresh process (so that no parse or reference is kept from
    the run before), the calculator's namespace built before the clock starts, as it is for any command."""
    code = (f"import json, resource, sys, time; sys.path.insert(0, {str(repo)!r}); from gradcli import calc, grading; "
            f"from gradcli.grading import parallel; calc.calculator('float64'); "
            f"start, cpu = time.perf_counter(), time.process_time(); "
            f"results = parallel.mapped(grading.grade, grading.load({str(path)!r}), jobs={jobs}); "
            f"wall, cpu = time.perf_counter() - start, time.process_time() - cpu; "
            f"workers = resource.getrusage(resource.RUSAGE_CHILDREN); "
            f"print(json.dumps(dict(wall=wall, cpu=cpu, workers=workers.ru_utime + workers.ru_stime, "
            f"statuses=[result.status for result in results])))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    run = json.loads(done.stdout)
    run["load"] = os.getloadavg()[0]
    return run


def whole_process(path, repo=REPO):
    """The wall clock and CPU time (its own and its workers') of one `python -m gradcli check --json FILE`
    process run from `repo`, and the load average."""
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "gradcli", "check", "--json", str(path)], cwd=repo,
                          capture_output=True, check=False)
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return dict(wall=wall, cpu=cpu, output=done.stdout, load=os.getloadavg()[0])


def compare(path, other, runs):
    """This checkout and `other` graded by turns, `runs` times each, in one process and across every CPU,
    then their whole `gradcli check --json FILE` processes by turns, whose outputs must be the same."""
    for jobs in (1, None):
        found = by_turns(lambda repo: one_run(path, jobs, repo), other, runs)
        assert found[REPO][0]["statuses"] == found[other][0]["statuses"], "the two checkouts grade differently"
        print(f"{'one process (--jobs 1)' if jobs == 1 else f'every CPU ({os.cpu_count()})'}, min of {runs} "
              f"alternating runs each:")
        show(found, lambda done: f"wall {least(done, 'wall')}, CPU {least(done, 'cpu')} in the grading process + "
                                 f"{least(done, 'workers')} in its workers")
    found = by_turns(lambda repo: whole_process(path, repo), other, runs)
    assert found[REPO][0]["output"] == found[other][0]["output"], "the two checkouts print different JSON"
    print(f"the whole process `python -m gradcli check --json FILE`, min of {runs} alternating runs each "
          f"(the same output):")
    show(found, lambda done: f"wall {least(done, 'wall')} (runs {', '.join(format(run['wall'], '.2f') for run in done)}), "
                             f"CPU {least(done, 'cpu')} with its workers")


def by_turns(measure, other, runs):
    """{checkout: [measure(checkout), ...]} for this checkout and `other`, measured by turns, `runs` times each."""
    found = {REPO: [], other: []}
    for _ in range(runs):
        for repo in found:
            found[repo].append(measure(repo))
    return found


def show(found, describe):
    """A line per checkout: describe(its runs), and the load average over them."""
    for repo, done in found.items():
        print(f"  {repo}: {describe(done)} (load average {min(run['load'] for run in done):.1f}-"
              f"{max(run['load'] for run in done):.1f})")


def least(runs, key):
    return f"{min(run[key] for run in runs):.2f} s"


def instructions(path, problems, repo=REPO):
    """Instructions per problem of grading `problems` problems in one process with `repo`'s code: valgrind's
    count for grading them minus its count for grading none, both after the first problem (its imports)."""
    counts = []
    for count in (0, problems):
        code = (f"import sys; sys.path.insert(0, {str(repo)!r}); from gradcli import calc, grading; "
                f"from gradcli.grading import parallel; calc.calculator('float64'); "
                f"specs = grading.load({str(path)!r}); grading.grade(specs[0]); "
                f"parallel.mapped(grading.grade, specs[:{count}], jobs=1)")
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                               "-c", code], capture_output=True, text=True, check=True)
        counts.append(int(done.stderr.split("Collected : ")[1].split()[0]))
    return (counts[1] - counts[0]) / problems


def profile(path, top):
    """cProfile's top functions by their own time and by cumulative time, one process grading `path`."""
    import cProfile
    import pstats

    from gradcli import grading
    from gradcli.grading import parallel

    profiler = cProfile.Profile(time.process_time)  # CPU time: the wall clock of a shared machine waits for a CPU
    start = time.process_time()
    profiler.enable()
    results = parallel.mapped(grading.grade, grading.load(path), jobs=1)
    profiler.disable()
    print(f"{len(results)} problems graded in one process under cProfile: {time.process_time() - start:.2f} s CPU; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    for order in ("tottime", "cumulative"):
        pstats.Stats(profiler, stream=sys.stdout).strip_dirs().sort_stats(order).print_stats(top)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--problems", type=int, default=None)
    parser.add_argument("--points", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--roster", action="store_true", help="grade a roster against a key instead")
    parser.add_argument("--students", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=None, help="processes (default: every CPU, as check does)")
    parser.add_argument("--profile", action="store_true", help="cProfile one process grading the set")
    parser.add_argument("--top", type=int, default=15, help="functions the profile lists")
    parser.add_argument("--against", help="another checkout to compare with, run by turns with this one")
    parser.add_argument("--instructions", action="store_true", help="instructions per problem (valgrind)")
    options = parser.parse_args()
    if options.roster:
        options.problems = options.problems or 20
        return bench_roster(options)
    options.problems = options.problems or 300

    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "bench.toml"
        path.write_text(problem_set(options.problems, options.points))
        if options.profile:
            return profile(path, options.top)
        if options.instructions:
            for repo in [REPO] + ([Path(options.against).resolve()] if options.against else []):
                print(f"{repo}: {instructions(path, options.problems, repo) / 1e6:.2f} M instructions a problem "
                      f"(one process, {options.problems} problems x {options.points} points)")
            return None
        if options.against:
            return compare(path, Path(options.against).resolve(), options.runs)
        runs = [one_run(path, options.jobs) for _ in range(options.runs)]
        best = min(runs, key=lambda run: run["wall"])
        statuses = {status: best["statuses"].count(status) for status in ("pass", "fail", "error")}
        processes = "one process" if options.jobs == 1 else f"up to {options.jobs or os.cpu_count()} processes"
        print(f"{options.problems} problems x {options.points} points, graded by {processes}: best "
              f"{best['wall']:.2f} s, runs {', '.join(format(run['wall'], '.2f') for run in runs)} "
              f"(goal <= 2.5 s for 3,000); {statuses}")
        # On a shared machine the wall clock includes waiting for a CPU; CPU time does not.
        print(f"CPU time of that run: {best['cpu']:.2f} s in the grading process, {best['workers']:.2f} s in its "
              f"workers; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
        whole = whole_process(path)
        print(f"the whole process `python -m gradcli check --json FILE`: {whole['wall']:.2f} s, "
              f"CPU {whole['cpu']:.2f} s with its workers")

if __name__ == "__main__":
    main()
