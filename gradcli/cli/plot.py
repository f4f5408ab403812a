"""`gradcli plot`: f and its derivatives along one variable, drawn in the terminal with plotille (braille).

Each curve has its own line style (solid, dashed, dotted) so the picture reads without colour (NO_COLOR,
pipes); on a terminal the curves are coloured too. Where a value is not finite the curve has a gap.
Sampling is gradcli.explain.curves'; this module parses the options and draws. plotille is imported only
when a plot is drawn (never for --json).
"""

from __future__ import annotations

import math
import sys
from typing import Annotated, Optional

import typer

from gradcli.calc.errors import CalcError
from gradcli.cli.shared import At, DType, DTypeOption, Expr, reported_errors

WIDTH, HEIGHT = 60, 16          # the drawing area, in characters (each 2 x 4 braille dots, one sample a column)
STYLES = ("solid", "dashed", "dotted")
COLOURS = ("blue", "red", "green")
DASH = 4                        # samples drawn, then skipped, along a dashed curve
DOT = 3                         # one sample in DOT along a dotted curve
POINT_MARKER = "o"


def plot_command(expr: Expr,
                 range_: Annotated[str, typer.Option(
                     "--range", metavar="NAME=LOW:HIGH", show_default=False,
                     help="The variable along the x axis and its interval, e.g. x=-3:3.")],
                 at: At = None,
                 order: Annotated[int, typer.Option("--order", min=1, max=2,
                                                    help="Draw derivatives up to this order (1 or 2).")] = 1,
                 points: Annotated[Optional[list[str]], typer.Option(
                     "--points", metavar="NAME=X[,X...]", show_default=False,
                     help="Mark f and its derivatives at these x (repeatable); their values are listed.")] = None,
                 dtype: DTypeOption = DType.float64,
                 json: Annotated[bool, typer.Option("--json", help="Print the sampled series as one JSON object.")]
                 = False) -> None:
    """f and its derivatives along one variable: gradcli plot "x**2 * sin(x)" --range x=-3:3"""
    from gradcli import ansi, calc
    from gradcli.cli import output
    from gradcli.explain.curves import sample_problem

    with reported_errors():
        variable, low, high = parse_range(range_)
        order = calc.checked_choice("--order", order, (1, 2))
        marked = parse_points(points, variable)
        problem = calc.Problem(expr, [*(at or ()), f"{variable}={low!r}"], [variable], dtype)
        curves = sample_problem(problem, variable, low, high, order, marked)
        if json:
            output.write_json(curves.json_object(output.json_numbers))
            return
        held = ", ".join(f"{name}={text}" for name, text in problem.value_texts.items() if name != variable)
        title = f"{problem.source}  along {variable} in [{low:g}, {high:g}]" + (f", at {held}" if held else "")
        sys.stdout.write(drawing(curves, title, colour=ansi.colour_enabled(sys.stdout)))


def parse_range(text):
    from gradcli.calc import parse_value

    name, equals, interval = (text or "").partition("=")
    name = name.strip()
    low_text, colon, high_text = interval.partition(":")
    if not equals or not colon or not name.isidentifier():
        raise CalcError(f"--range {text}: expected NAME=LOW:HIGH, e.g. --range x=-3:3")
    bounds = [parse_value(part, f"--range {name}") for part in (low_text, high_text)]
    if any(bound.ndim for bound in bounds):
        raise CalcError(f"--range {text}: LOW and HIGH must be numbers")
    low, high = (float(bound) for bound in bounds)
    if not (math.isfinite(low) and math.isfinite(high) and low < high):
        raise CalcError(f"--range {text}: LOW and HIGH must be finite numbers with LOW < HIGH")
    return name, low, high


def parse_points(options, variable):
    from gradcli.calc import parse_value

    found = []
    for text in options or ():
        name, equals, values = text.partition("=")
        if not equals or name.strip() != variable:
            raise CalcError(f"--points {text}: expected {variable}=X[,X...] (points along the --range variable)")
        for part in values.split(","):
            value = parse_value(part, f"--points {variable}")
            if value.ndim != 0 or not math.isfinite(value):
                raise CalcError(f"--points {text}: each X must be a finite number")
            found.append(float(value))
    return found


