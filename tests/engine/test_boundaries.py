"""The engine's import boundary: gradcli.engine and gradcli.torch need NumPy only.

The command line (typer, rich) and the script language (lark) sit on top of the engine; importing the engine
must not pull them in. Checked in a fresh interpreter, since this test process may have imported them already.
"""

import ast
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


def _imports(path, module, modules):
    """The modules of `modules` that `module` (at `path`) imports, anywhere in the file (function-level too)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            source = f"{base}.{node.module}" if node.level and node.module else base if node.level else node.module
            for alias in node.names:  # `from . import ops` imports the module ops, `from .ops import R` ops
                found.add(f"{source}.{alias.name}" if f"{source}.{alias.name}" in modules else source)
    return found & modules


def test_engine_and_torch_namespace_have_no_import_cycle():
    paths = {}
    for path in sorted((REPO / "gradcli").rglob("*.py")):
        parts = path.relative_to(REPO).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if module.startswith(("gradcli.engine", "gradcli.torch")):
            paths[module] = path
    graph = {module: sorted(_imports(path, module, set(paths))) for module, path in paths.items()}
    cycles, state = [], {}

    def visit(module, stack):  # depth-first; an edge back into the stack closes a cycle
        state[module] = "open"
        stack.append(module)
        for target in graph[module]:
            if state.get(target) == "open":
                cycles.append(stack[stack.index(target):] + [target])
            elif target not in state:
                visit(target, stack)
        stack.pop()
        state[module] = "done"

    for module in graph:
        if module not in state:
            visit(module, [])
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(cycle) for cycle in cycles)
