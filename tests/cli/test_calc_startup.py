"""What each path loads: `--help` nothing heavy, `--json` neither Rich nor pydantic (Typer 0.29 would load it
to coerce option values), a terminal Rich only then, no command Lark (its compiled tables are cached), and
numpy.random only a random draw."""

import subprocess
import sys

import pytest

from conftest import REPO

PROBE = """
import sys
sys.argv = ["gradcli", *{args!r}]
from gradcli.cli.app import main
try:
    main()
except SystemExit:
    pass
print("\\nLOADED", " ".join(name for name in {watched!r} if name in sys.modules))
"""


def loaded(args, watched, stdin=None):
    done = subprocess.run([sys.executable, "-c", PROBE.format(args=list(args), watched=list(watched))],
                          input=stdin, capture_output=True, text=True, cwd=REPO, timeout=120)
    return done.stdout.rsplit("LOADED", 1)[1].split()


# Typer's Rich formatter and what it imports whatever it shows: Markdown, syntax highlighting, tracebacks.
TYPER_RICH_HELP = ["typer.rich_utils", "rich.markdown", "rich.syntax", "rich.traceback", "pygments"]


def test_help_loads_no_numpy_lark_or_engine():
    assert loaded(["--help"], ["numpy", "lark", "gradcli.engine", "pydantic", *TYPER_RICH_HELP]) == []


def test_help_and_usage_errors_are_drawn_without_typers_rich_formatter():
    for args in (["grad", "-h"], ["check", "--help"], ["grd", "x"], ["grad", "x", "--att", "1"], ["grad"]):
        assert loaded(args, ["numpy", *TYPER_RICH_HELP]) == [], args


def test_the_json_path_loads_neither_rich_nor_pydantic_nor_lark():
    loaded(["eval", "1"], [])  # builds the grammar's cache if it is missing
    assert loaded(["grad", "x**2*sin(x)", "--at", "x=0.5", "--json"], ["rich", "pydantic", "lark"]) == []


def test_a_plain_formula_loads_neither_the_script_parser_nor_the_builder():
    """`x**2*sin(x)` is read by gradcli.calc.plain; the parser's tables and lexer, the AST builder, the graph
    replay (only for a non-finite result) and fractions (only for an FMA near underflow) stay unloaded."""
    watched = ["gradcli.lang.parser", "gradcli.lang.builder", "gradcli.calc.graph", "fractions"]
    assert loaded(["grad", "x**2*sin(x)", "--at", "x=0.5", "--json"], watched) == []
    assert loaded(["grad", "x**2*sin(x)", "--at", "x=0.5"], watched) == []
    assert loaded(["grad", "x = 1", "--at", "x=0.5"], watched) == ["gradcli.lang.parser", "gradcli.lang.builder"]
    assert loaded(["grad", "log(x)", "--at", "x=0"], watched) == ["gradcli.calc.graph"]  # -inf: where it began


