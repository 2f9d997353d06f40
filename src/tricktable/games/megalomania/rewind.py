"""Megalomania's past positions rebuilt: the plays of the round another seat saw, each in a drawn world.

Policy inference (``bots/inference.py``) weighs a world by how likely the other seats' plays are in it;
this module rebuilds, in the world, the position each play was chosen in. The round's completed tricks are
public (``played``): walking back from the last card, each card goes back to its player's hand with the
crystal and cube it spent, and the trick and its marks are recomputed from the cards before it.

A play is left out where the hand its player then held cannot be told: the tricks before an Explorer's swap
(it swapped a hand card for a won one), earlier tricks in missions 19 (draws from a pile) and 22 (hands
passed on after each trick), and a trick with an Oracle's or a Wizard's power (a colour or the follow rule
changed). In heuristic self-play the heuristic, asked at a rebuilt play, chooses the card that was played
nearly always (``tests/bots/test_heuristics.py``).
"""

from __future__ import annotations

from tricktable.engine.state import Decision
from tricktable.games.megalomania import cards as C
from tricktable.games.megalomania.actions import Entry
from tricktable.games.megalomania.cards import Deal
from tricktable.games.megalomania.effects import NOWHERE
from tricktable.games.megalomania.phases import Phase
from tricktable.games.megalomania.rules import SIMPLE, MegalomaniaRules


def _rank(entry: Entry) -> int:
    """The rank of a card on the table (entry: seat, card, value, colour, power used, cube)."""
    return entry[1] & 7


def _powered(entry: Entry) -> bool:
    return bool(entry[4])


def past_decisions(world: MegalomaniaRules, seat: int) -> list[Decision]:
    """The others' plays of the round ``seat`` saw, each rebuilt in ``world``, oldest first."""
    if world.phase is not Phase.TRICK or world.deal not in SIMPLE:
        return []
    # the round's tricks, the current one last; earlier ones only where a hand changes by its plays alone
    tricks: list[tuple[int, list[Entry]]] = [(world.trick_no, world.trick)]
    if world.deal not in (Deal.DRAW_PILE, Deal.ROTATING):
        tricks[:0] = enumerate(world.played)
    for k in range(len(tricks) - 1, -1, -1):  # only after the last Explorer's power
        if any(_powered(e) and _rank(e) == C.EXPLORER for e in tricks[k][1]):
            tricks = tricks[k + 1:]
            break
    free_ranks = world.look.free_ranks
    # walking back from the last play: each seat's hand, crystals and cubes just before each play
    hands, crystals, cubes = world.hands.copy(), world.crystals.copy(), world.cubes.copy()
    out: list[Decision] = []
    for number, trick in reversed(tricks):
        # rules: the Oracle changes a colour, the Wizard the follow rule: this trick's plays are not rebuilt
        rebuild = not any(_powered(e) and _rank(e) in (C.ORACLE, C.WIZARD) for e in trick)
        for i in range(len(trick) - 1, -1, -1):
            q, card, _value, _colour, power, delta = trick[i]
            hands[q] |= 1 << card
            if delta:
                cubes[q] += 1
            if power and not free_ranks >> (card & 7) & 1:
                crystals[q] += 1
            if q == seat or not rebuild:
                continue
            past = _before(world, number, trick, i, hands, crystals, cubes)
            move = next((m for m in past._legal_trick(q)
                         if m.card == card and m.power == power and m.delta == delta), None)
            if move is not None:
                out.append(Decision(past, q, move.index))
    out.reverse()
    return out


def _before(world: MegalomaniaRules, number: int, trick: list[Entry], i: int, hands: list[int],
            crystals: list[int], cubes: list[int]) -> MegalomaniaRules:
    """``world`` just before the ``i``-th card of trick ``number`` (the current trick or an earlier one)."""
    past = world.clone()
    past.hands, past.crystals, past.cubes = hands.copy(), crystals.copy(), cubes.copy()
    before = trick[:i]  # a fresh list: the played tricks are lists too
    past.trick = before
    if number < world.trick_no:  # an earlier trick: the round as it stood then
        past.won = world.won[:number]
        past.played = world.played[:number]
        past.trick_no = number
        past.leader = trick[0][0]
        past.named = past.found = past.found_in = -1
        past.immune = 0
    # the trick's marks, from the powers used before the card (rules: once per trick, the Emperor)
    powered = [(j, _rank(e)) for j, e in enumerate(before) if _powered(e)]
    past.used = sum(1 << r for _, r in powered)
    past.emperor = any(r == C.EMPEROR for _, r in powered)
    past.dwarf = any(r == C.DWARF for _, r in powered)
    past.knight = next((j for j, r in powered if r == C.KNIGHT), NOWHERE)
    past.wizard = NOWHERE
    past.free = 0
    past.lead = before[0][3] if before else -1
    past.actors = (trick[i][0],)
    return past
