"""Resampling (rules: What each player knows): redraw what one seat cannot see, consistent with what it knows.

Hidden from seat ``p``: the other hands and the out-of-game cards. Known to everyone, and kept:
- a withdrawn card stays in its hand until played (``known``);
- a failed challenge proved the challenged player held nothing that followed then (``void``); hands only
  lose cards afterwards (a withdrawn card was in the hand before), so the void lasts the whole game;
- while a successful challenge awaits its re-play, the challenged player holds a following card.
With ``challenge_order=together`` the answers others have already given in an open window are secret
too: each is redrawn, challenge or pass equally likely.
Hand sizes and the size of the out-of-game pile are public and kept.

The draw: with at most one constrained hand, an exact uniform draw; otherwise plain shuffles until one
fits (uniform), then greedy draws (cards only one hand may hold first, then the hand with the least
slack), and as a last resort the true deal mixed by random allowed swaps, which always fits.
"""

from __future__ import annotations

import random
from typing import TypeVar

from tricktable.engine import Rng
from tricktable.games.masquerade.cards import Mask, cards_of, mask_of
from tricktable.games.masquerade.phases import Phase
from tricktable.games.masquerade.rules import MasqueradeRules

StateT = TypeVar("StateT", bound=MasqueradeRules)

SHUFFLES = 4   # plain shuffles tried first: uniform whenever one fits
GREEDY = 24    # then most-constrained-first draws
SWAPS = 400    # last resort: the true deal, mixed by random allowed swaps


def resample(state: StateT, player: int, rng: Rng) -> StateT:
    """A clone of ``state`` with every card hidden from ``player`` redrawn (see the module docstring)."""
    n = state.players
    out_seat = n  # the out-of-game pile is one more holder
    holders = [q for q in range(n) if q != player] + [out_seat]
    free = {q: state.hands[q] & ~state.known[q] for q in range(n) if q != player}
    free[out_seat] = state.out
    pool = 0
    for mask in free.values():
        pool |= mask
    need = {q: mask.bit_count() for q, mask in free.items()}
    allowed = {q: pool & ~state.void[q] for q in range(n) if q != player}
    allowed[out_seat] = pool
    must_seat, must_mask = -1, 0
    if state.phase is Phase.MUST_FOLLOW and state.challenged != player:
        follow = state.follow_mask()
        if not state.known[state.challenged] & follow:  # an earlier withdrawn card may already follow
            must_seat, must_mask = state.challenged, follow

    # one draw from the engine's generator seeds a C-speed one: our SplitMix64 shuffle, in pure Python,
    # was most of the cost of a resample (the draws stay a function of ``rng`` alone)
    rnd = random.Random(rng.next64())
    deal = _draw(holders, pool, need, allowed, must_seat, must_mask, rnd)
    if deal is None:
        deal = _mix(free, allowed, must_seat, must_mask, rnd)
    world = state.clone()
    if state.together:
        # others' answers in a challenge window answered together are secret: redrawn, each way equally likely
        answered = [q for q in range(n) if q not in (player, state.challenged_seat()) and q not in state.offers]
        mine = (player,) if player in state.claims else ()
        world.claims = mine + tuple(q for q in answered if rnd.random() < 0.5)
    for q, mask in deal.items():
        if q == out_seat:
            world.out = mask
        else:
            world.hands[q] = state.known[q] | mask
    return world


def _shuffled(cards: list[int], rnd: random.Random) -> list[int]:
    """``cards`` in a uniformly random order (sorting by random keys: one C call a card)."""
    keys = [rnd.random() for _ in cards]
    return [c for _, c in sorted(zip(keys, cards, strict=True))]


def _fits(deal: dict[int, Mask], allowed: dict[int, Mask], must_seat: int, must_mask: Mask) -> bool:
    if any(mask & ~allowed[q] for q, mask in deal.items()):
        return False
    return must_seat < 0 or bool(deal[must_seat] & must_mask)