def drawing(curves, title, colour=False):
    """The plot, its legend and the marked points' values, as text (deterministic: no colour unless asked)."""
    import numpy as np
    import plotille

    from gradcli.calc import torch_numbers

    figure = plotille.Figure()
    figure.width, figure.height = WIDTH, HEIGHT
    figure.x_label, figure.y_label = curves.variable, "y"
    figure.with_colors = colour
    figure.color_mode = "names"
    figure.origin = False
    for number_type in (int, float):
        figure.register_label_formatter(number_type, _axis_label)
    xs = curves.xs
    finite = np.concatenate([ys[np.isfinite(ys)] for ys in curves.series.values()])
    if finite.size == 0:
        raise CalcError("f and its derivatives are not finite anywhere in the range: nothing to draw")
    # The y range holds the middle 96% of the values (and all of them when they span little more), so that
    # a pole (1/x near 0) does not flatten everything else; the curves leave the picture there.
    ordered = np.sort(finite)  # (np.percentile would load numpy.ma, 50 ms)
    low, high = (float(ordered[round(q * (ordered.size - 1))]) for q in (0.02, 0.98))
    if finite.min() >= low - (high - low) * 0.5 and finite.max() <= high + (high - low) * 0.5:
        low, high = float(finite.min()), float(finite.max())
    pad = (high - low) * 0.05 or max(abs(low) * 0.1, 1.0)
    figure.set_x_limits(float(xs[0]), float(xs[-1]))
    figure.set_y_limits(low - pad, high + pad)
    for k, ys in enumerate(curves.series.values()):
        for run in _drawn_runs(ys, STYLES[k]):
            figure.plot(xs[run].tolist(), ys[run].tolist(), lc=COLOURS[k])
    for x, values in curves.points:
        for k, value in enumerate(values.values()):
            if math.isfinite(value):
                figure.scatter([x], [value], lc=COLOURS[k], marker=POINT_MARKER)
    lines = [title, "", figure.show(), "", *_legend(curves, colour)]
    if curves.points:
        lines += ["", "points"]
        for x, values in curves.points:
            lines.append(f"  {curves.variable} = {x:g}   " + "   ".join(
                f"{name} = {torch_numbers(np.float64(value))}" for name, value in values.items()))
    return "\n".join(lines) + "\n"


def _axis_label(value, chars, delta, left=False):
    """Axis numbers in 4 significant digits (plotille's own fill the column with digits)."""
    text = f"{0.0 if abs(value) < abs(delta) * 1e-9 else value:.4g}"
    return text.ljust(chars) if left else text.rjust(chars)


def _drawn_runs(ys, style):
    """Index ranges to draw as separate lines: the finite runs (gaps where not finite), cut into dashes
    or dots by the style."""
    import numpy as np

    runs, start = [], None
    for i, finite in enumerate([*np.isfinite(ys), False]):
        if finite and start is None:
            start = i
        elif not finite and start is not None:
            runs.append(range(start, i))
            start = None
    if style == "dashed":
        runs = [run[j:j + DASH] for run in runs for j in range(0, len(run), 2 * DASH)]
    elif style == "dotted":
        runs = [run[j:j + 1] for run in runs for j in range(0, len(run), DOT)]
    return [list(run) for run in runs if len(run)]


LEGEND_SAMPLES = {"solid": "⣀⣀⣀⣀⣀⣀", "dashed": "⣀⣀  ⣀⣀", "dotted": "⡀ ⡀ ⡀ "}


def _legend(curves, colour):
    lines = []
    for k, name in enumerate(curves.series):
        sample = LEGEND_SAMPLES[STYLES[k]]
        if colour:
            import plotille

            sample = plotille.color(sample, fg=COLOURS[k], mode="names")
        lines.append(f"  {sample}  {STYLES[k]:<6}  {name}")
    if curves.points:
        lines.append(f"  {POINT_MARKER:<6}  {'':<6}  marked points")
    return lines
