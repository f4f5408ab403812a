"""Grading across CPUs: the items cut into blocks that this process and `jobs - 1` forked workers claim one
at a time from a shared counter, so a process that is slower (its items harder, or its CPU shared) simply
claims fewer. The workers start from this process's memory as it is at the fork: the items, the calculator's
namespace, parses, problems' reference points, and whatever grading the first item imported and built;
nothing is sent to them, and they send back each block's results as soon as it is done, which this process
unpickles between its own blocks rather than all at the end."""

from __future__ import annotations

import contextlib
import gc
import os

PARALLEL_FROM = 200            # items below which one process is faster than starting workers
BLOCKS_PER_PROCESS = 64        # enough that the processes finish within a block of one another
NO_FULL_COLLECTION = 2**31 - 1  # collections of the middle generation before a full one: never, in a batch


def mapped(function, items, jobs=None, weight=1):
    """[function(item) for item in items], in order, across `jobs` processes (default: every CPU) when
    there are at least PARALLEL_FROM items of `weight` each and the platform can fork."""
    with full_collections_deferred():
        return _mapped(function, items, jobs, weight)


@contextlib.contextmanager
def full_collections_deferred():
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
    context = multiprocessing.get_context("fork")
    results = [function(items[0])]  # before forking: the workers inherit what it imported and built
    size = max(1, len(items) // (jobs * BLOCKS_PER_PROCESS))
    blocks = [slice(start, min(start + size, len(items))) for start in range(1, len(items), size)]
    results += [None] * (len(items) - 1)
    claimed = context.Value("l", 0)
    workers = []
    for _ in range(jobs - 1):
        receiving, sending = context.Pipe(duplex=False)
        worker = context.Process(target=_work, args=(function, items, blocks, claimed, sending), daemon=True)
        worker.start()
        sending.close()
        workers.append((worker, receiving))
    done = set()
    try:
        for block in _claims(claimed, len(blocks)):
            results[blocks[block]] = [function(item) for item in items[blocks[block]]]
            done.add(block)
            _receive(workers, results, blocks, done, wait=False)
        _receive(workers, results, blocks, done, wait=True)
    finally:
        for worker, _ in workers:  # still running only when this process stopped with an exception
            worker.terminate()
    for block in set(range(len(blocks))) - done:  # claimed by a worker that stopped: graded here after all
        results[blocks[block]] = [function(item) for item in items[blocks[block]]]
    return results


def _claims(claimed, count):
    """The numbers of the blocks this process claims, one at a time, until none is left."""
    while True:
        with claimed.get_lock():
            block = claimed.value
            claimed.value += 1
        if block >= count:
            return
        yield block


def _work(function, items, blocks, claimed, sending):
    """A worker: claim blocks and send back (block, its results) until none is left."""
    try:
        for block in _claims(claimed, len(blocks)):
            sending.send((block, [function(item) for item in items[blocks[block]]]))
    except BaseException:  # the parent grades the blocks this process did not send, and meets the error itself
        pass
    finally:
        sending.close()


def _receive(workers, results, blocks, done, wait):
    """Put the blocks the workers have sent into `results` (and `done`): those already sent, or, with
    `wait`, every block until each worker has finished."""
    for worker, receiving in workers:
        if receiving.closed:
            continue
        try:
            while wait or receiving.poll():
                block, found = receiving.recv()
                results[blocks[block]] = found
                done.add(block)
        except EOFError:  # the worker has finished (or stopped)
            receiving.close()
            worker.join()
