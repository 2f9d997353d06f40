"""The heuristic bot: each game's explainable rules of thumb, in ``games/<game>/heuristic.py``.

A game's heuristic module provides one function::

    def choose(obs: Observation, legal: Sequence[Action], game: Game[Any], rng: Rng) -> Action

``obs`` is the seat's observation (the engine's common keys and the game's own; a search's rollouts pass
a light one without ``log`` and ``legal``, see ``seat_observation``), ``legal`` the seat's legal actions.
It returns one of ``legal`` and reads nothing else, so it can never peek.
"""

from __future__ import annotations

import importlib
from typing import Any, cast

from tricktable.bots.base import Bot, SeatView
from tricktable.bots.search import Chooser, HeuristicPolicy, Policy, random_policy, seat_observation
from tricktable.engine import Action, Game

__all__ = ["Chooser", "HeuristicBot", "chooser", "heuristic_policy", "hook", "seat_observation"]

_MODULES: dict[str, Any] = {}


def _module(game: Game[Any]) -> Any:
    """``game``'s heuristic module, or None when the game has none."""
    if game.name not in _MODULES:
        path = f"tricktable.games.{game.name}.heuristic"
        try:
            _MODULES[game.name] = importlib.import_module(path)
        except ModuleNotFoundError as error:
            if not error.name or not path.startswith(error.name):  # a broken heuristic is not a missing one
                raise
            _MODULES[game.name] = None
    return _MODULES[game.name]


def chooser(game: Game[Any]) -> Chooser | None:
    """The ``choose`` function of ``game``'s heuristic module, or None when the game has none."""
    module = _module(game)
    return None if module is None else cast(Chooser, module.choose)


def hook(game: Game[Any], name: str) -> Any:
    """An optional function of ``game``'s heuristic module that search may use, or None:

    - ``avoid(obs, legal, game) -> list[Action]``: choices a sound player never makes here (Masquerade:
      a bluff every other seat knows is one); search leaves them out at its root;
    - ``evidence(world, seat) -> float``: how likely, with the heuristic as the model of the other seats,
      their actions the seat has just seen are in ``world`` (0 to 1); search weighs worlds by it.
    """
    return getattr(_module(game), name, None)


def heuristic_policy(game: Game[Any]) -> Policy:
    """A rollout policy from ``game``'s heuristic (uniformly random when it has none)."""
    choose = chooser(game)
    return random_policy if choose is None else HeuristicPolicy(choose)


class HeuristicBot(Bot):
    """Plays the game's heuristic from its observation (uniformly random in a game without one)."""

    name = "heuristic"

    def choose(self, view: SeatView) -> Action:
        if len(view.legal) == 1:
            return view.legal[0]
        choose = chooser(view.game)
        if choose is None:
            return self.rng.choice(view.legal)
        action = choose(view.observation, view.legal, view.game, self.rng)
        if action not in view.legal:  # a heuristic bug must not become an illegal move
            raise AssertionError(f"{view.game.name} heuristic chose {action}, not one of {view.legal}")
        return action
