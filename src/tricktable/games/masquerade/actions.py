"""Gundam Masquerade's action space: one interned ``Move`` per text, built once per game.

Grammar (one verb, then at most one argument)::

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

from tricktable.engine import Action
from tricktable.games.masquerade.cards import COLOURS, DECK, TEXT

VERBS_WITH_CARD = ("play", "pick", "target", "take")
OPTION_LETTERS = "ABCD"


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Move(Action):
    """An action: ``verb`` plus a ``card`` (-1 when none) or a ``letter`` (option or colour)."""

    verb: str = ""
    card: int = -1
    letter: str = ""


@dataclass(frozen=True, slots=True)
class Table:
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

    def add(text: str, verb: str, card: int = -1, letter: str = "") -> Move:
        move = Move(len(actions), text, verb, card, letter)
        actions.append(move)
        return move

    by_verb = {verb: tuple(add(f"{verb} {TEXT[c]}", verb, c) for c in range(DECK)) for verb in VERBS_WITH_CARD}
    challenge = add("challenge", "challenge")
    pass_ = add("pass", "pass")
    option = {x: add(f"option {x}", "option", letter=x) for x in OPTION_LETTERS}
    colour = tuple(add(f"colour {x}", "colour", letter=x) for x in COLOURS)
    done = add("done", "done")
    return Table(actions, by_verb["play"], by_verb["pick"], by_verb["target"], by_verb["take"],
                 challenge, pass_, option, colour, done)


TABLE = build_table()  # the same for every option set: 4 * 72 + 10 = 298 actions
