"""Tournaments: many games between a line-up of bots, as duplicate deals, spread over processes.

Duplicate deals: each deal (a seed) is played once per rotation of the line-up, so every bot meets the
same cards from every seat and luck of the deal cancels out of the comparisons. Game ``i`` plays deal
``seed + i // players`` with rotation ``i % players``: seat ``s`` gets ``lineup[(s + rotation) % players]``.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from tricktable.bots import SeatView, make_bot
from tricktable.bots.base import own_seed
from tricktable.engine import load_game
from tricktable.sim.facts import facts_of
from tricktable.sim.outcome import Outcome

T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Match:
    """One game to play: a deal, a rotation, and the bot name at each seat."""

    index: int
    game: str
    players: int
    options: dict[str, Any]
    deal: int
    seed: int
    rotation: int
    bots: tuple[str, ...]
    variant: int = 0  # a lab study's variant (``sim.study``): its options are ``options``
    bot_key: int = 0  # the bots' seeds come from it (``bots.base.own_seed``), never from ``seed``


def schedule(game: str, lineup: Sequence[str], games: int, seed: int = 0,
             options: dict[str, Any] | None = None, *, rotate: bool = True, bot_key: int = 0) -> list[Match]:
    """The matches of a duplicate tournament: ``games`` rounded up to whole deals (one game per rotation).

    ``rotate=False`` plays each deal once, unrotated (for a line-up of one bot, where rotations only
    repeat the deal). ``bot_key`` keys the bots' seeds (``bot_seeds``)."""
    players = len(lineup)
    per_deal = players if rotate else 1
    deals = max(1, -(-games // per_deal))
    matches = []
    for index in range(deals * per_deal):
        deal, rotation = divmod(index, per_deal)
        bots = tuple(lineup[(s + rotation) % players] for s in range(players))
        matches.append(Match(index, game, players, dict(options or {}), deal, seed + deal, rotation, bots,
                             bot_key=bot_key))
    return matches


def play(match: Match) -> Outcome:
    """Play one match to the end. Each bot sees only its seat's view; simultaneous choices are all made
    before any is applied."""
    start = time.perf_counter()
    state = load_game(match.game, match.players, **match.options).new_state(match.seed)
    n = match.players
    bots = [make_bot(name, seed) for name, seed in zip(match.bots, bot_seeds(match), strict=True)]
    decisions, think, slowest, iterations = [0] * n, [0.0] * n, [0.0] * n, [0] * n
    while not state.is_over:
        picks = []
        for seat in state.actors:
            begin = time.perf_counter()
            picks.append((seat, bots[seat].choose(SeatView(state, seat))))
            spent = time.perf_counter() - begin
            decisions[seat] += 1
            think[seat] += spent
            slowest[seat] = max(slowest[seat], spent)
            iterations[seat] += getattr(bots[seat], "last_iterations", 0)
        for seat, action in picks:
            state.apply(action, seat)
    return Outcome(match.index, match.deal, match.seed, match.rotation, list(match.bots), state.scores(),
                   state.winners(), state.record(), time.perf_counter() - start, decisions, think, slowest,
                   facts_of(match.game, state.observe(None)), iterations, match.variant)


def bot_seeds(match: Match) -> list[int]:
    """Each seat's bot seed: from the bots' key, the deal and the bot's line-up place (not its seat: the
    rotations of a deal replay its luck), never from the table's seed, which rebuilds every hand."""
    n = match.players
    return [own_seed(match.bot_key, match.deal, (s + match.rotation) % n) for s in range(n)]


def run(matches: Sequence[Match], workers: int | None = None,
        progress: Callable[[Outcome], None] | None = None) -> list[Outcome]:
    """Play every match, on ``workers`` processes (default: every core; 1 plays in this process).

    ``progress`` is called with each outcome as it arrives. The result is in match order.
    """
    workers = workers or os.cpu_count() or 1
    outcomes: list[Outcome] = []
    for outcome in _outcomes(matches, workers):
        outcomes.append(outcome)
        if progress is not None:
            progress(outcome)
    outcomes.sort(key=lambda o: o.index)
    return outcomes


def _outcomes(matches: Sequence[Match], workers: int) -> Iterator[Outcome]:
    if workers <= 1 or len(matches) <= 1:
        yield from map(play, matches)
        return
    with _pool(min(workers, len(matches))) as pool:
        yield from pool.imap_unordered(play, matches)


def _pool(workers: int) -> Any:
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    return context.Pool(workers)


def parallel_map(function: Callable[[T], R], items: Sequence[T], workers: int) -> list[R]:
    """``[function(x) for x in items]`` on ``workers`` processes (in order; 1: in this process)."""
    if workers <= 1 or len(items) <= 1:
        return [function(x) for x in items]
    with _pool(min(workers, len(items))) as pool:
        return list(pool.map(function, items, chunksize=max(1, len(items) // (8 * workers))))
