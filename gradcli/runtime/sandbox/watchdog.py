"""The watchdog around a script run: a thread with room for deep recursion, Ctrl-C and the --timeout as
exceptions inside the script, wherever it stands."""

from __future__ import annotations

import signal
import sys
import threading

import numpy as np

# Deep recursion in scripts is deep recursion in the interpreter: it runs on a thread whose stack has
# room for it (address space only; pages are used as touched), under a matching recursion limit.
THREAD_STACK_BYTES = 512 * 1024 * 1024
PYTHON_FRAMES_PER_SCRIPT_CALL = 50


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
