"""The exception lines, with Python's "Did you mean", that real Python + PyTorch 2.13 print for the misspelt
names of tests/golden/suggestions/ (each run as `python script.py`, not under gen_lang.py's harness, whose
star import of torch would change what Python searches). Run from the repository root with an interpreter
that has torch:

    /work/torchenv/bin/python tests/golden/gen_suggestions.py

Writes tests/golden/suggestions/expected.json: {script name: its last line of stderr}.
"""

import json
import subprocess
import sys
from pathlib import Path

CORPUS = Path("tests/golden/suggestions")


def main():
    expected = {}
    for script in sorted(CORPUS.glob("*.py")):
        done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
        expected[script.name] = done.stderr.splitlines()[-1]
    (CORPUS / "expected.json").write_text(json.dumps(expected, indent=1) + "\n")


if __name__ == "__main__":
    main()
