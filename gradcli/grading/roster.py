"""A key and a roster of submissions: every student's answers graded against the key, with partial credit.

The key is a problem set (README, "Homework checking") whose `answer` is optional (the reference answer, used
by `--selftest`) and whose problems may set `weight` (the problem's points, default 1), `partial_weights`
({variable: weight}, how the points split between partial derivatives; equal by default) and `credit`
({diagnosis: fraction}, the credit for a wrong answer with that diagnosis, say { "sign error" = 0.5 }).
`[defaults]` may set all three for every problem.

Submissions are a CSV file (a `student` column, then one column per problem name, `name.x` for the partial
derivative with respect to x) or a directory of TOML files, one per student (the file's stem is the
student; each key a problem name, each value an answer or a table of partials). An empty cell is no answer.
"""

from __future__ import annotations

import csv
import difflib
import functools
import os
from dataclasses import dataclass, field
from pathlib import Path

from gradcli.grading import grader, problems
from gradcli.grading import diagnoses, parallel

KEY_SETTINGS = {"weight": 1.0, "partial_weights": {}, "credit": {}}


class RosterError(Exception):
    """The key or the submissions cannot be read (exit code 2)."""


@dataclass
class KeyProblem:
    spec: problems.ProblemSpec   # spec.answer: the reference answer, or None
    weight: float
    partial_weights: dict
    credit: dict


@dataclass
class Submission:
    student: str
    answers: dict                     # {problem name: answer string or {variable: answer string}}


@dataclass
class Score:
    problem: str
    score: float
    max_score: float
    status: str                       # "pass", "partial", "fail", "error" or "missing"
    result: grader.Result | None = None
    partials: dict = field(default_factory=dict)   # {variable: credit from 0 to 1}, for a table of partials


@dataclass
class StudentGrade:
    student: str
    scores: list

    @property
    def total(self):
        return sum(score.score for score in self.scores)

    @property
    def max_score(self):
        return sum(score.max_score for score in self.scores)

    @property
    def ok(self):
        return all(score.status == "pass" for score in self.scores)


# ---- reading --------------------------------------------------------------------------------------------


def load_key(path):
    document = problems.read_toml(path)
    defaults = dict(document.get("defaults", {})) if isinstance(document.get("defaults"), dict) else {}
    settings = {name: defaults.pop(name, value) for name, value in KEY_SETTINGS.items()}
    listed = document.get("problem") if isinstance(document.get("problem"), list) else []
    tables = [dict(table) if isinstance(table, dict) else table for table in listed]
    extras = []
    for number, table in enumerate(tables, 1):
        if not isinstance(table, dict):
            continue
        extras.append({name: table.pop(name, settings[name]) for name in KEY_SETTINGS})
        table.setdefault("answer", None)
    specs = problems.specs({**document, "defaults": defaults, "problem": tables}, str(path), key_file=True)
    key = []
    for spec, extra in zip(specs, extras):
        where = f"{path}: problem '{spec.name}'"
        key.append(KeyProblem(spec, _weight(extra["weight"], f"{where}: weight"),
                              {name: _weight(value, f"{where}: partial_weights.{name}")
                               for name, value in _table(extra["partial_weights"], f"{where}: partial_weights").items()},
                              {name: _fraction(value, f"{where}: credit.{name}")
                               for name, value in _table(extra["credit"], f"{where}: credit").items()}))
        unknown = [name for name in key[-1].credit if name not in diagnoses.DIAGNOSES]
        if unknown:
            raise RosterError(f"{where}: credit names unknown diagnosis '{unknown[0]}'"
                              + _did_you_mean(unknown[0], diagnoses.DIAGNOSES)
                              + f" (diagnoses: {', '.join(diagnoses.DIAGNOSES)})")
    names = [problem.spec.name for problem in key]
    if len(set(names)) != len(names):
        raise RosterError(f"{path}: problem names must be unique: '{next(n for n in names if names.count(n) > 1)}' "
                          f"is used twice")
    return key


