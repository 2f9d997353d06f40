"""What search bots share: rollout policies, budgets and the value of a finished (or cut-off) playout.

A *policy* picks an action for one seat in a full state. In a search it runs inside a determinization
(a world drawn by ``resample``), so it may be fast rather than careful; the heuristic policies read only
the seat's own observation of that world (see ``bots.heuristic``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tricktable.engine import Action, Game, Rng, State

Policy = Callable[[State, int, Rng], Action]
"""``policy(state, seat, rng)``: an action among ``state.legal_actions(seat)``."""


def random_policy(state: State, seat: int, rng: Rng) -> Action:
    """Uniform over the seat's legal actions (the trusted ``_legal``: ``seat`` must be an actor)."""
    legal = state._legal(seat)
    return legal[rng.below(len(legal))] if len(legal) > 1 else legal[0]


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a bot may think per decision: at most ``iterations`` playouts and ``seconds`` of wall time.

    Either may be None (no limit of that kind), not both. An iteration budget alone is deterministic
    for a given seed; a time budget makes play depend on the machine's speed.
    """

    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a budget needs iterations or seconds")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError("a budget needs at least one iteration")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError("a budget needs a positive number of seconds")

    def deadline(self) -> float:
        """The ``time.perf_counter()`` value at which to stop (infinity without a time limit)."""
        return math.inf if self.seconds is None else time.perf_counter() + self.seconds

    def __str__(self) -> str:
        parts = []
        if self.iterations is not None:
            parts.append(f"{self.iterations} iterations")
        if self.seconds is not None:
            parts.append(f"{self.seconds:g} s")
        return " or ".join(parts)


# known games (rules: Trickster counts trouble, lowest wins); other games are learned by ``higher_score_wins``
_SENSE: dict[str, bool] = {"megalomania": True, "trickster": False, "masquerade": True}


def higher_score_wins(game: Game[Any]) -> bool:
    """Whether a higher score is better in ``game`` (Trickster counts trouble: lower wins).

    A game may say so with a ``higher_score_wins`` attribute; otherwise we learn it once per game name
    from a few random games: do the winners hold the highest or the lowest score?
    """
    declared = getattr(game, "higher_score_wins", None)
    if isinstance(declared, bool):
        return declared
    known = _SENSE.get(game.name)
    if known is not None:
        return known
    rng = Rng(12345)
    votes = 0
    for seed in range(16):
        state = game.new_state(seed)
        steps = 0
        while not state.is_over and steps < 20_000:
            seat = state.actors[0]
            state.apply(random_policy(state, seat, rng), seat, check=False)
            steps += 1
        scores, winners = state.scores(), state.winners()
        if not state.is_over or not winners or len(set(scores)) == 1:
            continue
        best = scores[winners[0]]
        if best == max(scores) and best != min(scores):
            votes += 1
        elif best == min(scores) and best != max(scores):
            votes -= 1
        if abs(votes) >= 3:
            break
    _SENSE[game.name] = votes >= 0
    return _SENSE[game.name]


class Valuer:
    """Turns the end of a playout into one reward in [0, 1] per seat.

    The reward is each seat's score gain since the root relative to the others' mean gain, squashed with
    ``tanh`` over a running scale of such differences (so it fits any game's point sizes). When the game
    is over, half of the reward is the seat's share of the win instead.
    """

    __slots__ = ("base", "count", "players", "sense", "square_sum")

    def __init__(self, root: State) -> None:
        self.players = root.players
        self.sense = 1.0 if higher_score_wins(root.game) else -1.0
        self.base = root.scores()
        self.square_sum = 0.0
        self.count = 0

    def __call__(self, state: State) -> list[float]:
        n = self.players
        gains = [self.sense * (s - b) for s, b in zip(state.scores(), self.base, strict=True)]
        total = sum(gains)
        diffs = [g - (total - g) / (n - 1) for g in gains] if n > 1 else gains
        for d in diffs:
            self.square_sum += d * d
        self.count += n
        scale = math.sqrt(self.square_sum / self.count) or 1.0
        rewards = [0.5 + 0.5 * math.tanh(d / scale) for d in diffs]
        if state.is_over:
            winners = state.winners()
            share = 1.0 / len(winners) if winners else 0.0
            rewards = [0.5 * r + (0.5 * share if p in winners else 0.0) for p, r in enumerate(rewards)]
        return rewards
