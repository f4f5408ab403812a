"""Grading across CPUs: work split into one interleaved chunk per process, the first graded by this process,
the others by forked workers that start with what it computed (the calculator's namespace, parses, problems'
reference points)."""

from __future__ import annotations

import contextlib
import gc
import os

PARALLEL_FROM = 200            # items below which one process is faster than starting a pool
NO_FULL_COLLECTION = 2**31 - 1  # collections of the middle generation before a full one: never, in a batch


def mapped(function, items, jobs=None, weight=1):
    """[function(item) for item in items], in order, across `jobs` processes (default: every CPU) when
    there are at least PARALLEL_FROM items of `weight` each and the platform can fork."""
    with _full_collections_deferred():
        return _mapped(function, items, jobs, weight)


@contextlib.contextmanager
def _full_collections_deferred():
    """Grading keeps almost all it makes (parses, each problem's points, the results), and Python's cycle
    collector rescans all of that at each full collection as it grows: a tenth of the time of 3,000 problems.
    The young generations still free the few cycles an evaluation leaves; the full collections wait until
    the batch is done (forked workers inherit the setting)."""
    thresholds = gc.get_threshold()
    gc.set_threshold(thresholds[0], thresholds[1], NO_FULL_COLLECTION)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)


def _mapped(function, items, jobs, weight):
    jobs = jobs or os.cpu_count() or 1
    if jobs == 1 or len(items) < 2 or len(items) * weight < PARALLEL_FROM:
        return [function(item) for item in items]
    import multiprocessing  # here: a few milliseconds that a small check does not pay at start

    if "fork" not in multiprocessing.get_all_start_methods():
        return [function(item) for item in items]
    chunks = [items[i::jobs] for i in range(jobs)]
    # This process grades the first chunk itself while jobs - 1 forked workers grade the others: one fork
    # fewer, and its results need not be sent back.
    with multiprocessing.get_context("fork").Pool(jobs - 1) as pool:
        others = pool.starmap_async(_chunk, [(function, chunk) for chunk in chunks[1:]])
        done = [_chunk(function, chunks[0]), *others.get()]
    ordered = [None] * len(items)
    for start, chunk in enumerate(done):
        ordered[start::jobs] = chunk
    return ordered


def _chunk(function, items):
    return [function(item) for item in items]
