"""One ``Game`` object (the rules with their options) shared by every table that plays it.

A ``Game`` is built once for its options (its whole action table: a thousand ``Action`` objects for
Trickster) and never changes afterwards, apart from memos that hold the same answers for everyone; states
only read it. The server used to build one per table and per reload: a hundred tables held a hundred
action tables, which the garbage collector scanned on every full collection (the longest pauses of the
event loop under load). ``rules`` keeps the games by (name, players, options) and ``replay`` plays a
stored record on them.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from tricktable.engine import Game, GameRecord, State, load_game


@functools.lru_cache(maxsize=256)
def _rules(name: str, players: int, options: str) -> Game[Any]:
    return load_game(name, players, **json.loads(options))


def rules(name: str, players: int, options: dict[str, Any]) -> Game[Any]:
    """``load_game(name, players, **options)``, the same object every time for the same options."""
    try:
        key = json.dumps(options, sort_keys=True)
    except (TypeError, ValueError):  # not JSON data (a caller's own objects): a game of its own
        return load_game(name, players, **options)
    return _rules(name, players, key)


def replay(record: dict[str, Any]) -> State:
    """The state after a stored record's actions (each checked), as ``GameRecord.replay`` but on the shared game."""
    parsed = GameRecord.from_json(record)
    state = rules(parsed.game, parsed.players, parsed.options).new_state(parsed.seed)
    for player, text in parsed.actions:
        state.apply(text, player)
    return state
