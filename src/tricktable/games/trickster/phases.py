"""Trickster's phases, in the order a game goes through them (rules.py narrates each).

``DRAFTING`` (only with ``deck=draft``: players take heroes in turn), ``OPENING`` (every player secretly
puts one hand card in their tableau), ``TRICK`` (the Leader, the Trickster and the Followers play),
``EFFECT`` (a played hero's effect asks its player, or with Nomad everyone, for a choice) and ``OVER``.
A round goes OPENING -> TRICK/EFFECT ... -> the next round's OPENING, or OVER after the last one.
"""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    DRAFTING = 0
    OPENING = 1
    TRICK = 2
    EFFECT = 3
    OVER = 4


# the phase as an observation names it (``view["phase"]``; clients and encoders read these words)
PHASE_WORDS: tuple[str, ...] = ("draft", "opening", "play", "effect", "over")
