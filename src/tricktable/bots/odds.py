"""Chances of winning the game from the scores: what a hint and a review show, and what their search scores.

A search's playout stops at a horizon (the end of a round, a few turns), long before the game ends. There,
each seat's chance of winning the whole game is estimated from the scores and the rounds still to play by a
softmax (the Bradley-Terry form for several players):

    chance[i] = exp(b * x[i]) / sum(exp(b * x[j]))     with  b = scale / sqrt(rounds_left + offset)

``x`` is each seat's score as its game counts it, signed so that more is better; equal scores give each
seat ``1 / players``, and the further the game is from its end, the less a lead counts. At the end of the
game the chance is the seat's share of the win, exactly. ``scale`` and ``offset`` are fitted per game by
maximum likelihood to the outcomes of simulated games (``fit``; ``benchmarks/calibrate_hints.py`` fits them
and checks the result against other games, docs/strength.md's reliability table).

The mean of these chances over a search's playouts is then an estimated probability of winning the game,
and ``interval`` gives how sure that estimate is.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from tricktable.engine import Game, State

# a game without fitted odds (its ``Game.win_odds``): a lead counts, and less the further the end is
DEFAULT_ODDS = (0.5, 1.0)

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


def total_rounds(game: Game[Any]) -> int:
    """How many rounds (``State.round``'s values) the game lasts: its option ``rounds``, else (Masquerade,
    where a round is one turn and each turn takes a card from every hand) the cards a seat is dealt."""
    rounds = getattr(game.options, "rounds", None)
    if isinstance(rounds, int):
        return rounds
    return int(getattr(game, "hand_size", 1))


def rounds_left(state: State) -> int:
    """The rounds not yet finished, the current one included (0 when the game is over)."""
    if state.is_over:
        return 0
    return max(1, total_rounds(state.game) - state.round + 1)


def softmax_chances(scores: Sequence[float], sense: float, left: int, odds: tuple[float, float]) -> list[float]:
    """Each seat's chance of winning from ``scores`` with ``left`` rounds to play (see the module doc)."""
    scale, offset = odds
    b = scale / math.sqrt(left + offset)
    top = max(sense * s for s in scores)
    weights = [math.exp(b * (sense * s - top)) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


def win_chances(state: State) -> list[float]:
    """Each seat's estimated chance of winning the game from ``state`` (its share of the win when it is over)."""
    if state.is_over:
        winners = state.winners()
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(state.players)]
    sense = 1.0 if state.game.higher_score_wins else -1.0
    return softmax_chances(state.scores(), sense, rounds_left(state), state.game.win_odds or DEFAULT_ODDS)


class WinValuer:
    """A search's reward: each seat's estimated chance of winning the game at the playout's end
    (``win_chances``), so a root choice's mean reward is an estimated probability of winning."""

    __slots__ = ()

    def __init__(self, root: State) -> None:
        del root  # the chance depends on the playout's end alone

    def __call__(self, state: State) -> list[float]:
        return win_chances(state)


def interval(mean: float, count: int) -> tuple[float, float]:
    """A 95% interval for a mean of ``count`` values in [0, 1] (Wilson's score interval: such values vary
    at most as a coin of the same mean does, so it is no narrower than theirs), inside [0, 1]."""
    if count <= 0:
        return 0.0, 1.0
    p = min(1.0, max(0.0, mean))
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * count)) / (1 + z2 / count)
    half = Z95 * math.sqrt(p * (1 - p) / count + z2 / (4 * count * count)) / (1 + z2 / count)
    # Wilson's interval holds the mean; min/max only undo rounding at 0 and 1
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


Sample = tuple[list[float], float, int, list[float]]
"""One fitting sample: the scores at a round's start, the game's sense (1: higher wins), the rounds left,
and each seat's share of the win at the end."""


def log_likelihood(samples: Iterable[Sample], odds: tuple[float, float]) -> float:
    """The mean log-probability the model gives the actual winners (shares weigh a shared win)."""
    total, count = 0.0, 0
    for scores, sense, left, shares in samples:
        chances = softmax_chances(scores, sense, left, odds)
        total += sum(share * math.log(max(c, 1e-12)) for share, c in zip(shares, chances, strict=True))
        count += 1
    return total / max(count, 1)


def fit(samples: Sequence[Sample]) -> tuple[float, float]:
    """The (scale, offset) of greatest likelihood on ``samples``, by a grid (coarse, then fine)."""
    best, best_value = DEFAULT_ODDS, -math.inf
    for offset in (0.25, 0.5, 1.0, 2.0, 4.0):
        for k in range(-40, 21):
            scale = 10 ** (k / 10)
            value = log_likelihood(samples, (scale, offset))
            if value > best_value:
                best, best_value = (scale, offset), value
    scale, offset = best
    for k in range(-20, 21):  # within 0.8x-1.25x of the coarse best
        candidate = (scale * 10 ** (k / 200), offset)
        value = log_likelihood(samples, candidate)
        if value > best_value:
            best, best_value = candidate, value
    return round(best[0], 4), best[1]
