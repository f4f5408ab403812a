"""The method: stratified seeded points, reproducible by seed, never on grid values; and --gradcheck."""

import numpy as np
import pytest

from check_helpers import check, toml_file
from gradcli.grading import grade, problems


def graded(document):
    return [grade(spec) for spec in problems.specs(document, "test.toml")]


def sampled(result):
    return [point for point in result.points if not point.explicit]


def test_one_point_per_stratum_of_each_interval():
    result, = graded({"problem": [{"name": "p", "f": "x * y", "answer": {"x": "y", "y": "x"}, "points": 8,
                                   "range": {"x": [0, 8]}}]})
    xs = sorted(point.values["x"] for point in sampled(result))
    ys = sorted(point.values["y"] for point in sampled(result))
    assert [int(x) for x in xs] == list(range(8))              # [0, 8] cut into 8 strata of width 1
    assert [int(np.floor((y + 2) * 2)) for y in ys] == list(range(8))  # the default [-2, 2], width 0.5
    assert not any(float(v).is_integer() for v in xs + ys)


def test_vector_variables_sample_every_element():
    result, = graded({"problem": [{"name": "v", "f": "sum(w**2)", "vars": {"w": [2, 2]}, "answer": "2*w",
                                   "points": 4}]})
    values = np.stack([point.values["w"] for point in result.points])
    assert values.shape == (4, 2, 2)
    for row in range(2):
        for column in range(2):
            assert sorted(np.floor(values[:, row, column] + 2).astype(int)) == [0, 1, 2, 3]
    assert result.status == "pass"


@pytest.mark.parametrize("seed", [0, 7])
def test_the_same_seed_gives_the_same_points(tmp_path, seed):
    text = f"""
        [defaults]
        seed = {seed}
        [[problem]]
        name = "wrong"
        f = "sin(x)"
        answer = "cos(x) + 0.001*x"
        """
    first = check(toml_file(tmp_path, text), "--json").json()
    second = check(toml_file(tmp_path, text), "--json").json()
    assert first == second


def test_another_seed_gives_other_points(tmp_path):
    def worst_at(seed):
        text = f'[defaults]\nseed = {seed}\n[[problem]]\nname = "w"\nf = "sin(x)"\nanswer = "cos(x) + 0.001*x"\n'
        return check(toml_file(tmp_path, text), "--json").json()["problems"][0]["worst_at"]

    assert worst_at(0) != worst_at(1)


def test_points_do_not_depend_on_the_other_problems():
    alone, = graded({"problem": [{"name": "p", "f": "x**2", "answer": "2*x"}]})
    _, after = graded({"problem": [{"name": "q", "f": "x**3", "answer": "3*x**2"},
                                   {"name": "p", "f": "x**2", "answer": "2*x"}]})
    assert [p.values for p in alone.points] == [p.values for p in after.points]


def test_gradcheck_passes_for_a_smooth_expression():
    outcome = check("--gradcheck", "x**2 * sin(x) + x * y", "--at", "x=0.5", "--at", "y=[1, 2]", "--json")
    assert outcome.exit_code == 0, outcome.stderr
    assert outcome.json()["ok"] is True


def test_gradcheck_fails_where_autograd_and_differences_disagree():
    outcome = check("--gradcheck", "relu(x)", "--at", "x=0")  # autograd says 0; central differences 0.5
    assert outcome.exit_code == 1
    assert outcome.stdout.startswith("gradcheck FAILED: relu(x) at x=0 (float64)")
    assert "Jacobian mismatch" in outcome.stdout


def test_gradcheck_needs_an_input_and_a_valid_expression():
    assert check("--gradcheck", "2 + 3").exit_code == 2
    outcome = check("--gradcheck", "x +", "--at", "x=1")
    assert outcome.exit_code == 2 and "EXPR does not parse" in outcome.stderr


@pytest.mark.parametrize("seed", [0, 7, 2**32 - 1, 2**32, 2**70 + 3])
def test_points_are_drawn_from_the_stream_numpy_seeds(seed):
    """A problem's generator (gradcli's own, without numpy.random) draws default_rng's numbers."""
    from gradcli.grading import seeded

    for words in ([seed, 12345], [seed, 2**32 - 1, 1]):
        assert (seeded.Generator(*words).random(5) == np.random.default_rng(words).random(5)).all()
    result, = graded({"problem": [{"name": "p", "f": "x**2", "answer": "2*x", "seed": seed}]})
    assert result.ok