def test_the_collector_is_off_during_start_up_only():
    """gradcli.__main__ starts without the cyclic collector; a command runs with it on again (a script's
    loops make cycles), the start-up's objects frozen."""
    probe = ("import gc, sys\nsys.argv = ['gradcli', 'eval', '1']\nimport gradcli.__main__ as entry\n"
             "entry._exit = lambda status: None  # (it would end the process here)\n"
             "entry.main()\nprint('COLLECTING', gc.isenabled(), gc.get_freeze_count() > 1000)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert done.stdout.rsplit("COLLECTING", 1)[1].split() == ["True", "True"]


@pytest.mark.parametrize("args, status, shown", [
    (["eval", "print(1)"], 0, "1\n"), (["eval", "1 / torch.zeros(1).sum().item()"], 1, ""),
    (["grad", "x**", "--at", "x=1"], 2, ""), (["grad", "x**2", "--at", "x=3", "--json"], 0, '"grad"'),
])
def test_the_process_ends_with_its_status_and_all_its_output(args, status, shown):
    """gradcli.__main__ ends the process without Python's teardown (os._exit): the output is flushed first
    and the exit code kept."""
    done = subprocess.run([sys.executable, "-m", "gradcli", *args], capture_output=True, text=True, cwd=REPO,
                          timeout=120)
    assert done.returncode == status and shown in done.stdout
    assert status == 0 or done.stderr.startswith(("gradcli: error", "Traceback", "  File"))


def test_a_closed_pipe_ends_the_process_quietly():
    """`gradcli grad ... | head -1`: what head does not read is dropped, with no BrokenPipeError at exit."""
    reader = subprocess.Popen([sys.executable, "-m", "gradcli", "grad", "x", "--at", "x=0:9999:1"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO)
    reader.stdout.read(10)
    reader.stdout.close()
    assert reader.wait(timeout=120) == 0 and b"Error" not in reader.stderr.read()


def test_running_code_loads_no_lark():
    loaded(["eval", "1"], [])
    assert loaded(["eval", "x = (1 +"], ["lark"]) == []  # a syntax error included


def test_numpy_random_loads_at_the_first_draw_only():
    """It costs more to import (secrets, hmac, hashlib) than a whole calculation."""
    assert loaded(["grad", "x**2", "--at", "x=1", "--json"], ["numpy.random"]) == []
    assert loaded(["eval", "torch.manual_seed(0); x = torch.ones(2)"], ["numpy.random"]) == []
    assert loaded(["eval", "x = torch.rand(2)"], ["numpy.random"]) == ["numpy.random"]


def test_a_pipe_gets_plain_text_without_rich():
    assert loaded(["jacobian", "x * 2", "--at", "x=[1,2]"], ["rich"]) == []


def test_typer_is_given_only_the_command_named(monkeypatch):
    """Typer builds the click command of every registered command at each call: one is used."""
    from gradcli.cli.app import COMMANDS, _app_for, app

    monkeypatch.delenv("_GRADCLI_COMPLETE", raising=False)
    assert [info.name for info in _app_for(["grad", "x", "--at", "x=1"]).registered_commands] == ["grad"]
    assert [info.name for info in app.registered_commands] == list(COMMANDS)  # the app itself has them all
    assert len(COMMANDS) == 11
    for args in ([], ["--help"], ["--version"], ["grd", "x"]):
        assert _app_for(args) is app
    monkeypatch.setenv("_GRADCLI_COMPLETE", "bash_complete")
    assert _app_for(["grad"]) is app


def test_a_command_imports_its_own_module_and_no_other_command():
    watched = [f"gradcli.cli.{name}" for name in ("check", "explain", "grad", "graph", "plot", "repl", "run")]
    assert loaded(["eval", "1"], watched) == ["gradcli.cli.run"]
    assert loaded(["grad", "x", "--at", "x=1", "--json"], watched) == ["gradcli.cli.grad"]
    assert loaded(["--help"], watched) == watched  # the help lists every command


def test_torch_submodules_load_when_first_used():
    """torch.nn's layers, torch.optim, torch.utils and Function are imported when a script or the calculator
    first reads them, not with `torch`."""
    watched = ["gradcli.torch.nn.layers", "gradcli.torch.nn.functional", "gradcli.torch.optim",
               "gradcli.torch.utils", "gradcli.torch.backends", "gradcli.torch.autograd"]
    assert loaded(["eval", "x = torch.ones(2, requires_grad=True); x.sum().backward(); x.grad"], watched) == []
    # the calculator's names are made as they are read: F for a function torch lacks
    assert loaded(["grad", "relu(x)**2", "--at", "x=1", "--json"], watched) == ["gradcli.torch.autograd"]
    assert loaded(["grad", "elu(x)**2", "--at", "x=1", "--json"], watched) == [
        "gradcli.torch.nn.functional", "gradcli.torch.autograd"]
    assert loaded(["eval", "opt = torch.optim.SGD([torch.ones(1, requires_grad=True)], lr=0.1)"], watched) == [
        "gradcli.torch.optim"]
    # (torch.nn's modules that compute through F import it: a table of names, whose families load when read)
    assert loaded(["eval", "layer = torch.nn.Linear(2, 1)"], watched) == ["gradcli.torch.nn.layers",
                                                                          "gradcli.torch.nn.functional"]


def test_deferred_op_families_load_when_a_name_of_theirs_is_first_read():
    """activations, convolution and the losses (gradcli.engine.ops.DEFERRED) load at the first read of a name
    they declare for torch, F or Tensor: by scripts as by the calculator."""
    families = ["gradcli.engine.ops.activations", "gradcli.engine.ops.convolution", "gradcli.engine.nn_functional"]
    assert loaded(["grad", "x**2 * sin(x)", "--at", "x=1"], families) == []
    assert loaded(["check", "examples/lessons/check_key.toml"], families) == []
    assert loaded(["grad", "prelu(x, w)", "--at", "x=-2", "--at", "w=[0.25]"], families) == families[:1]
    assert loaded(["grad", "x.prelu(w)", "--at", "x=-2", "--at", "w=[0.25]"], families) == families[:1]
    assert loaded(["eval", "torch.conv2d(torch.ones(1, 1, 2, 2), torch.ones(1, 1, 1, 1)).shape"],
                  families) == families[1:2]
    assert loaded(["grad", "elu(x)", "--at", "x=1"], families) == families[:1]
    assert loaded(["grad", "torch.sin(x)", "--at", "x=1"], families) == []  # (the calculator's torch too)
    assert loaded(["grad", "torch.prelu(x, w)", "--at", "x=-2", "--at", "w=[0.25]"], families) == families[:1]
    assert loaded(["grad", "mse_loss(x, y)", "--at", "x=[1.]", "--at", "y=[0.]"], families) == families[2:]


def test_a_script_reads_torchs_names_when_it_first_uses_them():
    """A script starts with torch's names as if `from torch import *` had run, read at their first use
    (scopes.ModuleScope's unread names): `eval "1"` and the REPL import no deferred family and no kernel
    module, and a name read imports its own family alone, whether the script reads it bare or from torch."""
    from gradcli.engine.ops import DEFERRED

    families = list(DEFERRED)
    kernels = ["gradcli.engine.sleef", "gradcli.engine.libm", "gradcli.engine.reduce", "gradcli.engine.gemm"]
    assert loaded(["eval", "1"], [*families, *kernels]) == []
    assert loaded(["eval", "names = dir(); del tensor; matmul = 1"], [*families, *kernels]) == []
    assert loaded(["repl"], [*families, *kernels], stdin="1 + 1\nx = 2\n:vars\n") == []
    convolution, sorting = ["gradcli.engine.ops.convolution"], ["gradcli.engine.ops.sorting"]
    assert loaded(["eval", "torch.conv2d"], families) == convolution
    assert loaded(["eval", "conv2d"], families) == convolution
    assert loaded(["eval", "x = sort(torch.ones(3))"], families) == sorting
    assert loaded(["repl"], families, stdin="x = sort(torch.ones(3))\n") == sorting


def test_kernel_modules_load_at_the_first_call_of_a_function_of_theirs():
    """The op tables name SLEEF's, glibc's float, the reductions' and the matrix products' kernels through
    kernels.KernelModule: a command imports those modules only when it runs one of their functions."""
    kernels = ["gradcli.engine.sleef", "gradcli.engine.libm", "gradcli.engine.reduce", "gradcli.engine.gemm"]
    assert loaded(["grad", "x**2 * sin(x)", "--at", "x=1"], kernels) == []
    assert loaded(["check", "examples/lessons/check_key.toml"], kernels) == []
    assert loaded(["grad", "x.log1p()", "--at", "x=1", "--dtype", "float32"], kernels) == kernels[:1]
    assert loaded(["grad", "x.sum()", "--at", "x=[1, 2]"], kernels) == kernels[:3]  # (reduce's softmax: their exp)
    assert loaded(["grad", "x @ x", "--at", "x=[1, 2]"], kernels) == kernels[3:]


def test_matrix_products_load_at_their_first_use():
    """linalg (matmul, mm, ..., torch.linalg) is a deferred family too: `@` reads Tensor.matmul."""
    linalg = ["gradcli.engine.ops.linalg"]
    assert loaded(["grad", "x**2 * sin(x)", "--at", "x=1"], linalg) == []
    assert loaded(["check", "examples/lessons/check_key.toml"], linalg) == []
    assert loaded(["grad", "(x @ x)", "--at", "x=[1, 2]"], linalg) == linalg
    assert loaded(["grad", "torch.linalg.solve(a, b).sum()", "--at", "a=[[2., 0], [0, 1]]", "--at", "b=[1., 1]"],
                  linalg) == linalg
