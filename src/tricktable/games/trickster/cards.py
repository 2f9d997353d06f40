"""Trickster's data tables: the 8 suits, the 14 heroes (with their effects) and the 112 cards.

A card is a small int: ``hero * 8 + suit``, where ``hero`` indexes ``HEROES`` (0..13) and ``suit``
indexes ``SUITS`` (0..7, also the tie-break order). A game uses 7 heroes = 56 of the 112 cards.

Card text (canonical, parsed back exactly): ``"<suit> <Hero>"``, e.g. ``red Brigand``.
Short form (display only, never parsed): suit letter + first three letters of the hero, ``R-Bri``;
the suit letters are R O Y G B P K W (K for black, as in CMYK).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from tricktable.engine.cards import CardCodec

Card = int

# rules: "Suits, in tie-break order: red, orange, yellow, green, blue, purple, black, white" [P]
SUITS: tuple[str, ...] = ("red", "orange", "yellow", "green", "blue", "purple", "black", "white")
SUITS_JA: tuple[str, ...] = ("赤", "橙", "黄", "緑", "青", "紫", "黒", "白")
SUIT_LETTERS: tuple[str, ...] = ("R", "O", "Y", "G", "B", "P", "K", "W")
# the worlds each suit stands for (seed): shown in the rules, not needed by the rules
SUIT_WORLDS: tuple[str, ...] = ("post-apocalypse", "superhero", "steampunk", "fantasy", "cyberpunk", "gothic",
                                "space opera", "void")


@dataclass(frozen=True, slots=True)
class Hero:
    """One hero: its name, its deck, where its effect comes from ([P] published, [D] our design) and text."""

    name: str
    ja: str
    deck: str
    tag: str
    effect: str
    effect_ja: str


# rules: "Heroes (option `heroes` — a data table)". Explorer is published; the other 13 are our designs.
# The effects are implemented, one entry per name, in effects.py (EFFECTS); the text here is what people read.
HEROES: tuple[Hero, ...] = (
    Hero("Brigand", "山賊", "beginner", "D",
         "take a random card from an opponent's hand, then give that opponent a card of your choice from your hand",
         "相手1人の手札から無作為に1枚を奪い、その相手に自分の手札から好きな1枚を渡す"),
    Hero("Guard", "警備員", "beginner", "D",
         "move a card from your tableau into the Pot",
         "自分の場札1枚をポットに移す"),
    Hero("Magician", "手品師", "beginner", "D",
         "swap a card from your hand with a card in the Trash",
         "自分の手札1枚とゴミ箱の1枚を入れ替える"),
    Hero("Nomad", "放浪者", "beginner", "D",
         "every player passes a card of their choice to the left, simultaneously",
         "全員が同時に、好きな手札1枚を左隣に渡す"),
    Hero("Peddler", "行商人", "beginner", "D",
         "move a card from your tableau to an opponent's tableau",
         "自分の場札1枚を相手1人の場札に移す"),
    Hero("Revolutionary", "革命家", "beginner", "D",
         "swap a card in your tableau with a card in an opponent's tableau",
         "自分の場札1枚と相手1人の場札1枚を入れ替える"),
    Hero("Soldier", "軍人", "beginner", "D",
         "move a card from your hand to an opponent's tableau",
         "自分の手札1枚を相手1人の場札に置く"),
    Hero("Archivist", "記録保管人", "strategist", "D",
         "look at the top 3 deck cards, swap one with a hand card, put the 3 back in any order",
         "山札の上3枚を見て、1枚を手札1枚と入れ替え、3枚を好きな順で山札の上に戻す"),
    Hero("Doctor", "医師", "strategist", "D",
         "move a card from your tableau to your hand",
         "自分の場札1枚を手札に戻す"),
    Hero("Explorer", "探検家", "strategist", "P",
         "reveal the top 2 deck cards; put one in your hand, the other back on top",
         "山札の上2枚を公開し、1枚を手札に、もう1枚を山札の上に戻す"),
    Hero("Inventor", "発明者", "strategist", "D",
         "draw the top deck card, then put a hand card on the bottom of the deck",
         "山札の一番上を引き、手札1枚を山札の一番下に置く"),
    Hero("Scion", "継承者", "strategist", "D",
         "swap a card in your tableau with a card in the Trash",
         "自分の場札1枚とゴミ箱の1枚を入れ替える"),
    Hero("Scavenger", "廃品回収者", "strategist", "D",
         "take a Trash card into your hand, then refill the Trash from the top of the deck",
         "ゴミ箱の1枚を手札に加え、山札の一番上でゴミ箱を補充する"),
    Hero("Witness", "目撃者", "strategist", "D",
         "look at an opponent's hand (the information is yours alone from then on)",
         "相手1人の手札を見る（その情報は自分だけのもの）"),
)
HERO_NAMES: tuple[str, ...] = tuple(h.name for h in HEROES)
HERO_INDEX: dict[str, int] = {name: i for i, name in enumerate(HERO_NAMES)}
# each hero's index, a ``Final`` of its own
BRIGAND: Final = 0
GUARD: Final = 1
MAGICIAN: Final = 2
NOMAD: Final = 3
PEDDLER: Final = 4
REVOLUTIONARY: Final = 5
SOLDIER: Final = 6
ARCHIVIST: Final = 7
DOCTOR: Final = 8
EXPLORER: Final = 9
INVENTOR: Final = 10
SCION: Final = 11
SCAVENGER: Final = 12
WITNESS: Final = 13

# rules: Choosing the 7 heroes [P]
DECKS: dict[str, tuple[int, ...]] = {
    "beginner": tuple(i for i, h in enumerate(HEROES) if h.deck == "beginner"),
    "strategist": tuple(i for i, h in enumerate(HEROES) if h.deck == "strategist"),
}

# rules: A round [P]: 6 cards face up to the Trash, then hands by player count
HAND_SIZES: Final[dict[int, int]] = {2: 11, 3: 11, 4: 10, 5: 9, 6: 8, 7: 7}
TRASH_SIZE: Final = 6

NUM_CARDS: Final = len(HEROES) * len(SUITS)  # 112: every card of the box; a game uses 56
CARDS: tuple[Card, ...] = tuple(range(NUM_CARDS))


def card(hero: int, suit: int) -> Card:
    return hero * 8 + suit


def suit_of(c: Card) -> int:
    return c & 7


def hero_of(c: Card) -> int:
    return c >> 3


CARD_TEXT: Final[tuple[str, ...]] = tuple(f"{SUITS[c & 7]} {HERO_NAMES[c >> 3]}" for c in CARDS)
CARD_TEXT_JA: tuple[str, ...] = tuple(f"{SUITS_JA[c & 7]}の{HEROES[c >> 3].ja}" for c in CARDS)
CARD_SHORT: tuple[str, ...] = tuple(f"{SUIT_LETTERS[c & 7]}-{HERO_NAMES[c >> 3][:3]}" for c in CARDS)
# the card-name codec (engine/cards.py): canonical text to card and back
CODEC = CardCodec(CARD_TEXT, game="Trickster", hint="cards read like 'red Brigand'")

# bitmasks over the 112 cards, for patterns and for what a buster is known to lack
SUIT_MASK: Final[tuple[int, ...]] = tuple(sum(1 << card(h, s) for h in range(len(HEROES))) for s in range(8))
HERO_MASK: Final[tuple[int, ...]] = tuple(sum(1 << card(h, s) for s in range(8)) for h in range(len(HEROES)))
ALL_MASK: Final = (1 << NUM_CARDS) - 1

# a place in what a seat knows about a hidden card: a seat number (that seat's hand), or DECK (the card
# lies in the deck at a depth the seat can follow; see rules.py, "What each seat knows")
DECK: Final = -1


def card_name(c: Card) -> str:
    """The canonical text of card ``c`` (``red Brigand``); ``parse_card`` reads it back."""
    return CARD_TEXT[c]


def parse_card(text: str) -> Card:
    """The card whose canonical text is ``text`` (``red Brigand``, spaces folded); raises ParseError otherwise."""
    return CODEC.parse(text)


def fixed_heroes(deck: str | tuple[str, ...]) -> tuple[int, ...] | None:
    """The 7 heroes the option ``deck`` fixes (sorted), or None when the seed (random) or a draft picks them."""
    if isinstance(deck, str):
        return DECKS.get(deck)
    return tuple(sorted(HERO_INDEX[name] for name in deck))


def deck_cards(heroes: tuple[int, ...]) -> list[Card]:
    """The 56 cards of a game using ``heroes``, sorted."""
    return sorted(card(h, s) for h in heroes for s in range(8))


# a card's place when shown or listed: by suit (tie-break order), then hero
RANK: Final[tuple[int, ...]] = tuple((c & 7) * len(HEROES) + (c >> 3) for c in CARDS)
CARD_OF_RANK: Final[tuple[Card, ...]] = tuple(sorted(CARDS, key=RANK.__getitem__))  # RANK's inverse


def in_order(cards: list[Card]) -> list[Card]:
    """``cards`` by suit then hero: the order of every list of choices, whatever order a zone holds them in."""
    ranks = [RANK[c] for c in cards]  # plain ints sort faster than by key; sorted in place, not copied
    ranks.sort()
    return [CARD_OF_RANK[r] for r in ranks]

