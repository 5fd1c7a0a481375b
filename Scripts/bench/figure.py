"""A figure is one row of the table, declared once: the check (is the target met?) and the
printed row both come from the same declaration."""

import operator
from dataclasses import dataclass, field
from typing import Callable

from .stats import median, paired_ratio

COMPARATORS = {"≤": operator.le, "≥": operator.ge}


@dataclass
class Result:
    """What measuring a figure gives: loadwrap's runs `a` and the baseline's `b`, in the figure's
    unit and in pair order; `facts` fill the placeholders of the label and baseline; `notes` go
    below the table; `skipped` says why nothing could be measured here."""
    a: list = field(default_factory=list)
    b: list = field(default_factory=list)
    facts: dict = field(default_factory=dict)
    notes: list = field(default_factory=list)
    skipped: str = ""


@dataclass(frozen=True)
class Target:
    """The bound the figure's value must keep, `op` (≤ or ≥) `limit`, printed with `unit` and an
    optional `aside` in brackets (the same bound put another way)."""
    op: str
    limit: float
    unit: str = ""
    aside: str = ""

    def met(self, value):
        """The pass/fail check."""
        return COMPARATORS[self.op](value, self.limit)

    def __str__(self):
        text = f"{self.op} {self.limit}{self.unit}"
        return f"{text} ({self.aside})" if self.aside else text


@dataclass(frozen=True)
class Value:
    """The ratio/value column: `compute(result)` is the number the target checks,
    `show(number, result)` how it is printed."""
    compute: Callable
    show: Callable


def ratio(digits, paired=False):
    """loadwrap ÷ baseline, printed as 1.23×: the median of per-pair ratios when `paired`
    (throughput, where load drifts between pairs), else the ratio of the medians."""
    def compute(r):
        return paired_ratio(r.a, r.b) if paired else median(r.a) / median(r.b)
    return Value(compute, lambda v, _: f"{v:.{digits}f}×")


def excess(unit):
    """What loadwrap adds: its median minus the baseline's, printed with a plus sign."""
    return Value(lambda r: median(r.a) - median(r.b), lambda v, _: "+" + unit.format(v))


def own(unit):
    """loadwrap's own median: a budget rather than a comparison."""
    return Value(lambda r: median(r.a), lambda v, _: unit.format(v))


@dataclass(frozen=True)
class Figure:
    """One row. `key` names it for other figures; `label` is the figure column; `measure(ctx)`
    runs it and returns a Result; `unit` formats one measured value; `loadwrap` and `baseline`
    are the templates of those columns, where {a} and {b} are the medians in `unit`; `value`
    computes the ratio/value column, which `target` checks. Templates also take the result's
    facts."""
    key: str
    label: str
    measure: Callable
    unit: str
    baseline: str
    value: Value
    target: Target
    loadwrap: str = "{a}"

    @property
    def title(self):
        """The label up to its first colon: what a row that was not measured shows."""
        return self.label.split(":")[0]

    def cells(self, result):
        """The printed row: figure, loadwrap, baseline, ratio/value, target, ok?"""
        if result.skipped:
            return (self.title.format(**result.facts), "—", result.skipped, "—", str(self.target), "n/a")
        value = self.value.compute(result)
        fill = dict(result.facts, a=self.unit.format(median(result.a)),
                    b=self.unit.format(median(result.b)))
        return (self.label.format(**result.facts), self.loadwrap.format(**fill),
                self.baseline.format(**fill) if result.b else "—",
                self.value.show(value, result), str(self.target),
                "yes" if self.target.met(value) else "**no**")
