"""`gradcli run` and `gradcli eval` as a user meets them: real processes, exit codes, stdin, limits, Ctrl-C."""

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))


def gradcli(*args, stdin=None, timeout=60):
    result = subprocess.run([sys.executable, "-m", "gradcli", *args], input=stdin, capture_output=True, text=True,
                            env=ENV, cwd=REPO, timeout=timeout)
    return result.returncode, result.stdout, result.stderr


def test_eval_echoes_top_level_expressions():
    assert gradcli("eval", "x = torch.tensor(2., requires_grad=True); y = x**3; y.backward(); x.grad") == \
        (0, "tensor(12.)\n", "")


def test_eval_reads_newlines_and_compound_statements():
    code, out, err = gradcli("eval", "for i in range(2):\n    i * 10\nprint('done')")
    assert (code, out, err) == (0, "0\n10\ndone\n", "")


def test_eval_error_is_a_traceback_citing_eval():
    code, out, err = gradcli("eval", "x = torch.ones(2)\nx.backward()")
    assert code == 1 and out == ""
    assert err.startswith('Traceback (most recent call last):\n  File "<eval>", line 2, in <module>\n'
                          "    x.backward()\n    ^^^^^^^^^^^^\n"
                          "RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn\n")
    assert "gradcli/" not in err


def test_eval_syntax_error_exits_2():
    assert gradcli("eval", "x = (1,") == (
        2, "", '  File "<eval>", line 1\n    x = (1,\n        ^\nSyntaxError: \'(\' was never closed\n')


def test_run_reads_standard_input_as_stdin():
    code, out, err = gradcli("run", "-", stdin="print('from stdin')\n1 / 0\n")
    assert code == 1 and out == "from stdin\n"
    assert 'File "<stdin>", line 2, in <module>' in err and err.endswith("ZeroDivisionError: division by zero\n")


def test_run_a_file(tmp_path):
    script = tmp_path / "lesson.py"
    script.write_text("w = torch.ones(2, requires_grad=True)\n(w * w).sum().backward()\nw.grad\n")
    assert gradcli("run", str(script)) == (0, "tensor([2., 2.])\n", "")


def test_unreadable_input_exits_2(tmp_path):
    assert gradcli("run", "no/such/script.py") == (
        2, "", "gradcli: cannot read no/such/script.py: No such file or directory\n")
    assert gradcli("run", str(tmp_path))[0] == 2
    binary = tmp_path / "binary.py"
    binary.write_bytes(b"x = '\xff\xfe'\n")
    code, out, err = gradcli("run", str(binary))
    assert code == 2 and err.startswith(f"gradcli: cannot read {binary}: 'utf-8' codec can't decode")


def test_bad_usage_exits_2():
    assert gradcli("run")[0] == 2
    assert gradcli("eval", "1", "--max-elements", "zero")[0] == 2
    assert gradcli("frobnicate")[0] == 2


def test_max_elements_option():
    code, out, err = gradcli("eval", "torch.ones(11)", "--max-elements", "10")
    assert code == 1 and err.endswith("MemoryError: a tensor of 11 elements is over gradcli's limit of 10 "
                                      "(the --max-elements option of gradcli run/eval sets it)\n")
    assert gradcli("eval", "torch.ones(10).sum()", "--max-elements", "10") == (0, "tensor(10.)\n", "")


def test_huge_integer_power_answers_at_once():
    start = time.monotonic()
    code, out, err = gradcli("eval", "10**10**10", timeout=30)
    assert code == 1 and err.splitlines()[-1].startswith("OverflowError: integer result of ** too large")
    assert time.monotonic() - start < 10


def test_an_error_in_a_long_line_shows_an_excerpt_around_it():
    terms = "+".join(["x"] * 2000)
    code, out, err = gradcli("eval", f"x = 1\ny = {terms} + undefined_name + {terms}")
    _, _, shown, caret, message = err.splitlines()
    assert code == 1 and message == "NameError: name 'undefined_name' is not defined"
    assert shown.startswith("    ...+x") and shown.endswith("+...") and len(shown) == 4 + 3 + 100 + 3
    assert shown[caret.index("^"):len(caret)] == "undefined_name"


def test_output_to_a_pipe_is_plain_text():
    code, out, err = gradcli("eval", "print('plain'); torch.ones(2); undefined")
    assert "\x1b[" not in out + err


