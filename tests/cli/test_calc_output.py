"""Human output: plain text on a pipe (snapshots), a Rich table or tree on a terminal, NO_COLOR respected."""

import io
import os
import pty
import re
import subprocess
import sys
import textwrap

from conftest import REPO, invoke

ANSI_COLOUR = re.compile(r"\x1b\[(?:[0-9;]*;)?(?:3[0-7]|38;5;\d+|38;2;[\d;]+|9[0-7])m")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def snapshot(text):
    return textwrap.dedent(text).lstrip("\n")


def test_grad_on_a_pipe_is_plain_text():
    outcome = invoke("grad", "x**2*sin(x)", "--at", "x=0.5")
    assert outcome.exit_code == 0 and outcome.stderr == ""
    assert outcome.stdout == snapshot("""
        x**2*sin(x)  at x=0.5 (float64)

        name    shape  value
        value   []     0.1199
        grad x  []     0.6988
        """)


def test_matrices_keep_to_their_column_in_torch_number_format():
    outcome = invoke("grad", "sum(x**2) + 1e-5 * y", "--at", "x=[1,2]", "--at", "y=3", "--order", "2")
    assert outcome.stdout == snapshot("""
        sum(x**2) + 1e-5 * y  at x=[1,2], y=3 (float64)

        name         shape   value
        value        []      5.0000
        grad x       [2]     [2., 4.]
        grad y       []      1.0000e-05
        hessian x x  [2, 2]  [[2., 0.],
                              [0., 2.]]
        hessian x y  [2]     [0., 0.]
        hessian y x  [2]     [0., 0.]
        hessian y y  []      0.
        """)


def test_jvp_and_vjp_show_their_vectors_in_the_context_line():
    assert invoke("jvp", "x * y", "--at", "x=2", "--at", "y=3", "--tangent", "x=1").stdout == snapshot("""
        x * y  at x=2, y=3, tangent x=1 (float64)

        name   shape  value
        value  []     6.
        jvp    []     3.
        """)
    assert invoke("grad", "x**2", "--at", "x=[1,2]", "--vjp", "[1, -1]", "--dtype", "float32").stdout == snapshot("""
        x**2  at x=[1,2], vjp v=[1, -1] (float32)

        name    shape  value
        value   [2]    [1., 4.]
        grad x  [2]    [ 2., -4.]
        """)


def test_jacobian_table():
    assert invoke("jacobian", "x * y", "--at", "x=[1,2]", "--at", "y=3").stdout == snapshot("""
        x * y  at x=[1,2], y=3 (float64)

        name        shape   value
        value       [2]     [3., 6.]
        jacobian x  [2, 2]  [[3., 0.],
                             [0., 3.]]
        jacobian y  [2]     [1., 2.]
        """)


def test_graph_of_the_circuit_example():
    outcome = invoke("graph", "(x + 2*y) * z", "--at", "x=3", "--at", "y=-4", "--at", "z=19")
    assert outcome.stdout == snapshot("""
        (x + 2*y) * z   MulBackward0   value -95.   grad 1.
        ├── x + 2*y   AddBackward0   value -5.   grad 19.
        │   ├── x   leaf   value 3.   grad 19.
        │   └── 2*y   MulBackward0   value -8.   grad 19.
        │       └── y   leaf   value -4.   grad 38.
        └── z   leaf   value 19.   grad -5.
        """)


def test_graph_of_statements_names_the_intermediate_results():
    outcome = invoke("graph", "q = x + y; f = q * z", "--at", "x=-2", "--at", "y=5", "--at", "z=-4")
    assert outcome.stdout == snapshot("""
        f = q * z   MulBackward0   value -12.   grad 1.
        ├── q = x + y   AddBackward0   value 3.   grad -4.
        │   ├── x   leaf   value -2.   grad -4.
        │   └── y   leaf   value 5.   grad -4.
        └── z   leaf   value -4.   grad 3.
        """)


def test_graph_shows_a_shared_node_once():
    outcome = invoke("graph", "q = x * y; q + q * q", "--at", "x=2", "--at", "y=3")
    assert outcome.stdout == snapshot("""
        q + q * q   AddBackward0   value 42.   grad 1.
        ├── q = x * y   MulBackward0   value 6.   grad 13.
        │   ├── x   leaf   value 2.   grad 39.
        │   └── y   leaf   value 3.   grad 26.
        └── q * q   MulBackward0   value 36.   grad 1.
            ├── q = x * y   MulBackward0   value 6.   grad 13.   (shown above)
            └── q = x * y   MulBackward0   value 6.   grad 13.   (shown above)
        """)


def test_graph_as_dot():
    outcome = invoke("graph", "x * sin(x)", "--at", "x=0", "--dot")
    assert outcome.stdout == snapshot("""
        digraph gradcli {
          rankdir=LR;
          node [shape=box, fontname="monospace"];
          n0 [label="x * sin(x)\\nMulBackward0\\nvalue 0.\\ngrad 1."];
          n1 [label="x\\nleaf\\nvalue 0.\\ngrad 0.", shape=ellipse];
          n1 -> n0;
          n2 [label="sin(x)\\nSinBackward0\\nvalue 0.\\ngrad 0."];
          n1 -> n2;
          n2 -> n0;
        }
        """)


