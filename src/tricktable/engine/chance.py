"""Chance from outside: a generator whose draws a caller answers, one uniform draw at a time.

A game draws all its randomness from ``state.rng`` (its deal, and random events during play), through
``below(n)`` and what is built on it (``choice``, ``shuffle``, ``sample``). Our own drivers give a state
the seeded ``Rng``: the fast path, and what records replay. An adapter that must show every random
event as a chance node (OpenSpiel) gives it an ``OutsideChance`` instead: each ``below(n)`` takes the
next answer it was handed, or, when none is left, raises ``NeedChance(n)`` so the adapter can ask
for one (a uniform outcome in ``range(n)``) and perform the interrupted step again with it.

The games need no change for this, but one: a draw must be ``below(n)`` sized, never a 64-bit word
(``next64``). A game's fast shuffle that spends 64-bit words checks ``rng.outside`` and draws card by
card instead (Megalomania's ``shuffle``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import ClassVar, Protocol, TypeVar

from tricktable.engine.errors import TricktableError
from tricktable.engine.rng import Rng

StateT_co = TypeVar("StateT_co", covariant=True)


class Deals(Protocol[StateT_co]):
    """What ``new_state_from`` needs of a ``Game``: ``new_state(seed)`` (so this module needs no engine type)."""

    def new_state(self, seed: int) -> StateT_co: ...

# the generator a state made inside ``drawing_from`` takes instead of Rng(seed)
SOURCE: ContextVar[Rng | None] = ContextVar("tricktable_chance_source", default=None)


class NeedChance(TricktableError):
    """A step needs the outcome of a chance event: a uniform draw from ``range(outcomes)``."""

    def __init__(self, outcomes: int) -> None:
        super().__init__(f"a chance event with {outcomes} outcomes")
        self.outcomes = outcomes


class OutsideChance(Rng):
    """An ``Rng`` answered from outside: ``answers`` are used in order, then ``below`` asks for more."""

    __slots__ = ("answers", "used")
    outside: ClassVar[bool] = True

    def __init__(self, answers: Sequence[int] = ()) -> None:
        super().__init__(0)
        self.answers = list(answers)
        self.used = 0

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs n > 0")
        if n == 1:
            return 0  # no choice: not a chance node
        if self.used == len(self.answers):
            raise NeedChance(n)
        answer = self.answers[self.used]
        if not 0 <= answer < n:
            raise ValueError(f"chance outcome {answer} is not in range({n})")
        self.used += 1
        return answer

    def next64(self) -> int:
        raise TricktableError("a 64-bit draw cannot be a chance node: the game must draw with below(n)")

    def clone(self) -> OutsideChance:
        twin = OutsideChance(self.answers[self.used:])
        return twin

    def pending(self) -> int:
        """Answers handed over and not used yet."""
        return len(self.answers) - self.used


@contextmanager
def drawing_from(source: Rng) -> Iterator[None]:
    """Inside this block, a new state draws from ``source`` instead of its seeded ``Rng``."""
    token = SOURCE.set(source)
    try:
        yield
    finally:
        SOURCE.reset(token)


def new_state_from(game: Deals[StateT_co], source: Rng) -> StateT_co:
    """``game.new_state`` drawing from ``source`` (its ``seed`` is 0: no seed leads to this state)."""
    with drawing_from(source):
        return game.new_state(0)
