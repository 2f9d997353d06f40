"""A game's declarations for the lab, found through the registry: its folder's ``lab.py``.

Each game says there what its tunable elements are (missions, heroes, special cards), how to read them
from a finished state, how to name and describe them in English and Japanese, which table options a
word may stand for, and its per-game facts for ``tricktable simulate``. The lab holds no table keyed by
game name: a new game brings its own ``lab.py``.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol, cast

from tricktable.engine import Game, State, game_class

Element = tuple[str, list[float], list[float] | None]  # label, use per seat, points per seat (if its own)


class LabDeclarations(Protocol):
    ELEMENT: dict[str, str]  # what an element is called, per language
    ORIGIN: dict[str, tuple[str, str]]  # the first seat's name and the word positions count from
    FACTS_TITLE: str

    def origin(self, state: State) -> int: ...
    def elements(self, state: State) -> list[Element]: ...
    def label(self, text: str, lang: str) -> str: ...
    def describe(self, game: Game[Any], text: str, lang: str = "en") -> str: ...
    def tables(self, game: Game[Any]) -> dict[str, list[Any] | None]: ...
    def facts(self, final: dict[str, Any]) -> list[tuple[str, float]]: ...


def declarations(game: str) -> LabDeclarations | None:
    """``game``'s ``lab.py`` (None for a game without one: it gets seat measures only)."""
    package = game_class(game).__module__.rpartition(".")[0]
    if not package:  # a game defined in a top-level module (a plugin's or a test's toy) has no folder
        return None
    try:
        return cast(LabDeclarations, importlib.import_module(f"{package}.lab"))
    except ModuleNotFoundError:
        return None
