"""Policy-based inference: how likely a drawn world makes the other seats' observed choices.

After Rebstock, Solinas, Buro and Sturtevant, "Policy Based Inference in Trick-Taking Card Games" (IEEE CoG
2019): a world (a full state drawn by the seat's resampler) is weighted by the probability, under a model
of the other players, of the choices they were seen to make. The model is the game's heuristic: at each
past decision of another seat, the heuristic's choice has probability ``1 - EPSILON`` and the other legal
actions share ``EPSILON`` (so an unexpected choice lowers a world's weight, never to zero).

The past decisions are the other seats' plays of the round the seat saw, each rebuilt *in the drawn world*:
the state keeps the round's completed tricks as the table saw them (``played``, public), and walking back
from the last card, each card goes back to its player's hand (in Megalomania with the crystal and cube it
spent; in Trickster a Pot goes back out of its buster's tableau), and the trick and its flags are recomputed
from the cards before it. So the model reads only the world, which holds only what the seat may know plus
what was drawn (``bots/base.py``). A play is left out where the hand its player then held cannot be told:

- Megalomania: the tricks before an Explorer's swap, and earlier tricks in missions 19 (draws from a pile)
  and 22 (hands passed on); a trick with an Oracle's or Wizard's power (a colour or the follow rule
  changed) is not rebuilt. In heuristic self-play the heuristic, asked at a rebuilt play, chooses the card
  played 99.9% of the time.
- Trickster: every play before a Brigand or a Nomad (hands changed in secret), a player's plays before an
  effect that moved their own hand cards (their own Magician, Soldier, Archivist …, that card included),
  and the plays of a trick before a card a Guard moved into its Pot. What other effects moved (tableau
  cards, the Trash, the deck) is not undone: an approximation, the heuristic agrees 87% of the time.

Masquerade keeps its own model, the ``evidence`` hook of its heuristic (a bluff rate on off-colour cards).

``weigher(game)`` returns ``weight(world, seat, rng) -> float`` in (0, 1], or None when the game has no
model; search (``bots.ismcts``, ``:infer``) scores a fixed number of candidate worlds once per decision.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tricktable.bots.heuristic import chooser, hook, seat_observation
from tricktable.engine import Game, Rng, State

EPSILON = 0.4  # the share of the model's probability left to the choices the heuristic would not make

Weigher = Callable[[State, int, Rng], float]
Decision = tuple[State, int, int]  # the world just before the choice, the seat that chose, the action's index


def weigher(game: Game[Any]) -> Weigher | None:
    """The likelihood of the others' observed choices in a world, for ``game``; None without a model."""
    evidence = hook(game, "evidence")
    if evidence is not None:
        def by_hook(world: State, seat: int, rng: Rng) -> float:
            return float(evidence(world, seat))
        return by_hook
    rewind = _REWINDS.get(game.name)
    choose = chooser(game)
    if rewind is None or choose is None:
        return None

    def weight(world: State, seat: int, rng: Rng) -> float:
        p = 1.0
        for past, q, index in rewind(world, seat):
            legal = past._legal(q)
            if len(legal) < 2:
                continue
            if not any(a.index == index for a in legal):
                return EPSILON ** 2  # the world could not have produced this play: very unlikely
            picked = choose(seat_observation(past, q), legal, past.game, rng)
            p *= 1.0 - EPSILON if picked.index == index else EPSILON / (len(legal) - 1)
        return p

    return weight


# --- Megalomania ----------------------------------------------------------------------------------------

