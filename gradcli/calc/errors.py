"""The calculator's one exception, and how an exception raised by EXPR becomes one."""

from gradcli.exitcodes import EXIT_FAILURE, EXIT_USAGE


class CalcError(Exception):
    """A failure reported to the user: a message (its later lines are details) and an exit code."""

    def __init__(self, message, exit_code=EXIT_USAGE):
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code


def computing(problem, function, *args):
    """Run the computation: an exception from it (the engine's message, the interpreter's position)
    becomes a computation error, exit code 1, shown with a caret under the failing part of EXPR."""
    try:
        return function(*args)
    except CalcError:
        raise
    except Exception as error:  # whatever EXPR raised: it is the user's error, not gradcli's
        raise CalcError(describe_exception(error, problem.program.lines), EXIT_FAILURE) from None


def describe_exception(error, lines):
    """The exception's line, and a caret under the part of the source `lines` that raised it."""
    from gradcli.runtime.interpreter import TRACE_ATTRIBUTE
    from gradcli.runtime.report import exception_line, source_with_caret

    text = exception_line(error)
    trace = getattr(error, TRACE_ATTRIBUTE, None)
    if trace:
        text += source_with_caret(lines, trace[-1][1])
    return text
