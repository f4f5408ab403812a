"""`gradcli plot`: the drawing on a pipe is deterministic plain text (golden files, reviewed by hand;
`python tests/cli/test_plot.py --write` rewrites them), the sampled values are the calculator's own
derivatives, curves have gaps where f is not finite, and bad options are usage errors."""

import math
import sys

import pytest

from conftest import REPO, invoke, run_process

GOLDEN = REPO / "tests" / "cli" / "golden_plot"

CASES = {
    "sin_order2": ["x**2 * sin(x)", "--range", "x=-3:3", "--order", "2", "--points", "x=0.5"],
    "log_gap": ["log(x) * y", "--range", "x=-1:3", "--at", "y=2", "--points", "x=1,2"],
    "sigmoid": ["sigmoid(w * x + b)", "--range", "x=-6:6", "--at", "w=1.5", "--at", "b=-1"],
}


@pytest.mark.parametrize("name", CASES)
def test_golden_drawing_on_a_pipe(name):
    outcome = invoke("plot", *CASES[name])
    assert outcome.exit_code == 0 and outcome.stderr == ""
    assert outcome.stdout == (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")


def test_every_golden_file_has_a_case():
    assert sorted(path.stem for path in GOLDEN.glob("*.txt")) == sorted(CASES)


def test_a_real_process_on_a_pipe_prints_the_same_without_colour():
    outcome = run_process("plot", *CASES["sin_order2"], env={"NO_COLOR": "1"})
    assert outcome.exit_code == 0
    assert "\x1b[" not in outcome.stdout
    assert outcome.stdout == (GOLDEN / "sin_order2.txt").read_text(encoding="utf-8")


def test_a_terminal_gets_colour_and_no_color_the_pipe_text():
    from test_calc_output import ANSI, ANSI_COLOUR, run_in_terminal

    golden = (GOLDEN / "sin_order2.txt").read_text(encoding="utf-8")
    shown = run_in_terminal("plot", *CASES["sin_order2"])
    assert ANSI_COLOUR.search(shown) and ANSI.sub("", shown) == golden
    assert run_in_terminal("plot", *CASES["sin_order2"], env={"NO_COLOR": "1"}) == golden


def test_each_curve_has_its_own_line_style_in_the_legend():
    lines = invoke("plot", *CASES["sin_order2"]).stdout.splitlines()
    legend = [line.split() for line in lines if line.strip().endswith(("  f", "df/dx", "d2f/dx2"))]
    assert [(words[-2], words[-1]) for words in legend] == [("solid", "f"), ("dashed", "df/dx"), ("dotted", "d2f/dx2")]


@pytest.mark.parametrize("point", ["0.5", "-2", "2.75"])
def test_the_series_are_the_calculators_derivatives(point):
    plotted = invoke("plot", "x**3 * y - exp(x)", "--range", "x=-3:3", "--at", "y=0.5", "--order", "2",
                     "--points", f"x={point}", "--json").json()
    marked = plotted["points"][0]
    graded = invoke("grad", "x**3 * y - exp(x)", "--at", f"x={point}", "--at", "y=0.5", "--wrt", "x",
                    "--order", "2", "--json").json()
    assert marked == {"x": float(point), "f": graded["value"], "df/dx": graded["grad"]["x"],
                      "d2f/dx2": graded["hessian"]["x"]["x"]}


def test_json_samples_the_range_evenly_with_nan_where_f_is_undefined():
    data = invoke("plot", "log(x)", "--range", "x=-1:1", "--json").json()
    xs, f = data["x"], data["series"]["f"]
    assert xs[0] == -1 and xs[-1] == 1 and len(xs) == len(f) == len(data["series"]["df/dx"])
    assert all(value == "nan" for x, value in zip(xs, f) if x < 0)
    assert f[xs.index(0.0)] == "-inf"
    assert all(isinstance(value, float) and math.isclose(value, math.log(x)) for x, value in zip(xs, f) if x > 0)


def test_an_expression_that_is_not_elementwise_is_sampled_point_by_point():
    """x - mean(x) is 0 for every scalar x; evaluated on the vector of samples at once it would not be."""
    data = invoke("plot", "x - mean(x)", "--range", "x=0:1", "--json").json()
    assert set(data["series"]["f"]) == {0.0} and set(data["series"]["df/dx"]) == {0.0}


def test_gaps_where_not_finite():
    from gradcli.cli.plot import _drawn_runs

    ys = [1.0, 2.0, math.nan, 3.0, math.inf, 4.0, 5.0]
    assert _drawn_runs(__import__("numpy").array(ys), "solid") == [[0, 1], [3], [5, 6]]


@pytest.mark.parametrize("arguments, message", [
    (["x", "--range", "x=3:-3"], "LOW and HIGH must be finite numbers with LOW < HIGH"),
    (["x", "--range", "x=-3"], "expected NAME=LOW:HIGH"),
    (["x", "--range", "x=a:3"], "'a' is not a constant"),
    (["x", "--range", "x=-3:3", "--points", "y=1"], "expected x=X[,X...]"),
    (["x * w", "--range", "x=-3:3", "--at", "w=[1,2]"], "f must give one number per point, but it gives shape [2]"),
    (["x * w", "--range", "x=-3:3"], "name 'w' is not bound"),
    (["x", "--range", "x=-3:3", "--order", "3"], "--order"),
])
def test_bad_options_are_usage_errors(arguments, message):
    outcome = invoke("plot", *arguments)
    assert outcome.exit_code == 2 and outcome.stdout == ""
    assert message in outcome.stderr


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    for name, arguments in CASES.items():
        (GOLDEN / f"{name}.txt").write_text(invoke("plot", *arguments).stdout, encoding="utf-8")
