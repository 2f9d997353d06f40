"""Missions' own steps between preparation and play: programming (15), splitting and picking (24), passing
(25). Each step is simultaneous and hidden: every seat still to choose is an actor, and what they chose is
shown only to them (and to whoever receives it) until everyone is done.

Functions over the state, listed in ``rules.PHASES`` like every other phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tricktable.games.megalomania import actions as A
from tricktable.games.megalomania import cards as C

if TYPE_CHECKING:
    from tricktable.games.megalomania.rules import MegalomaniaState


def _bits(mask: int) -> list[int]:
    return C.cards_of(mask)


def legal_program(state: MegalomaniaState, p: int) -> list[A.Move]:
    rest = state.hands[p]
    for c in state.program[p]:
        rest &= ~(1 << c)
    return [state.game.table.program[c] for c in _bits(rest)]


def step_program(state: MegalomaniaState, move: A.Move, p: int) -> None:
    order = (*state.program[p], move.card)
    rest = state.hands[p]
    for c in order:
        rest &= ~(1 << c)
    if rest.bit_count() == 1:  # the last card has no choice left
        order = (*order, rest.bit_length() - 1)
        rest = 0
    state.program = state.program.copy()
    state.program[p] = order
    if not rest:
        state.log("programmed", state.game.only[p], seat=p, order=[C.CARD_TEXT[c] for c in order])
        state._finish(p, state._start_play)


def legal_split(state: MegalomaniaState, p: int) -> list[A.Move]:
    return [state.game.table.pile[c] for c in _bits(state.hands[p] & ~state.chosen[p])]


def step_split(state: MegalomaniaState, move: A.Move, p: int) -> None:
    state.chosen = state.chosen.copy()
    state.chosen[p] |= 1 << move.card
    if state.chosen[p].bit_count() * 2 >= state.hands[p].bit_count():
        state.log("split", state.game.only[p], seat=p, pile1=C.texts(state.chosen[p]),
                  pile2=C.texts(state.hands[p] & ~state.chosen[p]))
        state._finish(p, lambda: open_picks(state))


def open_picks(state: MegalomaniaState) -> None:
    from tricktable.games.megalomania.rules import PICK

    state.phase = PICK
    state.actors = tuple(range(state.players))


def split_owner(state: MegalomaniaState, picker: int) -> int:
    """Mission 24: whose piles ``picker`` chooses from (the picker is that player's neighbour)."""
    step = 1 if state.game.options.split_picker == "left" else -1
    return (picker - step) % state.players


def legal_pick(state: MegalomaniaState, p: int) -> list[A.Move]:
    return state.game.table.pick


def step_pick(state: MegalomaniaState, move: A.Move, p: int) -> None:
    owner = split_owner(state, p)
    first = state.chosen[owner]
    keep = first if move.arg == 0 else state.hands[owner] & ~first
    state.log("picked", state.game.only_two[p][owner], seat=p, owner=owner, pile=move.arg + 1)
    state.chosen = state.chosen.copy()
    state.chosen[owner] = ~keep & state.hands[owner]  # the pile going out of play
    state._finish(p, lambda: close_picks(state))


def close_picks(state: MegalomaniaState) -> None:
    n1 = state.players + 1
    state.known = state.known.copy()
    for p in range(state.players):
        gone = state.chosen[p]
        state.hands[p] &= ~gone
        state.out |= gone
        state.known[p * n1 + state.players] |= gone  # you know the pile you lost
    state.chosen = [0] * state.players
    state._start_play()


def legal_pass(state: MegalomaniaState, p: int) -> list[A.Move]:
    return [state.game.table.passes[c] for c in _bits(state.hands[p] & ~state.chosen[p])]


def step_pass(state: MegalomaniaState, move: A.Move, p: int) -> None:
    state.chosen = state.chosen.copy()
    state.chosen[p] |= 1 << move.card
    if state.chosen[p].bit_count() >= 3:
        state._finish(p, lambda: close_passes(state))


def pass_target(state: MegalomaniaState, p: int) -> int:
    return (p + (1 if state.game.options.pass_to == "left" else -1)) % state.players


def close_passes(state: MegalomaniaState) -> None:
    """Mission 25: everyone passes 3 cards at once to a neighbour [P; left D]."""
    n = state.players
    gone = state.chosen
    state.hands = [h & ~g for h, g in zip(state.hands, gone, strict=True)]
    state.known = state.known.copy()
    for p in range(n):
        to = pass_target(state, p)
        state.hands[to] |= gone[p]
        state.known[p * (n + 1) + to] |= gone[p]
        state.log("passed", state.game.only_two[p][to], seat=p, to=to, cards=C.texts(gone[p]))
    state.chosen = [0] * n
    state._start_play()
