"""Files: exit code 2 for what cannot be graded at all, several files, JUnit XML, the terminal table."""

import xml.etree.ElementTree as ElementTree

import pytest

from check_helpers import EXAMPLE, by_name, check, check_process, toml_file

PASSING = """
    [[problem]]
    name = "square"
    f = "x**2"
    answer = "2*x"
    """
FAILING = """
    [[problem]]
    name = "cube"
    f = "x**3"
    answer = "3*x"
    [[problem]]
    name = "broken"
    f = "x**3"
    answer = "3*x**"
    """


@pytest.mark.parametrize("text, message", [
    ('[[problem]]\nname = "a"\nf = "x**2\nanswer = "2*x"\n', "not valid TOML: "),
    ('[defaults]\ntolerance = 1e-6\npoints = \n', "(at line 3, column 10)"),
    ('[[problem]]\nname = "a"\nf = "x**2"\n', "[[problem]] #1: missing required key 'answer'"),
    ('[[problem]]\nname = "a"\nf = "x"\nanswer = "1"\n[[problem]]\nf = "x"\nanswer = "1"\n',
     "[[problem]] #2: missing required key 'name'"),
    ('[defaults]\ntolerence = 1e-3\n[[problem]]\nname = "a"\nf = "x"\nanswer = "1"\n',
     "[defaults]: unknown key 'tolerence'"),
    ('[[problem]]\nname = "a"\nf = "x"\nanswer = "1"\npoints = 0\n', "problem 'a': points: expected an integer >= 1"),
    ('[[problem]]\nname = "a"\nf = "x"\nanswer = "1"\nrange = [2, 1]\n', "problem 'a': range: expected [low, high]"),
    ('[[problem]]\nname = "a"\nf = "x"\nanswer = "1"\nvars = { x = [0] }\n', "vars.x: expected a shape"),
    ('[defaults]\nseed = 1\n', "no problems"),
])
def test_files_that_cannot_be_graded_exit_2_naming_the_line_or_key(tmp_path, text, message):
    outcome = check(toml_file(tmp_path, text), "--json")
    assert outcome.exit_code == 2
    assert outcome.stdout == ""
    assert outcome.stderr.startswith("gradcli: error: ")
    assert message in outcome.stderr


def test_malformed_toml_names_its_line(tmp_path):
    path = toml_file(tmp_path, PASSING + 'answer = "twice"\n[[problem]]\nname = \n')
    outcome = check(path)
    assert outcome.exit_code == 2
    assert f"{path}: not valid TOML" in outcome.stderr and "line 6" in outcome.stderr


def test_an_unreadable_file_exits_2(tmp_path):
    outcome = check(tmp_path / "missing.toml")
    assert outcome.exit_code == 2
    assert "missing.toml: cannot read the file: No such file or directory" in outcome.stderr


def test_one_invalid_file_among_several_stops_the_run(tmp_path):
    good = toml_file(tmp_path, PASSING, "good.toml")
    bad = toml_file(tmp_path, "[[problem]]\n", "bad.toml")
    outcome = check(good, bad)
    assert outcome.exit_code == 2 and outcome.stdout == ""


def test_several_files_and_junit(tmp_path):
    good = toml_file(tmp_path, PASSING, "good.toml")
    bad = toml_file(tmp_path, FAILING, "bad.toml")
    junit = tmp_path / "report.xml"
    outcome = check(good, bad, "--json", "--junit", junit)
    assert outcome.exit_code == 1
    report = outcome.json()
    assert (report["passed"], report["failed"], report["errors"]) == (1, 1, 1)
    assert [p["name"] for p in report["problems"]] == ["square", "cube", "broken"]
    root = ElementTree.parse(junit).getroot()
    assert root.tag == "testsuites"
    suites = root.findall("testsuite")
    assert [suite.get("name") for suite in suites] == [str(good), str(bad)]
    assert [(s.get("tests"), s.get("failures"), s.get("errors")) for s in suites] == [("1", "0", "0"), ("2", "1", "1")]
    square, = suites[0].findall("testcase")
    assert square.get("name") == "square" and list(square) == []
    cube, broken = suites[1].findall("testcase")
    assert cube.find("failure").get("message") == "differs at 10 of 10 points"
    assert "worst point: " in cube.find("failure").text
    assert broken.find("error").get("message") == ("answer does not parse: unexpected end of line; "
                                                   "expected an expression")


def test_all_passing_exits_0_with_junit(tmp_path):
    junit = tmp_path / "report.xml"
    assert check(toml_file(tmp_path, PASSING), "--junit", junit).exit_code == 0
    assert ElementTree.parse(junit).getroot().find("testsuite").get("failures") == "0"


def test_the_table_and_the_summary_line(tmp_path):
    outcome = check(toml_file(tmp_path, PASSING + FAILING))
    assert outcome.exit_code == 1
    for column in ("problem", "status", "worst point", "expected", "given"):
        assert column in outcome.stdout
    assert outcome.stdout.rstrip().endswith("1 passed, 1 failed, 1 error (3 problems in 1 file)")
    assert "broken: answer does not parse" in outcome.stdout  # with its caret under the failing part


def test_verbose_shows_every_point(tmp_path):
    outcome = check(toml_file(tmp_path, FAILING), "--verbose")
    lines = [line for line in outcome.stdout.splitlines() if line.startswith("  FAIL at ")]
    assert len(lines) == 10
    assert all("expected " in line and "given " in line for line in lines)


def test_the_example_as_a_process():
    outcome = check_process(EXAMPLE, "--json")
    assert outcome.exit_code == 1 and outcome.stderr == ""
    assert by_name(outcome.json())["1a product rule"]["status"] == "pass"


def test_an_unwritable_junit_file_exits_2(tmp_path):
    outcome = check(toml_file(tmp_path, PASSING), "--junit", tmp_path / "no" / "such" / "dir.xml")
    assert outcome.exit_code == 2 and "cannot write the file" in outcome.stderr


def test_malformed_toml_as_a_process(tmp_path):
    outcome = check_process(toml_file(tmp_path, '[[problem]]\nname = "a"\nf = x\n'))
    assert outcome.exit_code == 2 and outcome.stdout == ""
    assert "not valid TOML: " in outcome.stderr and "(at line 3, column 5)" in outcome.stderr
    assert "Traceback" not in outcome.stderr


def test_usage_errors_exit_2(tmp_path):
    assert check().exit_code == 2
    assert check(toml_file(tmp_path, PASSING), "--gradcheck", "x").exit_code == 2
    assert check(toml_file(tmp_path, PASSING), "--at", "x=1").exit_code == 2
