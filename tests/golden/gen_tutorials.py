"""Expected outputs of the tutorial corpus (tests/golden/tutorials/), produced by real Python + PyTorch 2.13.

Each NNN_source_topic.py is code copied from a tutorial written by others (its header names the source and
any edit). It runs as tests/golden/gen_lang.py runs a script (the REPL's display rule, as `gradcli run`
has it), in a fresh process, on one thread (MKL splits a product's work between threads in other orders, so
its sums differ in the last bits) and with torch's AVX2 kernels, as the test runs gradcli (tests/conftest.py);
its stdout, stderr and exit code are written beside it as .out, .err, .exit.
Run from the repository root with an interpreter that has torch:

    /work/torchenv/bin/python tests/golden/gen_tutorials.py [SCRIPT...]
"""

import concurrent.futures
import os
import subprocess
import sys
from pathlib import Path

CORPUS = Path("tests/golden/tutorials")  # relative, as the test names scripts to `gradcli run` (tracebacks show it)


def main(argv):
    scripts = [Path(arg) for arg in argv] or sorted(CORPUS.glob("[0-9][0-9][0-9]_*.py"))
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for script, code in zip(scripts, pool.map(generate, scripts)):
            print(f"{script}: exit {code}")


def generate(script):
    result = subprocess.run([sys.executable, "tests/golden/gen_lang.py", "--child", str(script)],
                            capture_output=True, timeout=600, env=dict(os.environ, OMP_NUM_THREADS="1",
                                                                        MKL_NUM_THREADS="1",
                                                                        ATEN_CPU_CAPABILITY="avx2"))
    script.with_suffix(".out").write_bytes(result.stdout)
    script.with_suffix(".err").write_bytes(result.stderr)
    script.with_suffix(".exit").write_text(f"{result.returncode}\n")
    return result.returncode


if __name__ == "__main__":
    main(sys.argv[1:])
