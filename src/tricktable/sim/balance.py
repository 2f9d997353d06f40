"""Balance measures for designers, read from game records by replaying them through the engine.

Nothing here re-implements a rule: each record is replayed (``GameRecord.replay``), and the facts are read
from the final ``State``: its scores and winners, its ``ranking()`` (the levels of the order of finish),
its events (who dealt, who led, which mission was scored, whose hero effect fired, who played a card)
and the game's own scoring functions. Per game (its ``lab.py``, ``sim.declared``):

- *positions*: each seat named by where it sits from the first dealer / first leader / first player;
- *elements*: the things a designer tunes, per game: Megalomania's missions, Trickster's heroes,
  Masquerade's special cards, each with its *use* by each seat (points scored on the mission, times
  the hero's effect fired, 1 for playing or holding the card) and, where the game counts them
  separately, the *points* it gave each seat (missions; Masquerade's bonus cards).

Per element and game: its *holders* are the seats that used it most (when not all equally: on a
mission where everyone lost points, the seats that lost least);
*lift* = the holders' win share minus the others'; it *decides* the game when taking its points away
changes the winners, or, for an element without points of its own, when the sole winner used it more
than the runner-up (the next seat in the order of finish). *Swing* is the standard deviation of the
points it gave a seat.
"""

from __future__ import annotations

import dataclasses
import itertools
import statistics
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tricktable.engine import State, game_class, load_game
from tricktable.sim.declared import declarations
from tricktable.sim.outcome import Outcome
from tricktable.sim.report import finite
from tricktable.sim.stats import Estimate, Fairness, Summary, holm_cutoff, summarize
from tricktable.sim.tournament import parallel_map


@dataclass(frozen=True, slots=True)
class Element:
    """One element's part in one game: per seat its use and (when counted apart) the points it gave."""

    label: str
    use: list[float]
    points: list[float] | None = None


@dataclass(frozen=True, slots=True)
class Reading:
    """What a game reader finds in a finished state."""

    positions: list[str]  # per seat: its position's name
    elements: list[Element]
    origin: int = 0  # the seat the positions are counted from


@dataclass(frozen=True, slots=True)
class ElementFacts:
    label: str
    points: list[float] | None
    decides: bool
    lift: float | None  # holders' win share minus the others' (None: nobody held it more than another)
    achieved: bool = False  # it scored points at all (with points of its own), else some seat used it
    holder_won: bool = False  # a holder of it won the game


@dataclass(slots=True)
class GameFacts:
    """One game, as the lab reads it from its record."""

    index: int
    variant: int
    deal: int
    bots: list[str]
    first_bot: str  # the first bot of the line-up (the one a study's skill margin is about)
    scores: list[float]
    shares: list[float]  # win share per seat (1/k for each of k tied winners)
    winners: list[int]
    positions: list[str]  # per seat, its position's name; in seating order from the origin:
    origin: int  # positions[origin], positions[origin + 1], ...
    actions: int
    rounds: int
    tiebreak: str  # the ranking level that settled the winner, or "shared"
    elements: list[ElementFacts] = field(default_factory=list)
    margin: float = 0.0  # the winner's lead over the runner-up on the first level of the order of finish
    lead_changes: int = 0  # times the leading seats changed from one round's end to the next (and the end)
    comeback: float | None = None  # 1 if the winner was not leading at half time (None: a one-round game)


# --- the games' readers (each game's lab.py) -------------------------------------------------------

def position_names(origin: int, players: int, first: str, name: str, lang: str = "en") -> list[str]:
    """Seat names counted clockwise (to the left) from ``origin``: ``first``, "NAME's left", "NAME +2"..."""
    out = []
    for seat in range(players):
        k = (seat - origin) % players
        if lang == "ja":
            out.append(first if k == 0 else f"{name}の左" if k == 1 else
                       f"{name}の右" if k == players - 1 and players > 2 else f"{name}+{k}")
        else:
            out.append(first if k == 0 else f"{name}'s left" if k == 1 else
                       f"{name}'s right" if k == players - 1 and players > 2 else f"{name} +{k}")
    return out


def reading(state: State) -> Reading:
    """The positions and elements of a finished game, as its ``lab.py`` declares them."""
    n = state.players
    lab = declarations(state.game.name)
    if lab is None:
        return Reading([f"seat {s + 1}" for s in range(n)], [])
    origin = lab.origin(state)
    first, name = lab.ORIGIN["en"]
    return Reading(position_names(origin, n, first, name), [Element(*e) for e in lab.elements(state)], origin)


