"""Expected outputs of gradcli scripts, produced by real Python + PyTorch 2.13 under the display rule.

Run from the repository root with an interpreter that has torch (never needed by gradcli or its tests):

    /work/torchenv/bin/python tests/golden/gen_lang.py [SCRIPT...]

Without arguments it regenerates every script in examples/seeds/ and tests/golden/lang/python/. Each
script runs in a fresh process (seeded with torch's default_rng_seed_val, as `gradcli run` starts), as the Python REPL
runs it: after `import torch`, `from torch import *` (Python's builtins kept) and
`import torch.nn.functional as F`, each top-level statement compiled in 'single' mode, so expression
statements at top level (also inside top-level for/if/with/try bodies, never in a def body) print their
repr. Writes SCRIPT's stem + .out (stdout), .err (stderr) and .exit (exit code). Stderr is written in
gradcli's layout: warnings as Python prints them; an uncaught error as a traceback of the script's own
frames, each with a caret line under the failing expression (Python 3.11's positions), then the
exception line.
"""

import ast
import builtins
import subprocess
import sys
import traceback
from pathlib import Path

KEPT_BUILTINS = ("print", "len", "range", "zip", "enumerate", "list", "tuple", "float", "int", "bool", "str",
                 "abs", "min", "max", "sum", "round", "pow", "all", "any", "isinstance", "dict", "set", "frozenset",
                 "sorted", "reversed", "map", "filter", "next", "iter", "repr", "callable", "divmod", "object",
                 "staticmethod", "classmethod", "property", "super", "type", "setattr", "delattr")
GOLDEN_DIRS = ("examples/seeds", "tests/golden/lang/python")


def main(argv):
    if argv[:1] == ["--child"]:
        sys.exit(run_like_repl(argv[1]))
    scripts = [Path(arg) for arg in argv] or sorted(
        path for folder in GOLDEN_DIRS for path in Path(folder).glob("*.py"))
    for script in scripts:
        result = subprocess.run([sys.executable, __file__, "--child", str(script)], capture_output=True)
        script.with_suffix(".out").write_bytes(result.stdout)
        script.with_suffix(".err").write_bytes(result.stderr)
        script.with_suffix(".exit").write_text(f"{result.returncode}\n")
        print(f"{script}: exit {result.returncode}")


def run_like_repl(path):
    source = Path(path).read_text(encoding="utf-8")
    namespace = {"__name__": "__main__", "__builtins__": builtins}
    exec("import torch\nfrom torch import *\nimport torch.nn.functional as F\n", namespace)
    # torch 2.13 seeds itself at random on start; gradcli starts from torch's default_rng_seed_val,
    # and its generator reproduces torch's CPU stream from the same seed
    namespace["torch"].manual_seed(67280421310721)
    for name in KEPT_BUILTINS:
        namespace.pop(name, None)
    try:
        for statement in ast.parse(source, path).body:
            exec(compile(ast.Interactive(body=[statement]), path, "single"), namespace)
    except BaseException as error:  # the script's uncaught error, reported as gradcli reports it
        sys.stdout.flush()
        sys.stderr.write(script_traceback(error, path, source.splitlines()))
        return 1
    return 0


def script_traceback(error, path, lines):
    blocks = []
    header = ""
    while error is not None:
        frames = [frame for frame in traceback.extract_tb(error.__traceback__) if frame.filename == path]
        text = "Traceback (most recent call last):\n" if frames else ""
        for frame in frames:
            text += f'  File "{path}", line {frame.lineno}, in {frame.name}\n' + caret_lines(frame, lines)
        blocks.append(text + exception_line(error) + header)
        if error.__cause__ is not None:
            error, header = error.__cause__, "\nThe above exception was the direct cause of the following exception:\n\n"
        elif error.__context__ is not None and not error.__suppress_context__:
            error, header = error.__context__, "\nDuring handling of the above exception, another exception occurred:\n\n"
        else:
            error = None
    return "".join(reversed(blocks))


def exception_line(error):
    """As traceback.format_exception_only, without Python's "Did you mean": under this harness's star import
    of torch Python searches other names than `python script.py` does (tests/golden/gen_suggestions.py records
    those)."""
    kind = type(error)
    name = kind.__qualname__ if kind.__module__ in ("builtins", "__main__") else f"{kind.__module__}.{kind.__qualname__}"
    message = str(error)
    return f"{name}: {message}\n" if message else f"{name}\n"


def caret_lines(frame, lines):
    line = lines[frame.lineno - 1]
    stripped = line.strip()
    indent = len(line) - len(line.lstrip())
    end = frame.end_colno if frame.end_lineno == frame.lineno else len(line.rstrip())
    start = frame.colno - indent
    return f"    {stripped}\n    {' ' * start}{'^' * max(1, end - frame.colno)}\n"


if __name__ == "__main__":
    main(sys.argv[1:])
