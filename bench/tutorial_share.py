"""The share of the tutorial corpus that runs identically: `python bench/tutorial_share.py [-j N] [-v]`.

Runs every snippet of tests/golden/tutorials/ through `gradcli run` and compares it with what PyTorch 2.13
printed, exactly as tests/runtime/test_tutorials.py does; prints the share overall and per source (the word
after the number in a snippet's name: pytorch, d2l, torchdocs), and with -v each snippet that differs.
"""

import argparse
import collections
import concurrent.futures
import os
import sys
from pathlib import Path

# torch's AVX2 kernels, as the test has gradcli compute (tests/conftest.py) and the expected outputs were recorded
os.environ["ATEN_CPU_CAPABILITY"] = "avx2"
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "runtime"))
from test_tutorials import TUTORIAL_GAPS, outcome, tutorials  # noqa: E402  (the test's own comparison)


def identical(script):
    got, want = outcome(script)
    return got == want


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-j", "--jobs", type=int, default=2, help="snippets run at once")
    parser.add_argument("-v", "--verbose", action="store_true", help="list the snippets that differ")
    args = parser.parse_args()
    scripts = tutorials()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = dict(zip(scripts, pool.map(identical, scripts)))
    per_source = collections.defaultdict(lambda: [0, 0])
    for script, same in results.items():
        counts = per_source[script.stem.split("_")[1]]
        counts[0] += same
        counts[1] += 1
    same, total = sum(results.values()), len(results)
    print(f"{'all':<10s} {same:3d} / {total:3d}  {same / total:6.1%}")
    for source, (source_same, source_total) in sorted(per_source.items()):
        print(f"{source:<10s} {source_same:3d} / {source_total:3d}  {source_same / source_total:6.1%}")
    if args.verbose:
        for script, same in results.items():
            if not same:
                print(f"differs: {script.stem}  ({TUTORIAL_GAPS.get(script.stem, 'not in TUTORIAL_GAPS')})")


if __name__ == "__main__":
    main()
