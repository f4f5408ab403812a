"""The sandbox: everything that decides what a script may reach and how far it may go, one module per
concern. A script is never given Python's eval/exec/compile; it sees only what these tables offer.

- capabilities: the one table of what a script may read and write on each type of value (deny by
  default), the classes a script may subclass and the special methods it may define.
- modules: the modules a script may import, and the names each offers.
- prelude: the names a script starts with (the builtins the language keeps, torch's names).
- limits and guards: the caps on tensor sizes, integer powers, sequence lengths and recursion, and the
  checks that apply them before a value is made.
- watchdog: the thread a script runs on, with Ctrl-C and the --timeout raised inside it.
"""
