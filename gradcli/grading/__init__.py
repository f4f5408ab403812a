"""Grading derivative answers, as a Python API (what `gradcli check` calls):

    from gradcli.grading import grade, load
    results = [grade(spec) for spec in load("examples/homework/calculus.toml")]
    [(result.name, result.status, result.message) for result in results]

Modules: problems (TOML problem sets read and validated into ProblemSpecs; FormatError for a file that
cannot be graded at all), grader (the reference derivative by autograd at seeded stratified points,
tolerance, the comparison; a Result per problem), evaluation (expressions parsed once and evaluated at many
points), probing (finding where f is defined before sampling it), diagnoses (what went wrong: one table of
typical mistakes tested numerically), oneshot (a problem from the command line), roster (a key and
students' submissions, partial credit), reports (gradebook CSV, feedback, Gradescope results, JUnit),
selftest (mutants of a key's answers), parallel (grading across CPUs). Expressions are the calculator's
(gradcli.calc). Nothing here imports Typer or Rich.
"""

from gradcli.grading.grader import Point, Result, grade
from gradcli.grading.problems import FormatError, ProblemSpec, load

__all__ = ["Point", "Result", "grade", "FormatError", "ProblemSpec", "load"]
