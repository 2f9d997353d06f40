"""Gundam Masquerade's cards as data: 72 small ints, their text, colour masks and the special-card tables.

A card is an int ``colour * 18 + (number - 1)``: red 0-17, black 18-35, blue 36-53, green 54-71. Hands and
won piles are bitmasks over those ints, so a colour is one AND and a clone copies a few ints.
Text form (rules: Components): ``R11``, ``K18`` (black), ``B16``, ``G1``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from tricktable.engine.cards import Card as Card  # the game's modules take card sets from here
from tricktable.engine.cards import CardCodec
from tricktable.engine.cards import Mask as Mask
from tricktable.engine.cards import cards_of as cards_of
from tricktable.engine.cards import mask_of as mask_of

COLOURS = "RKBG"  # red, black, blue, green (rules: Components)
COLOUR_NAMES = ("red", "black", "blue", "green")
NUMBERS: Final = 18
DECK: Final = 72
FULL: Final[Mask] = (1 << DECK) - 1
COLOUR_MASKS: Final[tuple[Mask, ...]] = tuple(((1 << NUMBERS) - 1) << (NUMBERS * c) for c in range(4))

# rules: Setup, the published deal sizes
DEAL_SIZES: Final = {3: 18, 4: 18, 5: 14, 6: 12}


def colour(card: Card) -> int:
    return card // NUMBERS


def number(card: Card) -> int:
    """The printed number, which is also the card's points (rules: Components)."""
    return card % NUMBERS + 1


def make(colour_letter: str, value: int) -> Card:
    return COLOURS.index(colour_letter) * NUMBERS + value - 1


TEXT: Final[tuple[str, ...]] = tuple(f"{COLOURS[colour(c)]}{number(c)}" for c in range(DECK))
# the card-name codec (engine/cards.py): ``CODEC.parse("r11") == 10``, ``CODEC.name(10) == "R11"``
CODEC = CardCodec(TEXT, game="Masquerade", hint="cards are R1-R18, K1-K18, B1-B18, G1-G18", upper=True)
card_name = CODEC.name    # ``card_name(card) -> "R11"``
parse_card = CODEC.parse  # ``parse_card("R11") -> card``; raises ``ParseError``
texts = CODEC.names       # ``texts(mask)``: the cards' texts, lowest first (cached: observations repeat masks)


# --- special cards (rules: Special cards; option ``specials``) -------------------------------------

WILD = "wild"          # R11: counts as the lead colour when played by a non-leader
REVERSE = "reverse"    # B16: reversal of this turn's taking
MINUS = "minus"        # -2 to one card already played this turn by another player
PLUS = "plus"          # +2, likewise


@dataclass(frozen=True, slots=True)
class PlayEffect:
    """A gold-framed play effect: ``kind`` is one of WILD, REVERSE, MINUS, PLUS; ``amount`` for MINUS/PLUS."""

    card: Card
    kind: str
    amount: int = 0
    text: str = ""
    text_ja: str = ""


PLAY_EFFECTS: tuple[PlayEffect, ...] = (
    PlayEffect(make("R", 11), WILD, text="played by anyone but the leader, it counts as the lead colour",
               text_ja="ターンプレイヤー以外が出すと、ターンプレイヤーと同じ色として扱う"),
    PlayEffect(make("B", 16), REVERSE, text="reversal this turn: the highest picks one card and leads next; "
               "the lowest takes the rest",
               text_ja="このターンは逆転: 一番大きい数字の人が1枚選んで"
                       "次のターンプレイヤーになり、一番小さい数字の人が残りを取る"),
    PlayEffect(make("K", 6), MINUS, -2, "-2 to one card another player has already played this turn",
               "このターンに他のプレイヤーが出したカード1枚の数字を-2する"),
    PlayEffect(make("G", 13), MINUS, -2, "-2 to one card another player has already played this turn",
               "このターンに他のプレイヤーが出したカード1枚の数字を-2する"),
    PlayEffect(make("K", 13), PLUS, +2, "+2 to one card another player has already played this turn",
               "このターンに他のプレイヤーが出したカード1枚の数字を+2する"),
    PlayEffect(make("G", 6), PLUS, +2, "+2 to one card another player has already played this turn",
               "このターンに他のプレイヤーが出したカード1枚の数字を+2する"),
)

Counts = tuple[int, int, int, int]  # won cards per colour, R K B G


@dataclass(frozen=True, slots=True)
class Bonus:
    """An end-game bonus for whoever holds ``card`` among their won cards (rules: Special cards).

    ``condition`` is the rules text; the condition itself is ``effects.BONUS_POINTS[card]``.
    """

    card: Card
    condition: str
    condition_ja: str = ""


BONUSES: tuple[Bonus, ...] = (
    Bonus(make("R", 1), "6+ red cards -> +10", "赤6枚以上 -> +10"),
    Bonus(make("B", 2), "5+ blue cards -> your blue cards score 2 each", "青5枚以上 -> 青のカードは1枚2点"),
    Bonus(make("G", 1), "4+ cards in every colour -> +12", "全色4枚以上 -> +12"),
    Bonus(make("R", 3), "exactly 3 red cards -> +8", "赤ちょうど3枚 -> +8"),
    Bonus(make("K", 1), "black 1 is your only black card -> +12", "黒のカードが黒の1だけ -> +12"),
    Bonus(make("B", 1), "no colour with 4+ cards -> +10", "4枚以上の色がない -> +10"),
)

# option ``specials``: which of the tables above are in play
SPECIALS = ("standard", "effects", "bonuses", "none")


def play_effects(specials: str) -> dict[Card, PlayEffect]:
    return {e.card: e for e in PLAY_EFFECTS} if specials in ("standard", "effects") else {}


def bonuses(specials: str) -> tuple[Bonus, ...]:
    return BONUSES if specials in ("standard", "bonuses") else ()