def _megalomania(world: Any, seat: int) -> list[Decision]:
    from tricktable.games.megalomania import cards as C
    from tricktable.games.megalomania.cards import Deal
    from tricktable.games.megalomania.effects import NOWHERE
    from tricktable.games.megalomania.phases import Phase
    from tricktable.games.megalomania.rules import SIMPLE

    if world.phase is not Phase.TRICK or world.deal not in SIMPLE:
        return []
    # The round's tricks, the current one last. Earlier tricks only where a hand changes by its plays alone
    # (not mission 19's draws from a pile, nor mission 22's hands passed on after each trick), and only
    # after the last Explorer's power (it swapped a hand card for a won one).
    tricks: list[tuple[int, Any]] = [(world.trick_no, world.trick)]
    if world.deal not in (Deal.DRAW_PILE, Deal.ROTATING):
        tricks[:0] = enumerate(world.played)
    for k in range(len(tricks) - 1, -1, -1):
        if any(e[4] and (e[1] & 7) == C.EXPLORER for e in tricks[k][1]):
            tricks = tricks[k + 1:]
            break
    free_ranks = world.look.free_ranks
    # walking back from the last play: each seat's hand, crystals and cubes just before each play
    hands, crystals, cubes = world.hands.copy(), world.crystals.copy(), world.cubes.copy()
    out: list[Decision] = []
    for number, trick in reversed(tricks):
        # a power that changed the follow rule or a colour: this trick's plays are not rebuilt
        rebuild = not any(e[4] and (e[1] & 7) in (C.ORACLE, C.WIZARD) for e in trick)
        for i in range(len(trick) - 1, -1, -1):
            q, card, _value, _colour, power, delta = trick[i]
            hands[q] |= 1 << card
            if delta:
                cubes[q] += 1
            if power and not free_ranks >> (card & 7) & 1:
                crystals[q] += 1
            if q == seat or not rebuild:
                continue
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
            powered = [(j, (e[1] & 7)) for j, e in enumerate(before) if e[4]]
            past.used = sum(1 << r for _, r in powered)
            past.emperor = any(r == C.EMPEROR for _, r in powered)
            past.dwarf = any(r == C.DWARF for _, r in powered)
            past.knight = next((j for j, r in powered if r == C.KNIGHT), NOWHERE)
            past.wizard = NOWHERE
            past.free = 0
            past.lead = before[0][3] if before else -1
            past.actors = (q,)
            move = next((m for m in past._legal(q) if m.card == card and m.power == power and m.delta == delta),
                        None)
            if move is not None:
                out.append((past, q, move.index))
    out.reverse()
    return out


# --- Trickster ------------------------------------------------------------------------------------------

def _trickster(world: Any, seat: int) -> list[Decision]:
    from tricktable.games.trickster import cards as C
    from tricktable.games.trickster.actions import Kind
    from tricktable.games.trickster.effects import NONE
    from tricktable.games.trickster.phases import Phase
    from tricktable.games.trickster.rules import Pattern, pattern_of

    if world.phase != Phase.TRICK:
        return []
    # heroes whose effect moves cards in or out of their own player's hand only, and those that move
    # other hands too (Brigand: the robbed one's; Nomad: everyone's)
    own_hand = {C.MAGICIAN, C.SOLDIER, C.ARCHIVIST, C.DOCTOR, C.EXPLORER, C.INVENTOR, C.SCAVENGER}
    all_hands = {C.BRIGAND, C.NOMAD}
    everyone = (1 << world.players) - 1
    whole = world.options.no_match == "whole_pot"
    row = world.action_table.cards[Kind.PLAY]
    n = world.players
    # the round's tricks, the current one last (its buster not known yet: -1)
    tricks = [*world.played, (world.trick, world.trick_seats, world.trick_moved, -1)]
    # walking back from the last card: each hand and tableau just before each play (cards a Guard moved go
    # back to their player's tableau, a Pot back out of its buster's). Other tableau, Trash and deck moves
    # are not undone (an approximation); a hand that an effect changed after a play (``touched``) is not
    # rebuilt before it.
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
        order = [leader, leader, *((leader + i) % n for i in range(1, n))] if world.token else \
            [(leader + i) % n for i in range(n)]
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
            if hero in all_hands:
                touched = everyone
            elif hero in own_hand:
                touched |= 1 << q
            if q == seat or i < first or touched >> q & 1:
                continue
            played = [j for j in range(i) if not moved[j]]
            turn = len(played)
            if order[turn] != q:
                continue
            past = world.clone()
            past.hands = [sorted(h) for h in hands]
            past.tableaus = [t.copy() for t in tableaus]
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
            past.played = world.played[:number]
            past.step = NONE
            past._actors = (q,)
            out.append((past, q, row[card].index))
    out.reverse()
    return out


_REWINDS: dict[str, Callable[[Any, int], list[Decision]]] = {"megalomania": _megalomania, "trickster": _trickster}


def past_decisions(world: State, seat: int) -> list[Decision]:
    """The other seats' choices ``seat`` saw, each rebuilt in ``world`` (see the module doc; tests read this)."""
    rewind = _REWINDS.get(world.game.name)
    return rewind(world, seat) if rewind is not None else []

