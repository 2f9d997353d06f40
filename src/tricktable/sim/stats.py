"""Tournament statistics: means and rates with 95% intervals clustered by deal, and a study's correction.

The games of one deal (its rotations) share the cards, so they are not independent: every estimate first
averages a bot's results within each deal, then works over deals. Comparisons are paired the same way:
per deal, bot A's mean minus bot B's mean.

- A mean (a score) has Student's t interval over deals, with the exact quantile.
- A rate (a win rate, a share of games) has Wilson's score interval, taken at the effective number of
  deals (the deals' variance of the rate gives it), so it stays within 0-100% even at 0 or 100%.
- A difference of two rates measured on the same deals has Newcombe's hybrid score interval (his method
  10), built from the two Wilson intervals and the deals' correlation: within -100% to +100%.
- A share whose values lie in a known range (a lift, from -100% to +100%) is mapped onto 0-1, given
  Wilson's interval and mapped back.
- Each estimate carries the two-sided p-value of the t test against zero. A study tests many estimates,
  so its flags use Holm's step-down correction (``holm_cutoff``): the chance of even one false flag in
  the whole family stays at most 5%.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tricktable.sim.distributions import chi2_sf, normal_quantile, t_quantile, t_sf

if TYPE_CHECKING:
    from tricktable.sim.outcome import Outcome

LEVEL = 0.05  # the study-wide error rate: 95% intervals, and Holm's family-wise 5%


def t95(freedom: int) -> float:
    """The 97.5% quantile of Student's t with ``freedom`` degrees of freedom (exact, not a table row)."""
    return math.inf if freedom <= 0 else t_quantile(1.0 - LEVEL / 2.0, freedom)


def _moments(values: Sequence[float]) -> tuple[float, float]:
    """Mean and sample standard deviation."""
    n = len(values)
    mean = sum(values) / n
    return mean, math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else math.nan


def _t_p(mean: float, sd: float, n: int) -> float:
    """Two-sided p-value of the t test that the mean is zero."""
    if n < 2 or math.isnan(sd):
        return math.nan
    if sd == 0.0:
        return 1.0 if mean == 0.0 else 0.0
    return min(1.0, 2.0 * t_sf(abs(mean) / (sd / math.sqrt(n)), n - 1))


def wilson(rate: float, sd: float, n: int) -> tuple[float, float]:
    """Wilson's 95% score interval of a rate measured on ``n`` deals whose values have deviation ``sd``.

    The effective sample size is ``rate * (1 - rate) / se**2`` (``n`` for 0/1 values, smaller when the
    deals vary more than coin flips would); the quantile is t's on ``n - 1`` degrees of freedom."""
    if n < 2:
        return -math.inf, math.inf
    z = t95(n - 1)
    se2 = sd * sd / n
    spread = rate * (1.0 - rate)
    if se2 == 0.0 and spread > 0.0:  # every deal gave the same value inside the range: nothing is uncertain
        return rate, rate
    size = spread / se2 if se2 > 0 and spread > 0 else float(n)
    centre = (rate + z * z / (2 * size)) / (1 + z * z / size)
    half = z / (1 + z * z / size) * math.sqrt(spread / size + z * z / (4 * size * size))
    return max(0.0, min(rate, centre - half)), min(1.0, max(rate, centre + half))  # rounding at 0 or 1


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean, its 95% interval over ``n`` deals, the deals' standard deviation and the p-value of the
    t test against zero."""

    mean: float
    low: float
    high: float
    n: int
    sd: float = math.nan
    p: float = math.nan

    @classmethod
    def of(cls, values: Sequence[float]) -> Estimate:
        """A mean with Student's t interval (a score, a count)."""
        n = len(values)
        if n == 0:
            return cls(math.nan, math.nan, math.nan, 0)
        mean, sd = _moments(values)
        if n == 1:
            return cls(mean, -math.inf, math.inf, 1)
        half = t95(n - 1) * sd / math.sqrt(n)
        return cls(mean, mean - half, mean + half, n, sd, _t_p(mean, sd, n))

    @classmethod
    def rate(cls, values: Sequence[float], low: float = 0.0, high: float = 1.0) -> Estimate:
        """The mean of values within ``[low, high]`` (a rate: 0-1; a lift: -1-1), with Wilson's interval
        on that range: it never leaves it."""
        n = len(values)
        if n < 2:
            return cls.of(values)
        width = high - low
        mean, sd = _moments(values)
        a, b = wilson((mean - low) / width, sd / width, n)
        # mapping back may round past the mean by an ulp
        return cls(mean, min(mean, low + a * width), max(mean, low + b * width), n, sd, _t_p(mean, sd, n))

    @classmethod
    def paired_rates(cls, first: Sequence[float], other: Sequence[float]) -> Estimate:
        """``first - other`` for two rates measured deal by deal: Newcombe's hybrid score interval."""
        n = len(first)
        diffs = [a - b for a, b in zip(first, other, strict=True)]
        if n < 2:
            return cls.of(diffs)
        (p1, s1), (p2, s2) = _moments(first), _moments(other)
        (l1, u1), (l2, u2) = wilson(p1, s1, n), wilson(p2, s2, n)
        phi = _correlation(first, other)
        d = p1 - p2
        low = d - math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2))
        high = d + math.sqrt(max(0.0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2))
        _mean, sd = _moments(diffs)
        return cls(d, max(-1.0, low), min(1.0, high), n, sd, _t_p(d, sd, n))

    @property
    def excludes_zero(self) -> bool:
        return self.low > 0 or self.high < 0

    def flagged(self, cutoff: float) -> bool:
        """Whether this estimate is a finding of its study: its interval excludes zero and its p-value
        passes the study's Holm cutoff."""
        return self.excludes_zero and self.p <= cutoff

    def deals_needed(self, tests: int = 1, power: float = 0.8) -> int | None:
        """How many deals a difference the size of this one needs to be flagged with chance ``power``,
        at a two-sided 5% split over ``tests`` (Bonferroni, a bound on Holm's), from this pilot's spread."""
        if self.n < 2 or math.isnan(self.sd) or self.mean == 0.0:
            return None
        z = normal_quantile(1.0 - LEVEL / (2.0 * max(1, tests))) + normal_quantile(power)
        return max(2, math.ceil((z * self.sd / self.mean) ** 2))

    def __str__(self) -> str:
        return f"{self.mean:.3f} [{self.low:.3f}, {self.high:.3f}]"

    def to_json(self) -> dict[str, Any]:
        return {"mean": self.mean, "low": self.low, "high": self.high, "n": self.n, "p": self.p}


