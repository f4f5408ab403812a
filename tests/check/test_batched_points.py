"""Expressions evaluated for all points at once give, bit for bit, the results of evaluating them point by
point: every point's values, expected and given derivatives and errors, every status, message and diagnosis,
on the example problem sets, the benchmark's and problems made of every kind of expression. Results graded
by worker processes come back the same."""

import sys

import numpy as np
import pytest

from check_helpers import REPO
from gradcli.grading import evaluation, grade, grader, load, parallel, problems, roster

sys.path.insert(0, str(REPO / "bench"))
import bench_check  # noqa: E402

# f, answer, extra keys: scalar and vector variables, reductions, indexing, numbers, domain probing, errors
KINDS = [
    ("x**2 * sin(x)", "2*x*sin(x) + x**2*cos(x)", {}),
    ("x - mean(x)", "1 - 1", {}),                         # mean of one point is that point: f = 0
    ("sum(x) * x", "2*x", {}),
    ("sum(w**2) * 3", "6*w", {"vars": {"w": [3]}}),
    ("sum(w**2) * sum(w)", "2*w*sum(w) + sum(w**2)", {"vars": {"w": [4]}}),
    ("mean(exp(W)) + W[0, 1]", "exp(W) / 4", {"vars": {"W": [2, 2]}}),      # wrong: misses W[0, 1]'s 1
    ("sum(w**3) + w[0] * w[1]", "3*w**2 + tensor([w[1], w[0], 0.])", {"vars": {"w": [3]}}),
    ("sum(w) * w[-1]", "sum(w)", {"vars": {"w": [2]}}),    # wrong: the last element's partial
    ("sum(v * v)", "2", {"vars": {"v": [5]}}),            # wrong, a number for every element
    ("sqrt(1 - x**2) + sum(x)", "-x / sqrt(1 - x**2) + 1", {"range": [-3, 3]}),
    ("log(x) * y + mean(y)", {"x": "y / x", "y": "log(x) + 1"}, {}),
    ("(x + 2*y) * z", {"x": "z", "y": "2*z", "z": "x + 2*y"}, {"at": [{"x": 3, "y": -4, "z": 19}]}),
    ("sin(x**2)", "cos(x**2)", {}),
    ("x**3", "x**3", {}),
    ("x**3", "6*x", {}),
    ("x * y**2", {"x": "2*x*y"}, {}),
    ("sum(w)", "ones(3)", {"vars": {"w": [3]}}),
    ("x**2", "sum(x, 0) * 2", {}),
    ("sum(w)", "w[5]", {"vars": {"w": [3]}}),            # an error: the message of one point alone
    ("x**2", "2*x*y", {}),
    ("sum(w**2)", "2*w", {"vars": {"w": [3]}, "at": [{"w": [1, 2, 3]}]}),
]


def kinds():
    return [{"name": f"k{i}", "f": f, "answer": answer, **extra} for i, (f, answer, extra) in enumerate(KINDS)]


def snapshot(specs):
    grader.Reference._cache.clear()
    if specs == "roster":  # examples/homework's key and the students' answers to it
        key = roster.load_key(REPO / "examples" / "homework" / "key.toml")
        submissions = roster.load_submissions(REPO / "examples" / "homework" / "roster.csv", key)
        return [score.result for grade in roster.grade_roster(key, submissions, jobs=1) for score in grade.scores
                if score.result is not None]
    return [grade(spec) for spec in specs]


def point_by_point(monkeypatch, specs):
    with monkeypatch.context() as patched:
        patched.setattr(evaluation, "batched", lambda *arguments: None)
        return snapshot(specs)


def assert_same(batched, alone):
    assert [(r.name, r.status, r.message, r.findings) for r in batched] == \
           [(r.name, r.status, r.message, r.findings) for r in alone]
    for together, single in zip(batched, alone):
        assert len(together.points) == len(single.points), together.name
        assert [p is together.worst for p in together.points] == [p is single.worst for p in single.points]
        for a, b in zip(together.points, single.points):
            for field in ("values", "expected", "given"):
                assert a.__dict__[field].keys() == b.__dict__[field].keys()
                for name in a.__dict__[field]:
                    np.testing.assert_array_equal(a.__dict__[field][name], b.__dict__[field][name],
                                                  err_msg=f"{together.name} {field} {name}", strict=True)
            assert (a.error, a.agrees, a.explicit) == (b.error, b.agrees, b.explicit), together.name


@pytest.mark.parametrize("source", ["calculus.toml", "roster", "lessons", "bench", "kinds"])
def test_batched_results_are_the_point_by_point_results(monkeypatch, tmp_path, source):
    if source == "kinds":
        specs = problems.specs({"problem": kinds()}, "kinds.toml")
    elif source == "bench":
        path = tmp_path / "bench.toml"
        path.write_text(bench_check.problem_set(40, 10))
        specs = load(path)
    elif source == "lessons":
        specs = load(REPO / "examples" / "lessons" / "check_key.toml")
    elif source == "roster":
        specs = source
    else:
        specs = load(REPO / "examples" / "homework" / source)
    assert_same(snapshot(specs), point_by_point(monkeypatch, specs))


def test_reductions_and_vectors_are_evaluated_once(monkeypatch):
    """f and the answer of these problems are each evaluated once, for all ten points."""
    calls = []
    evaluate = evaluation.Expression.__call__
    monkeypatch.setattr(evaluation.Expression, "__call__",
                        lambda self, *arguments: calls.append(self.label) or evaluate(self, *arguments))
    specs = problems.specs({"problem": [kinds()[i] for i in (1, 3, 4, 5)]}, "once.toml")
    results = snapshot(specs)
    assert [result.status for result in results] == ["pass", "pass", "pass", "fail"]
    assert calls[:6] == ["f", "answer"] * 3


def test_results_sent_back_by_workers_are_the_same(monkeypatch):
    specs = problems.specs({"problem": kinds()}, "kinds.toml") + load(REPO / "examples" / "homework" / "calculus.toml")
    monkeypatch.setattr(parallel, "PARALLEL_FROM", 1)
    grader.Reference._cache.clear()  # the workers compute every reference themselves
    together = parallel.mapped(grade, specs, jobs=2)
    assert_same(together, snapshot(specs))


def test_expressions_read_the_names_the_calculator_finds():
    """The walk that decides whether an expression is per point also lists its names, as calc.names_read."""
    from gradcli import calc

    sources = [source for f, answer, _ in KINDS for source in (f, *(answer.values() if isinstance(answer, dict)
                                                                 else [answer]))]
    sources += [f.format(k=3) for f, _ in bench_check.TEMPLATES] + ["t * x + e**pi - sum(y, 0)", "(lambda z: z)(x)"]
    for source in sources:
        expression = evaluation.Expression(source, "f")
        names_read = calc.names_read(calc.Program(source, statements=False).body)
        assert expression.names == list(dict.fromkeys(name for name, _ in names_read)), source
