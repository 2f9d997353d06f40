"""The (game, players) pairs the env tests run on: every installed game that loads, and the toy game."""

from __future__ import annotations

import warnings
from typing import Any

import toy
from tricktable.engine import Game, game_class
from tricktable.engine.registry import GAMES


def installed_games() -> list[type[Game[Any]]]:
    """The registered games that load now (one still being written is skipped, with a warning)."""
    games = []
    for name in GAMES:
        try:
            games.append(game_class(name))
        except ModuleNotFoundError:
            continue
        except (ImportError, AttributeError) as error:
            warnings.warn(f"{name} skipped: {error}", stacklevel=2)
    return games


def setups(*, toy_game: bool = True) -> list[tuple[type[Game[Any]], int]]:
    games = installed_games() + ([toy.Toy] if toy_game else [])
    return [(cls, n) for cls in games for n in range(cls.min_players, cls.max_players + 1)]


def ids(setup: tuple[type[Game[Any]], int]) -> str:
    return f"{setup[0].name}-{setup[1]}"
