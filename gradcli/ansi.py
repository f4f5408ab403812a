"""The ANSI palette of every coloured line gradcli writes itself (Rich brings its own), and when to use it."""

import os

RED, BOLD_RED, YELLOW, BOLD_YELLOW, BOLD_CYAN, RESET = (
    "\x1b[31m", "\x1b[1;31m", "\x1b[33m", "\x1b[1;33m", "\x1b[1;36m", "\x1b[0m")


def colour_enabled(stream):
    """Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org)."""
    return stream.isatty() and not os.environ.get("NO_COLOR")
