"""One problem from the command line (`gradcli check EXPR --answer ANSWER`), graded as a file's would be."""

from __future__ import annotations

from gradcli.grading import problems


def spec(f, answer, wrt=None, ranges=None, points=None, tolerance=None):
    """The ProblemSpec of f and its answer: the answer is df/d`wrt` when `wrt` names one variable (the other
    variables of f are sampled but not graded), else f's derivative as a file's `answer` is. `ranges`
    {variable or None (every variable): (low, high)}. Raises problems.FormatError for bad values."""
    problem = {"name": f.strip(), "f": f, "answer": {wrt: answer} if wrt else answer}
    ranges = dict(ranges or {})
    if None in ranges:
        problem["range"] = list(ranges.pop(None))
        if ranges:
            raise problems.FormatError("give either --range LOW:HIGH or --range NAME=LOW:HIGH, not both")
    elif ranges:
        problem["range"] = {name: list(interval) for name, interval in ranges.items()}
    if points is not None:
        problem["points"] = points
    if tolerance is not None:
        problem["tolerance"] = tolerance
    return problems.specs({"problem": [problem]}, "")[0]
