"""Redraw everything hidden from one seat, consistent with what that seat has seen (DESIGN: resample).

Hidden from seat ``p``: the other hands except cards ``p`` knows are there (face up, discovered, passed,
swapped or rotated through ``p``'s hands), out-of-play cards ``p`` has not seen leave, every face-down pile
(missions 18 and 19, the owner's too), other seats' programmed orders, piles and passes, other seats'
scrolls and the scroll deck, others' whole preparation until it is revealed (scrolls used, First Lead claims,
Insight, token split: see ``_hidden_preparation``), what the other seats know, the card beneath each
already-played face-up card (mission 18), and missions not yet revealed to ``p``. A hand never receives a card its
``lacks`` mask rules out (colours shown missing, cards below a Wizard-forced lowest): the engine's constrained
deal (``engine.sampling.deal``). The world (``engine.sampling.world``) also gets a fresh random stream, so
future draws (the Explorer's find) are not the live game's, and no log.
"""

from __future__ import annotations

from typing import TypeVar

from tricktable.engine import Rng, sampling
from tricktable.engine.cards import cards_of, mask_of
from tricktable.engine.sampling import shuffle
from tricktable.games.megalomania import cards as C
from tricktable.games.megalomania.phases import Phase
from tricktable.games.megalomania.rules import PREP_SCROLLS, MegalomaniaRules

StateT = TypeVar("StateT", bound=MegalomaniaRules)
HAND, OUT, DOWN, PILE = range(4)


