"""Gundam Masquerade's phases: the steps of a turn (rules: A turn), in the order ``rules.py`` narrates them.

A phase names what the table is waiting for, never an action: in ``Phase.TRICK`` a seat plays (``Kind.PLAY``),
in ``Phase.CHALLENGE_WINDOW`` seats challenge or pass. ``PHASE_WORDS`` is the word each phase goes by in an
observation (``view["phase"]``), which clients, encoders and the heuristic read.
"""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    TRICK = 0              # the next seat plays a card to the trick (rules: A turn, 1)
    CHALLENGE_WINDOW = 1   # a card that does not follow may be challenged (rules: A turn, 2)
    MUST_FOLLOW = 2        # the challenge succeeded: the challenged player re-plays a following card
    PENALTY = 3            # the chooser picks option A/B (success) or C/D (failure)
    TRANSFER_COLOUR = 4    # the chooser names the colour whose won cards move
    TRANSFER_CARDS = 5     # the chooser moves 0-3 won cards of that colour
    PLUS_MINUS = 6         # a +-2 card's player chooses the card it changes
    TRICK_END = 7          # the lowest (after B16: the highest) picks one card from the trick (rules: Taking)
    OVER = 8               # the hands are empty


PHASE_WORDS: tuple[str, ...] = ("play", "challenge", "replay", "option", "colour", "pick", "target", "take", "over")
assert len(PHASE_WORDS) == len(Phase)

# the members as module names, for hot paths: in Python 3.11 looking a member up on its class (``Phase.TRICK``)
# is a descriptor call costing ten times a global's; the rules' phase code uses these
(TRICK, CHALLENGE_WINDOW, MUST_FOLLOW, PENALTY, TRANSFER_COLOUR, TRANSFER_CARDS, PLUS_MINUS, TRICK_END,
 OVER) = Phase
