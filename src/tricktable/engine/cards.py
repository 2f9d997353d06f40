"""Cards as small ints, sets of cards as int bitmasks, and a card-name codec built from a table.

A game numbers its cards ``0 .. N-1`` (``Card = int``); a set of cards is an int whose bit ``c`` is set
when card ``c`` is in it (``Mask = int``). Union, intersection and "the cards of a colour" are single int
operations, a clone copies a few ints, and ``mask.bit_count()`` counts a hand in C.

>>> hand = mask_of([3, 9, 10])
>>> cards_of(hand)
[3, 9, 10]
>>> count(hand), lowest(hand), highest(hand), has(hand, 9)
(3, 3, 10, True)
>>> cards_of(hand & ~bit(9))
[3, 10]

The codec turns card ints into their printed names and back, from one table of names:

>>> codec = CardCodec(("R1", "R2", "K1", "K2"), game="Toy", hint="R1, R2, K1 or K2", upper=True)
>>> codec.name(2), codec.parse("k2"), codec.names(0b0101)
('K1', 3, ['R1', 'K1'])
>>> codec.parse("Q7")
Traceback (most recent call last):
...
tricktable.engine.errors.ParseError: 'Q7' is not a Toy card (R1, R2, K1 or K2)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from tricktable.engine.errors import ParseError

Card = int
Mask = int
T = TypeVar("T")

count = int.bit_count
"""``count(mask)``: how many cards a mask holds (``mask.bit_count()``, in C)."""


def bit(card: Card) -> Mask:
    """The mask holding ``card`` alone."""
    return 1 << card


def has(mask: Mask, card: Card) -> bool:
    """Whether ``card`` is in ``mask``."""
    return bool(mask >> card & 1)


def mask_of(cards: Iterable[Card]) -> Mask:
    """The mask of ``cards`` (duplicates count once)."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: Mask) -> list[Card]:
    """The cards of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def select(table: Sequence[T], mask: Mask) -> list[T]:
    """``[table[c] for c in cards_of(mask)]`` in one loop: a legal list from a per-card action row."""
    out = []
    while mask:
        low = mask & -mask
        out.append(table[low.bit_length() - 1])
        mask ^= low
    return out


def lowest(mask: Mask) -> Card:
    """The lowest card of ``mask``; -1 when it is empty."""
    return (mask & -mask).bit_length() - 1


def highest(mask: Mask) -> Card:
    """The highest card of ``mask``; -1 when it is empty."""
    return mask.bit_length() - 1


class CardCodec:
    """Card ints to their printed names and back, from ``names`` (``names[card]``).

    ``parse`` folds runs of spaces (``"red  Brigand"``) and, with ``upper``, the case (``"b15"``); a text
    that names no card raises ``ParseError`` saying ``'X' is not a <game> card (<hint>)``. ``names(mask)``
    lists a set of cards lowest first; observations ask for the same masks over and over, so it is cached.
    ``text`` is the table itself, for hot paths that index it directly.
    """

    __slots__ = ("_by_name", "_cached", "game", "hint", "text", "upper")

    def __init__(self, names: Sequence[str], *, game: str, hint: str, upper: bool = False) -> None:
        self.text: tuple[str, ...] = tuple(names)
        self.game = game
        self.hint = hint
        self.upper = upper
        self._by_name = {(t.upper() if upper else t): c for c, t in enumerate(self.text)}
        if len(self._by_name) != len(self.text):
            raise ValueError(f"{game}: two cards share a name")
        text = self.text

        @functools.lru_cache(maxsize=4096)
        def cached(mask: Mask) -> tuple[str, ...]:
            return tuple(text[c] for c in cards_of(mask))

        self._cached: Callable[[Mask], tuple[str, ...]] = cached

    def names(self, mask: Mask) -> list[str]:
        """The names of the cards of ``mask``, lowest first (a fresh list; cached underneath)."""
        return list(self._cached(mask))

    def name(self, card: Card) -> str:
        """The printed name of ``card``."""
        return self.text[card]

    def parse(self, text: str) -> Card:
        """The card named ``text``; raises ``ParseError`` naming the game and the form of a card."""
        card = self._by_name.get(text.upper() if self.upper else text)  # a canonical name (heuristics' reads)
        if card is not None:
            return card
        key = " ".join(text.split())
        card = self._by_name.get(key.upper() if self.upper else key)
        if card is None:
            raise ParseError(f"{text!r} is not a {self.game} card ({self.hint})")
        return card

    def mask(self, texts: Iterable[str]) -> Mask:
        """The mask of the cards named ``texts`` (an option's fixed deal)."""
        return mask_of(self.parse(t) for t in texts)

    def __len__(self) -> int:
        return len(self.text)

    def __repr__(self) -> str:
        return f"CardCodec({self.game}: {len(self.text)} cards)"
