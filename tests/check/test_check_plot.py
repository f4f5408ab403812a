"""`--plot`: the expected and the given derivative drawn with plotille, disagreeing points marked; a failing
one-shot check on a terminal draws it unasked."""

import os
import pty
import subprocess
import sys

from check_helpers import REPO, check, toml_file


def test_plot_of_a_wrong_answer_reads_without_colour():
    outcome = check("x**2*sin(x)", "--answer", "2*x*sin(x)-x**2*cos(x)", "--plot")
    assert outcome.exit_code == 1
    plot = outcome.stdout.split("(1 problem)\n", 1)[1]
    assert plot.startswith("x**2*sin(x): d/dx\n")
    assert "\x1b[" not in plot                                    # no colour on a pipe
    assert "expected (autograd)" in plot and "given (o)" in plot and "disagreeing points (X)" in plot
    body = plot.split("Legend")[0]
    assert body.count("X") >= 5 and body.count("o") >= 20          # the marks, not colours, tell them apart


def test_a_right_answer_has_no_disagreeing_points():
    outcome = check("x**3", "--answer", "3*x**2", "--plot")
    assert outcome.exit_code == 0
    assert "given (o)" in outcome.stdout and "disagreeing points" not in outcome.stdout


def test_files_plot_their_failing_problems_only(tmp_path):
    path = toml_file(tmp_path, '[[problem]]\nname = "right"\nf = "x**2"\nanswer = "2*x"\n\n'
                               '[[problem]]\nname = "wrong"\nf = "x*y"\nanswer = { x = "x" }\n')
    outcome = check(path, "--plot")
    assert "wrong: d/dx\n" in outcome.stdout and "right: d/dx" not in outcome.stdout


def test_no_plot_without_asking_on_a_pipe():
    assert "Legend" not in check("x**3", "--answer", "3*x").stdout


def test_a_failing_one_shot_check_on_a_terminal_plots():
    controller, terminal = pty.openpty()
    environment = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "120"}
    process = subprocess.Popen([sys.executable, "-m", "gradcli", "check", "x**3", "--answer", "3*x"],
                               stdout=terminal, stderr=terminal, cwd=REPO, env=environment)
    os.close(terminal)
    output = b""
    while True:
        try:
            chunk = os.read(controller, 65536)
        except OSError:
            break
        if not chunk:
            break
        output += chunk
    assert process.wait(timeout=120) == 1
    assert b"given (o)" in output and b"Legend" in output


def test_plotille_loads_only_when_a_plot_is_drawn():
    code = ("import sys\nfrom gradcli.cli.app import main\nsys.argv = ['gradcli', 'check', 'x**3', '--answer', '3*x', "
            "'--json']\ntry:\n    main()\nexcept SystemExit:\n    pass\nprint('plotille' in sys.modules, file=sys.stderr)\n")
    environment = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, env=environment,
                          timeout=120)
    assert done.stderr.strip().endswith("False"), done.stderr