def _draw(holders: list[int], pool: Mask, need: dict[int, int], allowed: dict[int, Mask], must_seat: int,
          must_mask: Mask, rnd: random.Random) -> dict[int, Mask] | None:
    """A random deal of ``pool`` that fits, or None when these tries all fail.

    With at most one constrained holder the greedy draw is exactly uniform over the deals that fit (that
    holder gets a uniform subset of what it may hold, the rest a uniform split), so it is used at once;
    with several, plain shuffles (uniform when one fits) come first, then greedy draws.
    """
    constrained = sum(1 for q in holders if allowed[q] != pool)
    if must_seat < 0 and constrained <= 1:
        return _greedy(holders, pool, need, allowed, must_seat, must_mask, rnd)
    cards = list(cards_of(pool))
    for _ in range(SHUFFLES):
        cards = _shuffled(cards, rnd)
        deal, start = {}, 0
        for q in holders:
            deal[q] = mask_of(cards[start:start + need[q]])
            start += need[q]
        if _fits(deal, allowed, must_seat, must_mask):
            return deal
    for _ in range(GREEDY):
        served = _greedy(holders, pool, need, allowed, must_seat, must_mask, rnd)
        if served is not None:
            return served
    return None


def _greedy(holders: list[int], pool: Mask, need: dict[int, int], allowed: dict[int, Mask], must_seat: int,
            must_mask: Mask, rnd: random.Random) -> dict[int, Mask] | None:
    """Serve the most constrained holders first, each from the cards it may hold (None at a dead end)."""
    deal = {q: 0 for q in holders}
    remaining = pool
    wanted = dict(need)
    if must_seat >= 0:
        options = list(cards_of(remaining & allowed[must_seat] & must_mask))
        if not options or not wanted[must_seat]:
            return None
        card = options[int(rnd.random() * len(options))]
        deal[must_seat] |= 1 << card
        remaining &= ~(1 << card)
        wanted[must_seat] -= 1
    # cards that only one holder still wanting cards may hold go to it (e.g. the only seat not void in black)
    changed = True
    while changed:
        changed = False
        active = [q for q in holders if wanted[q]]
        for q in active:
            others = 0
            for r in active:
                if r != q and wanted[r]:
                    others |= allowed[r]
            forced = remaining & allowed[q] & ~others
            if forced:
                if forced.bit_count() > wanted[q]:
                    return None
                deal[q] |= forced
                remaining &= ~forced
                wanted[q] -= forced.bit_count()
                changed = True
    # then the holder with the least slack first, each time, from the cards it may hold
    order = _shuffled([q for q in holders if allowed[q] != pool and wanted[q]], rnd)
    while order:
        q = min(order, key=lambda h: (allowed[h] & remaining).bit_count() - wanted[h])
        order.remove(q)
        options = list(cards_of(remaining & allowed[q]))
        if len(options) < wanted[q]:
            return None
        chosen = mask_of(_shuffled(options, rnd)[:wanted[q]])
        deal[q] |= chosen
        remaining &= ~chosen
        wanted[q] = 0
    rest = _shuffled(list(cards_of(remaining)), rnd)
    start = 0
    for q in holders:
        if wanted[q]:
            deal[q] |= mask_of(rest[start:start + wanted[q]])
            start += wanted[q]
    return deal


def _mix(free: dict[int, Mask], allowed: dict[int, Mask], must_seat: int, must_mask: Mask,
         rnd: random.Random) -> dict[int, Mask]:
    """The true deal (which always fits) mixed by random swaps that keep it fitting."""
    owner = {c: q for q, mask in free.items() for c in cards_of(mask)}
    cards = list(owner)
    if len(cards) >= 2:
        for _ in range(SWAPS):
            a, b = cards[int(rnd.random() * len(cards))], cards[int(rnd.random() * len(cards))]
            qa, qb = owner[a], owner[b]
            if qa == qb or not (allowed[qa] >> b & 1 and allowed[qb] >> a & 1):
                continue
            owner[a], owner[b] = qb, qa
            if must_seat >= 0 and not any(owner[c] == must_seat for c in cards if must_mask >> c & 1):
                owner[a], owner[b] = qa, qb
    deal = dict.fromkeys(free, 0)
    for c, q in owner.items():
        deal[q] |= 1 << c
    return deal
