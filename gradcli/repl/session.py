"""An interactive session in the gradcli language, shown as Python's REPL shows one (what `gradcli repl`
runs; any front end can: it gives a reader and the views that draw :vars, :graph and :explain).

Each input (one line, or a block closed by a blank line) runs as a unit through the runtime's ScriptRun,
so output, tracebacks and hint lines are those of `gradcli run`. Before an input runs, what it could
change is saved (gradcli.repl.snapshot); when it fails, that is put back, so an error never leaves
half-made state. Lines are numbered from the start of the session, so that hints can cite earlier inputs.

Lines come from a reader: gradcli.cli.terminal's on a terminal (prompt_toolkit), PlainReader elsewhere
(no prompts or colours, so the REPL can be scripted).
"""

FILENAME = "<stdin>"
PROMPT, CONTINUATION_PROMPT = ">>> ", "... "
INDENT = "    "
HELP = """\
Statements and expressions in the gradcli language (as `gradcli run`); an expression's value is printed
and kept in _. A block (for, if, def, with, try) ends with a blank line; an open bracket continues.
After an error, variables, tensors, their .grad and .data, graphs, the grad mode and the random
numbers are as they were before the failing input.

  :help          this text
  :vars          your variables: shape, dtype, requires_grad, is_leaf, whether .grad is set
  :graph NAME    the graph that computed tensor NAME
  :explain NAME  backprop through that graph, node by node (nothing is written to any .grad)
  :reset         forget every variable and the session's history
  :save FILE     write the inputs that succeeded as a script (runs with gradcli run FILE)
  :load FILE     run a script into the session (as one input: all of it, or none if it fails)

Keys (on a terminal): Tab completes names and attributes, Up/Down and Ctrl-R search history,
Ctrl-C cancels the input or the running statement, Ctrl-D exits.
"""


class PlainReader:
    """Lines from a stream, without prompts."""

    def __init__(self, stream):
        self.stream = stream

    def read(self, continuation, indent):
        line = self.stream.readline()
        if not line:
            raise EOFError
        return line.rstrip("\n")


def interact(session, reader):
    """Read inputs and run them until end of input. `reader.read(continuation, indent)` returns a line,
    raises EOFError at the end and KeyboardInterrupt when the input is cancelled."""
    pending = []
    while True:
        try:
            try:
                line = reader.read(continuation=bool(pending), indent=_next_indent(pending))
            except EOFError:
                if pending:
                    session.run_input("\n".join(pending))
                return
            if not pending and line.strip().startswith(":"):
                session.command(line.strip())
                continue
            pending.append(line)
            text = "\n".join(pending)
            if not text.strip():
                pending = []
            elif input_state(text) != "more":
                pending = []
                session.run_input(text)  # a text that can never parse is reported there
        except KeyboardInterrupt:
            pending = []
            session.err.write("KeyboardInterrupt\n")
            session.err.flush()


def input_state(text):
    """gradcli.lang.check_complete's answer ('run', 'more' or 'error'), except that an input whose last
    line opens a block inside another block (`for i in x:` then `if i:`) waits for that block's body, as
    Python's REPL does: the parser calls it an indentation error, since the body is not there yet."""
    from gradcli.lang import check_complete

    state = check_complete(text)
    last = text.rsplit("\n", 1)[-1]
    if state == "error" and last.strip().endswith(":") and last.strip() != ":":
        return "more"
    return state


def _next_indent(pending):
    """The indentation a continuation line starts with: the last line's, one level deeper after ':'."""
    if not pending:
        return ""
    last = pending[-1]
    indent = last[:len(last) - len(last.lstrip())]
    return indent + INDENT if last.rstrip().endswith(":") else indent


