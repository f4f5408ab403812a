"""Grading derivative answers, as a Python API (what `gradcli check` calls):

    from gradcli.grading import grade, load
    results = [grade(spec) for spec in load("examples/homework/calculus.toml")]
    [(result.name, result.status, result.message) for result in results]

Modules: problems (TOML problem sets read and validated into ProblemSpecs; FormatError for a file that
cannot be graded at all) and grader (the reference derivative by autograd at seeded stratified points,
domain redraws, tolerance, the comparison; a Result per problem). Expressions are the calculator's
(gradcli.calc). Nothing here imports Typer or Rich.
"""

from gradcli.grading.grader import Point, Result, grade
from gradcli.grading.problems import FormatError, ProblemSpec, load

__all__ = ["Point", "Result", "grade", "FormatError", "ProblemSpec", "load"]