def test_ctrl_c_ends_the_running_statement_with_keyboard_interrupt():
    process = subprocess.Popen([sys.executable, "-m", "gradcli", "eval", "print('started', flush=True)\n"
                                "while True:\n    pass\n"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env=ENV, cwd=REPO,
                               # a shell starts background jobs with SIGINT ignored: give the child Ctrl-C
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert process.stdout.readline() == "started\n"
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 1
    assert err.startswith('Traceback (most recent call last):\n  File "<eval>", line ')
    assert err.endswith("KeyboardInterrupt\n")


def stderr_on_a_terminal(code, **env):
    """gradcli eval's stderr when it is a terminal (a pseudo-terminal), stdout on a pipe."""
    import pty

    leader, follower = pty.openpty()
    try:
        environment = {key: value for key, value in ENV.items() if key != "NO_COLOR"}
        process = subprocess.run([sys.executable, "-m", "gradcli", "eval", code], stdout=subprocess.PIPE,
                                 stderr=follower, env={**environment, **env}, cwd=REPO, timeout=60)
        os.close(follower)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal's other side is closed: all read
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(leader)
    return process.stdout.decode(), b"".join(chunks).decode()


def test_errors_are_coloured_on_a_terminal_only_without_no_color():
    out, err = stderr_on_a_terminal("print('out'); torch.ones(2).backward()")
    assert out == "out\n"
    assert "\x1b[1;31mRuntimeError: element 0 of tensors does not require grad and does not have a grad_fn\x1b[0m" in err
    assert "\x1b[1;36mhint:\x1b[0m" in err
    out, err = stderr_on_a_terminal("print('out'); torch.ones(2).backward()", NO_COLOR="1")
    assert "\x1b[" not in err and "RuntimeError: element 0 of tensors does not require grad" in err


def test_timeout_option_stops_a_script():
    start = time.monotonic()
    code, out, err = gradcli("eval", "--timeout", "1", "print('looping', flush=True)\nwhile True:\n    pass")
    assert code == 1 and out == "looping\n" and time.monotonic() - start < 15
    assert err.endswith("TimeoutError: the script ran for longer than 1 s (the --timeout option of gradcli "
                        "run/eval sets it)\n")
    assert gradcli("eval", "--timeout", "soon", "1")[0] == 2


def test_standard_input_must_be_utf8():
    result = subprocess.run([sys.executable, "-m", "gradcli", "run", "-"], input=b"x = 1\n\xff\n",
                            capture_output=True, env=ENV, cwd=REPO, timeout=60)
    assert result.returncode == 2
    assert result.stderr.decode().startswith("gradcli: cannot read <stdin>: 'utf-8' codec can't decode byte 0xff")


def test_lists_tuples_and_comprehensions_keep_to_the_element_cap():
    for code, kind in (("list(range(10**6))", "list"), ("tuple(range(10**20))", "tuple"),
                       ("[i for i in range(2000)]", "list"), ("a = [0] * 600; a + a", "list")):
        status, out, err = gradcli("eval", "--max-elements", "1000", code)
        assert status == 1 and err.splitlines()[-1].startswith(f"MemoryError: a {kind} of "), (code, err)


def test_torchs_names_are_globals_though_read_at_their_first_use():
    """A script starts as if `from torch import *` had run; torch's names are read when first used
    (scopes.ModuleScope) and are globals all the same: dir() lists them, an assignment shadows them, del (from
    the module or a function's `global`) and `except ... as` unbind them."""
    script = textwrap.dedent("""\
        names = dir()
        print('conv2d' in names, 'sort' in names, 'F' in names, 'max' in names, len(names) > 200)
        conv2d = 1
        del conv2d
        print('conv2d' in dir())
        def unbind():
            global sort
            del sort
        unbind()
        try:
            1 / 0
        except ZeroDivisionError as ones:
            pass
        print('sort' in dir(), 'ones' in dir(), zeros(2).sum(), mm(eye(2), eye(2)).sum())
        conv2d
        """)
    code, out, err = gradcli("eval", script)
    assert (code, out) == (1, "True True True False True\nFalse\nFalse False tensor(0.) tensor(2.)\n")
    assert err.endswith("    conv2d\n    ^^^^^^\nNameError: name 'conv2d' is not defined\n")
