"""`python -m gradcli`, and the `gradcli` command (pyproject's [project.scripts] names main)."""

import gc


def main():
    # Start-up (importing Typer and NumPy, building the command) makes only long-lived objects, in which
    # the cyclic collector would find nothing to free: it runs some 20 times all the same, 5% of a
    # command's start. It is turned back on, with those objects frozen, when the command starts (see
    # gradcli.cli.shared.VerbatimCommand.invoke).
    gc.disable()
    from gradcli.cli.app import main as run

    try:
        run()
    except SystemExit as stop:
        _exit(stop.code)
    _exit(0)


def _exit(status):
    """End the process as Python's own exit would, less its teardown. Python's exit frees every module and
    every object one by one (some 4 ms here for a command's NumPy, Typer and engine); the process's memory
    goes with it anyway. What the teardown would do that matters is done here: the exit handlers run
    (atexit's, e.g. multiprocessing's) and the output is flushed. A status that is a message, or a thread
    the exit would wait for (not a daemon), takes Python's own exit."""
    import atexit
    import os
    import sys
    import threading

    awaited = [thread for thread in threading.enumerate() if not thread.daemon and thread is not threading.main_thread()]
    if status is not None and not isinstance(status, int) or awaited:
        gc.freeze()  # the objects of start-up: the full collections at exit need not walk them
        raise SystemExit(status)
    atexit._run_exitfuncs()  # (the function Python's exit calls: in atexit since Python 3.0)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # the reader went away (| head), or the stream was closed: nothing to add
            pass
    os._exit(status or 0)


if __name__ == "__main__":
    main()
