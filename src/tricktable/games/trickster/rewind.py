"""Trickster's past positions rebuilt: the plays of the round another seat saw, each in a drawn world.

Policy inference (``bots/inference.py``) weighs a world by how likely the other seats' plays are in it;
this module rebuilds, in the world, the position each play was chosen in. The round's tricks are public
(``played``): walking back from the last card, each card goes back to its player's hand (a card a Guard
moved goes back to its player's tableau, a Pot back out of its buster's), and the trick, its order and
its pattern are recomputed from the cards before it.

A play is left out where the hand its player then held cannot be told: every play before a Brigand or a
Nomad (hands changed in secret), a player's plays before an effect that moved their own hand cards (their
own Magician, Soldier, Archivist …, that card included), and the plays of a trick before a card a Guard
moved into its Pot. What other effects moved (tableau cards, the Trash, the deck) is not undone: an
approximation, with which the heuristic, asked at a rebuilt play, mostly chooses the card that was played
(``tests/bots/test_heuristics.py``).
"""

from __future__ import annotations

from tricktable.engine.state import Decision
from tricktable.games.trickster import cards as C
from tricktable.games.trickster.actions import Kind
from tricktable.games.trickster.effects import NONE
from tricktable.games.trickster.phases import Phase
from tricktable.games.trickster.rules import Pattern, TricksterRules, pattern_of

# heroes whose effect moves cards in or out of their own player's hand only, and those that move other
# hands too (Brigand: the robbed one's; Nomad: everyone's)
OWN_HAND = frozenset({C.MAGICIAN, C.SOLDIER, C.ARCHIVIST, C.DOCTOR, C.EXPLORER, C.INVENTOR, C.SCAVENGER})
ALL_HANDS = frozenset({C.BRIGAND, C.NOMAD})


def past_decisions(world: TricksterRules, seat: int) -> list[Decision]:
    """The others' plays of the round ``seat`` saw, each rebuilt in ``world``, oldest first."""
    if world.phase != Phase.TRICK:
        return []
    everyone = (1 << world.players) - 1
    row = world.action_table.cards[Kind.PLAY]
    # the round's tricks, the current one last (its buster not known yet: -1)
    tricks = [*world.played, (world.trick, world.trick_seats, world.trick_moved, -1)]
    # walking back from the last card: each hand and tableau just before each play; a hand that an effect
    # changed after a play (``touched``) is not rebuilt before it
    hands = [list(h) for h in world.hands]
    tableaus = [list(t) for t in world.tableaus]
    touched = 0
    out: list[Decision] = []
    for number in range(len(tricks) - 1, -1, -1):
        trick, seats, moved, buster = tricks[number]
        if buster >= 0:
            for c in trick:
                if c in tableaus[buster]:  # an effect may have moved it on since
                    tableaus[buster].remove(c)
        leader = seats[0] if seats else world.leader
        order = _order(world, leader)
        # only plays after the last card that a Guard moved into the Pot (the trick's context then is not
        # the trick's cards before it)
        first = max((i + 1 for i in range(len(trick)) if moved[i]), default=0)
        for i in range(len(trick) - 1, -1, -1):
            q, card = seats[i], trick[i]
            hero = card >> 3
            if moved[i]:
                tableaus[q].append(card)
                continue
            hands[q].append(card)
            if hero in ALL_HANDS:
                touched = everyone
            elif hero in OWN_HAND:
                touched |= 1 << q
            if q == seat or i < first or touched >> q & 1:
                continue
            played = [j for j in range(i) if not moved[j]]
            if order[len(played)] != q:
                continue
            past = world.clone()
            past.hands = [sorted(h) for h in hands]
            past.tableaus = [t.copy() for t in tableaus]
            past.played = world.played[:number]
            _trick_before(past, trick, seats, moved, i, leader, order)
            out.append(Decision(past, q, row[card].index))
    out.reverse()
    return out


def _order(world: TricksterRules, leader: int) -> list[int]:
    """Who plays each card of a trick led by ``leader`` (rules: with the token, the Leader plays twice)."""
    n = world.players
    if world.token:
        return [leader, leader, *((leader + i) % n for i in range(1, n))]
    return [(leader + i) % n for i in range(n)]


def _trick_before(past: TricksterRules, trick: list[int], seats: list[int], moved: list[bool], i: int,
                  leader: int, order: list[int]) -> None:
    """Set ``past``'s trick to its first ``i`` cards, with the turn, the pattern and what followers must fit."""
    whole = past.options.no_match == "whole_pot"
    played = [j for j in range(i) if not moved[j]]
    turn = len(played)
    past.trick, past.trick_seats, past.trick_moved = trick[:i], seats[:i], moved[:i]  # fresh lists
    past.leader, past.order, past.turn = leader, order, turn
    past.lead_card = trick[played[0]] if turn >= 1 else -1
    past.pattern = pattern_of(trick[played[0]], trick[played[1]]) if turn >= 2 else Pattern.NONE
    suits = heroes = 0
    for j in range(i):
        if whole or (not moved[j] and j in played[:2]):
            suits |= 1 << (trick[j] & 7)
            heroes |= 1 << (trick[j] >> 3)
    past.check_suits, past.check_heroes = suits, heroes
    past.step = NONE
    past.actors = (seats[i],)
