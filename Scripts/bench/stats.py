"""Medians, spreads for the notes, and the A B B A order of paired runs."""

import statistics


def median(values):
    """The median, or nan for no values."""
    return statistics.median(values) if values else float("nan")


def spread(values, unit_scale=1.0, digits=2):
    """'median [p25–p75] n=N' for the notes."""
    if len(values) < 2:
        return f"{median(values) * unit_scale:.{digits}f} n={len(values)}"
    q1, q2, q3 = statistics.quantiles(values, n=4)
    s = unit_scale
    return f"{q2 * s:.{digits}f} [{q1 * s:.{digits}f}–{q3 * s:.{digits}f}] n={len(values)}"


def paired_ratio(a, b):
    """Median of A/B over the pairs (each A next to its B in time, so they share the machine's
    load of the moment): steadier than a ratio of medians when the load drifts between pairs."""
    return median([x / y for x, y in zip(a, b)])


def interleaved(pairs):
    """A B B A A B …: which side goes first in each pair, so drift hits both alike."""
    return [("A", "B") if i % 2 == 0 else ("B", "A") for i in range(pairs)]


def run_pairs(pairs, run):
    """{side: [run(side) for each pair]} with the sides interleaved."""
    values = {"A": [], "B": []}
    for order in interleaved(pairs):
        for side in order:
            values[side].append(run(side))
    return values
