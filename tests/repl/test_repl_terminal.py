"""The REPL on a terminal: keys go through prompt_toolkit's pipe input; one pseudo-terminal run of `gradcli`."""

import io

import pytest
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from gradcli.cli.output import ReplViews
from gradcli.cli.terminal import TerminalReader, history_path
from gradcli.repl import Session, interact
from gradcli.runtime.sandbox.limits import Limits
from repl_startup_time import time_to_prompt

ENTER, CTRL_C, CTRL_D = "\r", "\x03", "\x04"


def run_keys(*keys):
    """Type `keys` into a terminal session until Ctrl-D; returns (stdout, stderr, the reader)."""
    out, err = io.StringIO(), io.StringIO()
    session = Session(out, err, Limits(), ReplViews, load_later=True)
    with create_pipe_input() as keyboard:
        reader = TerminalReader(session, input=keyboard, output=DummyOutput(), history=InMemoryHistory())
        keyboard.send_text("".join(keys))
        interact(session, reader)  # returns at Ctrl-D
    return out.getvalue(), err.getvalue(), reader


def completions(reader, text):
    return [completion.text for completion in reader.prompt_session.completer.get_completions(Document(text), None)]


def test_tab_completes_tensor_attributes_variables_and_torch_names():
    _, _, reader = run_keys("x = torch.ones(2, requires_grad=True)", ENTER, "weights = x * 2", ENTER, CTRL_D)
    assert completions(reader, "x.gr") == ["grad", "grad_fn"]
    assert completions(reader, "y = wei") == ["weights"]
    assert "relu" in completions(reader, "F.rel") and completions(reader, "torch.nn.functional.mse") == ["mse_loss"]
    assert "_data" not in completions(reader, "x._") and completions(reader, "weights.grad_fn.na") == ["name"]


def test_a_block_continues_until_a_blank_line_and_indents_itself():
    # Continuation lines start indented; Enter on a line of indentation only closes the block.
    out, err, _ = run_keys("for i in range(2):", ENTER, "print(i)", ENTER, ENTER, "(1,", ENTER, "2)", ENTER, CTRL_D)
    assert (out, err) == ("0\n1\n(1, 2)\n", "")


def test_an_error_leaves_gradients_and_variables_as_they_were():
    out, err, _ = run_keys(
        "x = torch.tensor([1., 2.], requires_grad=True)", ENTER, "y = (x * x).sum()", ENTER,
        "y.backward()", ENTER, "y.backward(); lost = 1", ENTER, "x.grad", ENTER, "lost", ENTER, CTRL_D)
    assert out == "tensor([2., 4.])\n"
    assert "hint: the graph was freed by the backward at line 3: y.backward()" in err
    assert err.endswith("NameError: name 'lost' is not defined. Did you mean: 'list'?\n")  # as Python's REPL


def test_ctrl_c_cancels_the_input_and_keeps_the_session():
    out, err, _ = run_keys("x = 1", ENTER, "for i in range(3):", ENTER, "print(i)", CTRL_C, "x", ENTER, CTRL_D)
    assert (out, err) == ("1\n", "KeyboardInterrupt\n")


def test_history_lives_in_the_user_data_directory(tmp_path, monkeypatch):
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert history_path() == tmp_path / "gradcli" / "repl_history"


def test_gradcli_alone_on_a_terminal_opens_the_repl_and_ctrl_d_exits_0(tmp_path):
    assert time_to_prompt(str(tmp_path), arguments=()) < 5  # raises unless Ctrl-D exits with 0
