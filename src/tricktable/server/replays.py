"""The move list of a replay, as one seat saw the game: each move in the words of the log lines that seat
was shown, so another seat's secret move (a programmed card, a pass, a secret opening card) stays
hidden; and the moves at which each round and each trick began, to jump to.

A finished game never changes, so each (table, seat, language) list is built once and kept.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from tricktable.engine import Action, Event, GameRecord

# the event that closes a trick: Megalomania logs "trick_won", Trickster "trick", Masquerade "take" (its turn)
TRICK_ENDS = frozenset({"trick_won", "trick", "take"})
_CACHE: OrderedDict[tuple[str, int | None, str], dict[str, Any]] = OrderedDict()
_KEEP = 64


def replay_moves(key: str, record: GameRecord, seat: int | None, words: str,
                 event_text: Callable[[Event], str], action_text: Callable[[Action], str]) -> dict[str, Any]:
    """``{"actions": [{"seat", "action", "label", "hidden"}], "marks": [{"step", "round", "trick"}]}``.

    ``seat`` None: every move in full (the game is over, a replay of all hands). A move of another seat
    that showed ``seat`` nothing has ``hidden: true`` and no action text. ``event_text``/``action_text``
    put events and actions in words (the caller's language and names); ``words`` names them for the cache.
    """
    cache_key = (key, seat, words)
    hit = _CACHE.get(cache_key)
    if hit is not None:
        _CACHE.move_to_end(cache_key)
        return hit
    state = record.replay(0)
    game = state.game
    actions: list[dict[str, Any]] = []
    marks: list[dict[str, Any]] = [{"step": 0, "round": state.round, "trick": 1}]
    trick = 1
    for step, (player, text) in enumerate(record.actions, start=1):
        before = len(state.events)
        label = action_text(game.parse_action(text))
        state.apply(text, player)
        fresh = state.events[before:]
        if seat is None or player == seat:
            actions.append({"seat": player, "action": text, "label": label, "hidden": False})
        else:
            seen = [event_text(e) for e in fresh if e.is_visible_to(seat)]
            shown = "; ".join(seen)
            actions.append({"seat": player, "action": text if shown else "", "label": shown, "hidden": not shown})
        if state.round != marks[-1]["round"]:
            trick = 1
            marks.append({"step": step, "round": state.round, "trick": trick})
        elif any(e.kind in TRICK_ENDS for e in fresh) and not state.is_over:
            trick += 1
            marks.append({"step": step, "round": state.round, "trick": trick})
    out = {"actions": actions, "marks": marks}
    _CACHE[cache_key] = out
    while len(_CACHE) > _KEEP:
        _CACHE.popitem(last=False)
    return out
