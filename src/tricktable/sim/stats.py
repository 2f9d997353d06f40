"""Tournament statistics: means with 95% confidence intervals, clustered by deal.

The games of one deal (its rotations) share the cards, so they are not independent: every estimate first
averages a bot's results within each deal, then takes the mean and Student's t interval over deals.
Comparisons are paired the same way: per deal, bot A's mean minus bot B's mean.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tricktable.sim.outcome import Outcome

# two-sided 95% Student t quantiles by degrees of freedom (normal beyond the table)
_T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228,
        12: 2.179, 15: 2.131, 20: 2.086, 25: 2.060, 30: 2.042, 40: 2.021, 60: 2.000, 120: 1.980}


def t95(freedom: int) -> float:
    """The 97.5% quantile of Student's t with ``freedom`` degrees of freedom (conservative between rows)."""
    if freedom <= 0:
        return math.inf
    for row in sorted(_T95):
        if freedom <= row:
            return _T95[row]
    return 1.96


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean and its 95% confidence interval over ``n`` independent samples."""

    mean: float
    low: float
    high: float
    n: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Estimate:
        n = len(values)
        if n == 0:
            return cls(math.nan, math.nan, math.nan, 0)
        mean = sum(values) / n
        if n == 1:
            return cls(mean, -math.inf, math.inf, 1)
        variance = sum((v - mean) ** 2 for v in values) / (n - 1)
        half = t95(n - 1) * math.sqrt(variance / n)
        return cls(mean, mean - half, mean + half, n)

    @property
    def excludes_zero(self) -> bool:
        return self.low > 0 or self.high < 0

    def __str__(self) -> str:
        return f"{self.mean:.3f} [{self.low:.3f}, {self.high:.3f}]"

    def to_json(self) -> dict[str, Any]:
        return {"mean": self.mean, "low": self.low, "high": self.high, "n": self.n}


@dataclass(frozen=True, slots=True)
class BotLine:
    """One bot's results: mean score and win rate (its share of wins per seat-game)."""

    bot: str
    games: int
    score: Estimate
    win: Estimate
    think: float  # mean seconds per decision
    slowest: float  # the slowest single decision
    iterations: float = 0.0  # mean search iterations per decision (0 for bots that do not search)


@dataclass(frozen=True, slots=True)
class Comparison:
    """Bot ``first`` minus bot ``other``, paired by deal: score difference and win-rate difference."""

    first: str
    other: str
    score: Estimate
    win: Estimate


@dataclass(frozen=True, slots=True)
class Summary:
    bots: list[BotLine]
    comparisons: list[Comparison]
    seats: list[Estimate]  # win rate by seat, whatever the bot: the seat balance
    higher_score_wins: bool
    games: int
    deals: int

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games, "deals": self.deals, "higher_score_wins": self.higher_score_wins,
            "bots": [{"bot": b.bot, "games": b.games, "score": b.score.to_json(), "win": b.win.to_json(),
                      "mean_decision_seconds": b.think, "slowest_decision_seconds": b.slowest,
                      "iterations_per_decision": b.iterations} for b in self.bots],
            "comparisons": [{"first": c.first, "other": c.other, "score_difference": c.score.to_json(),
                             "win_rate_difference": c.win.to_json()} for c in self.comparisons],
            "seats": [{"seat": s, "win": e.to_json()} for s, e in enumerate(self.seats)],
        }


def summarize(outcomes: Sequence[Outcome], higher_score_wins: bool = True) -> Summary:
    """Per-bot estimates, the first bot of the line-up against each other one, and the seat balance."""
    names: list[str] = []
    for outcome in sorted(outcomes, key=lambda o: o.index)[:1]:
        names = list(dict.fromkeys(outcome.bots))
    # per deal, per bot: the scores and win shares of its seat-games
    scores: dict[int, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    wins: dict[int, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    think: dict[str, list[float]] = defaultdict(list)
    decisions: dict[str, int] = defaultdict(int)
    slowest: dict[str, float] = defaultdict(float)
    counts: dict[str, int] = defaultdict(int)
    iterations: dict[str, int] = defaultdict(int)
    seat_wins: dict[int, list[float]] = defaultdict(list)
    for outcome in outcomes:
        for seat, bot in enumerate(outcome.bots):
            scores[outcome.deal][bot].append(outcome.scores[seat])
            wins[outcome.deal][bot].append(outcome.win_share(seat))
            seat_wins[seat].append(outcome.win_share(seat))
            counts[bot] += 1
            if outcome.think:
                think[bot].append(outcome.think[seat])
                decisions[bot] += outcome.decisions[seat]
                slowest[bot] = max(slowest[bot], outcome.slowest[seat])
            if outcome.iterations:
                iterations[bot] += outcome.iterations[seat]
    deals = sorted(scores)

    def per_deal(table: dict[int, dict[str, list[float]]], bot: str) -> list[float]:
        return [sum(table[d][bot]) / len(table[d][bot]) for d in deals if table[d][bot]]

    lines = [BotLine(bot, counts[bot], Estimate.of(per_deal(scores, bot)), Estimate.of(per_deal(wins, bot)),
                     sum(think[bot]) / decisions[bot] if decisions[bot] else 0.0, slowest[bot],
                     iterations[bot] / decisions[bot] if decisions[bot] else 0.0) for bot in names]
    comparisons = []
    for other in names[1:]:
        first = names[0]
        both = [d for d in deals if scores[d][first] and scores[d][other]]
        score_diffs = [_mean(scores[d][first]) - _mean(scores[d][other]) for d in both]
        win_diffs = [_mean(wins[d][first]) - _mean(wins[d][other]) for d in both]
        comparisons.append(Comparison(first, other, Estimate.of(score_diffs), Estimate.of(win_diffs)))
    seats = [Estimate.of(seat_wins[s]) for s in sorted(seat_wins)]
    return Summary(lines, comparisons, seats, higher_score_wins, len(outcomes), len(deals))


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)
