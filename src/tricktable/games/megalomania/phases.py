"""Megalomania's phases (rules: A game): what the table is waiting for now.

A round runs PREPARATION (simultaneous and hidden) -> the mission's own step, if it has one (PROGRAMMING
for 15, SPLITTING then PICKING for 24, PASSING for 25) -> TRICK, interrupted by a power's follow-up choice
(ORACLE_COLOUR, FARMER_LEADER, EXPLORER_SWAP) -> the next round's PREPARATION, or OVER.

The names are states of the table, never actions: the action kinds are ``actions.Kind`` (``Kind.PASS`` is
a card passed; ``Phase.PASSING`` is the step at which cards are passed).
"""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    PREPARATION = 0  # each player uses scrolls, then splits the round's tokens (rules: Resources)
    PROGRAMMING = 1  # mission 15: each player fixes the order of their cards
    SPLITTING = 2  # mission 24: each player splits their cards into two piles
    PICKING = 3  # mission 24: each player picks one of their neighbour's piles, unseen
    PASSING = 4  # mission 25: each player passes 3 cards to a neighbour
    TRICK = 5  # a card to play (rules: Tricks)
    ORACLE_COLOUR = 6  # the Oracle's player chooses its new colour
    FARMER_LEADER = 7  # the Farmer's player names the next leader
    EXPLORER_SWAP = 8  # the Explorer's player gives a hand card for the discovered one
    OVER = 9


# the phase as an observation names it (``observe(...)["phase"]``; prompts and the web read these words)
PHASE_WORDS: tuple[str, ...] = ("preparation", "program", "split", "pick", "pass", "play", "oracle", "farmer",
                                "explorer", "over")
