"""A long fuzzing campaign (issue 7), not part of the test suite: the strategies of tests/robustness/test_fuzz.py
with many more examples, every finding kept (hypothesis stops at the first failure; this does not).

    PYTHONPATH=. python bench/fuzz_campaign.py [--examples 20000] [--seed 7] [--seconds 5] [--kind KIND] [--out findings.json]

Prints, per kind of input, how many ran, the exit codes, the slowest run, and each distinct problem
(grouped by its first line) with the shortest input that showed it.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "tests/robustness")]

from hypothesis import strategies as st  # noqa: E402

from fuzz_strategies import (calculator_expressions, calculator_problems, mutated_scripts,  # noqa: E402
                             script_problems, token_streams)

KINDS = {
    "token streams": (token_streams(max_tokens=80), script_problems),
    "mutated scripts": (mutated_scripts(), script_problems),
    "calculator EXPR": (calculator_expressions(depth=4), calculator_problems),
}


def draw_examples(strategy, count, seed):
    """`count` examples of `strategy`, reproducibly (hypothesis's example() is not seedable)."""
    import random

    from hypothesis.internal.conjecture.data import ConjectureData

    rng = random.Random(seed)
    for _ in range(count):
        data = ConjectureData(random=rng, prefix=b"")
        try:
            yield data.draw(strategy)
        except Exception:  # noqa: BLE001 - an overrun draw; skip it
            continue


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--examples", type=int, default=20000, help="per kind of input")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=5.0, help="a run over this is a hang")
    parser.add_argument("--kind", choices=list(KINDS), action="append", help="only these kinds (repeatable)")
    parser.add_argument("--out", type=Path)
    options = parser.parse_args()

    report = {}
    for kind, (strategy, check) in KINDS.items():
        if options.kind and kind not in options.kind:
            continue
        start = time.monotonic()
        codes = collections.Counter()
        findings = {}
        slowest = (0.0, "")
        count = 0
        for source in draw_examples(strategy, options.examples, options.seed):
            count += 1
            problems, code, elapsed = check(source, options.seconds)
            codes[code] += 1
            if elapsed > slowest[0]:
                slowest = (elapsed, source)
            for problem in problems:
                key = problem.splitlines()[0][:160]
                if key not in findings or len(source) < len(findings[key][1]):
                    findings[key] = (findings.get(key, (0,))[0] + 1, source)
                else:
                    findings[key] = (findings[key][0] + 1, findings[key][1])
        report[kind] = {
            "examples": count, "exit_codes": {str(code): n for code, n in sorted(codes.items(), key=str)},
            "seconds": round(time.monotonic() - start, 1),
            "slowest": {"seconds": round(slowest[0], 3), "input": slowest[1][:300]},
            "findings": [{"problem": key, "count": n, "shortest_input": source[:500]}
                         for key, (n, source) in sorted(findings.items(), key=lambda item: -item[1][0])],
        }
        print(f"== {kind}: {count} examples in {report[kind]['seconds']} s, exit codes {report[kind]['exit_codes']}, "
              f"slowest {slowest[0]:.2f} s, {len(findings)} distinct problems", flush=True)
        for finding in report[kind]["findings"]:
            print(f"   {finding['count']:6} x {finding['problem']}\n          shortest: {finding['shortest_input']!r}",
                  flush=True)
    if options.out:
        options.out.write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
