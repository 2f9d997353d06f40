"""What every game's ``resample`` shares: a world to redraw in, and the constrained deal.

``world(state, rng)`` is the clone a resample redraws: it carries seed 0, a fresh chance stream drawn from
``rng`` (so the live game's future draws stay as hidden as a hand), no history and no events (the log
names cards other seats saw). A game's ``resample`` starts from it and redraws what the seat cannot see.

``deal(pool, sizes, rng, allowed)`` deals the unknown cards into slots whose sizes are known (the other
hands, the cards out of play, a face-down pile), each card only where a constraint permits (a seat
known to be void in a colour gets none of it):

>>> from tricktable.engine.rng import Rng
>>> pool = 0b1111_1111                      # eight unknown cards, 0..7
>>> hands = deal(pool, [4, 4], Rng(1), [0b0000_1111 | 0b1111_0000, 0b1111_0000])
>>> [f"{h:08b}" for h in hands]             # the second hand may hold only cards 4..7
['00001111', '11110000']
>>> sorted(c for h in deal(pool, [3, 5], Rng(2)) for c in range(8) if h >> c & 1)
[0, 1, 2, 3, 4, 5, 6, 7]

The draw is uniform over the deals that fit when at most one slot is constrained; otherwise plain
shuffles come first (uniform whenever one fits), then greedy draws (cards only one slot may hold first,
then the slot with the least slack), then an exact matching, which finds a deal whenever one exists.
Every draw is a function of ``rng`` and the arguments alone, never of where the cards truly lie.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

from tricktable.engine.cards import Mask, cards_of, mask_of
from tricktable.engine.rng import COMPILED, Rng

try:
    from mypy_extensions import i64  # a machine word when compiled; a plain int otherwise
except ImportError:  # a plain install
    i64 = int  # type: ignore[misc]

if TYPE_CHECKING:
    from tricktable.engine.state import State

StateT = TypeVar("StateT", bound="State")
T = TypeVar("T")

SHUFFLES = 4   # plain shuffles tried first: uniform whenever one fits
GREEDY = 24    # then most-constrained-first draws


def world(state: StateT, rng: Rng) -> StateT:
    """A clone of ``state`` for a resample: seed 0, a chance stream drawn from ``rng``, no history, no events.

    The live state's history and events are set aside while it is cloned, so the clone copies nothing of
    the log (and costs the same at the end of a game as at the start), and the live state's log is not
    left marked as shared (``State._copy_base``).
    """
    history, events, shared = state.history, state.events, state._log_shared
    state.history, state.events = [], []
    try:
        twin = state.clone()
    finally:
        state.history, state.events, state._log_shared = history, events, shared
    twin.history, twin.events, twin._log_shared = [], [], False
    twin.seed = 0
    twin.rng = Rng(rng.next64())
    return twin


def shuffled(items: Sequence[T], rng: Rng) -> list[T]:
    """``items`` in a uniformly random order drawn from ``rng`` (a C-speed shuffle seeded by one draw)."""
    out = list(items)
    random.Random(rng.next64()).shuffle(out)
    return out


def shuffle(rng: Rng, items: list[T], first: int | None = None) -> None:
    """Fisher-Yates from three 64-bit draws (mixed radix; bias below 2**-70 for 32 items): a deal costs
    3 draws instead of 31, which matters in random playouts. With ``first``, only the first ``first``
    places are drawn (a uniform random sample in random order, which is all a deal needs)."""
    size = len(items)
    if rng.outside:  # chance answered from outside (engine/chance.py): card by card
        from tricktable.engine.chance import fisher_yates  # chance imports the engine's Rng: no cycle at load

        fisher_yates(rng, items, first)
        return
    if size > 32:
        rng.shuffle(items)
        return
    # The three draws as one 192-bit number x = a << 128 | b << 64 | c. Place i takes the index i + x % d,
    # with d the cards left, and x keeps the quotient x // d. x is held as six 32-bit limbs, most significant
    # first (each draw's halves: ``Rng._halves``, machine words when compiled), and divided limb by limb.
    # Up to four places are drawn per division, by span = d (d - 1) (d - 2) (d - 3): the remainder of x by
    # span holds their indices as mixed-radix digits, and x // span is what four divisions would leave.
    # So the indices are exactly those of dividing place by place, at a quarter of the divisions; and
    # every value stays below 2**52 (span is below 2**20), so the compiled build divides machine words.
    if not COMPILED:  # interpreted, one divmod of the whole 192-bit int a place is the cheapest: the same indices
        x = rng.next64() << 128 | rng.next64() << 64
        x |= rng.next64()
        for i in range(min(size - 1, size if first is None else first)):
            x, r = divmod(x, size - i)
            j = i + r
            items[i], items[j] = items[j], items[i]
        return
    l0, l1 = rng._halves()
    l2, l3 = rng._halves()
    l4, l5 = rng._halves()
    places: i64 = min(size - 1, size if first is None else first)
    place: i64 = 0
    while place < places:
        left: i64 = size - place
        span: i64 = left
        group: i64 = 1
        while group < 4 and place + group < places:
            span *= left - group
            group += 1
        cur: i64 = l0
        l0 = cur // span
        cur = (cur - l0 * span) << 32 | l1
        l1 = cur // span
        cur = (cur - l1 * span) << 32 | l2
        l2 = cur // span
        cur = (cur - l2 * span) << 32 | l3
        l3 = cur // span
        cur = (cur - l3 * span) << 32 | l4
        l4 = cur // span
        cur = (cur - l4 * span) << 32 | l5
        l5 = cur // span
        digits: i64 = cur - l5 * span  # x % span: the group's indices, the first place's lowest
        for _ in range(group):
            d: i64 = size - place
            rest: i64 = digits // d
            j = int(place + digits - rest * d)
            items[place], items[j] = items[j], items[place]
            digits = rest
            place += 1


def deal(pool: Mask, sizes: Sequence[int], rng: Rng, allowed: Sequence[Mask] | None = None, *,
         must: tuple[int, Mask] | None = None) -> list[Mask] | None:
    """The cards of ``pool`` dealt into slots: slot ``i`` gets ``sizes[i]`` cards, each in ``allowed[i]``
    (default: any); with ``must=(i, mask)`` slot ``i`` gets at least one card of ``mask`` (a player the
    table knows holds a card that follows). ``sum(sizes)`` must be the number of cards in ``pool``.

    Returns one mask per slot, or None when no deal fits (the constraints contradict each other).
    """
    n = len(sizes)
    if sum(sizes) != pool.bit_count():
        raise ValueError(f"{sum(sizes)} places for {pool.bit_count()} cards")
    allow = [pool] * n if allowed is None else [a & pool for a in allowed]
    must_slot, must_mask = must if must is not None else (-1, 0)
    constrained = sum(1 for a in allow if a != pool)
    if must_slot < 0 and not constrained:  # nothing known: one shuffle (3 engine draws) cut into the slots
        cards = cards_of(pool)
        shuffle(rng, cards)
        return _cut(cards, sizes)
    rnd = random.Random(rng.next64())  # one engine draw seeds a C-speed generator
    if must_slot < 0 and constrained <= 1:
        # exactly uniform: the constrained slot takes a uniform subset of what it may hold, the rest a uniform split
        return _greedy(pool, sizes, allow, must_slot, must_mask, rnd)
    cards = cards_of(pool)
    for _ in range(SHUFFLES):
        cards = _shuffled(cards, rnd)
        hands = _cut(cards, sizes)
        if _fits(hands, allow, must_slot, must_mask):
            return hands
    for _ in range(GREEDY):
        served = _greedy(pool, sizes, allow, must_slot, must_mask, rnd)
        if served is not None:
            return served
    return _match(pool, sizes, allow, must_slot, must_mask, rnd)


def _cut(cards: list[int], sizes: Sequence[int]) -> list[Mask]:
    """``cards`` cut in order into slots of ``sizes``."""
    hands, start = [], 0
    for size in sizes:
        hands.append(mask_of(cards[start:start + size]))
        start += size
    return hands


def _shuffled(cards: list[int], rnd: random.Random) -> list[int]:
    """``cards`` in a uniformly random order (sorting by random keys: one C call a card)."""
    keys = [rnd.random() for _ in cards]
    return [c for _, c in sorted(zip(keys, cards, strict=True))]


def _fits(hands: list[Mask], allow: list[Mask], must_slot: int, must_mask: Mask) -> bool:
    for hand, mask in zip(hands, allow, strict=True):
        if hand & ~mask:
            return False
    return must_slot < 0 or bool(hands[must_slot] & must_mask)


def _greedy(pool: Mask, sizes: Sequence[int], allow: list[Mask], must_slot: int, must_mask: Mask,
            rnd: random.Random) -> list[Mask] | None:
    """Serve the most constrained slots first, each from the cards it may hold (None at a dead end)."""
    n = len(sizes)
    hands = [0] * n
    remaining = pool
    wanted = list(sizes)
    if must_slot >= 0:
        options = cards_of(remaining & allow[must_slot] & must_mask)
        if not options or not wanted[must_slot]:
            return None
        card = options[int(rnd.random() * len(options))]
        hands[must_slot] = 1 << card
        remaining &= ~(1 << card)
        wanted[must_slot] -= 1
    # cards only one slot still wanting cards may hold go to it (the only seat not void in black)
    changed = True
    while changed:
        changed = False
        active = [i for i in range(n) if wanted[i]]
        for i in active:
            others = 0
            for j in active:
                if j != i and wanted[j]:
                    others |= allow[j]
            forced = remaining & allow[i] & ~others
            if forced:
                k = forced.bit_count()
                if k > wanted[i]:
                    return None
                hands[i] |= forced
                remaining &= ~forced
                wanted[i] -= k
                changed = True
    # then the slot with the least slack first, each time, from the cards it may hold
    order = _shuffled([i for i in range(n) if allow[i] != pool and wanted[i]], rnd)
    while order:
        i = min(order, key=lambda h: (allow[h] & remaining).bit_count() - wanted[h])
        order.remove(i)
        options = cards_of(remaining & allow[i])
        if len(options) < wanted[i]:
            return None
        chosen = mask_of(_shuffled(options, rnd)[:wanted[i]])
        hands[i] |= chosen
        remaining &= ~chosen
        wanted[i] = 0
    rest = _shuffled(cards_of(remaining), rnd)
    start = 0
    for i in range(n):
        if wanted[i]:
            hands[i] |= mask_of(rest[start:start + wanted[i]])
            start += wanted[i]
    return hands


def _match(pool: Mask, sizes: Sequence[int], allow: list[Mask], must_slot: int, must_mask: Mask,
           rnd: random.Random) -> list[Mask] | None:
    """An exact matching of cards to places in a random order (found whenever a deal fits), else None."""
    cards = _shuffled(cards_of(pool), rnd)
    if must_slot < 0:
        return _kuhn(cards, sizes, allow)
    if not sizes[must_slot]:
        return None
    fewer = list(sizes)
    fewer[must_slot] -= 1
    for first in [c for c in cards if (allow[must_slot] & must_mask) >> c & 1]:
        hands = _kuhn([c for c in cards if c != first], fewer, allow)
        if hands is not None:
            hands[must_slot] |= 1 << first
            return hands
    return None


def _kuhn(cards: list[int], sizes: Sequence[int], allow: list[Mask]) -> list[Mask] | None:
    """Kuhn's augmenting paths: every card to a place of a slot that allows it, or None."""
    places = [i for i, size in enumerate(sizes) for _ in range(size)]
    owner: dict[int, int] = {}  # place -> card

    def augment(card: int, seen: set[int]) -> bool:
        for place, slot in enumerate(places):
            if place in seen or not allow[slot] >> card & 1:
                continue
            seen.add(place)
            if place not in owner or augment(owner[place], seen):
                owner[place] = card
                return True
        return False

    for card in cards:
        if not augment(card, set()):
            return None
    hands = [0] * len(sizes)
    for place, card in owner.items():
        hands[places[place]] |= 1 << card
    return hands
