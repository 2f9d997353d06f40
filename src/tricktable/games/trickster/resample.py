"""Resampling: a world in which everything hidden from one player is redrawn, consistent with what they know.

Hidden from ``player``: the other hands (their sizes are public) and the deck order, plus other players'
pending secret choices, what the other players know, and the future of the random generator.
Kept: every fact of ``player``'s knowledge record (a card known in a hand stays there, a card known in
the deck keeps its depth) and every ``lacks`` mask (a player who busted for want of a fitting card is
dealt no fitting card, except cards ``player`` knows they received since); a Follower whose turn it is
gets a fitting card. See rules.py, "What each seat knows", for how the record stays true.

The other seats' knowledge records are emptied in the world. Hands and tableaus come out sorted and the
pool is sorted before shuffling, so a world depends only on ``player``'s observation and the seed.
"""

from __future__ import annotations

from typing import TypeVar

from tricktable.engine import Rng
from tricktable.games.trickster.cards import DECK
from tricktable.games.trickster.effects import ARCHIVIST_TAKE, MAGICIAN_TAKE
from tricktable.games.trickster.rules import EFFECT, OVER, TRICK, TricksterRules, fitting_mask

T = TypeVar("T", bound=TricksterRules)
ATTEMPTS = 12  # random fills tried before falling back to the true (always consistent) hidden cards


def resample(state: T, player: int, rng: Rng) -> T:
    world = state.clone()
    world.rng = Rng(rng.next64())
    if not state.heroes or state.phase == OVER:
        return world
    facts = state.know[player]
    lacks = state.lacks[player]
    others = [q for q in range(state.players) if q != player]
    free_positions = [i for i, c in enumerate(state.deck) if facts.get(c) != DECK]
    pool = [state.deck[i] for i in free_positions]
    kept: dict[int, list[int]] = {}
    need: dict[int, int] = {}
    for q in others:
        kept[q] = sorted(c for c in state.hands[q] if facts.get(c) == q)
        pool.extend(c for c in state.hands[q] if facts.get(c) != q)
        need[q] = len(state.hands[q]) - len(kept[q])
    pool.sort()  # the draw depends on the observation and the seed only, not on the live state's order
    # the most constrained hands draw first, so a fill rarely runs out
    order = sorted(others, key=lambda q: -lacks[q].bit_count())
    # a Follower whose turn it is holds a fitting card: they were not busted, which everyone saw
    follower, fitting = -1, 0
    if state.phase == TRICK and state.turn >= 2 and state.order[state.turn] != player:
        follower = state.order[state.turn]
        fitting = fitting_mask(state.pattern, state.lead_card, state.check_suits, state.check_heroes)
        if any((fitting >> c) & 1 for c in kept[follower]):
            follower = -1
    filled = _fill(pool, order, need, lacks, rng, follower, fitting)
    if filled is not None:
        hands, rest = filled
        for q in others:
            world.hands[q] = kept[q] + hands[q]
        for i, c in zip(free_positions, rest, strict=True):
            world.deck[i] = c
    for q in range(state.players):
        world.hands[q].sort()
        world.tableaus[q].sort()
    _redraw_secret_choices(world, player, rng)
    # what the other seats know is hidden from ``player`` too (and would not fit this world): forget it
    for o in others:
        world.know[o] = {}
        world.lacks[o] = [0] * state.players
    return world


def _fill(pool: list[int], order: list[int], need: dict[int, int], lacks: list[int], rng: Rng,
          follower: int, fitting: int) -> tuple[dict[int, list[int]], list[int]] | None:
    """Deal ``need[q]`` cards of ``pool`` to each ``q`` avoiding ``lacks[q]``; the rest, shuffled, for the deck.

    ``follower`` (unless -1) must get at least one card of ``fitting``: tried by rejection first, then by
    dealing them one fitting card up front (a slight bias, only when fitting cards are scarce).
    """
    for attempt in range(ATTEMPTS):
        rest = pool.copy()
        rng.shuffle(rest)
        hands: dict[int, list[int]] = {q: [] for q in order}
        wants = dict(need)
        if follower >= 0 and attempt >= ATTEMPTS // 2:
            choices = [i for i, c in enumerate(rest) if (fitting >> c) & 1 and not (lacks[follower] >> c) & 1]
            if not choices:
                return None
            hands[follower].append(rest.pop(rng.choice(choices)))
            wants[follower] -= 1
        for q in order:
            mask, wanted = lacks[q], wants[q]
            if not mask:
                hands[q] += rest[:wanted]
                rest = rest[wanted:]
                continue
            took: list[int] = []
            left: list[int] = []
            for c in rest:
                if len(took) < wanted and not (mask >> c) & 1:
                    took.append(c)
                else:
                    left.append(c)
            if len(took) < wanted:
                break
            hands[q] += took
            rest = left
        else:
            if follower < 0 or any((fitting >> c) & 1 for c in hands[follower]):
                return hands, rest
    return None


def _redraw_secret_choices(world: TricksterRules, player: int, rng: Rng) -> None:
    """Other players' pending secret picks (opening card, Nomad pass, a Magician's or Archivist's hand card)
    are hidden too: redraw each from that player's (resampled) hand."""
    for q in range(world.players):
        if q != player and world.chosen[q] >= 0:
            world.chosen[q] = rng.choice(world.hands[q])
    if world.phase == EFFECT and world.step in (MAGICIAN_TAKE, ARCHIVIST_TAKE) and world.fx_player != player:
        world.fx_card = rng.choice(world.hands[world.fx_player])
