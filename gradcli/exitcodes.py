"""The exit codes of every gradcli command, defined once.

0 the command did what was asked; 1 a computation, a script or a check failed; 2 bad usage or input that
cannot be read or parsed.
"""

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2
