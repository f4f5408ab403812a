"""Finding where f is defined before sampling it: thousands of points of the range evaluated at once, and
a Latin hypercube drawn inside the part where f and its derivative are finite.

Each variable's stratified draw goes through the inverse of the empirical distribution of its coordinate
over the valid probes, so the strata cover the valid part evenly: sqrt(1 - x**2) on [-3, 3] is sampled on
[-1, 1], ten strata of it, every time. A point whose variables are each valid on their own but not together
(x**2 + y**2 < 1) is replaced by a valid probe, which is valid by construction.
"""

from __future__ import annotations

import numpy as np

PROBES = 4096
MIN_VALID_FRACTION = 1e-3      # below this, the valid part is genuinely tiny: the problem asks too much


class DomainError(Exception):
    pass


def probe(valid, intervals, rng, count=PROBES):
    """{variable: the coordinates of the valid probes}: `valid({variable: array of count points})` gives a
    boolean array; `intervals` {variable: (low, high)}. Raises DomainError when too few are valid."""
    points = {name: low + (high - low) * rng.random(count) for name, (low, high) in intervals.items()}
    inside = np.asarray(valid(points), dtype=bool)
    fraction = inside.mean()
    if inside.sum() < 2 or fraction < MIN_VALID_FRACTION:
        raise DomainError(f"cannot find enough points in the domain: f or its derivative is finite at "
                          f"{inside.sum()} of {count} points spread over the range ({100 * fraction:.2g}%); "
                          f"narrow its range")
    return {name: array[inside] for name, array in points.items()}


def stratified(probes, positions):
    """Each variable's positions in [0, 1) (one per point, a Latin hypercube's) mapped into the valid part:
    through the inverse empirical distribution of that variable's valid probe coordinates."""
    drawn = {}
    for name, coordinates in probes.items():
        ordered = np.sort(coordinates)
        quantiles = np.linspace(0.0, 1.0, len(ordered))
        drawn[name] = np.interp(positions[name], quantiles, ordered)
    return drawn


def replacements(probes, count, rng):
    """`count` valid probes, drawn at random: for the points whose coordinates are valid only apart."""
    chosen = rng.integers(0, len(next(iter(probes.values()))), count)
    return {name: coordinates[chosen] for name, coordinates in probes.items()}
