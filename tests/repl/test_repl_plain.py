"""`gradcli repl` with stdin not a terminal: a plain line loop, driven by subprocess."""

import os
import signal
import subprocess
import sys
import textwrap

import pytest

FAILED_SECOND_BACKWARD = """\
x = torch.tensor([1., 2.], requires_grad=True)
b = torch.tensor(1., requires_grad=True)
y = (x * x).sum()
y.backward()
w = b * 3 + y
w.backward()
"""


@pytest.fixture
def env(tmp_path):
    return {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "NO_COLOR": "1"}


def gradcli(arguments, stdin, env, cwd):
    return subprocess.run([sys.executable, "-m", "gradcli", *arguments], input=stdin, capture_output=True,
                          text=True, env=env, cwd=cwd, timeout=30)


def repl(stdin, env, cwd):
    return gradcli(["repl"], stdin, env, cwd)


def test_display_underscore_and_blocks(env, tmp_path):
    session = textwrap.dedent("""\
        1 + 2
        _ * 10
        x = 5
        x
        None
        for i in range(3):
            print(i)

        pair = (1,
                2)
        pair
        def double(v):
            return 2 * v

        double(_)
        """)
    result = repl(session, env, tmp_path)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == "3\n30\n5\n0\n1\n2\n(1, 2)\n(1, 2, 1, 2)\n"


def test_a_failed_input_leaves_state_and_gradients_as_they_were(env, tmp_path):
    session = FAILED_SECOND_BACKWARD + textwrap.dedent("""\
        x.grad
        b.grad is None
        with torch.no_grad():
            x *= 10
            made_here = 1
            1 / 0

        x
        made_here
        w = b * 3
        w.backward()
        b.grad
        """)
    result = repl(session, env, tmp_path)
    assert result.returncode == 0
    assert result.stdout == "tensor([2., 4.])\nTrue\ntensor([1., 2.], requires_grad=True)\ntensor(3.)\n"
    # The traceback and hints of `gradcli run`, line numbers counted from the session's first line.
    script = gradcli(["run", "-"], FAILED_SECOND_BACKWARD, env, tmp_path)
    assert script.returncode == 1 and "hint: the graph was freed by the backward at line 4" in script.stderr
    assert result.stderr.startswith(script.stderr)
    assert "ZeroDivisionError: division by zero\n" in result.stderr
    assert "NameError: name 'made_here' is not defined\n" in result.stderr


def test_syntax_errors_and_unknown_commands_keep_the_session(env, tmp_path):
    result = repl("x = 1\nx = = 2\n:nope\n:graph\nx\n", env, tmp_path)
    assert result.returncode == 0 and result.stdout == "1\n"
    assert 'File "<stdin>", line 2\n' in result.stderr and "SyntaxError" in result.stderr
    assert "repl: unknown command :nope" in result.stderr and "repl: usage: :graph NAME" in result.stderr


def test_vars_graph_and_reset(env, tmp_path):
    session = textwrap.dedent("""\
        x = torch.tensor([1., 2.], requires_grad=True)
        y = (x * x).sum()
        y.backward()
        n = 3
        :vars
        :graph y
        :reset
        :vars
        """)
    result = repl(session, env, tmp_path)
    assert (result.returncode, result.stderr) == (0, "")
    table, graph, after_reset = result.stdout.partition("y = (x * x).sum()   SumBackward0")[0], \
        result.stdout.partition("│ n ")[2], result.stdout.rsplit("\n", 2)[-2]
    for heading in ("name", "shape", "dtype", "requires_grad", "is_leaf", "grad"):
        assert heading in table
    assert "│ x    │ Tensor │ [2]   │ torch.float32 │ True          │ True    │ set" in table
    assert "│ y    │ Tensor │ []    │ torch.float32 │ True          │ False   │ -" in table
    assert "x * x   MulBackward0" in graph and "x   leaf   value [1., 2.]   grad [2., 4.]" in graph
    assert after_reset == "no variables yet"


