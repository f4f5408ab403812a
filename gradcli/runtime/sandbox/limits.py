"""Limits that turn runaway scripts into clear errors instead of exhausted memory or a frozen process.

Only numbers here, so that the command line can show the defaults without loading the engine; the
checks that apply them are gradcli.runtime.sandbox.guards.
"""

from typing import NamedTuple

DEFAULT_MAX_ELEMENTS = 10_000_000   # 40 MB of float32: far beyond what any autograd lesson needs
DEFAULT_MAX_DEPTH = 1000            # nested calls of script functions, as Python's default recursion limit
DEFAULT_MAX_INT_BITS = 1_000_000    # integer ** results (Python prints at most 4300 digits anyway)


class Limits(NamedTuple):  # immutable, and defined in a fraction of a frozen dataclass's start-up time
    max_elements: int = DEFAULT_MAX_ELEMENTS
    max_depth: int = DEFAULT_MAX_DEPTH
    max_int_bits: int = DEFAULT_MAX_INT_BITS
    max_seconds: float | None = None  # a whole run's time; None: until it ends (Ctrl-C stops it any time)
