"""Bots at the web table: which levels exist, and the worker function that thinks for a seat.

Bots think in worker processes (``make_executor``), never on the event loop. A worker receives only the
game record, the seat and the bot's level and seed; it replays the record and builds the seat's
``SeatView`` (observation, legal actions, resampler), which is all the bot sees. The worker is trusted
server code, so holding the full state there is fine: the bot itself never reads it.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import threading
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import cache
from typing import Any

from tricktable.bots import SeatView, make_bot
from tricktable.engine import State, TricktableError, game_class, load_game
from tricktable.engine.game import BOT_LEVELS
from tricktable.engine.registry import GAMES
from tricktable.engine.rng import is_secure
from tricktable.server.rules_cache import replay

# every level the bots issue names, weakest first (the engine's default ``Game.bot_levels``); ``levels()``
# keeps those make_bot knows
LEVELS = tuple(BOT_LEVELS)
# the default for new seats: the first of these that exists (quick and sensible)
PREFERRED = ("heuristic", "easy", "random")


@cache
def levels() -> tuple[str, ...]:
    """The bot levels this installation can build, weakest first."""
    found = []
    for name in LEVELS:
        try:
            make_bot(name, 0)
        except (ValueError, KeyError, TypeError, ImportError):
            continue
        found.append(name)
    return tuple(found)


@cache
def game_levels(game: str) -> tuple[str, ...]:
    """The levels ``game`` declares (``Game.bot_levels``) that can play it: a level whose bot fails on the
    game's first decision is left out."""
    found = []
    for name in (level for level in game_class(game).bot_levels if level in levels()):
        if name != "heuristic":
            found.append(name)  # search bots are game-agnostic; probing them would cost a search
            continue
        try:
            state = load_game(game, players=game_class(game).min_players).new_state(0)
            make_bot(name, 0).choose(SeatView(state, state.actors[0]))
        except Exception:  # any failure means: not for this game
            continue
        found.append(name)
    return tuple(found)


def default_level(game: str) -> str:
    """The level new seats of ``game`` get unless told otherwise."""
    known = game_levels(game)
    return next((name for name in PREFERRED if name in known), known[0] if known else "random")


def bot_seed(table_seed: int, step: int, seat: int) -> int:
    """A bot's seed for one decision: the same table, step and seat always think alike (also after a restart).

    For a live table's secure seed it is a keyed hash, so a bot's choices tell nothing of the table's seed."""
    if not is_secure(table_seed):
        return (table_seed * 1_000_003 + step * 7919 + seat * 104_729) % 2**32
    key = table_seed.to_bytes(64, "big").lstrip(b"\0")
    digest = hashlib.blake2b(f"{step}/{seat}".encode(), key=key, digest_size=4, person=b"tricktable-bot").digest()
    return int.from_bytes(digest, "big")


# per worker process: a table's key -> (its record's header, the actions applied, the state after them)
_STATES: OrderedDict[str, tuple[dict[str, Any], list[Any], State]] = OrderedDict()
KEEP_STATES = 512


def think(record: dict[str, Any], seat: int, level: str, seed: int, key: str = "") -> str:
    """The action text that a ``level`` bot chooses for ``seat`` after ``record``. Runs in a worker.

    ``key`` names the table: the worker keeps the last state it built for it and applies only the actions
    taken since (the state is the same as a replay's: the engine is deterministic), so a move costs its
    own actions, not a replay of the whole game."""
    state = _state_after(record, key)
    if seat not in state.actors:
        raise TricktableError(f"seat {seat} has no decision to make")
    action = make_bot(level, seed).choose(SeatView(state.clone(), seat))
    return action.text


def _state_after(record: dict[str, Any], key: str) -> State:
    taken = record.get("actions") or []
    header = {name: value for name, value in record.items() if name != "actions"}
    cached = _STATES.pop(key, None) if key else None
    if cached is not None and cached[0] == header and taken[:len(cached[1])] == cached[1]:
        state = cached[2]
        for player, text in taken[len(cached[1]):]:
            state.apply(str(text), int(player))
    else:
        state = replay(record)
    if key:
        _STATES[key] = (header, [list(pair) for pair in taken], state)  # the bot is given a copy
        while len(_STATES) > KEEP_STATES:
            _STATES.popitem(last=False)
    return state


def _register(games: dict[str, str]) -> None:
    """Worker initializer: the same game registry as the server (tests register toy games), and a watch on
    the server: a worker exits when the server process dies, even killed outright, so none is left behind."""
    GAMES.update(games)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_with, args=(parent,), daemon=True, name="watch-server").start()


def _exit_with(parent: Any) -> None:
    parent.join()
    os._exit(0)


def make_executor(workers: int) -> Executor:
    """A pool of ``workers`` processes for bot thinking; ``0`` gives one thread instead (tests, tiny hosts).

    Processes are spawned, not forked: the server has threads (database calls) that a fork would copy mid-step.
    """
    if workers <= 0:
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_register, initargs=(dict(GAMES),))


def stop_executor(executor: Executor) -> None:
    """Stop a bot pool now: a move still being thought is dropped (it is thought again after a restart).

    Worker processes are terminated and joined, so none outlives the server, even mid-search.
    """
    processes: list[Any] = []
    if isinstance(executor, ProcessPoolExecutor):
        processes = list((getattr(executor, "_processes", None) or {}).values())
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(timeout=5)
    executor.shutdown(wait=True, cancel_futures=True)  # returns at once: the pool is broken, its queues closed
