"""Helpers for the Masquerade tests: fixed deals, scripted turns and won piles set by hand."""

from __future__ import annotations

from typing import Any

from tricktable.games.masquerade import Masquerade
from tricktable.games.masquerade.cards import parse_card
from tricktable.games.masquerade.game import MasqueradeState


def deal(*hands: str, first: int = 0, **options: Any) -> MasqueradeState:
    """A game with a fixed deal, one space-separated string of cards a seat (``"R5 K3"``), seat ``first`` leading."""
    return Masquerade(len(hands), deal=[h.split() for h in hands], first_player=first, **options).new_state(0)


def run(state: MasqueradeState, *actions: str) -> MasqueradeState:
    """Apply each action for whoever must act, checked like any driver's action."""
    for text in actions:
        state.apply(text)
    return state


def give_won(state: MasqueradeState, seat: int, cards: str) -> None:
    """Put out-of-game cards into ``seat``'s won pile (a setup shortcut; the 72 cards stay conserved)."""
    for text in cards.split():
        bit = 1 << parse_card(text)
        assert state.out & bit, f"{text} is not out of the game"
        state.out &= ~bit
        state.won[seat] |= bit
    state._legal_cache = None


def won(state: MasqueradeState, seat: int) -> list[str]:
    return list(state.observe(None)["table"]["won"][seat])


def kinds(state: MasqueradeState) -> list[str]:
    return [e.kind for e in state.events]
