"""Running one script end to end: parse, run, report. What `gradcli run` and `gradcli eval` call.

Exit codes: 0 when the script ran to its end, 1 when an uncaught exception stopped it (a traceback on
stderr), 2 when it does not parse (a syntax diagnostic on stderr).
"""

from __future__ import annotations

import warnings

from gradcli.engine.grad_mode import state as grad_state
from gradcli.exitcodes import EXIT_FAILURE, EXIT_OK, EXIT_USAGE
from gradcli.lang import ScriptSyntaxError, parse
from gradcli.lang.parser import normalize
from gradcli.runtime.hints import Hints, Location
from gradcli.runtime.interpreter import Interpreter
from gradcli.runtime.sandbox.guards import Guards
from gradcli.runtime.sandbox.limits import Limits
from gradcli.runtime.sandbox.prelude import make_builtins, modules_and_name, star_imported
from gradcli.runtime.sandbox.watchdog import PYTHON_FRAMES_PER_SCRIPT_CALL, run_on_deep_stack
from gradcli.runtime.report import format_traceback, paint


def run_source(source, filename, out, err, limits=Limits(), colour=False):
    """Run a script's text; its output goes to `out`, warnings and errors to `err` (coloured for a terminal
    when `colour`). Returns the exit code."""
    text = normalize(source)
    try:
        module = parse(text)
    except ScriptSyntaxError as error:
        report = error.format(filename, text)
        err.write(paint(report) if colour else report)
        return EXIT_USAGE
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
        self.interpreter = Interpreter(modules_and_name(), builtins, guards, self.display, star_imported(builtins))
        self.hints = Hints(lines, self.interpreter)
        self.warned = set()
        self.misused = set()
        self.locations = {}  # (span, grad mode) -> its Location, made once: a loop's lines run again and again

    def display(self, value):
        """The REPL's echo of a top-level expression statement."""
        self.out.write(repr(value) + "\n")

    def run(self, module):
        from gradcli.engine import graph
        from gradcli.torch import misuse

        with warnings.catch_warnings():
            warnings.simplefilter("always")  # shown once per script line, by show_warning
            warnings.showwarning = self.show_warning
            graph.set_location_hook(self.location_hook())
            misuse.set_hook(self.show_misuse)
            limits = self.interpreter.guards.limits
            try:
                error = run_on_deep_stack(lambda: self.interpreter.run(module),
                                          limits.max_depth * PYTHON_FRAMES_PER_SCRIPT_CALL, limits.max_seconds)
            finally:
                graph.set_location_hook(None)
                misuse.set_hook(None)
        self.out.flush()
        if error is None:
            return EXIT_OK
        self.report(format_traceback(error, self.filename, self.lines) + _hint_lines(self.hints.for_error(error)))
        return EXIT_FAILURE

    def location_hook(self):
        """The engine's location hook: where a tensor is made, the Location of the span running and the grad
        mode. Called for every tensor (28 times a step of an SGD loop): a closure over what it reads, which
        answers the same op's or the same backward's tensors with the Location it made last."""
        interpreter, locations = self.interpreter, self.locations
        last = Location(None, True)
        last_span, last_grad_enabled = last

        def location():
            nonlocal last_span, last_grad_enabled, last
            span, grad_enabled = interpreter.location, grad_state.enabled
            if span is last_span and grad_enabled is last_grad_enabled:
                return last
            last = locations.get((span, grad_enabled))
            if last is None:
                last = locations[span, grad_enabled] = Location(span, grad_enabled)
            last_span, last_grad_enabled = span, grad_enabled
            return last
        return location

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


    def show_misuse(self, kind, **objects):
        """Hint lines for a silent misuse, where it happens: once per kind in a run (a loop repeats it)."""
        if kind not in self.misused:
            self.misused.add(kind)
            self.report(_hint_lines(self.hints.for_misuse(kind, **objects)))


def _hint_lines(hints):
    return "".join(f"hint: {hint}\n" for hint in hints)
