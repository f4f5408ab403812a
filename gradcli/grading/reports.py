"""A graded roster written out: the gradebook CSV, each student's feedback (text and JSON), Gradescope's
results.json per student, and JUnit XML (one testsuite per student)."""

from __future__ import annotations

import csv
import json
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import numpy as np

STATUS_WORDS = {"pass": "right", "partial": "partly right", "fail": "wrong", "error": "cannot be graded",
                "missing": "no answer"}


def points_text(value):
    """2, 1.5, 0.333: a score as a person writes it."""
    return f"{value:.3g}" if value != int(value) else str(int(value))


def number_text(value):
    array = np.asarray(value, dtype=np.float64)
    if array.ndim == 0:
        return f"{float(array):.6g}"
    return "[" + ", ".join(number_text(item) for item in array) + "]"


def values_text(values, label="{name}"):
    return ", ".join(f"{label.format(name=name)}={number_text(value)}" for name, value in values.items())


# ---- the gradebook ----------------------------------------------------------------------------------------


def write_gradebook(grades, key, path):
    """student, one score column per problem, total, max."""
    with open(path, "w", newline="", encoding="utf-8") as stream:
        writer = csv.writer(stream, lineterminator="\n")
        writer.writerow(["student", *(problem.spec.name for problem in key), "total", "max"])
        for grade in grades:
            writer.writerow([grade.student, *(points_text(score.score) for score in grade.scores),
                             points_text(grade.total), points_text(grade.max_score)])


# ---- feedback ---------------------------------------------------------------------------------------------


def explanation(score):
    """What the student reads about one problem, one line or a few: where it is wrong, and the diagnosis."""
    result = score.result
    if score.status == "missing":
        return "no answer"
    if score.status == "error":
        return result.message
    if score.status == "pass":
        return result.message
    lines = [result.message]
    if result.worst is not None:
        worst = result.worst
        lines.append(f"for example at {values_text(worst.values)}: expected {values_text(worst.expected, 'd/d{name}')}, "
                     f"given {values_text(worst.given, 'd/d{name}')}")
    for name, credit in score.partials.items():
        if credit < 1:
            lines.append(f"d/d{name}: {'no answer' if name not in result.graded.given else 'wrong'}"
                         + (f" ({points_text(credit * 100)}% credit)" if credit else ""))
    lines += [f"{finding.key}: {finding.evidence}" for finding in result.findings]
    return "\n".join(lines)


def feedback_object(grade):
    return {"student": grade.student, "score": grade.total, "max_score": grade.max_score,
            "problems": [{"name": score.problem, "score": score.score, "max_score": score.max_score,
                          "status": score.status, "partials": score.partials,
                          "diagnoses": [{"variable": finding.variable, "diagnosis": finding.key,
                                         "evidence": finding.evidence}
                                        for finding in (score.result.findings if score.result else [])],
                          "feedback": explanation(score)} for score in grade.scores]}


def feedback_text(grade):
    lines = [f"{grade.student}: {points_text(grade.total)} / {points_text(grade.max_score)}", ""]
    for score in grade.scores:
        lines.append(f"problem {score.problem}: {points_text(score.score)} / {points_text(score.max_score)} "
                     f"({STATUS_WORDS[score.status]})")
        if score.status != "pass":
            lines += ["  " + line for line in explanation(score).split("\n")]
    return "\n".join(lines) + "\n"


def gradescope_object(grade):
    """Gradescope's autograder results.json: score, max_score and one test per problem."""
    return {"score": grade.total, "max_score": grade.max_score,
            "tests": [{"name": f"problem {score.problem}", "score": score.score, "max_score": score.max_score,
                       "status": "passed" if score.status == "pass" else "failed", "output": explanation(score)}
                      for score in grade.scores]}


def file_stem(student):
    """A student's name as a file name: letters, digits, '.', '-' and '_' kept, the rest '_'."""
    return re.sub(r"[^A-Za-z0-9._-]", "_", student).strip(".") or "_"


def write_outputs(grades, key, directory):
    """gradebook.csv, feedback/STUDENT.txt and .json, gradescope/STUDENT/results.json under `directory`."""
    directory = Path(directory)
    (directory / "feedback").mkdir(parents=True, exist_ok=True)
    write_gradebook(grades, key, directory / "gradebook.csv")
    for grade in grades:
        stem = file_stem(grade.student)
        (directory / "feedback" / f"{stem}.txt").write_text(feedback_text(grade), encoding="utf-8")
        (directory / "feedback" / f"{stem}.json").write_text(
            json.dumps(feedback_object(grade), indent=2) + "\n", encoding="utf-8")
        (directory / "gradescope" / stem).mkdir(parents=True, exist_ok=True)
        (directory / "gradescope" / stem / "results.json").write_text(
            json.dumps(gradescope_object(grade), indent=2) + "\n", encoding="utf-8")


def write_junit(grades, path):
    """One <testsuite> per student, one <testcase> per problem; a wrong answer is a <failure>."""
    root = ElementTree.Element("testsuites", name="gradcli check")
    for grade in grades:
        failed = [score for score in grade.scores if score.status != "pass"]
        suite = ElementTree.SubElement(root, "testsuite", name=grade.student, tests=str(len(grade.scores)),
                                       failures=str(len(failed)), errors="0", skipped="0")
        for score in grade.scores:
            case = ElementTree.SubElement(suite, "testcase", name=f"problem {score.problem}", classname=grade.student)
            if score.status != "pass":
                failure = ElementTree.SubElement(case, "failure", message=STATUS_WORDS[score.status])
                failure.text = explanation(score)
    ElementTree.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)
