"""Policy-based inference: how likely a drawn world makes the other seats' observed choices.

After Rebstock, Solinas, Buro and Sturtevant, "Policy Based Inference in Trick-Taking Card Games" (IEEE CoG
2019): a world (a full state drawn by the seat's resampler) is weighted by the probability, under a model
of the other players, of the choices they were seen to make. The model is the game's heuristic: at each
past decision of another seat, the heuristic's choice has probability ``1 - EPSILON`` and the other legal
actions share ``EPSILON`` (so an unexpected choice lowers a world's weight, never to zero).

The past decisions are the game's business: ``State.past_decisions(seat)`` rebuilds each, *in the drawn
world*, in the game's own folder (``games/<game>/rewind.py``: which plays can be rebuilt and how). So the
model reads only the world, which holds only what the seat may know plus what was drawn (``bots/base.py``).
A game may instead keep its own model, the ``evidence`` hook of its heuristic (Masquerade: a bluff rate on
off-colour cards).

``weigher(game)`` returns ``weight(world, seat, rng) -> float`` in (0, 1], or None when the game has no
model; search (``bots.ismcts``, ``:infer``) scores a fixed number of candidate worlds once per decision.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tricktable.bots.heuristic import chooser, hook, seat_observation
from tricktable.engine import Decision, Game, Rng, State

EPSILON = 0.4  # the share of the model's probability left to the choices the heuristic would not make

Weigher = Callable[[State, int, Rng], float]


def weigher(game: Game[Any]) -> Weigher | None:
    """The likelihood of the others' observed choices in a world, for ``game``; None without a model."""
    evidence = hook(game, "evidence")
    if evidence is not None:
        def by_hook(world: State, seat: int, rng: Rng) -> float:
            return float(evidence(world, seat))
        return by_hook
    choose = chooser(game)
    if choose is None or not _rebuilds(game):
        return None

    def weight(world: State, seat: int, rng: Rng) -> float:
        p = 1.0
        for past, q, index in past_decisions(world, seat):
            legal = past.legal_actions(q)
            if len(legal) < 2:
                continue
            if not any(a.index == index for a in legal):
                return EPSILON ** 2  # the world could not have produced this play: very unlikely
            picked = choose(seat_observation(past, q), legal, past.game, rng)
            p *= 1.0 - EPSILON if picked.index == index else EPSILON / (len(legal) - 1)
        return p

    return weight


_REBUILDS: dict[type[Game[Any]], bool] = {}


def _rebuilds(game: Game[Any]) -> bool:
    """Whether ``game``'s states rebuild past decisions (asked of a fresh state once per game class)."""
    kind = type(game)
    if kind not in _REBUILDS:
        _REBUILDS[kind] = game.new_state(0).past_decisions(0) is not None
    return _REBUILDS[kind]


def past_decisions(world: State, seat: int) -> list[Decision]:
    """The other seats' choices ``seat`` saw, each rebuilt in ``world`` (empty when the game cannot)."""
    return world.past_decisions(seat) or []
