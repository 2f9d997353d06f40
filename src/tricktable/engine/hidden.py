"""The simultaneous hidden choice: several seats choose at once, each in secret; the choices show together.

A game opens a ``HiddenChoice`` for the seats that must choose (everyone choosing an opening card, the
seats offered a challenge), keeps it in its state, and answers ``actors`` with ``choice.waiting``. Each
seat's action records its pick with ``choose`` and is logged for that seat alone (``only(seat)``); when
``is_complete``, the rules reveal every pick at once. The value is immutable, so clones
share it and ``choose`` returns a new one.

>>> choice = HiddenChoice.open(3)
>>> choice.waiting
(0, 1, 2)
>>> choice = choice.choose(1, 17).choose(0, 4)
>>> choice.waiting, choice.is_complete, choice.pick(1)
((2,), False, 17)
>>> choice.choose(2, 9).picks
(4, 17, 9)

``resample`` redraws the picks a seat has not seen: ``choice.redrawn(viewer, draw)`` keeps the viewer's
own pick and replaces every other made pick by ``draw(seat)``:

>>> choice.redrawn(0, lambda seat: -5).picks
(4, -5, -1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

NONE: Final = -1
"""The pick of a seat that has not chosen (yet)."""

_ONLY: Final[dict[int, frozenset[int]]] = {}


def only(seat: int) -> frozenset[int]:
    """The visibility of an event only ``seat`` may see (one frozenset per seat, shared)."""
    seen = _ONLY.get(seat)
    if seen is None:
        seen = _ONLY[seat] = frozenset((seat,))
    return seen


class HiddenChoice:
    """Seats choosing at once, in secret. ``waiting``: the seats still to choose, in the order given (a
    driver asks the first first); ``picks[seat]``: each seat's pick, ``NONE`` until it has chosen.

    Immutable by convention: ``choose`` and ``redrawn`` return a new one. A plain class, not a named tuple
    or a frozen dataclass: compiled, it is a native class built in C, where the constructor either of those
    generates is Python code (3,000-19,000 instructions a step of a simultaneous choice)."""

    waiting: tuple[int, ...]
    picks: tuple[int, ...]

    def __init__(self, waiting: tuple[int, ...], picks: tuple[int, ...]) -> None:
        self.waiting = waiting
        self.picks = picks

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HiddenChoice) and self.waiting == other.waiting and self.picks == other.picks

    def __hash__(self) -> int:
        return hash((self.waiting, self.picks))

    def __repr__(self) -> str:
        return f"HiddenChoice(waiting={self.waiting}, picks={self.picks})"

    # immutable: a copy is the value itself; a pickle rebuilds it by its constructor (a compiled class's
    # blank ``__new__`` runs ``__init__``, which needs both fields)
    def __copy__(self) -> HiddenChoice:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> HiddenChoice:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return HiddenChoice, (self.waiting, self.picks)

    @staticmethod
    def open(players: int, seats: Iterable[int] | None = None) -> HiddenChoice:
        """A new choice for ``seats`` (default: every seat, in seat order) of a ``players``-seat game."""
        waiting = tuple(range(players)) if seats is None else tuple(seats)
        return HiddenChoice(waiting, (NONE,) * players)

    def choose(self, seat: int, pick: int = 0) -> HiddenChoice:
        """This choice after ``seat`` (one of ``waiting``) picked ``pick`` (a card, an answer, an index)."""
        picks = list(self.picks)
        picks[seat] = pick
        waiting = self.waiting
        # the first seat asked is the one that answers, as a rule: a slice, not a filtered copy
        rest = waiting[1:] if waiting and waiting[0] == seat else tuple([q for q in waiting if q != seat])
        return HiddenChoice(rest, tuple(picks))

    @property
    def is_complete(self) -> bool:
        """Whether every seat has chosen: the rules now reveal the picks."""
        return not self.waiting

    def pick(self, seat: int) -> int:
        """``seat``'s pick, ``NONE`` if it has not chosen."""
        return self.picks[seat]

    def redrawn(self, viewer: int, draw: Callable[[int], int]) -> HiddenChoice:
        """The choice in a world drawn for ``viewer``: every pick another seat has made becomes ``draw(seat)``."""
        return HiddenChoice(self.waiting, tuple(p if q == viewer or p == NONE else draw(q)
                                                for q, p in enumerate(self.picks)))


CLOSED = HiddenChoice((), ())
"""No choice open: a state's ``choice`` between simultaneous steps."""