def test_save_writes_a_script_that_gradcli_run_runs_alike(env, tmp_path):
    session = textwrap.dedent("""\
        x = torch.tensor([1., 2.], requires_grad=True)
        y = (x ** 2).sum()
        y
        oops
        y.backward()
        for g in x.grad:
            print(g)

        x.grad
        :save saved.py
        """)
    result = repl(session, env, tmp_path)
    assert result.returncode == 0
    echoed, saved_line = result.stdout.rsplit("\n", 2)[0] + "\n", result.stdout.rsplit("\n", 2)[1]
    assert saved_line == "saved 6 inputs to saved.py"
    assert "oops" not in (tmp_path / "saved.py").read_text()
    script = gradcli(["run", "saved.py"], "", env, tmp_path)
    assert (script.returncode, script.stderr, script.stdout) == (0, "", echoed)


def test_load_runs_a_script_into_the_session(env, tmp_path):
    (tmp_path / "setup.py").write_text("w = torch.ones(2, requires_grad=True)\nloss = (w * 3).sum()\n")
    (tmp_path / "broken.py").write_text("w = 7\nundefined_name\n")
    result = repl(":load setup.py\nloss.backward()\nw.grad\n:load broken.py\nw\n:load missing.py\n", env, tmp_path)
    assert result.returncode == 0
    assert result.stdout == "tensor([3., 3.])\ntensor([1., 1.], requires_grad=True)\n"
    assert "NameError: name 'undefined_name' is not defined" in result.stderr
    assert "repl: cannot read missing.py: No such file or directory" in result.stderr


def test_end_of_input_exits_0_and_runs_an_unfinished_block(env, tmp_path):
    assert repl("", env, tmp_path).returncode == 0
    result = repl("for i in range(2):\n    print(i)", env, tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (0, "0\n1\n", "")


def test_ctrl_c_stops_the_running_statement_and_restores_its_changes(env, tmp_path):
    process = subprocess.Popen([sys.executable, "-m", "gradcli", "repl"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
    process.stdin.write("x = torch.zeros(2)\nwhile True:\n    x += 1\n    print('running', flush=True)\n\n")
    process.stdin.flush()
    assert process.stdout.readline() == "running\n"
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate("x\n", timeout=30)
    assert process.returncode == 0
    assert stdout.rstrip("\n").rsplit("\n", 1)[-1] == "tensor([0., 0.])"
    assert stderr.rstrip("\n").endswith("KeyboardInterrupt")


def test_a_backward_that_fails_midway_leaves_its_graph_unfreed(env, tmp_path):
    session = textwrap.dedent("""\
        x = torch.tensor([1., 2.], requires_grad=True)
        b = torch.tensor(1., requires_grad=True)
        y = (x * x).sum() * (b * 2)
        handle = b.register_hook(lambda g: (1 // 0) if failing else g)
        failing = True
        y.backward()
        failing = False
        y.backward()
        x.grad, b.grad
        """)
    result = repl(session, env, tmp_path)
    assert result.stderr.endswith("ZeroDivisionError: integer division or modulo by zero\n")
    assert result.stdout == "(tensor([4., 8.]), tensor(10.))\n"


def test_torchs_names_are_the_sessions_from_the_start(env, tmp_path):
    """torch's names are read at their first use: :vars shows none of them (read or not), a failed input
    puts back those it read or deleted, and a deleted one stays deleted."""
    session = textwrap.dedent("""\
        x = ones(2)
        :vars
        y = conv2d; del tensor; del sort; 1 / 0
        tensor(1.), sort(tensor([2., 1.])).values, conv2d is torch.conv2d
        del tensor
        :vars
        tensor
        """)
    result = repl(session, env, tmp_path)
    assert result.returncode == 0
    table = "│ x    │ Tensor │ [2]   │ torch.float32 │ False         │ True    │ -    │\n"
    assert result.stdout.count(table) == 2 and "│ y " not in result.stdout and "ones" not in result.stdout
    assert "(tensor(1.), tensor([1., 2.]), True)\n" in result.stdout
    assert result.stderr.endswith("    tensor\n    ^^^^^^\nNameError: name 'tensor' is not defined\n")
