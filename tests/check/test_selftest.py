"""`gradcli check --selftest KEY`: do a key's points reject plausible wrong versions of its answers?"""

from check_helpers import check, toml_file

TRAP = """
[[problem]]
name = "trap"
f = "x**3"
answer = "3*x**2"
points = 0                     # the explicit points only: 0 and 1, where 3*x and 3*x**2 agree
at = [{ x = 0 }, { x = 1 }]
"""


def test_the_3x_trap_is_caught_with_points_at_0_and_1_only(tmp_path):
    outcome = check("--selftest", toml_file(tmp_path, TRAP), "--json")
    assert outcome.exit_code == 1
    (problem,) = outcome.json()["problems"]
    assert problem["status"] == "weak" and not problem["ok"]
    uncaught = {mutant["answer"]: mutant["kind"] for mutant in problem["uncaught"]}
    assert uncaught["3*x**1"] == "exponent off by one"
    text = check("--selftest", toml_file(tmp_path, TRAP)).stdout
    assert "trap: weak: 2 of 7 mutants pass at the problem's points: add points or widen the range" in text
    assert "  exponent off by one: 3*x**1 passes, but at x=" in text


def test_sampled_points_reject_every_mutant(tmp_path):
    key = toml_file(tmp_path, TRAP.replace("points = 0 ", "points = 10"))
    outcome = check("--selftest", key, "--json")
    assert outcome.exit_code == 0, outcome.stdout
    assert outcome.json()["problems"][0]["status"] == "ok"


def test_the_example_key_passes_its_selftest():
    from check_helpers import REPO

    outcome = check("--selftest", REPO / "examples" / "homework" / "key.toml")
    assert outcome.exit_code == 0 and outcome.stdout.endswith("6 of 6 problems reject every mutant\n")


def test_mutants_of_an_answer():
    from gradcli.grading.selftest import mutants

    found = {source: kind for kind, source in mutants("2*x*sin(x) + x**2*cos(x)")}
    assert found["2*x*sin(x) - x**2*cos(x)"] == "sign flip"
    assert found["2*x*sin(x)"] == "dropped term"
    assert found["2*x*sin(x) + x**1*cos(x)"] == "exponent off by one"
    assert found["2*x*sin(x) + cos(x)"] == "factor removed"
    assert found["2*(2*x*sin(x) + x**2*cos(x))"] == "constant factor"
    assert "2*x*sin(x) + x**2*cos(x)" not in found


def test_equivalent_rewritings_are_not_reported(tmp_path):
    key = toml_file(tmp_path, '[[problem]]\nname = "p"\nf = "x"\nanswer = "1*1"\n')  # dropping a 1 changes nothing
    assert check("--selftest", key).exit_code == 0


def test_a_wrong_key_and_a_missing_answer(tmp_path):
    key = toml_file(tmp_path, '[[problem]]\nname = "p"\nf = "x**2"\nanswer = "x"\n\n'
                              '[[problem]]\nname = "q"\nf = "x**2"\n')
    outcome = check("--selftest", key)
    assert outcome.exit_code == 1
    assert "p: error: the reference answer itself does not pass" in outcome.stdout
    assert "q: skipped: no reference answer given as an expression" in outcome.stdout
