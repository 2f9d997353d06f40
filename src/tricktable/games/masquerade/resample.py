"""Resampling (rules: What each player knows): redraw what one seat cannot see, consistent with what it knows.

Hidden from seat ``p``: the other hands and the out-of-game cards. Known to everyone, and kept:
- a withdrawn card stays in its hand until played (``known``);
- a failed challenge proved the challenged player held nothing that followed then (``void``); hands only
  lose cards afterwards (a withdrawn card was in the hand before), so the void lasts the whole game;
- while a successful challenge awaits its re-play, the challenged player holds a following card.
With ``challenge_order=together`` the answers others have already given in an open window are secret
too: each is redrawn, challenge or pass equally likely.
Hand sizes and the size of the out-of-game pile are public and kept.

The draw is the engine's constrained deal (``engine.sampling.deal``): one slot per other hand and one for
the out-of-game cards, each allowed what its void permits, the challenged player's slot holding a
follower while a re-play is awaited.
"""

from __future__ import annotations

from typing import TypeVar

from tricktable.engine import Rng, sampling
from tricktable.games.masquerade.phases import MUST_FOLLOW
from tricktable.games.masquerade.rules import MasqueradeRules

StateT = TypeVar("StateT", bound=MasqueradeRules)


def resample(state: StateT, player: int, rng: Rng) -> StateT:
    """A world for ``player``: ``state`` with every card hidden from them redrawn (see the module docstring)."""
    world = sampling.world(state, rng)
    n = state.players
    others = [q for q in range(n) if q != player]
    free = [state.hands[q] & ~state.known[q] for q in others]
    pool = state.out
    for mask in free:
        pool |= mask
    sizes = [mask.bit_count() for mask in free] + [state.out.bit_count()]
    allowed = [pool & ~state.void[q] for q in others] + [pool]  # the out-of-game slot may hold anything
    must = None
    if state.phase is MUST_FOLLOW and state.challenged != player:
        follow = state.follow_mask()
        if not state.known[state.challenged] & follow:  # an earlier withdrawn card may already follow
            must = (others.index(state.challenged), follow)
    deal = sampling.deal(pool, sizes, rng, allowed, must=must)
    # the true deal fits every constraint, so an exact matching always finds one
    assert deal is not None, "the seats' knowledge contradicts itself"
    for q, mask in zip(others, deal, strict=False):
        world.hands[q] = state.known[q] | mask
    world.out = deal[-1]
    if state.choice.waiting:
        # others' answers in a challenge window answered together are secret: redrawn, each way equally likely
        world.choice = state.choice.redrawn(player, lambda q: rng.below(2))
    return world
