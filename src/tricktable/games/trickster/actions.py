"""Trickster's action space: one interned ``Move`` per choice, built once per game.

Action texts (canonical, parsed back exactly):
``play red Brigand`` (a trick), ``open red Brigand`` (the secret opening tableau card),
``pass red Brigand`` (Nomad), ``give``/``move``/``swap``/``take``/``return``/``bottom``/``keep <card>``
(effect steps; which zone the card comes from is set by the step), ``choose seat 2`` (an opponent) and
``draft Scion`` (a hero in the draft). Every card kind exists for all 112 cards, so the table (and
``num_actions``) does not depend on which 7 heroes are drawn or drafted.

Index layout: the card kinds first, ``kind * 112 + card``, then the seats, then the heroes.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from tricktable.engine import Action
from tricktable.engine.actions import Interned
from tricktable.games.trickster.cards import CARD_OF_RANK, CARD_TEXT, CARDS, HERO_NAMES


class Kind(IntEnum):
    """What an action does; the card kinds (PLAY … KEEP) come first, each is the first word of its text."""

    PLAY = 0
    OPEN = 1
    PASS = 2
    GIVE = 3
    MOVE = 4
    SWAP = 5
    TAKE = 6
    RETURN = 7
    BOTTOM = 8
    KEEP = 9
    SEAT = 10  # "choose seat N"
    DRAFT = 11  # "draft Hero"


# the first word of each card kind's text (PLAY … KEEP)
CARD_KINDS: tuple[Kind, ...] = tuple(k for k in Kind if k < Kind.SEAT)
CARD_WORDS: tuple[str, ...] = tuple(k.name.lower() for k in CARD_KINDS)


@dataclass(frozen=True, eq=False, repr=False)
class Move(Action):
    """A Trickster action: its ``kind`` and the card, seat or hero it names (``value``)."""

    kind: Kind
    value: int


@dataclass(frozen=True)
class ActionTable(Interned):
    """Every action, plus the rows the rules hand out legal actions from: ``cards[kind][card]``,
    ``seats[seat]`` and ``heroes[hero]``; ``by_rank[kind][rank]`` is ``cards[kind][CARD_OF_RANK[rank]]``
    (cards.py: a card's place by suit then hero), for lists built in that order."""

    actions: list[Move]
    cards: list[list[Move]]
    seats: list[Move]
    heroes: list[Move]
    by_rank: list[list[Move]]


_TABLES: dict[int, ActionTable] = {}


def table_for(players: int) -> ActionTable:
    """The action table of a game of ``players``, built once per player count: every game and state of that
    count shares (interns) the same actions."""
    table = _TABLES.get(players)
    if table is None:
        table = _TABLES[players] = build(players)
    return table


def build(players: int) -> ActionTable:
    """A new action table for ``players`` (only the seat choices depend on it; prefer ``table_for``)."""
    actions: list[Move] = []
    cards = []
    for kind in CARD_KINDS:
        row = [Move(len(actions) + c, f"{CARD_WORDS[kind]} {CARD_TEXT[c]}", kind, c) for c in CARDS]
        cards.append(row)
        actions.extend(row)
    seats = [Move(len(actions) + q, f"choose seat {q}", Kind.SEAT, q) for q in range(players)]
    actions.extend(seats)
    heroes = [Move(len(actions) + h, f"draft {name}", Kind.DRAFT, h) for h, name in enumerate(HERO_NAMES)]
    actions.extend(heroes)
    by_rank = [[row[c] for c in CARD_OF_RANK] for row in cards]
    return ActionTable(actions, cards, seats, heroes, by_rank)
