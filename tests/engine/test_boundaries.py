"""The engine's import boundary: gradcli.engine and gradcli.torch need NumPy only.

The command line (typer, rich) and the script language (lark) sit on top of the engine; importing the engine
must not pull them in. Checked in a fresh interpreter, since this test process may have imported them already.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FRONT_END_LIBRARIES = ("lark", "rich", "typer")


def modules_after(statement):
    """The top-level module names in sys.modules after running `statement` in a fresh interpreter."""
    code = f"{statement}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.splitlines()[-1])


def test_engine_imports_no_front_end_library():
    modules = modules_after("import gradcli.engine, gradcli.torch")
    assert "gradcli.engine" in modules and "numpy" in modules
    loaded = [name for name in FRONT_END_LIBRARIES if name in modules]
    assert not loaded, f"importing gradcli.engine / gradcli.torch loaded {loaded}"
