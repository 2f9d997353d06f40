"""Resampling: a world in which everything hidden from one player is redrawn, consistent with what they know.

Hidden from ``player``: the other hands (their sizes are public) and the deck order, plus other players'
pending secret choices, what the other players know, and the future of the random generator.
Kept: every fact of ``player``'s knowledge record (a card known in a hand stays there, a card known in
the deck keeps its depth) and every ``lacks`` mask (a player who busted for want of a fitting card is
dealt no fitting card, except cards ``player`` knows they received since); a Follower whose turn it is
gets a fitting card. See rules.py, "What each seat knows", for how the record stays true.

The unknown cards are dealt by the engine's constrained sampler (``engine/sampling.py``): one slot per
other hand (avoiding its ``lacks`` mask; the Follower to play gets a fitting card) and one for the deck
cards ``player`` cannot place; with nothing constraining the deal (the usual case) it is one uniform shuffle
of the unknown cards from 4-5 engine draws (``_shuffle``), cut into the hands and the deck. The other seats'
knowledge records are emptied in the world. Hands and tableaus come out sorted, so a world depends only on
``player``'s observation and the seed.
"""

from __future__ import annotations

import math
from typing import TypeVar

from tricktable.engine import Rng, sampling
from tricktable.engine.cards import cards_of, mask_of
from tricktable.games.trickster.cards import ALL_MASK, DECK
from tricktable.games.trickster.effects import ARCHIVIST_TAKE, MAGICIAN_TAKE
from tricktable.games.trickster.rules import EFFECT, OVER, TRICK, TricksterRules, fitting_mask

T = TypeVar("T", bound=TricksterRules)


def resample(state: T, player: int, rng: Rng) -> T:
    world = sampling.world(state, rng)
    if not state.heroes or state.phase == OVER:
        return world
    facts = state.know[player]
    lacks = state.lacks[player]
    others = [q for q in range(state.players) if q != player]
    kept: dict[int, list[int]] = {}
    sizes: list[int] = []
    if facts:
        free_positions = [i for i, c in enumerate(state.deck) if facts.get(c) != DECK]
        pool = [state.deck[i] for i in free_positions]
        for q in others:
            kept[q] = sorted(c for c in state.hands[q] if facts.get(c) == q)
            pool.extend(c for c in state.hands[q] if facts.get(c) != q)
            sizes.append(len(state.hands[q]) - len(kept[q]))
    else:  # nothing known: every other hand card and every deck place is redrawn
        free_positions = list(range(len(state.deck)))
        pool = state.deck.copy()
        for q in others:
            kept[q] = []
            pool.extend(state.hands[q])
            sizes.append(len(state.hands[q]))
    pool.sort()  # the draw depends on the observation and the seed only, not on the live state's order
    sizes.append(len(free_positions))  # the last slot: the deck cards whose depth ``player`` cannot follow
    allowed = [ALL_MASK & ~lacks[q] for q in others] + [ALL_MASK]
    # a Follower whose turn it is holds a fitting card: they were not busted, which everyone saw
    must: tuple[int, int] | None = None
    if state.phase == TRICK and state.turn >= 2 and state.order[state.turn] != player:
        follower = state.order[state.turn]
        fitting = fitting_mask(state.pattern, state.lead_card, state.check_suits, state.check_heroes)
        if not any((fitting >> c) & 1 for c in kept[follower]):
            must = (others.index(follower), fitting)
    dealt = _deal(pool, sizes, allowed, must, rng)
    if dealt is not None:  # None: the constraints contradict (never seen): the true hidden cards stand
        hands, deck = dealt
        for q, hand in zip(others, hands, strict=True):
            world.hands[q] = kept[q] + hand
        world.deck = world.deck.copy()  # copy-on-write (shared with the live state)
        for i, c in zip(free_positions, deck, strict=True):
            world.deck[i] = c
    for q in range(state.players):
        world.hands[q].sort()
    world.tableaus = [sorted(t) for t in world.tableaus]
    _redraw_secret_choices(world, player, rng)
    # what the other seats know is hidden from ``player`` too (and would not fit this world): forget it
    for o in others:
        world.know[o] = {}
        world.lacks[o] = [0] * state.players
    return world


# 64-bit draws that make a shuffle of ``size`` items: at least 64 bits more than log2(size!), so the
# mixed-radix digits below are uniform within 2**-64 (56 cards, the most a pool holds: 5 draws)
_DRAWS = [math.ceil((math.lgamma(size + 1) / math.log(2) + 64) / 64) for size in range(57)]


def _shuffle(rng: Rng, items: list[int]) -> None:
    """Fisher-Yates in place from a few 64-bit draws (``_DRAWS``), read as mixed-radix digits: 4-5 engine
    draws for the 30-50 hidden cards of a world, where a draw per card cost 30-50 (the engine's
    ``sampling.shuffle`` does the same with 3 draws, for up to 32 items)."""
    size = len(items)
    if size <= 32 or size >= len(_DRAWS) or rng.outside:
        sampling.shuffle(rng, items)
        return
    x = 0
    for _ in range(_DRAWS[size]):
        x = x << 64 | rng.next64()
    for i in range(size - 1):
        x, j = divmod(x, size - i)
        j += i
        items[i], items[j] = items[j], items[i]


def _deal(pool: list[int], sizes: list[int], allowed: list[int], must: tuple[int, int] | None,
          rng: Rng) -> tuple[list[list[int]], list[int]] | None:
    """The cards of ``pool`` dealt to the other hands (``sizes``, each within ``allowed``) and, in a random
    order, to the deck places (the last size): one shuffle cut into hands when nothing constrains the deal
    (the usual case, and uniform), else the engine's constrained deal."""
    if must is None and all(a == ALL_MASK for a in allowed):
        cards = pool.copy()
        _shuffle(rng, cards)
        hands, start = [], 0
        for size in sizes[:-1]:
            hands.append(cards[start:start + size])
            start += size
        return hands, cards[start:]
    dealt = sampling.deal(mask_of(pool), sizes, rng, allowed, must=must)
    if dealt is None:
        return None
    deck = cards_of(dealt[-1])
    _shuffle(rng, deck)
    return [cards_of(hand) for hand in dealt[:-1]], deck


def _redraw_secret_choices(world: TricksterRules, player: int, rng: Rng) -> None:
    """Other players' pending secret picks (opening card, Nomad pass, a Magician's or Archivist's hand card)
    are hidden too: redraw each from that player's (resampled) hand."""
    world.choice = world.choice.redrawn(player, lambda q: rng.choice(world.hands[q]))
    if world.phase == EFFECT and world.step in (MAGICIAN_TAKE, ARCHIVIST_TAKE) and world.fx_player != player:
        world.fx_card = rng.choice(world.hands[world.fx_player])
