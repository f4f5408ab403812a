"""Sampling that finds f's domain: the range probed at thousands of points at once, the strata laid over the
part where f and its derivative are finite."""

import numpy as np

from check_helpers import check, toml_file


def test_sqrt_of_one_minus_x_squared_is_sampled_inside_its_domain_every_time(tmp_path):
    problems = "".join(f'[[problem]]\nname = "p{seed}"\nf = "sqrt(1 - x**2)"\nanswer = "-x / sqrt(1 - x**2)"\n'
                       f'range = [-3, 3]\nseed = {seed}\n\n' for seed in range(20))
    outcome = check("--json", "--verbose", toml_file(tmp_path, problems))
    assert outcome.exit_code == 0, outcome.stdout
    from gradcli.grading import grader, problems

    for spec in problems.load(tmp_path / "set.toml"):
        xs = np.sort([float(point.values["x"]) for point in grader.grade(spec).points])
        assert len(xs) == 10 and -1 < xs[0] and xs[-1] < 1
        assert xs[0] < -0.6 and xs[-1] > 0.6          # spread over the domain, not bunched where it was found
        assert np.histogram(xs, bins=5, range=(-1, 1))[0].min() >= 1


def test_a_two_variable_domain(tmp_path):
    path = toml_file(tmp_path, '[[problem]]\nname = "disk"\nf = "sqrt(1 - x**2 - y**2)"\n'
                               'answer = { x = "-x / sqrt(1 - x**2 - y**2)" }\nrange = [-3, 3]\n')
    assert check(path).exit_code == 0


def test_a_tiny_domain_says_how_much_of_the_range_was_valid():
    outcome = check("sqrt(1e-7 - x**2)", "--answer", "-x / sqrt(1e-7 - x**2)", "--range", "-3:3", "--json")
    assert outcome.exit_code == 1
    message = outcome.json()["problems"][0]["message"]
    assert message.startswith("cannot find enough points in the domain: f or its derivative is finite at 0 of 4096 "
                              "points spread over the range (0%)")


def test_a_range_inside_the_domain_keeps_its_points():
    """Probing runs only when the first draw meets points outside the domain: the points stay as before."""
    from gradcli.grading import grader, oneshot

    points = grader.grade(oneshot.spec("x**2", "2*x")).points
    assert all(-2 < float(point.values["x"]) < 2 for point in points)
    strata = sorted(int((float(point.values["x"]) + 2) / 0.4) for point in points)
    assert strata == list(range(10))                  # one point per stratum: the Latin hypercube
