"""One fixed action space per game, across player counts and options.

A game's own action table (``game.actions``) is built for its player count and options: Trickster
has ``choose seat q`` for each seat, Megalomania's preparation splits depend on ``resources``. A policy
that should serve several table sizes needs one numbering for all of them. ``fixed_actions(game_cls)``
is that numbering: every action text of every table the game can build — each player count, and each
value listed in an option's ``choices`` (one option at a time, the others at their defaults) — in the
order first met (player counts ascending, then options in declaration order), so it only grows at
the end when a game gains actions. ``ActionMap`` translates one game's indices to and from it. The
mapping is by canonical action text, the same text records store.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from tricktable.engine import Action, BadOptions, Game


@cache
def fixed_actions(game_cls: type[Game[Any]]) -> tuple[str, ...]:
    """Every action text ``game_cls`` can have, in a fixed order (see the module docstring)."""
    seen: dict[str, None] = {}
    for players in range(game_cls.min_players, game_cls.max_players + 1):
        variants: list[dict[str, Any]] = [{}]
        for field in dataclasses.fields(game_cls.options_type):
            variants.extend({field.name: choice} for choice in field.metadata.get("choices", ())
                            if choice != field.default)
        for values in variants:
            try:
                game = game_cls(players, **values)
            except BadOptions:
                continue  # a choice that does not fit this player count
            for action in game.actions:
                seen.setdefault(action.text, None)
    return tuple(seen)


class ActionMap:
    """One game's action indices in its game's fixed action space, and back."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.texts = fixed_actions(type(game))
        index = {text: i for i, text in enumerate(self.texts)}
        missing = [a.text for a in game.actions if a.text not in index]
        if missing:
            raise AssertionError(f"{game.name}: actions outside the fixed space: {missing[:5]}")
        self.to_fixed: npt.NDArray[np.int64] = np.array([index[a.text] for a in game.actions], np.int64)
        self.from_fixed: dict[int, Action] = {int(f): a for a, f in zip(game.actions, self.to_fixed, strict=True)}

    @property
    def size(self) -> int:
        return len(self.texts)

    def action(self, fixed: int) -> Action | None:
        """The game's action at fixed index ``fixed`` (None if this table has no such action)."""
        return self.from_fixed.get(int(fixed))

    def mask(self, legal: list[Action]) -> npt.NDArray[np.int8]:
        out = np.zeros(self.size, np.int8)
        out[self.to_fixed[[a.index for a in legal]]] = 1
        return out


class Numbering:
    """The action numbering an env speaks: the game's own table, or (``fixed``) the game's fixed space."""

    def __init__(self, game: Game[Any], *, fixed: bool = False) -> None:
        self.game = game
        self.map = ActionMap(game) if fixed else None
        self.size = self.map.size if self.map is not None else game.num_actions

    def action(self, number: int) -> Action | None:
        """The game's action numbered ``number`` (None if out of range or not in this game's table)."""
        if self.map is not None:
            return self.map.action(number)
        return self.game.actions[number] if 0 <= number < self.game.num_actions else None

    def number(self, action: Action) -> int:
        return int(self.map.to_fixed[action.index]) if self.map is not None else action.index

    def mask(self, legal: list[Action]) -> npt.NDArray[np.int8]:
        out = np.zeros(self.size, np.int8)
        if legal:
            indexes = [a.index for a in legal]
            out[indexes if self.map is None else self.map.to_fixed[indexes]] = 1
        return out
