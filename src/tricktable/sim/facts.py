"""Game-specific balance facts for designers, read from each finished game's spectator observation.

A game's fact function (``facts`` in its ``lab.py``) takes the final state's spectator observation and
returns ``(label, value)`` pairs, e.g. ``("mission 7", 1.5)``: the mean points a seat scored in a round
that played mission 7. The simulator collects them per game (in the worker) and ``breakdown`` turns them
into estimates per label.
Games without a fact function simply get no third panel.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tricktable.sim.declared import declarations
from tricktable.sim.stats import Estimate

Fact = tuple[str, float]


@dataclass(frozen=True, slots=True)
class Breakdown:
    title: str
    rows: dict[str, Estimate]


def _number_key(label: str) -> tuple[str, int, str]:
    """Labels sort by their number where they end in one (``mission 2`` before ``mission 10``)."""
    head, _, tail = label.rpartition(" ")
    return (head, int(tail), "") if tail.isdigit() else (label, 0, label)


def facts_of(game: str, final: dict[str, Any]) -> list[Fact]:
    """The facts of one finished game (empty for a game without a fact function or on a surprise)."""
    lab = declarations(game)
    if lab is None:
        return []
    try:
        return lab.facts(final)
    except (KeyError, TypeError, ValueError, IndexError):  # observations are the games' to change
        return []


def breakdown(game: str, facts: Sequence[Sequence[Fact]]) -> Breakdown | None:
    """Each label's mean value over all games, with its 95% interval."""
    lab = declarations(game)
    if lab is None:
        return None
    values: dict[str, list[float]] = defaultdict(list)
    for game_facts in facts:
        for label, value in game_facts:
            values[label].append(value)
    if not values:
        return None
    rows = {label: Estimate.of(values[label]) for label in sorted(values, key=_number_key)}
    return Breakdown(lab.FACTS_TITLE, rows)
