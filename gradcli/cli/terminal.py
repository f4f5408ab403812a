"""The REPL on a terminal: prompt_toolkit line editing, history, completion and colouring.

Imported only when the REPL starts on a terminal. The runtime (NumPy, the engine, the parser) and the
colouring lexer load on a thread once the first prompt is drawn, while the first line is typed.
"""

from __future__ import annotations

import os
import re
import sys
import threading
from pathlib import Path

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.filters import Condition
from prompt_toolkit.history import FileHistory, InMemoryHistory
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.lexers import DynamicLexer

from gradcli.repl import CONTINUATION_PROMPT, INDENT, PROMPT

LANGUAGE_KEYWORDS = ("False", "None", "True", "and", "as", "assert", "break", "continue", "def", "del", "elif",
                     "else", "except", "finally", "for", "from", "if", "import", "in", "is", "lambda", "not", "or",
                     "pass", "raise", "return", "try", "while", "with")
# The dotted name being typed at the cursor: `torch.nn.functional.re` -> ("torch.nn.functional", "re").
DOTTED_TAIL = re.compile(r"(?<![\w.])(?:([^\W\d]\w*(?:\.[^\W\d]\w*)*)\.)?([^\W\d]\w*|)$")


def history_path():
    """The history file in the user's data directory (as platformdirs' user_data_dir places it)."""
    home = Path.home()
    if sys.platform == "win32":
        base = os.environ.get("APPDATA") or home / "AppData" / "Roaming"
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = os.environ.get("XDG_DATA_HOME") or home / ".local" / "share"
    return Path(base) / "gradcli" / "repl_history"


def _file_history():
    path = history_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch()
    except OSError:  # a read-only home: history for this session only
        return InMemoryHistory()
    return FileHistory(str(path))


class TerminalReader:
    """Reads lines for gradcli.repl.interact with prompt_toolkit; `input`/`output` are for tests."""

    def __init__(self, session, input=None, output=None, history=None):
        self.session = session
        self.loader = None
        self.lexer = None
        self.prompt_session = PromptSession(
            history=history if history is not None else _file_history(),
            completer=NameCompleter(session, self.loaded), complete_while_typing=False,
            lexer=DynamicLexer(lambda: self.lexer), key_bindings=_indent_with_tab(),
            input=input, output=output)
        # After the prompt is drawn: a loading thread would slow the drawing down, sharing the GIL.
        self.prompt_session.app.after_render += self._start_loading

    def read(self, continuation, indent):
        line = self.prompt_session.prompt(CONTINUATION_PROMPT if continuation else PROMPT, default=indent)
        self._start_loading()  # in case nothing was drawn (input typed ahead)
        self.loader.join()  # the session is loaded before anything runs
        return line

    def loaded(self):
        return self.loader is not None and not self.loader.is_alive()

    def _start_loading(self, _application=None):
        if self.loader is None:
            self.loader = threading.Thread(target=self._load, name="gradcli-repl-loader", daemon=True)
            self.loader.start()

    def _load(self):
        from prompt_toolkit.lexers import PygmentsLexer
        from pygments.lexers.python import PythonLexer

        try:
            self.session.ensure_loaded()
        except Exception:
            return  # the first input loads it again, in the main thread, where the error can be shown
        self.lexer = PygmentsLexer(PythonLexer)


def _indent_with_tab():
    """Tab at the start of a line indents (it completes everywhere else)."""
    bindings = KeyBindings()

    @Condition
    def at_line_start():
        from prompt_toolkit.application import get_app

        return get_app().current_buffer.document.current_line_before_cursor.strip() == ""

    @bindings.add("tab", filter=at_line_start)
    def _(event):
        event.current_buffer.insert_text(INDENT)

    return bindings


class NameCompleter(Completer):
    """Variable, builtin and keyword names; after a dot, the attributes a script may read there."""

    def __init__(self, session, ready):
        self.session = session
        self.ready = ready

    def get_completions(self, document, complete_event):
        match = DOTTED_TAIL.search(document.text_before_cursor)
        if match is None or not self.ready():
            return
        path, word = match.groups()
        candidates = self._attributes(path.split(".")) if path else self._names()
        for name in sorted(set(candidates)):
            if name.startswith(word):
                yield Completion(name, start_position=-len(word))

    def _names(self):
        return [*self.session.module_scope.names(), *self.session.builtins, *LANGUAGE_KEYWORDS]

    def _attributes(self, path):
        from gradcli.runtime.sandbox import capabilities
        from gradcli.runtime.values import LangModule

        try:
            value = self.session.script.interpreter.module_scope.load(path[0])
            for name in path[1:]:
                if isinstance(getattr(type(value), name, None), property):
                    return []  # computed when read (it may warn, once per process): not run for a Tab
                value = capabilities.get_attribute(value, name)
        except Exception:
            return []
        if isinstance(value, LangModule):
            return value.public_names()
        return [name for name in dir(value) if capabilities.readable(value, name)]  # the sandbox's own table
