"""What search bots share: rollout policies, budgets and the value of a finished (or cut-off) playout.

A *policy* picks an action for one seat in a full state. In a search it runs inside a determinization
(a world drawn by ``resample``), so it may be fast rather than careful; the heuristic policies read only
the seat's own observation of that world (see ``bots.heuristic``).
"""

from __future__ import annotations

import gc
import math
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from tricktable.engine import Action, Game, Observation, Rng, State

Policy = Callable[[State, int, Rng], Action]
"""``policy(state, seat, rng)``: an action among ``state.legal_actions(seat)``."""
Chooser = Callable[[Observation, Sequence[Action], Game[Any], Rng], Action]
"""A game heuristic's ``choose(obs, legal, game, rng)`` (``bots.heuristic``)."""
Rollout = Literal["random", "heuristic"]


class _Pauses:
    """What every ``CyclesPaused`` block shares, across threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.depth = 0  # blocks open now, in any thread
        self.was_enabled = False  # whether the collector was on when the first of them opened


_PAUSES: Final = _Pauses()


class CyclesPaused:
    """``with CyclesPaused():`` turns Python's cyclic garbage collector off for the block, and back on
    after (if it was on), however many threads nest it.

    A search makes no reference cycles (``tests/bots/test_bots.py`` checks that a search leaves none for
    the collector to find), so everything it drops is freed by reference counting; the collector would
    only walk, again and again, the objects the search keeps alive: its tree and the game's memo caches.
    That walk was 5-13% of a Megalomania search's instructions.
    """

    def __enter__(self) -> None:
        with _PAUSES.lock:
            if _PAUSES.depth == 0:
                _PAUSES.was_enabled = gc.isenabled()
                gc.disable()
            _PAUSES.depth += 1

    def __exit__(self, *exc: object) -> None:
        with _PAUSES.lock:
            _PAUSES.depth -= 1
            if _PAUSES.depth == 0 and _PAUSES.was_enabled:
                gc.enable()


def random_policy(state: State, seat: int, rng: Rng) -> Action:
    """Uniform over the seat's legal actions (the trusted ``_legal``: ``seat`` must be an actor)."""
    legal = state._legal(seat)
    return legal[rng.below(len(legal))] if len(legal) > 1 else legal[0]


def seat_observation(state: State, seat: int) -> Observation:
    """A light observation for rollouts: the common keys and the game's own, without log and legal."""
    view: Observation = {
        "game": state.game.name, "players": state.players, "seat": seat, "round": state.round,
        "actors": list(state.actors), "is_over": state.is_over, "scores": state.scores(),
    }
    view.update(state._observe(seat))
    return view


class HeuristicPolicy:
    """A rollout policy from a game heuristic's ``choose``: the seat's light observation, then its choice.
    Here (a compiled module) rather than a closure, so the search's rollouts stay in compiled code."""

    __slots__ = ("choose",)

    def __init__(self, choose: Chooser) -> None:
        self.choose = choose

    def __call__(self, state: State, seat: int, rng: Rng) -> Action:
        legal = state._legal(seat)
        if len(legal) == 1:
            return legal[0]
        return self.choose(seat_observation(state, seat), legal, state.game, rng)


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


def budget_of(parts: list[str]) -> Budget | None:
    """The budget a bot spec's parts name: ``<N>`` iterations and/or ``<S>s`` seconds (``["60", "0.3s"]``);
    None when they name neither. Other parts are left to the caller."""
    iterations: int | None = None
    seconds: float | None = None
    for part in parts:
        if part.isdigit():
            iterations = int(part)
        elif part.endswith("s") and _is_number(part[:-1]):
            seconds = float(part[:-1])
    return None if iterations is None and seconds is None else Budget(iterations, seconds)


def prior_of(part: str) -> float | None:
    """The weight a bot spec's part gives the prior: ``prior`` is 1, ``prior<W>`` is W; None for another part."""
    if part == "prior":
        return 1.0
    if part.startswith("prior") and _is_number(part[5:]):
        return float(part[5:])
    return None


def level_settings(spec: str) -> tuple[Budget, Rollout, bool, float]:
    """A level's search settings from its spec in ``Game.bot_levels``,
    ``ismcts:1000:0.9s[:heuristic][:infer][:prior[W]]``: the budget, the rollout, whether it weighs its
    worlds by the others' plays (``bots.inference``), and the weight of its prior (0 for none)."""
    head, *parts = spec.split(":")
    budget = budget_of(parts)
    if head != "ismcts" or budget is None:
        raise ValueError(f"bot level {spec!r} is not a search level (ismcts:<iterations>:<seconds>s)")
    prior = max((w for w in map(prior_of, parts) if w is not None), default=0.0)
    return budget, "heuristic" if "heuristic" in parts else "random", "infer" in parts, prior


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


class Valuer:
    """Turns the end of a playout into one reward in [0, 1] per seat.

    The reward is each seat's score gain since the root relative to the others' mean gain, squashed with
    ``tanh`` over a running scale of such differences (so it fits any game's point sizes). When the game
    is over, half of the reward is the seat's share of the win instead.
    """

    __slots__ = ("base", "count", "players", "sense", "square_sum")

    def __init__(self, root: State) -> None:
        self.players = root.players
        self.sense = 1.0 if root.game.higher_score_wins else -1.0  # the game's declared fact
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
