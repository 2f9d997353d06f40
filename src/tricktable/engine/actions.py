"""Actions: small immutable values with one canonical text and a stable integer index.

A game builds its whole action space once (``Game.actions``), so every ``Action`` a state hands out is
an interned member of that table: ``legal_actions()`` allocates no actions, membership tests hit the
identity shortcut, and ``game.actions[a.index] is a``. Games subclass ``Action`` to carry their
payload (the card played, the colour named); subclasses are frozen dataclasses too, declared with
``eq=False, repr=False`` like this one (no ``slots=True``: the compiled build makes them native classes, which
have no ``__dict__`` anyway), so every action shows as ``Action('play B15*')``.

Because actions are interned, equality is identity (compared in C, which keeps the engine's
``action in legal`` check cheap). Actions of two different ``Game`` objects are never equal: compare
their ``text`` or ``index`` across games, processes or the network.

>>> from tricktable.engine import load_game
>>> game = load_game("megalomania", players=4)
>>> action = game.parse_action("play  B15*")
>>> action, str(action), action.index == game.actions.index(action)
(Action('play B15*'), 'play B15*', True)
>>> game.parse_action(action.text) is action
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, Self, TypeVar

ClassT = TypeVar("ClassT")

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # a plain install: the decorator only speaks to the compiler
    def mypyc_attr(*_: object, **__: object) -> Callable[[ClassT], ClassT]:  # type: ignore[misc]
        return lambda cls: cls


@mypyc_attr(allow_interpreted_subclasses=True)
class Interned:
    """A value a game builds once and every state shares (an action, a game's action tables): a copy is the
    value itself, and a pickle rebuilds it through its dataclass constructor (a frozen compiled class cannot
    be filled field by field, which is how copies and pickles otherwise restore an object)."""

    def __copy__(self) -> Self:
        return self  # interned: a copy must stay the same value (an action's equality is identity)

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), tuple(getattr(self, f.name) for f in fields(self))  # type: ignore[arg-type]


# compiled (``make compiled``), a native class whose fields the compiled rules read directly; a plain-Python
# game (a plugin, the tests' toy game) may still subclass it
@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True, eq=False)
class Action(Interned):
    """One choice a player can make. ``str(action)`` is its canonical text (``play B15*``)."""

    index: int
    text: str

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        """``Action('play B15*')``: the canonical text, which ``game.parse_action`` turns back into this action."""
        return f"Action({self.text!r})"
