"""Game-specific balance facts for designers, read from each finished game's spectator observation.

A fact function takes the final state's spectator observation and returns ``(label, value)`` pairs,
e.g. ``("mission 7", 1.5)``: the mean points a seat scored in a round that played mission 7. The
simulator collects them per game (in the worker) and ``breakdown`` turns them into estimates per label.
Games without a fact function simply get no third panel.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tricktable.sim.stats import Estimate

Fact = tuple[str, float]
FactFunction = Callable[[dict[str, Any]], list[Fact]]


@dataclass(frozen=True, slots=True)
class Breakdown:
    title: str
    rows: dict[str, Estimate]


def _number_key(label: str) -> tuple[str, int, str]:
    """Labels sort by their number where they end in one (``mission 2`` before ``mission 10``)."""
    head, _, tail = label.rpartition(" ")
    return (head, int(tail), "") if tail.isdigit() else (label, 0, label)


# game -> (panel title, fact function); filled by the functions below
FACTS: dict[str, tuple[str, FactFunction]] = {}


def facts_of(game: str, final: dict[str, Any]) -> list[Fact]:
    """The facts of one finished game (empty for a game without a fact function or on a surprise)."""
    entry = FACTS.get(game)
    if entry is None:
        return []
    try:
        return entry[1](final)
    except (KeyError, TypeError, ValueError, IndexError):  # observations are the games' to change
        return []


def breakdown(game: str, facts: Sequence[Sequence[Fact]]) -> Breakdown | None:
    """Each label's mean value over all games, with its 95% interval."""
    entry = FACTS.get(game)
    if entry is None:
        return None
    values: dict[str, list[float]] = defaultdict(list)
    for game_facts in facts:
        for label, value in game_facts:
            values[label].append(value)
    if not values:
        return None
    rows = {label: Estimate.of(values[label]) for label in sorted(values, key=_number_key)}
    return Breakdown(entry[0], rows)


# --- the games' facts ------------------------------------------------------------------------------

def _megalomania(final: dict[str, Any]) -> list[Fact]:
    """Per mission: the mean points a seat scored in the round that played it (is a mission too generous?)."""
    table = final["table"]
    out: list[Fact] = []
    for number, result in zip(table["missions_played"], table["results"], strict=False):
        out.append((f"mission {number}", sum(result) / len(result)))
    return out


def _trickster(final: dict[str, Any]) -> list[Fact]:
    """Per round: the mean trouble a seat took (how rounds differ in danger)."""
    rounds = final["table"]["round_scores"]
    return [(f"round {r + 1}", sum(scores) / len(scores)) for r, scores in enumerate(rounds)]


# Masquerade's special cards (rules: Special cards), whose balance is our design [D: specials]
_MASQUERADE_SPECIALS = ("R1", "B2", "G1", "R3", "K1", "B1", "R11", "B16", "K6", "G13", "K13", "G6")


def _masquerade(final: dict[str, Any]) -> list[Fact]:
    """Per special card: the win share of the seat that ended holding it (is a bonus too strong?)."""
    winners = final["winners"]
    out: list[Fact] = []
    for seat, pile in enumerate(final["table"]["won"]):
        share = 1.0 / len(winners) if seat in winners else 0.0
        out.extend((f"holds {card}", share) for card in _MASQUERADE_SPECIALS if card in pile)
    return out


FACTS.update({
    "megalomania": ("mean points per seat, by mission", _megalomania),
    "trickster": ("mean trouble per seat, by round", _trickster),
    "masquerade": ("win rate of the seat holding each special card", _masquerade),
})