def resample(state: StateT, player: int, rng: Rng) -> StateT:
    """A clone of ``state`` with everything hidden from ``player`` redrawn (see the module docstring)."""
    world = sampling.world(state, rng)
    n = state.players
    n1 = n + 1
    p = player
    known = state.known
    slots: list[tuple[int, int]] = []  # (kind, seat) of each place cards are dealt to
    sizes: list[int] = []
    allowed: list[int] = []
    pool = 0
    hidden_of = [0] * n
    for q in range(n):
        if q == p:
            continue
        hidden = state.hands[q] & ~(known[p * n1 + q] | state.shown[q])
        hidden_of[q] = hidden
        pool |= hidden
        slots.append((HAND, q))
        sizes.append(hidden.bit_count())
        allowed.append(~state.lacks[q])
    hidden_out = state.out & ~known[p * n1 + n]
    pool |= hidden_out
    slots.append((OUT, -1))
    sizes.append(hidden_out.bit_count())
    allowed.append(-1)
    for q in range(n):
        if state.downs[q]:
            pool |= state.downs[q]
            slots.append((DOWN, q))
            sizes.append(state.downs[q].bit_count())
            allowed.append(-1)
        if state.draw_piles[q]:
            pool |= mask_of(state.draw_piles[q])
            slots.append((PILE, q))
            sizes.append(len(state.draw_piles[q]))
            allowed.append(-1)
    assigned = sampling.deal(pool, sizes, rng, allowed)
    if assigned is None:  # cannot happen while the knowledge masks are true facts; keep the live deal
        assigned = []
        slots = []
    under = list(state.under)
    # copy-on-write lists (see MegalomaniaRules.clone) get their own copies before changing
    world.downs, world.draw_piles = world.downs.copy(), world.draw_piles.copy()
    world.program, world.chosen, world.scrolls = world.program.copy(), world.chosen.copy(), world.scrolls.copy()
    for (kind, q), mask in zip(slots, assigned, strict=True):
        if kind == HAND:
            world.hands[q] = (state.hands[q] & ~hidden_of[q]) | mask
        elif kind == OUT:
            world.out = (state.out & ~hidden_out) | mask
        elif kind == DOWN:
            world.downs[q] = mask
            downs = cards_of(mask)
            shuffle(rng, downs)  # which card lies under which face-up card
            for top, down in zip(cards_of(state.tops[q]), downs, strict=True):
                under[top] = down
        else:
            pile = cards_of(mask)
            shuffle(rng, pile)  # the pile's order
            world.draw_piles[q] = tuple(pile)
    # mission 18: only the current face-up cards' partners matter; the rest of the table would tell where
    # the cards beneath played ones went (into their owners' hidden hands)
    tops = 0
    for q in range(n):
        tops |= state.tops[q]
    world.under = tuple(u if tops >> c & 1 else -1 for c, u in enumerate(under)) if under else ()
    # what the other seats know (cards they passed or saw) is theirs, and would name cards in this world
    world.known = [k if v // n1 == p else 0 for v, k in enumerate(state.known)]
    _hidden_choices(state, world, p, rng)
    _hidden_scrolls(state, world, p, rng)
    _hidden_missions(state, world, p, rng)
    return world


def _hidden_choices(state: MegalomaniaRules, world: MegalomaniaRules, p: int, rng: Rng) -> None:
    """Other seats' programmed orders (15) and chosen piles or passes (24, 25), redrawn from their new hands."""
    for q in range(state.players):
        if q == p:
            continue
        if state.program[q]:
            hand = cards_of(world.hands[q])
            shuffle(rng, hand)
            world.program[q] = tuple(hand[:len(state.program[q])])
        if state.chosen[q]:
            hand = cards_of(world.hands[q])
            shuffle(rng, hand)
            world.chosen[q] = sum(1 << c for c in hand[:state.chosen[q].bit_count()])


def _hidden_preparation(state: MegalomaniaRules, world: MegalomaniaRules, p: int, rng: Rng) -> None:
    """Others' preparation, redrawn: it is simultaneous and secret until the reveal.

    All ``p`` saw of another seat is whether it is ready and how many scrolls it held when preparation began
    (``shown_scrolls``). So each other seat gets the scrolls it began with (from every scroll ``p`` has not
    seen), the preparation scrolls it used (each one it may use, with even odds; the First Lead claim,
    Insight, a Redeal's new scroll and the extra tokens follow from them) and, when it is ready, a uniform
    split of the round's tokens.
    """
    n = state.players
    others = [q for q in range(n) if q != p]
    public = list(state.scroll_used)
    secret = []  # others' uses in the discard pile, not yet revealed
    for s in (s for q in others for s in state.prep_used[q]):
        if s in public:  # else a Redeal's draw has already shuffled the discard pile back into the deck
            public.remove(s)
            secret.append(s)
    pool = sorted([*state.scroll_deck, *secret, *(s for q in others for s in state.scrolls[q])])
    shuffle(rng, pool)
    last_round = state.round_no >= state.game.options.rounds
    resources = state.game.options.resources
    used_now: list[int] = []
    claims = state.first_claims & (1 << p)
    insight = world.insight.copy()
    world.prep_used = world.prep_used.copy()
    for q in others:
        began, pool = pool[:state.shown_scrolls[q]], pool[state.shown_scrolls[q]:]
        held: list[int] = []
        used: list[int] = []
        for s in began:
            usable = (s in PREP_SCROLLS and not (s == C.INSIGHT and last_round)) or s == C.REDEAL
            (used if usable and rng.below(2) else held).append(s)
        crystals = cubes = 0
        for s in used:
            if s == C.EXTRA_CRYSTAL:
                crystals += 1
            elif s == C.EXTRA_CUBE:
                cubes += 1
            elif s == C.DOUBLE_CUBE:
                cubes += 2
            elif s == C.FIRST_LEAD:
                claims |= 1 << q
            elif s == C.REDEAL and not state.out and pool:
                held.append(pool.pop(0))  # with no card out of play a Redeal draws a new scroll
        if C.INSIGHT in used:
            insight[q] = state.round_no
        elif insight[q] == state.round_no:
            insight[q] = -1
        if q not in state.actors:  # ready: it took a split of the round's tokens
            k = rng.below(resources + 1)
            crystals, cubes = crystals + k, cubes + resources - k
        world.crystals[q], world.cubes[q] = crystals, cubes
        world.scrolls[q] = tuple(held)
        world.prep_used[q] = tuple(used)
        used_now += used
    world.first_claims = claims
    world.insight = insight
    world.scroll_used = (*public, *used_now)
    world.scroll_deck = tuple(pool)


def _hidden_scrolls(state: MegalomaniaRules, world: MegalomaniaRules, p: int, rng: Rng) -> None:
    """The scrolls others hold and the deck's order: redealt, each seat keeping its (public) count."""
    if state.phase == Phase.PREPARATION:
        _hidden_preparation(state, world, p, rng)
        return
    pool = list(state.scroll_deck)
    for q in range(state.players):
        if q != p:
            pool.extend(state.scrolls[q])
    pool.sort()  # canonical: the draw must not depend on the live state's hidden order
    shuffle(rng, pool)
    for q in range(state.players):
        if q != p:
            k = len(state.scrolls[q])
            world.scrolls[q] = tuple(pool[:k])
            pool = pool[k:]
    world.scroll_deck = tuple(pool)


def _hidden_missions(state: MegalomaniaRules, world: MegalomaniaRules, p: int, rng: Rng) -> None:
    """Missions not yet revealed to ``p`` (nor fixed by option ``mission_order``) come in a new order."""
    fixed = max(state.round_no, len(state.game.options.mission_order))
    if state.insight[p] == state.round_no:
        fixed = max(fixed, state.round_no + 1)
    rest = sorted(state.mission_deck[fixed:])  # canonical, as above
    shuffle(rng, rest)
    world.mission_deck = (*state.mission_deck[:fixed], *rest)
