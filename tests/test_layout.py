"""The package layout, read from the source: the import order of the packages, no import cycles, no private
name reached across packages.

Packages, each importing only those before it:
    engine (NumPy only) <- torch <- lang <- runtime <- domain packages (calc, grading, explain, repl) <- cli
The few modules directly under gradcli/ (the version, the exit codes, the ANSI palette, lazy package names)
import nothing of gradcli and may be imported by every package. Every import counts, also those inside
functions (the lazy imports that keep start-up fast are still dependencies).
"""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "gradcli"
LAYERS = {"engine": 0, "torch": 1, "lang": 2, "runtime": 3, "calc": 4, "grading": 4, "explain": 4, "repl": 4,
          "cli": 5}
BASE_MODULES = {"gradcli", "gradcli.exitcodes", "gradcli.ansi", "gradcli.lazy"}
ENTRY_POINTS = {"gradcli.__main__"}  # `python -m gradcli`: runs the command line, imported by nothing
# The engine's tensor/autograd/factory/ops cycle: the engine's own helper is removing it (issue 14). Any
# other cycle, or this one growing, fails.
KNOWN_CYCLES = [{"gradcli.engine.tensor", "gradcli.engine.autograd", "gradcli.engine.factory",
                 "gradcli.engine.ops"}]


def module_name(path):
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def package_of(module):
    """The top-level subpackage (`calc` for gradcli.calc.values), or None for a base module."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and module not in BASE_MODULES
                                           and module not in ENTRY_POINTS) else None


def resolve(module, node):
    """The gradcli modules an import statement names (`from a import b` names a.b when that is a module)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names if alias.name.split(".")[0] == "gradcli"]
    base = node.module or ""
    if node.level:
        anchor = module.split(".") if MODULES[module].name == "__init__.py" else module.split(".")[:-1]
        anchor = anchor[:len(anchor) - node.level + 1]
        base = ".".join(anchor + ([node.module] if node.module else []))
    if base.split(".")[0] != "gradcli":
        return []
    return [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base for alias in node.names]


def imports():
    """{module: {imported gradcli module: line}} for every import statement, at any depth."""
    found = {}
    for module, path in MODULES.items():
        edges = found.setdefault(module, {})
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for target in resolve(module, node):
                    if target in MODULES and target != module:
                        edges.setdefault(target, node.lineno)
    return found


IMPORTS = imports()


def cycles():
    """The strongly connected components of more than one module (Tarjan's algorithm, iteratively)."""
    index, low, stack, on_stack, components = {}, {}, [], set(), []
    for root in IMPORTS:
        if root in index:
            continue
        work = [(root, iter(IMPORTS[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, successors = work[-1]
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(IMPORTS[successor])))
                    break
                if successor in on_stack:
                    low[module] = min(low[module], index[successor])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[module])
                if low[module] == index[module]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == module:
                            break
                    if len(component) > 1:
                        components.append(component)
    return components


def test_the_layout_test_sees_the_packages():
    assert set(LAYERS) <= {package_of(module) for module in MODULES}
    assert {package_of(module) for module in MODULES} - {None} <= set(LAYERS), "a new package needs a layer"
    assert "gradcli.engine.tensor" in IMPORTS["gradcli.torch"]


def test_no_import_cycles():
    unexpected = [sorted(component) for component in cycles()
                  if not any(component <= known for known in KNOWN_CYCLES)]
    assert not unexpected, f"import cycles: {unexpected}"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_each_package_imports_only_those_before_it(module):
    own = package_of(module)
    wrong = []
    for target, line in IMPORTS[module].items():
        theirs = package_of(target)
        if module in BASE_MODULES:
            wrong.append(f"line {line}: {target} (a base module imports nothing of gradcli)")
        elif target in ENTRY_POINTS:
            wrong.append(f"line {line}: {target} (the entry point)")
        elif theirs is not None and own is not None and LAYERS[theirs] > LAYERS[own]:
            wrong.append(f"line {line}: {target} ({theirs} comes after {own})")
    assert not wrong, f"{module} imports: {wrong}"


def private_uses(module, source=None):
    """`from gradcli.other import _name` and `other_module._name`, where the other module is in another
    package: a package may share its internals within itself, never outside."""
    own = package_of(module)
    tree = ast.parse(source if source is not None else MODULES[module].read_text(encoding="utf-8"))
    foreign_modules = {}  # local name -> module of another package
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            targets = resolve(module, node)
            for alias, target in zip(node.names, targets if isinstance(node, ast.ImportFrom) else
                                     [alias.name for alias in node.names]):
                if package_of(target) == own or target.split(".")[0] != "gradcli":
                    continue
                if isinstance(node, ast.ImportFrom) and alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"line {node.lineno}: from {target} import {alias.name}")
                if target in MODULES:
                    local = alias.asname or (alias.name if isinstance(node, ast.ImportFrom) else None)
                    if local:
                        foreign_modules[local] = target
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                and isinstance(node.value, ast.Name) and node.value.id in foreign_modules):
            found.append(f"line {node.lineno}: {foreign_modules[node.value.id]}.{node.attr}")
    return found


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_private_name_from_another_package(module):
    assert not private_uses(module)


def test_the_private_name_check_can_fail():
    source = "from gradcli.engine import printing\nprinting._body\nfrom gradcli.runtime.access import _allowed\n"
    assert private_uses("gradcli.cli.app", source) == ["line 3: from gradcli.runtime.access import _allowed",
                                                       "line 2: gradcli.engine.printing._body"]