def _correlation(first: Sequence[float], other: Sequence[float]) -> float:
    (m1, s1), (m2, s2) = _moments(first), _moments(other)
    if not s1 or not s2 or math.isnan(s1) or math.isnan(s2):
        return 0.0
    n = len(first)
    return sum((a - m1) * (b - m2) for a, b in zip(first, other, strict=True)) / ((n - 1) * s1 * s2)


def holm_cutoff(p_values: Iterable[float], level: float = LEVEL) -> float:
    """Holm's step-down procedure as one threshold: a test is rejected iff its p-value is at most the
    returned value (-1 when none is). The family is every finite p-value given."""
    ordered = sorted(p for p in p_values if not math.isnan(p))
    cutoff = -1.0
    for k, p in enumerate(ordered):
        if p > level / (len(ordered) - k):
            break
        cutoff = p
    return cutoff


@dataclass(frozen=True, slots=True)
class Fairness:
    """Whether every seat wins equally often: chi-square of the wins by seat against an equal share."""

    chi2: float
    freedom: int
    p: float

    @classmethod
    def of(cls, wins: Sequence[float]) -> Fairness:
        total, k = sum(wins), len(wins)
        if k < 2 or total <= 0:
            return cls(0.0, max(0, k - 1), 1.0)
        expected = total / k
        chi2 = sum((w - expected) ** 2 / expected for w in wins)
        return cls(chi2, k - 1, chi2_sf(chi2, k - 1))


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
    fairness: Fairness  # do the seats win equally often, whatever the bot?

    @property
    def p_values(self) -> list[float]:
        """The family of tests this summary flags: each comparison's two differences and the seat test."""
        return [*(e.p for c in self.comparisons for e in (c.score, c.win)), self.fairness.p]

    @property
    def cutoff(self) -> float:
        return holm_cutoff(self.p_values)

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games, "deals": self.deals, "higher_score_wins": self.higher_score_wins,
            "bots": [{"bot": b.bot, "games": b.games, "score": b.score.to_json(), "win": b.win.to_json(),
                      "mean_decision_seconds": b.think, "slowest_decision_seconds": b.slowest,
                      "iterations_per_decision": b.iterations} for b in self.bots],
            "comparisons": [{"first": c.first, "other": c.other, "score_difference": c.score.to_json(),
                             "win_rate_difference": c.win.to_json()} for c in self.comparisons],
            "seats": [{"seat": s, "win": e.to_json()} for s, e in enumerate(self.seats)],
            "seat_fairness": {"chi2": self.fairness.chi2, "freedom": self.fairness.freedom, "p": self.fairness.p},
            "correction": {"method": "holm", "tests": len(self.p_values), "cutoff": self.cutoff},
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

    lines = [BotLine(bot, counts[bot], Estimate.of(per_deal(scores, bot)), Estimate.rate(per_deal(wins, bot)),
                     sum(think[bot]) / decisions[bot] if decisions[bot] else 0.0, slowest[bot],
                     iterations[bot] / decisions[bot] if decisions[bot] else 0.0) for bot in names]
    comparisons = []
    for other in names[1:]:
        first = names[0]
        both = [d for d in deals if scores[d][first] and scores[d][other]]
        score_diffs = [_mean(scores[d][first]) - _mean(scores[d][other]) for d in both]
        win_rates = ([_mean(wins[d][first]) for d in both], [_mean(wins[d][other]) for d in both])
        comparisons.append(Comparison(first, other, Estimate.of(score_diffs), Estimate.paired_rates(*win_rates)))
    seats = [Estimate.rate(seat_wins[s]) for s in sorted(seat_wins)]
    fairness = Fairness.of([sum(seat_wins[s]) for s in sorted(seat_wins)])
    return Summary(lines, comparisons, seats, higher_score_wins, len(outcomes), len(deals), fairness)


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)
