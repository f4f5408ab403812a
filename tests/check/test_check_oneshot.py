"""`gradcli check EXPR --answer ANSWER`: one problem from the command line, graded as a file's would be."""

from check_helpers import check, toml_file


def test_a_right_answer_passes():
    outcome = check("x**2*sin(x)", "--answer", "2*x*sin(x)+x**2*cos(x)", "--json")
    assert outcome.exit_code == 0
    report = outcome.json()
    assert (report["passed"], report["failed"]) == (1, 0)
    assert report["problems"][0]["name"] == "x**2*sin(x)"
    assert report["problems"][0]["message"] == "agrees at 10 points"


def test_a_wrong_answer_fails_with_its_diagnosis():
    outcome = check("x**2*sin(x)", "--answer", "-(2*x*sin(x)+x**2*cos(x))", "--json")
    assert outcome.exit_code == 1
    assert [d["diagnosis"] for d in outcome.json()["problems"][0]["diagnoses"]] == ["sign error"]


def test_options_points_range_tolerance_wrt():
    outcome = check("x*y**2", "--answer", "2*x*y", "--wrt", "y", "--range", "x=-3:3", "--range", "y=1:2",
                    "--points", "4", "--tolerance", "1e-9", "--json")
    assert outcome.exit_code == 0
    problem = outcome.json()["problems"][0]
    assert problem["message"] == "agrees at 4 points"
    assert 1 <= problem["worst_at"]["y"] <= 2 and -3 <= problem["worst_at"]["x"] <= 3


def test_one_range_for_every_variable():
    outcome = check("log(x)", "--answer", "1/x", "--range", "0.5:4", "--json")
    assert outcome.exit_code == 0 and 0.5 <= outcome.json()["problems"][0]["worst_at"]["x"] <= 4


def test_the_same_table_as_files():
    outcome = check("x**3", "--answer", "3*x**2")
    assert outcome.exit_code == 0
    assert "1 passed, 0 failed, 0 errors (1 problem)" in outcome.stdout


def test_bad_usage_is_exit_2():
    cases = [
        (["x**3", "--answer", "3*x**2", "--range", "x=3:-3"], "--range x: expected [low, high]"),
        (["x**3", "--answer", "3*x**2", "--range", "x=a:3"], "--range x=a:3: expected LOW:HIGH or NAME=LOW:HIGH"),
        (["x**3", "--answer", "3*x**2", "--points", "1.5"], "--points 1.5: expected an integer"),
        (["x**3", "--answer", "3*x**2", "--tolerance", "0"], "--tolerance: expected a positive finite number"),
        (["x**3", "y", "--answer", "3*x**2"], "--answer grades one expression"),
    ]
    for arguments, message in cases:
        outcome = check(*arguments)
        assert outcome.exit_code == 2, arguments
        assert message in outcome.stderr, (arguments, outcome.stderr)


def test_one_shot_options_need_the_one_shot(tmp_path):
    path = toml_file(tmp_path, '[[problem]]\nname = "a"\nf = "x**2"\nanswer = "2*x"\n')
    outcome = check(path, "--points", "3")
    assert outcome.exit_code == 2 and "--points goes with a one-shot check" in outcome.stderr


def test_vars_as_a_list_of_scalar_names(tmp_path):
    path = toml_file(tmp_path, '[[problem]]\nname = "a"\nf = "x*y + t"\nvars = ["x", "y", "t"]\n'
                               'answer = { x = "y", t = "1" }\n')
    assert check(path).exit_code == 0
    bad = toml_file(tmp_path, '[[problem]]\nname = "a"\nf = "x"\nvars = ["x", 3]\nanswer = "1"\n', "bad.toml")
    outcome = check(bad)
    assert outcome.exit_code == 2 and "vars: expected variable names" in outcome.stderr
