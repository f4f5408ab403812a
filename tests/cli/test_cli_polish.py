"""What a new user meets first (issues 11 and 14): --version, -h, help text without Python type names, a
misspelt option named with the one meant, and Typer's shell completion."""

import re

import pytest

from conftest import invoke, run_process

COMMANDS = [[], ["run"], ["eval"], ["grad"], ["jacobian"], ["hessian"], ["jvp"], ["graph"], ["repl"], ["check"]]


def test_version():
    from gradcli import __version__

    outcome = invoke("--version")
    assert (outcome.exit_code, outcome.stdout) == (0, f"gradcli {__version__}\n")


@pytest.mark.parametrize("command", COMMANDS, ids=[" ".join(command) or "gradcli" for command in COMMANDS])
def test_help_shows_no_python_type_names_and_h_is_help(command):
    shown = invoke(*command, "--help")
    assert shown.exit_code == 0 and "Usage:" in shown.stdout
    assert not re.search(r"<(bool|str|int|float|list)", shown.stdout), shown.stdout
    assert invoke(*command, "-h").stdout == shown.stdout


@pytest.mark.parametrize("command, option, meant", [
    (["grad", "x", "--at", "x=1"], "--jsn", "--json"),
    (["hessian", "x", "--at", "x=1"], "--wrtt", "--wrt"),
    (["graph", "x", "--at", "x=1"], "--dott", "--dot"),
])
def test_a_misspelt_option_is_named_with_the_one_meant(command, option, meant):
    outcome = invoke(*command, option)
    assert outcome.exit_code == 2
    assert f"No such option: {option} (did you mean {meant}?)" in outcome.stdout + outcome.stderr


def test_an_expression_may_still_start_with_a_minus():
    assert invoke("grad", "-x**2", "--at", "x=3", "--json").json() == {"value": -9.0, "grad": {"x": -6.0}}


def test_shell_completion_script_and_completions():
    script = run_process("--show-completion", "bash", env={"SHELL": "/bin/bash"})
    assert script.exit_code == 0 and "_GRADCLI_COMPLETE=complete_bash" in script.stdout
    completed = run_process(env={"_GRADCLI_COMPLETE": "complete_bash", "COMP_WORDS": "gradcli gr", "COMP_CWORD": "1"})
    assert completed.stdout.split() == ["grad", "graph"]
