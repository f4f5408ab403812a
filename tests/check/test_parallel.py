"""Grading across processes (gradcli.grading.parallel): results in order whichever process graded them, the
work shared by the processes, a worker that stops made up for by this process, and Results pickled and
unpickled (as workers send them back) with every point's numbers, types and flags."""

import os
import pickle
import time

import pytest

from gradcli.grading import grade, grader, parallel, problems
from test_batched_points import assert_same, kinds


def test_results_come_back_in_order_from_every_process(monkeypatch):
    monkeypatch.setattr(parallel, "PARALLEL_FROM", 1)
    parent = os.getpid()

    def pid_and_item(item):
        time.sleep(0.002)  # long enough that each process claims blocks
        return os.getpid(), item

    found = parallel.mapped(pid_and_item, list(range(300)), jobs=2)
    assert [item for _, item in found] == list(range(300))
    assert {pid for pid, _ in found} - {parent}, "the worker graded no block"


def test_a_worker_that_stops_is_made_up_for_here(monkeypatch):
    monkeypatch.setattr(parallel, "PARALLEL_FROM", 1)
    parent = os.getpid()

    def fails_in_workers(item):
        time.sleep(0.001)
        if os.getpid() != parent:
            raise RuntimeError("a worker stops")
        return item * 2

    assert parallel.mapped(fails_in_workers, list(range(200)), jobs=3) == [item * 2 for item in range(200)]


def test_an_error_is_raised_here_as_it_is_in_one_process(monkeypatch):
    monkeypatch.setattr(parallel, "PARALLEL_FROM", 1)

    def fails_at_150(item):
        if item == 150:
            raise ValueError("item 150")
        return item

    with pytest.raises(ValueError, match="item 150"):
        parallel.mapped(fails_at_150, list(range(300)), jobs=2)


def test_pickled_results_are_the_same():
    spec = {"name": "partial", "f": "x * y**2", "answer": {"x": "y**2"}}  # given for x only
    nothing_given = {"name": "none", "f": "x * y", "answer": {}}
    specs = problems.specs({"problem": [*kinds(), spec]}, "kinds.toml")
    results = [grade(spec) for spec in specs] + [grader._graded(problems.specs({"problem": [nothing_given]},
                                                                               "none.toml")[0])]
    assert results[-1].points and not results[-1].points[0].given
    assert_same(pickle.loads(pickle.dumps(results)), results)