# --- reading one game ------------------------------------------------------------------------------

def _best(keys: Sequence[tuple[float, ...]]) -> set[int]:
    top = max(keys)
    return {p for p, k in enumerate(keys) if k == top}


def _tiebreak(levels: Sequence[str], keys: Sequence[tuple[float, ...]], winners: Sequence[int]) -> str:
    """The ranking level that set the winner apart from everyone else ("shared" if nobody was)."""
    if len(winners) != 1:
        return "shared"
    w = winners[0]
    for depth in range(1, len(levels) + 1):
        if all(keys[p][:depth] != keys[w][:depth] for p in range(len(keys)) if p != w):
            return levels[depth - 1]
    return "shared"


def read(outcome: Outcome) -> GameFacts:
    """Replay one outcome's record and read its facts (a record that no longer replays to its scores
    raises ``ValueError``: the rules changed since it was played)."""

    state, leads = _replay(outcome)
    if state.scores() != outcome.scores or state.winners() != outcome.winners:
        raise ValueError(f"game {outcome.index}: the record replays to other scores than were saved")
    n = state.players
    shares = [outcome.win_share(s) for s in range(n)]
    ranking = getattr(state, "ranking", None)
    if ranking is None:  # a game without tie-breaks (a plugin's, a test's toy): the score alone orders the finish
        sense = 1.0 if state.game.higher_score_wins else -1.0
        levels, keys = ("score",), [(sense * score,) for score in state.scores()]
    else:
        levels, keys = ranking()
    winners = list(outcome.winners)
    found = reading(state)
    facts = []
    order = sorted(range(n), key=lambda p: keys[p], reverse=True)
    for element in found.elements:
        top = max(element.use)
        holders = [s for s in range(n) if element.use[s] == top] if top != min(element.use) else []
        others = [s for s in range(n) if s not in holders]
        lift = (sum(shares[s] for s in holders) / len(holders) - sum(shares[s] for s in others) / len(others)
                if holders and others else None)
        if element.points is not None:
            # keys are higher-better; points are in the game's score, where lower may be better
            sign = 1.0 if state.game.higher_score_wins else -1.0
            without = [(k[0] - sign * element.points[p], *k[1:]) for p, k in enumerate(keys)]
            decides = _best(without) != set(winners)
        else:
            decides = len(winners) == 1 and element.use[winners[0]] > element.use[order[1]]
        achieved = any(element.points) if element.points is not None else any(element.use)
        facts.append(ElementFacts(element.label, element.points, decides, lift, achieved,
                                  bool(set(holders) & set(winners))))
    first_bot = outcome.bots[-outcome.rotation % n]  # seat s holds lineup[(s + rotation) % n]
    return GameFacts(outcome.index, outcome.variant, outcome.deal, list(outcome.bots), first_bot,
                     list(outcome.scores), shares,
                     winners, found.positions, found.origin, len(outcome.record.actions), state.round,
                     _tiebreak(levels, keys, winners), facts, keys[order[0]][0] - keys[order[1]][0],
                     sum(a != b for a, b in itertools.pairwise([*leads, frozenset(winners)])),
                     float(not set(winners) & leads[len(leads) // 2]) if len(leads) > 1 else None)


def _replay(outcome: Outcome) -> tuple[State, list[frozenset[int]]]:
    """The record replayed, and the leading seats at each round's end (as the running scores stand)."""
    record = outcome.record
    state = load_game(record.game, record.players, **record.options).new_state(record.seed)
    best = max if state.game.higher_score_wins else min
    leads: list[frozenset[int]] = []
    last = state.round
    for player, text in record.actions:
        state.apply(text, player)
        if state.round != last and not state.is_over:
            last = state.round
            scores = state.scores()
            top = best(scores)
            leads.append(frozenset(p for p, v in enumerate(scores) if v == top))
    return state, leads


# --- measures over many games ----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PositionLine:
    label: str
    win: Estimate
    score: Estimate


@dataclass(frozen=True, slots=True)
class ElementLine:
    label: str
    games: int  # games it was in
    decides: float  # share of those games it decided
    swing: float | None  # standard deviation of the points it gave a seat
    points: Estimate | None  # mean points it gave a seat
    lift: Estimate  # win-rate lift of its holder
    achieved: Estimate | None = None  # share of its games in which it scored (or was used) at all
    examples: tuple[int, ...] = ()  # games in which a holder of it won


@dataclass(frozen=True, slots=True)
class VariantBalance:
    variant: int
    label: str
    games: int
    deals: int
    positions: list[PositionLine]
    elements: list[ElementLine]
    tiebreaks: dict[str, int]
    summary: Summary
    measures: dict[str, Estimate]  # per-deal measures, compared between variants
    scores: list[float]  # every seat's final score, for the distribution plot
    fairness: Fairness  # do the seat positions win equally often?
    identical: float | None = None  # share of its games played move for move as the reference's


@dataclass(frozen=True, slots=True)
class Difference:
    """Variant ``variant`` minus the reference on one measure, paired by deal."""

    variant: int
    measure: str
    estimate: Estimate
    examples: tuple[tuple[int, int], ...] = ()  # (this variant's game, the reference's) on the deals it moved most


def bounds(measure: str) -> tuple[float, float] | None:
    """The range a measure's values lie in, where it has one: rates 0-1, lifts and skill margins -1-1."""
    if measure in ("shared wins", "comebacks") or measure.endswith(": achieved") or measure.startswith("win rate"):
        return (0.0, 1.0)
    if measure.endswith(": lift") or measure.startswith("skill: win rate"):
        return (-1.0, 1.0)
    return None


def _estimate(values: Sequence[float], limits: tuple[float, float] | None) -> Estimate:
    return Estimate.of(values) if limits is None else Estimate.rate(values, *limits)


def _by_deal(values: dict[int, list[float]], limits: tuple[float, float] | None = None) -> Estimate:
    """The mean of per-deal means, with the interval over deals (a deal's games share its cards); an
    interval within ``limits`` where the measure has them."""
    return _estimate([sum(v) / len(v) for _d, v in sorted(values.items()) if v], limits)


def difference(measure: str, mine: Sequence[float], reference: Sequence[float]) -> Estimate:
    """A variant's per-deal values minus the reference's on the same deals: Newcombe's interval for a
    rate, a bounded interval for a lift or margin (its difference lies within -2-2), else t's."""
    limits = bounds(measure)
    if limits == (0.0, 1.0):
        return Estimate.paired_rates(mine, reference)
    diffs = [a - b for a, b in zip(mine, reference, strict=True)]
    if limits is None:
        return Estimate.of(diffs)
    width = limits[1] - limits[0]
    return Estimate.rate(diffs, -width, width)


def deal_measures(games: Sequence[GameFacts]) -> dict[str, float]:
    """One deal's games (one variant) as the scalar measures compared between variants."""
    n = len(games[0].scores)
    out: dict[str, list[float]] = defaultdict(list)
    for g in games:
        out["mean score"].append(sum(g.scores) / n)
        out["score spread (sd across seats)"].append(statistics.pstdev(g.scores))
        out["actions per game"].append(float(g.actions))
        out["rounds per game"].append(float(g.rounds))
        out["margin of victory"].append(g.margin)
        out["lead changes"].append(float(g.lead_changes))
        if g.comeback is not None:
            out["comebacks"].append(g.comeback)
        out["shared wins"].append(float(len(g.winners) > 1))
        for seat, position in enumerate(g.positions):
            out[f"win rate: {position}"].append(g.shares[seat])
        if len(set(g.bots)) > 1:  # the line-up's first bot against the rest, as tricktable simulate compares
            first = [s for s, b in enumerate(g.bots) if b == g.first_bot]
            rest = [s for s, b in enumerate(g.bots) if b != g.first_bot]
            for measure, values in (("win rate", g.shares), ("score", g.scores)):
                out[f"skill: {measure} {g.first_bot} minus others"].append(
                    sum(values[s] for s in first) / len(first) - sum(values[s] for s in rest) / len(rest))
        for e in g.elements:
            if e.points is not None:
                out[f"{e.label}: mean points"].append(sum(e.points) / n)
            if e.lift is not None:
                out[f"{e.label}: lift"].append(e.lift)
            out[f"{e.label}: achieved"].append(float(e.achieved))
    return {k: sum(v) / len(v) for k, v in out.items()}


def seat_positions(games: Sequence[GameFacts]) -> list[tuple[str, Estimate]]:
    """Win rate by seat position over ``games``, by deal, in seating order from the origin."""
    win: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    for g in games:
        for seat, position in enumerate(g.positions):
            win[position][g.deal].append(g.shares[seat])
    first = games[0]
    n = len(first.positions)
    order = [first.positions[(first.origin + k) % n] for k in range(n)]
    return [(p, _by_deal(win[p], (0.0, 1.0))) for p in order]


def variant_balance(variant: int, label: str, games: Sequence[GameFacts], outcomes: Sequence[Outcome],
                    higher_score_wins: bool) -> VariantBalance:
    deals = sorted({g.deal for g in games})
    win: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    score: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    for g in games:
        for seat, position in enumerate(g.positions):
            win[position][g.deal].append(g.shares[seat])
            score[position][g.deal].append(g.scores[seat])
    first = games[0]
    n = len(first.positions)
    order = [first.positions[(first.origin + k) % n] for k in range(n)]
    positions = [PositionLine(p, _by_deal(win[p], (0.0, 1.0)), _by_deal(score[p])) for p in order]
    fairness = Fairness.of([sum(sum(v) for v in win[p].values()) for p in order])
    elements = _elements(games)
    tiebreaks: dict[str, int] = defaultdict(int)
    for g in games:
        tiebreaks[g.tiebreak] += 1
    by_deal: dict[int, list[GameFacts]] = defaultdict(list)
    for g in games:
        by_deal[g.deal].append(g)
    per_deal: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    for deal in deals:
        for name, value in deal_measures(by_deal[deal]).items():
            per_deal[name][deal].append(value)
    measures = {name: _by_deal(values, bounds(name)) for name, values in per_deal.items()}
    return VariantBalance(variant, label, len(games), len(deals), positions, elements, dict(tiebreaks),
                          summarize(outcomes, higher_score_wins), measures, [s for g in games for s in g.scores],
                          fairness)


def _elements(games: Sequence[GameFacts]) -> list[ElementLine]:
    seen: dict[str, list[tuple[int, ElementFacts]]] = defaultdict(list)
    held: dict[str, list[tuple[int, ElementFacts]]] = defaultdict(list)
    for g in games:
        for e in g.elements:
            seen[e.label].append((g.deal, e))
            held[e.label].append((g.index, e))
    lines = []
    for label, items in seen.items():
        points = [p for _d, e in items if e.points is not None for p in e.points]
        per_deal_points: dict[int, list[float]] = defaultdict(list)
        per_deal_lift: dict[int, list[float]] = defaultdict(list)
        for deal, e in items:
            if e.points is not None:
                per_deal_points[deal].extend(e.points)
            if e.lift is not None:
                per_deal_lift[deal].append(e.lift)
        per_deal_achieved: dict[int, list[float]] = defaultdict(list)
        for deal, e in items:
            per_deal_achieved[deal].append(float(e.achieved))
        lines.append(ElementLine(label, len(items), sum(e.decides for _d, e in items) / len(items),
                                 statistics.stdev(points) if len(points) > 1 else None,
                                 _by_deal(per_deal_points) if points else None,
                                 _by_deal(per_deal_lift, (-1.0, 1.0)), _by_deal(per_deal_achieved, (0.0, 1.0)),
                                 tuple(index for index, e in held[label] if e.holder_won)[:3]))
    return lines


@dataclass(frozen=True, slots=True)
class Results:
    """A study's measures: per variant, and every variant against the reference (variant 0)."""

    game: str
    element_kind: str
    higher_score_wins: bool
    variants: list[VariantBalance]
    differences: list[Difference]

    @property
    def p_values(self) -> list[float]:
        """The study's family of tests: every difference from the reference, and per variant its seat test,
        each element's lift and each skill comparison. Holm's correction runs over all of them."""
        out = [d.estimate.p for d in self.differences]
        for v in self.variants:
            out.append(v.fairness.p)
            out += [e.lift.p for e in v.elements]
            out += [x.p for c in v.summary.comparisons for x in (c.score, c.win)]
        return [p for p in out if p == p]  # NaN (too few deals) is no test

    @property
    def cutoff(self) -> float:
        """The largest p-value Holm's correction keeps: an estimate is flagged iff ``flagged(cutoff)``."""
        return holm_cutoff(self.p_values)

    def to_json(self) -> dict[str, Any]:
        cutoff = self.cutoff
        data: dict[str, Any] = finite({
            "game": self.game, "element_kind": self.element_kind, "higher_score_wins": self.higher_score_wins,
            "variants": [{
                "variant": v.variant, "label": v.label, "games": v.games, "deals": v.deals,
                "positions": [{"position": p.label, "win": p.win.to_json(), "score": p.score.to_json()}
                              for p in v.positions],
                "elements": [{"label": e.label, "games": e.games, "decides": e.decides, "swing": e.swing,
                              "points": e.points.to_json() if e.points else None, "lift": e.lift.to_json(),
                              "achieved": e.achieved.to_json() if e.achieved else None,
                              "lift_flagged": e.lift.flagged(cutoff), "examples": list(e.examples)}
                             for e in v.elements],
                "tiebreaks": v.tiebreaks,
                "seat_fairness": {"chi2": v.fairness.chi2, "freedom": v.fairness.freedom, "p": v.fairness.p,
                                  "flagged": v.fairness.p <= cutoff},
                "identical_play": v.identical,
                # no thinking times: results depend on the records only, wherever the games were played
                "bots": [{k: b[k] for k in ("bot", "games", "score", "win")} for b in v.summary.to_json()["bots"]],
                "skill": v.summary.to_json()["comparisons"],
                "measures": {k: e.to_json() for k, e in v.measures.items()},
            } for v in self.variants],
            "differences": [{"variant": d.variant, "measure": d.measure, **d.estimate.to_json(),
                             "excludes_zero": d.estimate.excludes_zero, "flagged": d.estimate.flagged(cutoff),
                             "examples": [list(pair) for pair in d.examples]}
                            for d in self.differences],
            "correction": {"method": "holm", "level": 0.05, "tests": len(self.p_values), "cutoff": cutoff,
                           "expected_by_chance_uncorrected": 0.05 * len(self.p_values)},
        })
        return data


def measure(game: str, players: int, labels: Sequence[str], outcomes: Sequence[Outcome],
            facts: Sequence[GameFacts] | None = None, *, workers: int = 1) -> Results:
    """Every measure of a study from its outcomes (``facts`` when already read; else the records are
    replayed on ``workers`` processes), variant by variant."""

    if facts is None:
        facts = parallel_map(read, sorted(outcomes, key=lambda o: o.index), workers)
    sense = game_class(game).higher_score_wins
    groups: dict[int, dict[int, list[GameFacts]]] = defaultdict(lambda: defaultdict(list))
    for f in facts:
        groups[f.variant][f.deal].append(f)
    played: dict[int, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        played[o.variant].append(o)
    variants = [variant_balance(index, label, [f for deal in groups[index].values() for f in deal], played[index],
                                sense) for index, label in enumerate(labels) if groups.get(index)]
    differences = []
    if variants and variants[0].variant == 0:
        reference = {d: deal_measures(games) for d, games in groups[0].items()}
        for v in variants[1:]:
            mine = {d: deal_measures(games) for d, games in groups[v.variant].items()}
            for name in v.measures:
                both = [d for d in sorted(mine) if d in reference and name in reference[d] and name in mine[d]]
                moved = sorted(both, key=lambda d: -abs(mine[d][name] - reference[d][name]))[:3]
                examples = tuple((groups[v.variant][d][0].index, groups[0][d][0].index) for d in moved
                                 if mine[d][name] != reference[d][name])
                differences.append(Difference(v.variant, name, difference(
                    name, [mine[d][name] for d in both], [reference[d][name] for d in both]), examples))
    variants = [dataclasses.replace(v, identical=_identical(played[0], played[v.variant]))
                if v.variant else v for v in variants]
    lab = declarations(game)
    return Results(game, lab.ELEMENT["en"] if lab else "element", sense, variants, differences)


def _identical(reference: Sequence[Outcome], mine: Sequence[Outcome]) -> float | None:
    """The share of a variant's games whose moves are the reference's on the same deal and rotation,
    move for move (all of them: the variant only re-scored the same games)."""
    theirs = {(o.deal, o.rotation): o.record.actions for o in reference}
    paired = [o.record.actions == theirs[(o.deal, o.rotation)] for o in mine if (o.deal, o.rotation) in theirs]
    return sum(paired) / len(paired) if paired else None


def element_order(e: ElementLine) -> tuple[float, float]:
    """Largest swing first; elements without points of their own after, by the size of their lift."""
    return (-(e.swing if e.swing is not None else -1.0), -abs(e.lift.mean) if e.lift.n else 0.0)


def is_rate(measure: str) -> bool:
    """Whether a measure is a share (shown in %): win rates, lifts, shared wins, comebacks, how often an
    element pays: every measure with a range (``bounds``)."""
    return bounds(measure) is not None


def describe(game: str, label: str, options: dict[str, Any] | None = None, players: int = 4,
             lang: str = "en") -> str:
    """What an element is, in the game's own words, with the variant's ``options`` (a mission's points)."""
    lab = declarations(game)
    return "" if lab is None else lab.describe(load_game(game, players, **(options or {})), label, lang)
