"""`gradcli check --plot`: the expected and the given derivative of a problem drawn in the terminal with
plotille (imported here, when a plot is asked for), the points that disagree marked. The two curves differ
by their marks, not only their colours, so a plot reads the same without colour and on a pipe."""

from __future__ import annotations

import os
import sys

GIVEN_MARK, DISAGREE_MARK = "o", "X"
GIVEN_MARKS = 40               # how many points of the given answer carry its mark


def plot_text(result, curve, variable, colour):
    """The plot of one problem: `curve` is evaluation.curves' (x, expected, given)."""
    import plotille

    x, expected, given = curve
    figure = plotille.Figure()
    figure.width, figure.height = 60, 15
    figure.with_colors = colour
    figure.origin = False  # axes through 0 would read as a third curve
    figure.x_label, figure.y_label = variable, f"d/d{variable}"
    figure.set_x_limits(min_=float(x.min()), max_=float(x.max()))
    low, high = float(min(expected.min(), given.min())), float(max(expected.max(), given.max()))
    figure.set_y_limits(min_=low - 0.05 * (high - low or 1), max_=high + 0.05 * (high - low or 1))
    figure.plot(x, expected, lc="green", label="expected (autograd)")
    step = max(1, len(x) // GIVEN_MARKS)
    figure.scatter(x[::step], given[::step], lc="yellow", marker=GIVEN_MARK, label=f"given ({GIVEN_MARK})")
    wrong = [point for point in result.points if not point.agrees and point.values[variable].ndim == 0]
    if wrong:
        figure.scatter([float(point.values[variable]) for point in wrong],
                       [float(point.given[variable]) for point in wrong], lc="red", marker=DISAGREE_MARK,
                       label=f"disagreeing points ({DISAGREE_MARK})")
    return f"{result.name}: d/d{variable}\n" + figure.show(legend=True) + "\n"


def colour_wanted(stream=None):
    stream = stream or sys.stdout
    return stream.isatty() and "NO_COLOR" not in os.environ
