"""What each player knows about hidden cards: a per-player record kept true by construction.

Two kinds of knowledge, both per observer ``o``:

- ``know[o]``: ``{card: place}`` where ``place`` is a seat (``o`` knows that seat holds the card) or
  ``DECK`` (``o`` knows the card's exact depth in the deck; depths then change only by public draws from
  the top and puts on top or bottom, which ``o`` sees, so the actual depth is what ``o`` knows).
  Facts come from Witness and Archivist sightings, Explorer reveals, cards passed, given or received, and
  public cards taken into a hand (Magician, Doctor, Scavenger). A fact is dropped as soon as a move ``o``
  cannot follow could have made it false; facts about one's own hand are never stored.
- ``lacks[o][q]``: a bitmask of the 112 cards; ``o`` knows that every card in ``q``'s hand which is not
  a fact of ``o`` lies outside this mask (set when ``q`` busts for want of a fitting card; cleared when
  ``q`` receives a card ``o`` did not see, or when a fact about a card inside the mask is dropped).

``resample`` pins every fact and honours every ``lacks`` mask; events tell each player the same things.
"""

from __future__ import annotations

from collections.abc import Iterable

DECK = -1  # the place of a card known to lie in the deck (at its actual depth)


class Knowledge:
    """Mixin for the State: bookkeeping of ``know`` and ``lacks`` as hidden cards move."""

    n: int
    know: list[dict[int, int]]
    lacks: list[list[int]]

    def _reset_knowledge(self) -> None:
        self.know = [{} for _ in range(self.n)]
        self.lacks = [[0] * self.n for _ in range(self.n)]

    def _learn(self, o: int, c: int, place: int) -> None:
        """``o`` now knows that ``c`` lies at ``place`` (nothing to store when it is ``o``'s own hand)."""
        if place == o:
            self.know[o].pop(c, None)
        else:
            self.know[o][c] = place

    def _forget_card(self, c: int) -> None:
        """``c`` went to a public zone: nobody needs a fact about it."""
        for facts in self.know:
            if c in facts:
                del facts[c]

    def _drop_hand(self, o: int, q: int) -> None:
        """``q``'s hand lost a card ``o`` did not see: ``o``'s facts about that hand may be false now."""
        facts = self.know[o]
        gone = [c for c, place in facts.items() if place == q]
        mask = self.lacks[o][q]
        for c in gone:
            del facts[c]
            if (mask >> c) & 1:
                # the card was exempt from the mask because it was known; unknown now, the mask cannot stand
                self.lacks[o][q] = 0

    def _hand_to_hand(self, c: int, src: int | None, dst: int, seen: Iterable[int]) -> None:
        """``c`` moved from ``src``'s hand (None: the deck) to ``dst``'s; the seats in ``seen`` saw which card."""
        watchers = set(seen)
        for o in range(self.n):
            if o in watchers:
                self._learn(o, c, dst)
            else:
                self.know[o].pop(c, None)
                if src is not None and o != src:
                    self._drop_hand(o, src)
                if o != dst:
                    self.lacks[o][dst] = 0

    def _hand_to_deck(self, c: int, src: int) -> None:
        """``src`` put ``c`` from their hand into the deck; only they know which card it was."""
        for o in range(self.n):
            if o == src:
                self.know[o][c] = DECK
            else:
                self.know[o].pop(c, None)
                self._drop_hand(o, src)

    def _deck_to_hand(self, c: int, dst: int, seen: Iterable[int]) -> None:
        """``c`` went from the deck to ``dst``'s hand; the seats in ``seen`` know which card it was."""
        self._hand_to_hand(c, None, dst, seen)

    def _public_to_hand(self, c: int, dst: int) -> None:
        """A face-up card went into ``dst``'s hand in front of everyone."""
        for o in range(self.n):
            self._learn(o, c, dst)

    def _knowers_of(self, c: int) -> list[int]:
        """The seats that know where ``c`` is."""
        return [o for o in range(self.n) if c in self.know[o]]
