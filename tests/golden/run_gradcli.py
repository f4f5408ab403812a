#!/usr/bin/env python
"""Run golden-corpus scripts with ``gradcli.torch`` standing in for ``torch``.

The scripts under ``tests/golden/engine/`` are plain PyTorch code.  This runner
installs ``sys.modules`` aliases so that ``import torch`` (and the submodules
below) resolve to gradcli's NumPy engine, then executes the script with
``runpy.run_path`` exactly as ``python script.py`` would.

Usage (from the repository root, with the root on PYTHONPATH)::

    python tests/golden/run_gradcli.py tests/golden/engine/001_leaf_flags.py
        Run one script; its output goes to this process's stdout/stderr.

    python tests/golden/run_gradcli.py --batch OUTDIR SCRIPT...
        Import the engine once, then run every SCRIPT in a forked child of its
        own (fresh global state for each), writing OUTDIR/<name>.stdout,
        OUTDIR/<name>.stderr and OUTDIR/<name>.rc.  The pytest harness
        (tests/engine/test_golden_engine.py) uses this mode.

Environment:
    GOLDEN_REAL_TORCH=1    do not alias: run against the real torch (used to
                           check the harness itself, under an env with torch).
    GOLDEN_TIMEOUT=SECS    per-script time limit in --batch mode (default 60).

``normalize`` is the single definition of how outputs are normalised; both
``generate.py`` (writing the .out files under real torch) and the pytest test
use it.
"""

from __future__ import annotations

import importlib
import os
import re
import runpy
import signal
import sys
import traceback

# Modules a golden script may import, mapped onto gradcli's torch-compatible
# package tree ("torch.nn.functional" -> "gradcli.torch.nn.functional").
ALIASED_MODULES = (
    "torch",
    "torch.autograd",
    "torch.autograd.functional",
    "torch.nn",
    "torch.nn.functional",
    "torch.nn.init",
    "torch.optim",
    "torch.optim.lr_scheduler",
    "torch.autograd.forward_ad",
    "torch.func",
    "torch.utils",
    "torch.utils.hooks",
)

_ADDRESS = re.compile(r"0x[0-9a-f]+")


def normalize(text: str) -> str:
    """Normalise run-dependent parts of a script's stdout.

    Object addresses, as in ``<MulBackward0 object at 0x7f3a5c2b1e80>``, become
    ``0x...``.
    """
    return _ADDRESS.sub("0x...", text)


def use_real_torch() -> bool:
    return os.environ.get("GOLDEN_REAL_TORCH", "") not in ("", "0")


def install_aliases() -> None:
    """Make ``import torch`` & co. resolve to ``gradcli.torch`` & co."""
    if use_real_torch():
        import torch  # noqa: F401  (pre-import, as the aliased mode does)
        import torch.nn.functional  # noqa: F401
        import torch.autograd.functional  # noqa: F401
        return
    # The top-level package must import; a missing submodule is left
    # un-aliased so that only the scripts that import it fail (with the
    # engine's own ImportError), not the whole corpus.
    sys.modules["torch"] = importlib.import_module("gradcli.torch")
    for name in ALIASED_MODULES[1:]:
        try:
            sys.modules[name] = importlib.import_module("gradcli." + name)
        except ImportError:
            pass


def run_script(path: str) -> int:
    """Execute ``path`` as ``__main__`` the way ``python path`` would.

    Returns the process exit code: 0, the SystemExit code, or 1 after printing
    the traceback of an uncaught exception to stderr.
    """
    path = os.path.abspath(path)
    sys.argv = [path]
    sys.path.insert(0, os.path.dirname(path))
    code = 0
    try:
        runpy.run_path(path, run_name="__main__")
    except SystemExit as e:
        if e.code is None:
            code = 0
        elif isinstance(e.code, int):
            code = e.code
        else:
            print(e.code, file=sys.stderr)
            code = 1
    except BaseException:  # noqa: BLE001 - mirror the interpreter
        traceback.print_exc()
        code = 1
    finally:
        try:
            sys.stdout.flush()
        finally:
            sys.stderr.flush()
    return code


def _run_in_child(script: str, base: str, timeout: int) -> None:
    """Body of a forked child: redirect fds 1/2 to files, run, _exit."""
    code = 1
    try:
        out = os.open(base + ".stdout", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        err = os.open(base + ".stderr", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(out, 1)
        os.dup2(err, 2)
        os.close(out)
        os.close(err)
        signal.alarm(timeout)  # default SIGALRM action ends the child
        code = run_script(script)
    except BaseException:  # noqa: BLE001
        try:
            traceback.print_exc()
            sys.stderr.flush()
        except BaseException:  # noqa: BLE001
            pass
    finally:
        os._exit(code)


def run_batch(outdir: str, scripts: list[str], timeout: int) -> None:
    os.makedirs(outdir, exist_ok=True)
    sys.stdout.flush()
    sys.stderr.flush()
    import_error = None
    try:
        install_aliases()
    except BaseException:  # noqa: BLE001
        import_error = traceback.format_exc()
    for script in scripts:
        name = os.path.splitext(os.path.basename(script))[0]
        base = os.path.join(outdir, name)
        if import_error is not None:
            _write(base + ".stdout", "")
            _write(base + ".stderr", "run_gradcli: importing the engine failed\n" + import_error)
            _write(base + ".rc", "1\n")
            continue
        if hasattr(os, "fork"):
            pid = os.fork()
            if pid == 0:
                _run_in_child(script, base, timeout)
            _, status = os.waitpid(pid, 0)
            if os.WIFSIGNALED(status):
                sig = os.WTERMSIG(status)
                note = "timed out after %ss" % timeout if sig == signal.SIGALRM else "killed by signal %d" % sig
                with open(base + ".stderr", "a", encoding="utf-8") as f:
                    f.write("\nrun_gradcli: %s\n" % note)
                rc = -sig
            else:
                rc = os.WEXITSTATUS(status)
        else:  # no fork (Windows): one interpreter per script
            import subprocess

            with open(base + ".stdout", "wb") as out, open(base + ".stderr", "wb") as err:
                try:
                    rc = subprocess.run(
                        [sys.executable, os.path.abspath(__file__), script],
                        stdout=out, stderr=err, timeout=timeout,
                    ).returncode
                except subprocess.TimeoutExpired:
                    rc = -1
        _write(base + ".rc", "%d\n" % rc)


def _write(path: str, text: str) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def main(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[0] == "--batch":
        timeout = int(os.environ.get("GOLDEN_TIMEOUT", "60"))
        run_batch(argv[1], argv[2:], timeout)
        return 0
    if len(argv) != 1 or argv[0].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    install_aliases()
    return run_script(argv[0])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
