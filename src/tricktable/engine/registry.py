"""The game registry: names to games, loaded on first use."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from tricktable.engine.errors import UnknownGame

if TYPE_CHECKING:
    from tricktable.engine.game import Game
    from tricktable.engine.state import State

# name -> module whose ``GAME`` attribute is the Game class
GAMES: dict[str, str] = {
    "megalomania": "tricktable.games.megalomania",
    "trickster": "tricktable.games.trickster",
    "masquerade": "tricktable.games.masquerade",
}


def game_class(name: str) -> type[Game[Any]]:
    """The Game class registered under ``name``."""
    module_name = GAMES.get(name)
    if module_name is None:
        raise UnknownGame(f"no game called {name!r} (games: {', '.join(GAMES)})")
    game: type[Game[Any]] = importlib.import_module(module_name).GAME
    return game


def available() -> list[str]:
    """The names of the games whose modules are installed."""
    names = []
    for name, module_name in GAMES.items():
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError:
            continue
        if hasattr(module, "GAME"):  # a folder without its Game yet is not a game
            names.append(name)
    return names


def load_game(name: str, players: int, **options: Any) -> Game[Any]:
    """``name``'s rules for ``players`` players with ``options`` (unnamed options keep their defaults)."""
    return game_class(name)(players, **options)


def new_game(name: str, players: int, seed: int, **options: Any) -> State:
    """A fresh game, ready for its first action: ``new_game("megalomania", players=4, seed=1)``.

    >>> state = new_game("masquerade", players=4, seed=1)
    >>> state.players, state.round, state.actors, state.is_over
    (4, 1, (3,), False)
    >>> state.legal_actions()[:2]
    [Action('play R2'), Action('play R9')]
    >>> state.apply("play R2")
    >>> state.history
    [(3, Action('play R2'))]
    """
    return load_game(name, players, **options).new_state(seed)