def test_graph_of_a_vector_output_shows_values_and_says_why_there_are_no_gradients():
    outcome = invoke("graph", "x * 2", "--at", "x=[1,2]")
    assert outcome.stdout == "x * 2   MulBackward0   value [2., 4.]\n└── x   leaf   value [1., 2.]\n"
    assert "gradients are shown for a scalar output only" in outcome.stderr


# ---- warnings --------------------------------------------------------------------------------------------


def test_nan_and_inf_warnings_name_where_they_came_from():
    outcome = invoke("grad", "sqrt(x) + log(y)", "--at", "x=0", "--at", "y=0")
    assert outcome.exit_code == 0
    assert outcome.stderr == (
        "gradcli: warning: value contains -inf: it first appears in log(y), where y = 0.\n"
        "gradcli: warning: grad x contains inf: it first appears in the backward of sqrt(x) (SqrtBackward0), "
        "at x = 0.\n"
        "gradcli: warning: grad y contains inf: it first appears in the backward of log(y) (LogBackward0), "
        "at y = 0.\n")


def test_a_nan_input_is_named_as_the_source():
    outcome = invoke("grad", "x * 2", "--at", "x=nan")
    assert outcome.stderr == "gradcli: warning: value contains nan: it comes from the input x = nan\n"


def test_torch_warnings_are_passed_on_once():
    outcome = invoke("grad", "tensor(x) * x", "--at", "x=2")
    assert outcome.exit_code == 0
    assert outcome.stderr.count("gradcli: warning: UserWarning: To copy construct from a tensor") == 1


# ---- terminals -----------------------------------------------------------------------------------------


def run_in_terminal(*args, env=None):
    """gradcli with its stdout on a pseudo-terminal: what a user at a shell sees (stderr kept apart)."""
    controller, terminal = pty.openpty()
    environment = {key: value for key, value in os.environ.items() if key != "NO_COLOR"}
    environment.update(PYTHONPATH=str(REPO), COLUMNS="80", TERM="xterm-256color", **(env or {}))
    process = subprocess.Popen([sys.executable, "-m", "gradcli", *args], stdout=terminal, stderr=subprocess.PIPE,
                               env=environment, cwd=REPO)
    os.close(terminal)
    output = b""
    while True:
        try:
            chunk = os.read(controller, 4096)
        except OSError:  # the terminal closed: the process is done writing
            break
        if not chunk:
            break
        output += chunk
    process.wait(timeout=60)
    os.close(controller)
    return output.decode().replace("\r\n", "\n")


def test_a_terminal_gets_a_rich_table_in_colour():
    shown = run_in_terminal("grad", "x**2*sin(x)", "--at", "x=0.5")
    assert "┃ name" in ANSI.sub("", shown) and "│ 0.6988 │" in shown
    assert ANSI_COLOUR.search(shown)


def test_no_color_keeps_the_table_and_drops_the_colour():
    shown = run_in_terminal("grad", "x**2*sin(x)", "--at", "x=0.5", env={"NO_COLOR": "1"})
    assert "┃ name" in ANSI.sub("", shown) and "│ 0.6988 │" in shown
    assert not ANSI_COLOUR.search(shown)


def test_json_on_a_terminal_is_still_only_json():
    shown = run_in_terminal("grad", "x", "--at", "x=1", "--json")
    assert shown == '{"value": 1.0, "grad": {"x": 1.0}}\n'


def test_rich_table_snapshot():
    from rich.console import Console

    from gradcli import calc
    from gradcli.cli import output

    problem = calc.Problem("sum(x * y)", ["x=[1,2]", "y=3"], None, "float64")
    report, _ = calc.gradient_report(problem, None, 1)
    stream = io.StringIO()
    Console(file=stream, width=80, color_system=None, force_terminal=True).print(output.rich_table(report))
    shown = "".join(line.rstrip() + "\n" for line in stream.getvalue().splitlines())
    assert shown == snapshot("""
        sum(x * y)
        ┏━━━━━━━━┳━━━━━━━┳━━━━━━━━━━┓
        ┃ name   ┃ shape ┃ value    ┃
        ┡━━━━━━━━╇━━━━━━━╇━━━━━━━━━━┩
        │ value  │ []    │ 9.       │
        │ grad x │ [2]   │ [3., 3.] │
        │ grad y │ []    │ 3.       │
        └────────┴───────┴──────────┘
        at x=[1,2], y=3 (float64)
        """)


def test_rich_tree_snapshot():
    from rich.console import Console

    from gradcli import calc
    from gradcli.calc.graph import trace
    from gradcli.cli import output

    problem = calc.Problem("x * sin(x)", ["x=0"], None, "float64", statements=True)
    stream = io.StringIO()
    Console(file=stream, width=80, color_system=None, force_terminal=True).print(
        output.rich_tree(output.graph_tree(trace(problem))))
    assert stream.getvalue() == snapshot("""
        x * sin(x)   MulBackward0   value 0.   grad 1.
        ├── x   leaf   value 0.   grad 0.
        └── sin(x)   SinBackward0   value 0.   grad 0.
            └── x   leaf   value 0.   grad 0.
        """)