class Session:
    """One interpreter and what the REPL keeps around it: the session's lines and its successful inputs.

    `views` draws what :vars, :graph and :explain show: views.variables({name: value}, out),
    views.graph(Graph, out) (a gradcli.calc.graph.Graph) and views.explanation(Explanation, title, out)
    (a gradcli.explain Explanation). With `load_later`, the runtime loads at the first input or
    ensure_loaded() (a terminal's reader loads it while the first line is typed)."""

    def __init__(self, out, err, limits, views, load_later=False):
        self.out, self.err, self.limits, self.views = out, err, limits, views
        self.script = None
        if not load_later:
            self.reset()

    def reset(self):
        from gradcli.runtime.session import ScriptRun

        self.lines = []       # every line entered, for tracebacks and hints (numbered from 1)
        self.succeeded = []   # the text of each input that ran to its end, for :save
        self.script = ScriptRun(FILENAME, self.lines, self.out, self.err, self.limits)
        self.script.interpreter.display = self.display
        # the names every session starts with: torch, F, __name__, and torch's, unread ({name: torch})
        self.initial, self.star_imported = dict(self.variables), dict(self.module_scope.unread)

    def ensure_loaded(self):
        if self.script is None:
            self.reset()

    @property
    def module_scope(self):
        return self.script.interpreter.module_scope

    @property
    def variables(self):
        return self.module_scope.variables

    @property
    def builtins(self):
        return self.module_scope.builtins

    def user_variables(self):
        """The names this session bound (or rebound), in the order they were first bound."""
        return {name: value for name, value in self.variables.items() if self._initial_value(name) is not value}

    def _initial_value(self, name):
        """What the session started with as `name` (_UNSET for nothing)."""
        if name in self.initial:
            return self.initial[name]
        module = self.star_imported.get(name)
        return _UNSET if module is None else module.member(name)

    def display(self, value):
        """Python's REPL: print the repr, keep the value in `_` (a builtin, so `_ = ...` shadows it)."""
        self.out.write(repr(value) + "\n")
        self.builtins["_"] = value

    # ---- running code -----------------------------------------------------------------------------------

    def run_input(self, text):
        """Run one input; True when it ran to its end. On failure, state is restored and the error shown."""
        from gradcli.repl.snapshot import Snapshot
        from gradcli.lang import ScriptSyntaxError, parse
        from gradcli.lang.parser import normalize
        from gradcli.runtime.session import EXIT_OK

        self.ensure_loaded()
        text = normalize(text)
        # Blank lines in front give the input's nodes session-wide line numbers, which the engine records
        # and hints cite.
        numbered = "\n" * len(self.lines) + text
        self.lines.extend(text.split("\n")[:-1])
        try:
            module = parse(numbered)
        except ScriptSyntaxError as error:
            self._write_error(error.format(FILENAME, numbered))
            return False
        snapshot = Snapshot(self.module_scope)
        try:
            status = self.script.run(module)
        except KeyboardInterrupt:  # between statements, where the runtime's own handler does not reach
            self.out.flush()
            self._write_error("KeyboardInterrupt\n")
            status = None
        if status == EXIT_OK:
            self.succeeded.append(text)
            return True
        snapshot.restore()
        if not snapshot.complete:
            self._write_error("repl: the session is too large to save in full before each input; "
                              "tensors and graphs may keep some changes from the failed input\n")
        return False

    def _write_error(self, text):
        self.err.write(text)
        self.err.flush()

    # ---- commands ------------------------------------------------------------------------------------------

    def command(self, line):
        name, _, argument = line.partition(" ")
        argument = argument.strip()
        handler = self.COMMANDS.get(name)
        if handler is None:
            self._write_error(f"repl: unknown command {name} (:help lists the commands)\n")
            return
        wants_argument = handler in (Session.graph, Session.explain, Session.save, Session.load)
        if wants_argument != bool(argument):
            usage = f"{name} {'NAME' if handler in (Session.graph, Session.explain) else 'FILE'}" if wants_argument else name
            self._write_error(f"repl: usage: {usage}\n")
            return
        self.ensure_loaded()
        handler(self, *([argument] if wants_argument else []))
        self.out.flush()

    def help(self):
        self.out.write(HELP)

    def reset_command(self):
        self.reset()

    def vars(self):
        variables = self.user_variables()
        if not variables:
            self.out.write("no variables yet\n")
            return
        self.views.variables(variables, self.out)

    def graph(self, name):
        from gradcli.calc.graph import live_graph

        value = self._tensor(name)
        if value is None:
            return
        graph = live_graph(name, value, self.user_variables(), self.lines)
        self.views.graph(graph, self.out)
        for note in graph.notes:
            self._write_error(f"repl: {note}\n")

    def explain(self, name):
        from gradcli.explain import ExplainError
        from gradcli.explain.sources import explain_variable

        value = self._tensor(name)
        if value is None:
            return
        try:
            explanation = explain_variable(value, self.user_variables(), self.lines)
        except ExplainError as error:
            self._write_error(f"repl: cannot explain {name}: {error}\n")
            return
        self.views.explanation(explanation, f"explain {name}", self.out)

    def _tensor(self, name):
        """The session's tensor `name`, or None once the error saying why there is none is written."""
        from gradcli.runtime.sandbox.capabilities import type_name
        from gradcli.runtime.scopes import UNBOUND
        from gradcli.torch import Tensor

        value = self.module_scope.bound(name)
        if value is UNBOUND:
            self._write_error(f"repl: no variable named {name}\n")
            return None
        if not isinstance(value, Tensor):
            self._write_error(f"repl: {name} is a {type_name(value)}, not a tensor\n")
            return None
        return value

    def save(self, path):
        try:
            with open(path, "w", encoding="utf-8") as stream:
                stream.write("".join(self.succeeded))
        except OSError as error:
            self._write_error(f"repl: cannot write {path}: {error.strerror}\n")
            return
        self.out.write(f"saved {len(self.succeeded)} input{'s' if len(self.succeeded) != 1 else ''} to {path}\n")

    def load(self, path):
        try:
            with open(path, encoding="utf-8") as stream:
                source = stream.read()
        except (OSError, UnicodeDecodeError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            self._write_error(f"repl: cannot read {path}: {reason}\n")
            return
        self.run_input(source)

    COMMANDS = {":help": help, ":vars": vars, ":graph": graph, ":explain": explain, ":reset": reset_command,
                ":save": save, ":load": load}


_UNSET = object()
