"""Helpers for the Trickster tests: exact positions through the deal options, scripted actions, checks."""

from __future__ import annotations

from typing import Any

from tricktable.games.trickster import Trickster
from tricktable.games.trickster.cards import (
    CARD_TEXT,
    DECK,
    DECKS,
    HAND_SIZES,
    HERO_INDEX,
    deck_cards,
    in_order,
    parse_card,
)
from tricktable.games.trickster.game import TricksterState


def position(players: int, hands: dict[int, list[str]] | None = None, *, trash: list[str] | None = None,
             deck: list[str] | None = None, leader: int = 0, opening: dict[int, str] | None = None,
             heroes: str | list[str] = "beginner", open_cards: bool = True, **options: Any) -> TricksterState:
    """A game whose round-1 deal is fixed by the options.

    ``hands[seat]`` lists a seat's first cards; every hand is completed from the unnamed cards in suit
    order (red first). ``deck`` is the deck's top, top first. Unless ``open_cards`` is False, each seat
    then opens ``opening[seat]`` (default: the first card of its hand).
    """
    hands = hands or {}
    hero_ids = DECKS[heroes] if isinstance(heroes, str) else tuple(HERO_INDEX[h] for h in heroes)
    named = {t for h in hands.values() for t in h} | set(trash or []) | set(deck or [])
    pool = [CARD_TEXT[c] for c in in_order(deck_cards(hero_ids)) if CARD_TEXT[c] not in named]
    full = []
    for seat in range(players):
        hand = list(hands.get(seat, []))
        while len(hand) < HAND_SIZES[players]:
            hand.append(pool.pop(0))
        full.append(hand)
    game = Trickster(players, deck=heroes if isinstance(heroes, str) else tuple(heroes), hands=tuple(map(tuple, full)),
                     trash=None if trash is None else tuple(trash), deck_order=None if deck is None else tuple(deck),
                     first_leader=leader, **options)
    state = game.new_state(0)
    if open_cards:
        for seat in range(players):
            state.apply(f"open {(opening or {}).get(seat, full[seat][0])}", seat)
    return state


def run(state: TricksterState, *actions: str) -> TricksterState:
    """Apply each action for the (single) player who must act, checked like any driver's action."""
    for text in actions:
        assert len(state.actors) == 1, f"several actors {state.actors}: name the seat"
        state.apply(text)
    return state


def hand(state: TricksterState, seat: int) -> list[str]:
    return sorted(CARD_TEXT[c] for c in state.hands[seat])


def tableau(state: TricksterState, seat: int) -> list[str]:
    return sorted(CARD_TEXT[c] for c in state.tableaus[seat])


def kinds(state: TricksterState) -> list[str]:
    return [e.kind for e in state.events]


def legal(state: TricksterState, seat: int | None = None) -> list[str]:
    return [a.text for a in state.legal_actions(seat)]


def move_hand_to_tableau(state: TricksterState, seat: int, texts: list[str] | None = None) -> None:
    """Setup shortcut: move hand cards (all by default) to the same seat's tableau; the 56 stay conserved."""
    cards = [parse_card(t) for t in texts] if texts is not None else list(state.hands[seat])
    for c in cards:
        state.hands[seat].remove(c)
        state.tableaus[seat].append(c)
        state._forget_card(c)
    state._legal_cache = None


def knowledge_errors(state: TricksterState) -> list[str]:
    """Every fact of every knowledge record that is false in the true state, and every broken ``lacks``."""
    errors = []
    for o in range(state.players):
        for c, place in state.know[o].items():
            if place == DECK and c not in state.deck:
                errors.append(f"seat {o} thinks {CARD_TEXT[c]} is in the deck")
            if place >= 0 and c not in state.hands[place]:
                errors.append(f"seat {o} thinks seat {place} holds {CARD_TEXT[c]}")
        for q in range(state.players):
            mask = state.lacks[o][q]
            errors.extend(f"seat {o} thinks seat {q} lacks {CARD_TEXT[c]}" for c in state.hands[q]
                          if (mask >> c) & 1 and state.know[o].get(c) != q)
    return errors
