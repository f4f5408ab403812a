"""Grading a roster against a key: the gradebook, feedback, Gradescope results and JUnit it writes."""

import json
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from check_helpers import REPO, check, toml_file

HOMEWORK = REPO / "examples" / "homework"
KEY, ROSTER = HOMEWORK / "key.toml", HOMEWORK / "roster.csv"


def test_the_example_roster_writes_the_committed_outputs(tmp_path):
    outcome = check("--key", KEY, "--submissions", ROSTER, "--out", tmp_path / "graded")
    assert outcome.exit_code == 1  # some answers are wrong
    written = sorted(path.relative_to(tmp_path / "graded") for path in (tmp_path / "graded").rglob("*.*"))
    committed = sorted(path.relative_to(HOMEWORK / "graded") for path in (HOMEWORK / "graded").rglob("*.*"))
    assert written == committed and len(committed) == 1 + 12 * 3
    for path in committed:
        assert (tmp_path / "graded" / path).read_text() == (HOMEWORK / "graded" / path).read_text(), path


def test_gradebook_and_the_feedback_a_student_sees():
    gradebook = (HOMEWORK / "graded" / "gradebook.csv").read_text().splitlines()
    assert gradebook[0] == "student,1,2,3,4,5,6,total,max"
    assert "Ada Lovelace,2,2,2,3,2,1,12,12" in gradebook
    assert "Carl Gauss,2,1,2,3,1,1,10,12" in gradebook   # two sign errors at half credit
    assert "Evariste Galois,0,0,0,0,0,0,0,12" in gradebook
    feedback = (HOMEWORK / "graded" / "feedback" / "Alan_Turing.txt").read_text()
    assert feedback.startswith("Alan Turing: 9 / 12\n")
    assert "problem 3: 1 / 2 (partly right)" in feedback
    assert "sign error: the answer is -1 x the derivative at all 10 points: a sign error" in feedback
    assert "chain rule inner factor missing: the answer equals df/du at u = x**2" in feedback


def test_gradescope_results_format():
    results = json.loads((HOMEWORK / "graded" / "gradescope" / "Carl_Gauss" / "results.json").read_text())
    assert set(results) == {"score", "max_score", "tests"} and (results["score"], results["max_score"]) == (10, 12)
    for test in results["tests"]:
        assert set(test) == {"name", "score", "max_score", "status", "output"}
        assert test["status"] in ("passed", "failed")
    assert [t["score"] for t in results["tests"]] == [2, 1, 2, 3, 1, 1]


def test_junit_one_suite_per_student(tmp_path):
    check("--key", KEY, "--submissions", ROSTER, "--junit", tmp_path / "r.xml")
    suites = ElementTree.parse(tmp_path / "r.xml").getroot().findall("testsuite")
    assert len(suites) == 12
    assert {s.get("name"): s.get("failures") for s in suites}["Ada Lovelace"] == "0"
    assert {s.get("name"): s.get("failures") for s in suites}["Evariste Galois"] == "6"


def test_all_right_is_exit_0_and_json(tmp_path):
    key = toml_file(tmp_path, '[[problem]]\nname = "p"\nf = "x**3"\n\n[[problem]]\nname = "q"\nf = "x*y"\n'
                              'weight = 2\npartial_weights = { x = 3, y = 1 }\n', "key.toml")
    roster = tmp_path / "roster.csv"
    roster.write_text("student,p,q.x,q.y\nann,3*x**2,y,x\nbob,3*x*x,y,-x\n")
    outcome = check("--key", key, "--submissions", roster, "--json")
    students = {s["student"]: s for s in outcome.json()["students"]}
    assert students["ann"]["score"] == 3 and students["bob"]["score"] == 2.5  # q.y is a quarter of q's 2 points
    assert outcome.exit_code == 1
    roster.write_text("student,p,q.x,q.y\nann,3*x**2,y,x\n")
    assert check("--key", key, "--submissions", roster).exit_code == 0


def test_a_directory_of_student_files(tmp_path):
    key = toml_file(tmp_path, '[defaults]\ncredit = { "constant factor" = 0.5 }\n'
                              '[[problem]]\nname = "p"\nf = "x**3"\n', "key.toml")
    answers = tmp_path / "answers"
    answers.mkdir()
    (answers / "ann.toml").write_text('p = "3*x**2"\n')
    (answers / "bob.toml").write_text('p = "6*x**2"\n')
    students = {s["student"]: s for s in check("--key", key, "--submissions", answers, "--json").json()["students"]}
    assert students["ann"]["score"] == 1 and students["bob"]["score"] == 0.5
    assert students["bob"]["problems"][0]["diagnoses"][0]["diagnosis"] == "constant factor"


def test_bad_rosters_are_exit_2(tmp_path):
    key = toml_file(tmp_path, '[[problem]]\nname = "answer1"\nf = "x**3"\n', "key.toml")
    roster = tmp_path / "roster.csv"
    roster.write_text("student,anwser1\nann,3*x**2\n")
    outcome = check("--key", key, "--submissions", roster)
    assert outcome.exit_code == 2
    assert "column 'anwser1': no problem of the key is called that: did you mean 'answer1'?" in outcome.stderr
    bad_credit = toml_file(tmp_path, '[[problem]]\nname = "p"\nf = "x"\ncredit = { "sign eror" = 0.5 }\n', "k2.toml")
    outcome = check("--key", bad_credit, "--submissions", roster)
    assert outcome.exit_code == 2 and "unknown diagnosis 'sign eror': did you mean 'sign error'?" in outcome.stderr
    assert check("--key", key).exit_code == 2
    assert "cannot read" in check("--key", key, "--submissions", tmp_path / "none.csv").stderr


def test_parallel_grading_gives_the_serial_grades(monkeypatch):
    from gradcli.grading import parallel, reports, roster

    key = roster.load_key(KEY)
    submissions = roster.load_submissions(ROSTER, key)
    serial = roster.grade_roster(key, submissions, jobs=1)
    monkeypatch.setattr(parallel, "PARALLEL_FROM", 1)
    parallel = roster.grade_roster(key, submissions, jobs=2)
    assert [reports.feedback_object(g) for g in parallel] == [reports.feedback_object(g) for g in serial]