def load_submissions(path, key):
    path = Path(path)
    if path.is_dir():
        return _from_directory(path, key)
    try:
        with open(path, newline="", encoding="utf-8-sig") as stream:
            rows = list(csv.reader(stream))
    except OSError as error:
        raise RosterError(f"{path}: cannot read the file: {error.strerror}") from None
    except UnicodeDecodeError:
        raise RosterError(f"{path}: not a UTF-8 CSV file") from None
    if not rows:
        raise RosterError(f"{path}: empty; expected a header: student, then one column per problem")
    header = [cell.strip() for cell in rows[0]]
    columns = [_column(name, key, f"{path}: column '{name}'") for name in header[1:]]
    submissions = []
    for number, row in enumerate(rows[1:], 2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(header):
            raise RosterError(f"{path}: line {number}: {len(row)} cells, but the header has {len(header)}")
        answers = {}
        for (problem, variable), cell in zip(columns, row[1:]):
            if cell.strip():
                _add(answers, problem, variable, cell.strip())
        submissions.append(Submission(row[0].strip() or f"line {number}", answers))
    return _unique(submissions, path)


def _from_directory(path, key):
    files = sorted(path.glob("*.toml"))
    if not files:
        raise RosterError(f"{path}: no .toml answer files in the directory")
    submissions = []
    for file in files:
        document = problems.read_toml(file)
        answers = {}
        for name, value in document.items():
            problem, _ = _column(name, key, f"{file}: key '{name}'")
            parts = value.items() if isinstance(value, dict) else [(None, value)]
            for variable, text in parts:
                if not isinstance(text, str):
                    raise RosterError(f"{file}: {name}{'.' + variable if variable else ''}: expected an expression "
                                      f"string, not {type(text).__name__}")
                if text.strip():
                    _add(answers, problem, variable, text.strip())
        submissions.append(Submission(file.stem, answers))
    return _unique(submissions, path)


def _column(name, key, where):
    """'2.x' -> ('2', 'x'); '1a' -> ('1a', None); a name that is no problem of the key is an error."""
    names = [problem.spec.name for problem in key]
    if name in names:
        return name, None
    problem, dot, variable = name.rpartition(".")
    if dot and problem in names and variable.isidentifier():
        return problem, variable
    raise RosterError(f"{where}: no problem of the key is called that" + _did_you_mean(name, names)
                      + f" (problems: {', '.join(names)})")


def _add(answers, problem, variable, text):
    if variable is None:
        answers[problem] = text
    else:
        answers.setdefault(problem, {})
        if isinstance(answers[problem], dict):
            answers[problem][variable] = text


def _unique(submissions, path):
    seen = set()
    for submission in submissions:
        if submission.student in seen:
            raise RosterError(f"{path}: student '{submission.student}' appears twice")
        seen.add(submission.student)
    return submissions


def _did_you_mean(name, choices):
    near = difflib.get_close_matches(name, list(choices), n=1)
    return f": did you mean '{near[0]}'?" if near else ""


def _table(value, where):
    if not isinstance(value, dict):
        raise RosterError(f"{where}: expected a table, not {type(value).__name__}")
    return value


def _weight(value, where):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value >= 0:
        raise RosterError(f"{where}: expected a non-negative number, not {value!r}")
    return float(value)


def _fraction(value, where):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise RosterError(f"{where}: expected a fraction from 0 to 1, not {value!r}")
    return float(value)


# ---- grading --------------------------------------------------------------------------------------------


def grade_roster(key, submissions, jobs=None):
    """A StudentGrade per submission, in order; across `jobs` processes (default: every CPU) for a large
    roster. Each problem's points and reference derivative are the same for every student: they are
    computed first, once, and the workers inherit them."""
    for problem in key:
        try:
            reference = grader.Reference.of(problem.spec)
            reference.sampled(), reference.explicit()
        except grader.ProblemError:
            pass  # every student's answer to it will be an error, saying why
    return parallel.mapped(functools.partial(grade_student, key), submissions, jobs, weight=len(key))


def grade_student(key, submission):
    return StudentGrade(submission.student, [grade_problem(problem, submission.answers.get(problem.spec.name))
                                             for problem in key])


def grade_problem(problem, answer):
    spec = problem.spec
    wanted = list(spec.answer) if isinstance(spec.answer, dict) else None
    if answer is None or (isinstance(answer, dict) and not answer):
        return Score(spec.name, 0.0, problem.weight, "missing")
    if isinstance(answer, dict) and wanted:
        answer = {name: part for name, part in answer.items() if name in wanted}
    result = grader.grade(spec.replace(answer=answer))
    if result.status == "error":
        return Score(spec.name, 0.0, problem.weight, "error", result)
    if not isinstance(answer, dict):
        credit = 1.0 if result.ok else _credit(problem, result.findings)
        return Score(spec.name, problem.weight * credit, problem.weight, _status(credit), result)
    variables = wanted or list(answer)
    partials = {name: _partial_credit(problem, result, name) if name in answer else 0.0 for name in variables}
    weights = {name: problem.partial_weights.get(name, 1.0) for name in variables}
    total = sum(weights.values()) or 1.0
    credit = sum(weights[name] * partials[name] for name in variables) / total
    return Score(spec.name, problem.weight * credit, problem.weight, _status(credit), result, partials)


def _partial_credit(problem, result, variable):
    graded = result.graded
    if diagnoses.close(graded.given[variable], graded.expected[variable], problem.spec.tolerance,
                       problem.spec.abs_tolerance):
        return 1.0
    return _credit(problem, [finding for finding in result.findings if finding.variable == variable])


def _credit(problem, findings):
    return max((problem.credit.get(finding.key, 0.0) for finding in findings), default=0.0)


def _status(credit):
    return "pass" if credit == 1 else "partial" if credit > 0 else "fail"
