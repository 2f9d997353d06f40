"""Scoring (rules: Scoring): a pure function of one player's won cards and the bonus table in play."""

from __future__ import annotations

from collections.abc import Sequence

from tricktable.games.masquerade.cards import COLOUR_MASKS, TEXT, Bonus, Counts, Mask, cards_of, number

BURST = 4  # rules: 4 or more cards of a colour score 1 point each


def counts(won: Mask) -> Counts:
    """Won cards per colour, R K B G."""
    return ((won & COLOUR_MASKS[0]).bit_count(), (won & COLOUR_MASKS[1]).bit_count(),
            (won & COLOUR_MASKS[2]).bit_count(), (won & COLOUR_MASKS[3]).bit_count())


def colour_points(won: Mask, colour: int) -> int:
    """One colour's points: the sum of the numbers with 3 or fewer cards, else 1 a card."""
    cards = won & COLOUR_MASKS[colour]
    n = cards.bit_count()
    if n >= BURST:
        return n
    return sum(number(c) for c in cards_of(cards))


def bonus_points(won: Mask, bonuses: Sequence[Bonus]) -> list[tuple[str, int]]:
    """The bonuses this pile earns: (card text, points) for each bonus card held whose condition holds."""
    n = counts(won)
    out = []
    for bonus in bonuses:
        if won >> bonus.card & 1:
            points = bonus.points(n, won)
            if points:
                out.append((TEXT[bonus.card], points))
    return out


def score(won: Mask, bonuses: Sequence[Bonus] = ()) -> int:
    """The total of the four colours plus every bonus whose condition holds."""
    total = sum(colour_points(won, c) for c in range(4))
    return total + sum(p for _card, p in bonus_points(won, bonuses))


def bursts(won: Mask) -> int:
    """How many colours have 4+ cards (burst): the first key of the ``strict`` tie-break."""
    return sum(1 for n in counts(won) if n >= BURST)


def face_cards(won: Mask) -> int:
    """How many cards score at face value (in colours of 3 or fewer): the second key of ``strict``."""
    return sum(n for n in counts(won) if n < BURST)
