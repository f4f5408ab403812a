"""Running one script end to end: parse, run, report. What `gradcli run` and `gradcli eval` call.

Exit codes: 0 when the script ran to its end, 1 when an uncaught exception stopped it (a traceback on
stderr), 2 when it does not parse (a syntax diagnostic on stderr).
"""

from __future__ import annotations

import signal
import sys
import threading
import warnings

import numpy as np

from gradcli.lang import ScriptSyntaxError, parse
from gradcli.lang.parser import normalize
from gradcli.runtime.hints import Hints, Location
from gradcli.runtime.guards import Guards
from gradcli.runtime.interpreter import Interpreter
from gradcli.runtime.limits import Limits
from gradcli.runtime.prelude import initial_variables, make_builtins
from gradcli.runtime.report import format_traceback, paint

EXIT_OK, EXIT_SCRIPT_ERROR, EXIT_BAD_INPUT = 0, 1, 2
# Deep recursion in scripts is deep recursion in the interpreter: it runs on a thread whose stack has
# room for it (address space only; pages are used as touched), under a matching recursion limit.
THREAD_STACK_BYTES = 512 * 1024 * 1024
PYTHON_FRAMES_PER_SCRIPT_CALL = 50


def run_source(source, filename, out, err, limits=Limits(), colour=False):
    """Run a script's text; its output goes to `out`, warnings and errors to `err` (coloured for a terminal
    when `colour`). Returns the exit code."""
    text = normalize(source)
    try:
        module = parse(text)
    except ScriptSyntaxError as error:
        report = error.format(filename, text)
        err.write(paint(report) if colour else report)
        return EXIT_BAD_INPUT
    return ScriptRun(filename, text.split("\n"), out, err, limits, colour).run(module)


class ScriptRun:
    """A script's interpreter, with what surrounds its runs: warnings in Python's format, tracebacks, hints.

    `gradcli run` and `eval` run one module through it; the REPL runs each input through the same one.
    """

    def __init__(self, filename, lines, out, err, limits, colour=False):
        self.filename = filename
        self.colour = colour
        self.lines = lines
        self.out = out
        self.err = err
        guards = Guards(limits)
        builtins = make_builtins(out, guards)
        self.interpreter = Interpreter(initial_variables(builtins), builtins, guards, self.display)
        self.hints = Hints(lines, self.interpreter)
        self.warned = set()

    def display(self, value):
        """The REPL's echo of a top-level expression statement."""
        self.out.write(repr(value) + "\n")

    def run(self, module):
        from gradcli.engine import graph
        from gradcli.engine.grad_mode import is_grad_enabled

        with warnings.catch_warnings():
            warnings.simplefilter("always")  # shown once per script line, by show_warning
            warnings.showwarning = self.show_warning
            graph.set_location_hook(lambda: Location(self.interpreter.location, is_grad_enabled()))
            limits = self.interpreter.guards.limits
            try:
                error = run_on_deep_stack(lambda: self.interpreter.run(module),
                                          limits.max_depth * PYTHON_FRAMES_PER_SCRIPT_CALL, limits.max_seconds)
            finally:
                graph.set_location_hook(None)
        self.out.flush()
        if error is None:
            return EXIT_OK
        self.report(format_traceback(error, self.filename, self.lines) + _hint_lines(self.hints.for_error(error)))
        return EXIT_SCRIPT_ERROR

    def report(self, text):
        self.out.flush()  # what the script printed before comes first on a terminal
        self.err.write(paint(text) if self.colour else text)
        self.err.flush()

    def show_warning(self, message, category, filename, lineno, file=None, line=None):
        """Python's warning format, at the script line that was running, once per line and message."""
        span = self.interpreter.location
        script_line = span.line if span is not None else 0
        key = (str(message), category, script_line)
        if key in self.warned:
            return
        self.warned.add(key)
        source = self.lines[script_line - 1].strip() if 0 < script_line <= len(self.lines) else ""
        self.report(f"{self.filename}:{script_line}: {category.__name__}: {message}\n"
                    + (f"  {source}\n" if source else "")
                    + _hint_lines(self.hints.for_warning(message, self.interpreter.attribute_subject)))


def _hint_lines(hints):
    return "".join(f"hint: {hint}\n" for hint in hints)


def run_on_deep_stack(function, recursion_limit, seconds=None):
    """Call `function` on a thread with a large stack; return the exception it raised, or None.

    While it runs, Ctrl-C (SIGINT, which Python handles in the main thread) raises KeyboardInterrupt in
    the script's thread instead, wherever the main thread stands. After `seconds` (if given) a
    TimeoutError is raised there, again each second until the script has stopped (it may catch one).
    """
    outcome = []
    finished = threading.Event()
    numpy_errors = np.geterr()  # NumPy keeps its error handling per thread: the engine's (silent, as torch) too

    def target():
        try:
            with np.errstate(**numpy_errors):
                function()
        except BaseException as error:
            outcome.append(error)
        finally:
            finished.set()

    old_stack, old_limit = threading.stack_size(THREAD_STACK_BYTES), sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, recursion_limit))
    worker = threading.Thread(target=target, name="gradcli-script", daemon=True)
    in_main_thread = threading.current_thread() is threading.main_thread()
    old_handler = (signal.signal(signal.SIGINT, lambda signum, frame: _raise_in(worker, KeyboardInterrupt))
                   if in_main_thread else None)
    try:
        worker.start()
        timed_out = not finished.wait(seconds)
        while not finished.is_set():
            _raise_in(worker, TimeoutError)
            finished.wait(1)
    finally:
        if in_main_thread:
            signal.signal(signal.SIGINT, old_handler)
        threading.stack_size(old_stack)
        sys.setrecursionlimit(old_limit)
    error = outcome[0] if outcome else None
    if timed_out and isinstance(error, TimeoutError):
        error.args = (f"the script ran for longer than {seconds:g} s (the --timeout option of gradcli run/eval "
                      "sets it)",)
    return error


def _raise_in(thread, exception_class):
    import ctypes

    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread.ident), ctypes.py_object(exception_class))
