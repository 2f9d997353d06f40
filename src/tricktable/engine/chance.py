"""Chance from outside: a generator whose draws a caller answers, one uniform draw at a time.

A game draws all its randomness from ``state.rng`` (its deal, and random events during play), through
``below(n)`` and what is built on it (``choice``, ``shuffle``, ``sample``). Our own drivers give a state
the seeded ``Rng``: the fast path, and what records replay. An adapter that must show every random
event as a chance node (OpenSpiel) gives it an ``OutsideChance`` instead: each ``below(n)`` takes the
next answer it was handed, or, when none is left, raises ``NeedChance(n)`` so the adapter can ask
for one (a uniform outcome in ``range(n)``) and perform the interrupted step again with it.

The games need no change for this, but one: a draw must be ``below(n)`` sized, never a 64-bit word
(``next64``). A game's fast shuffle that spends 64-bit words checks ``rng.outside`` and draws card by
card instead (``fisher_yates``, used by ``sampling.shuffle``).

Planning, so a deal costs O(cards) and not O(cards^2): performing a step again for every answer would
re-deal from the start at each node. A *probe* (``OutsideChance(answers, probe=True)``) performs the
step once with the answers known and 0 for the rest, and records the size of every draw and the
shuffle it belongs to. The sizes of one shuffle (``n, n-1, ...``) are fixed when it starts, so every
size of a shuffle that started before the first filled-in answer is the true one: an adapter can ask
those draws one after the other without performing the step again (``Plan``).
"""

from __future__ import annotations

from collections.abc import Iterator, MutableSequence, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import ClassVar, Protocol, TypeVar

from tricktable.engine.errors import TricktableError
from tricktable.engine.rng import Rng

StateT_co = TypeVar("StateT_co", covariant=True)
T = TypeVar("T")


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


# a probe answers at most this many draws with 0: a game that draws until something happens cannot loop
PROBE_LIMIT = 4096


class OutsideChance(Rng):
    """An ``Rng`` answered from outside: ``answers`` are used in order, then ``below`` asks for more
    (or, when ``probe``, answers 0). ``sizes`` records every draw as (outcomes, shuffle number or -1)."""

    __slots__ = ("answers", "filled", "probe", "run", "runs", "sizes", "used")
    outside: ClassVar[bool] = True

    def __init__(self, answers: Sequence[int] = (), probe: bool = False) -> None:
        super().__init__(0)
        self.answers = list(answers)
        self.used = 0
        self.probe = probe
        self.filled = 0  # draws a probe answered with 0
        self.sizes: list[tuple[int, int]] = []
        self.run = -1  # the shuffle being drawn, or -1
        self.runs = 0

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs n > 0")
        if n == 1:
            return 0  # no choice: not a chance node
        if self.used == len(self.answers):
            if not self.probe or self.filled >= PROBE_LIMIT:
                raise NeedChance(n)
            self.sizes.append((n, self.run))
            self.filled += 1
            return 0
        answer = self.answers[self.used]
        if not 0 <= answer < n:
            raise ValueError(f"chance outcome {answer} is not in range({n})")
        self.used += 1
        self.sizes.append((n, self.run))
        return answer

    def shuffle(self, items: MutableSequence[T]) -> None:
        fisher_yates(self, items)

    def next64(self) -> int:
        raise TricktableError("a 64-bit draw cannot be a chance node: the game must draw with below(n)")

    def clone(self) -> OutsideChance:
        twin = OutsideChance(self.answers[self.used:])
        return twin

    def pending(self) -> int:
        """Answers handed over and not used yet."""
        return len(self.answers) - self.used


def fisher_yates(rng: Rng, items: MutableSequence[T], first: int | None = None) -> None:
    """Fisher-Yates card by card (the first ``first`` places only, when given): under an
    ``OutsideChance`` its draws are marked as one shuffle, whose sizes are fixed when it starts."""
    size = len(items)
    places = min(size - 1, size if first is None else first)
    outside = rng if isinstance(rng, OutsideChance) else None
    if outside is not None:
        outside.runs += 1
        outside.run = outside.runs
    try:
        for i in range(places):
            j = i + rng.below(size - i)
            items[i], items[j] = items[j], items[i]
    finally:
        if outside is not None:
            outside.run = -1


class Plan:
    """The chance nodes of one step (or deal) as a probe saw them, and which of them are certain.

    ``sizes[k]`` is certain when ``k`` is ``known`` (the probe had every answer before it) or when its
    draw belongs to a shuffle that started at or before ``known``: the answers after ``known`` were
    filled in, and a shuffle's sizes do not depend on its own answers.
    """

    __slots__ = ("known", "sizes", "starts")

    def __init__(self, probe: OutsideChance, known: int) -> None:
        self.known = known
        self.sizes = probe.sizes
        starts: dict[int, int] = {}
        for at, (_, run) in enumerate(self.sizes):
            if run >= 0:
                starts.setdefault(run, at)
        self.starts = starts

    def size(self, k: int) -> int | None:
        """The outcomes of the ``k``-th draw if the plan is certain of it, else ``None``."""
        if k >= len(self.sizes):
            return None
        outcomes, run = self.sizes[k]
        if k == self.known or (run >= 0 and self.starts[run] <= self.known):
            return outcomes
        return None


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
