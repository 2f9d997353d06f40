"""Gundam Masquerade's action space: one interned ``Move`` per text, built once per game.

Grammar (one verb, then at most one argument); the verb is the action's ``Kind``::

    play R11      play a card from hand (also the re-play after a successful challenge)
    challenge     challenge the card just played ("you could have followed")
    pass          decline to challenge it
    option A      the chosen penalty: A/B by a successful challenger, C/D by a wrongly challenged player
    colour K      the colour whose won cards move (R, K, B, G)
    pick K4       move one won card of that colour (up to 3)
    done          stop moving cards, or move none at all (0 cards is allowed)
    target G7     the card a +-2 card changes (one already played this turn by another player)
    take B3       the lowest (after B16: the highest) player's pick from the trick
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from tricktable.engine import Action
from tricktable.engine.actions import Interned
from tricktable.games.masquerade.cards import COLOURS, DECK, TEXT


class Kind(IntEnum):
    """What an action does; ``VERBS[kind]`` is the first word of its canonical text."""

    PLAY = 0
    CHALLENGE = 1
    PASS = 2
    OPTION = 3
    COLOUR = 4
    PICK = 5
    DONE = 6
    TARGET = 7
    TAKE = 8


VERBS: tuple[str, ...] = ("play", "challenge", "pass", "option", "colour", "pick", "done", "target", "take")
KINDS_WITH_CARD = (Kind.PLAY, Kind.PICK, Kind.TARGET, Kind.TAKE)
OPTION_LETTERS = "ABCD"


@dataclass(frozen=True, eq=False, repr=False)
class Move(Action):
    """An action: its ``kind`` plus a ``card`` (-1 when none) or a ``letter`` (option or colour)."""

    kind: Kind = Kind.PLAY
    card: int = -1
    letter: str = ""


@dataclass(frozen=True)
class Table(Interned):
    """The whole action table and fast lookups into it (``play[card]`` is the action ``play <card>``)."""

    actions: list[Move]
    play: tuple[Move, ...]
    pick: tuple[Move, ...]
    target: tuple[Move, ...]
    take: tuple[Move, ...]
    challenge: Move
    pass_: Move
    option: dict[str, Move]
    colour: tuple[Move, ...]
    done: Move


def build_table() -> Table:
    actions: list[Move] = []

    def add(kind: Kind, argument: str = "", card: int = -1, letter: str = "") -> Move:
        text = f"{VERBS[kind]} {argument}" if argument else VERBS[kind]
        move = Move(len(actions), text, kind, card, letter)
        actions.append(move)
        return move

    by_kind = {kind: tuple(add(kind, TEXT[c], card=c) for c in range(DECK)) for kind in KINDS_WITH_CARD}
    challenge = add(Kind.CHALLENGE)
    pass_ = add(Kind.PASS)
    option = {x: add(Kind.OPTION, x, letter=x) for x in OPTION_LETTERS}
    colour = tuple(add(Kind.COLOUR, x, letter=x) for x in COLOURS)
    done = add(Kind.DONE)
    return Table(actions, by_kind[Kind.PLAY], by_kind[Kind.PICK], by_kind[Kind.TARGET], by_kind[Kind.TAKE],
                 challenge, pass_, option, colour, done)


TABLE: Final = build_table()  # the same for every option set: 4 * 72 + 10 = 298 actions
