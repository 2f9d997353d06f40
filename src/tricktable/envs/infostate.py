"""Compact, canonical text of what a seat knows: OpenSpiel's observation and information-state strings.

``position_text(view)`` writes one observation (the position: hand, table, piles, scores, whose turn;
``tricktable.envs.encoding.asked_view``) as ``key=value`` lines in sorted key order, values without JSON
punctuation. ``information_state_text`` is the seat's perfect recall: that position, then every event the
seat has seen, one line each in the order they happened, with the seat's own actions interleaved where
it took them (``> play R11``). Two histories give the same text exactly when the seat saw the same
things in the same order and acted the same way: the text is the seat's information state.

Events are those ``Event.is_visible_to`` the seat — the engine's single place where visibility is decided — so
the text can hold nothing the seat may not see. Values are written plainly: lists with ``,`` (nested
ones in ``[...]``), mappings as ``k:v`` pairs, ``-`` for null.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from tricktable.engine import Event, Observation, State

# parts of an observation that say nothing about the position (the log is a stream of its own)
_SKIP = frozenset({"log", "game", "players"})


def value_text(value: Any) -> str:
    """A JSON-able value in plain words: ``R11,K4`` for a list, ``a:1 b:2`` for a mapping, ``-`` for null."""
    kind = type(value)
    if kind is str or kind is int:  # most values, tested first: the abstract-class tests below are slow
        return str(value)
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, Mapping):
        return " ".join(f"{k}:{_nested(v)}" for k, v in sorted(value.items()))
    if isinstance(value, Sequence) and not isinstance(value, str):
        return ",".join(_nested(v) for v in value)
    return str(value)


def _nested(value: Any) -> str:
    kind = type(value)
    if kind is str or kind is int:
        return str(value)
    if isinstance(value, Mapping) or (isinstance(value, Sequence) and not isinstance(value, str)):
        return "[" + value_text(value) + "]"
    return value_text(value)


def unordered(value: Any, keys: frozenset[str]) -> Any:
    """``value`` with the lists under ``keys`` (at any depth of mappings) sorted: a game's
    ``Game.unordered_lists``, whose order is how chance dealt them, not something a seat knows."""
    if not keys or not isinstance(value, Mapping):
        return value
    return {k: sorted(v) if k in keys and isinstance(v, list) else unordered(v, keys) for k, v in value.items()}


def position_text(view: Observation, keys: frozenset[str] = frozenset()) -> str:
    """One observation as ``key=value`` lines, sorted (the log, if any, left out; lists under ``keys``
    sorted, see ``unordered``)."""
    view = unordered(view, keys)
    return "\n".join(f"{key}={value_text(view[key])}" for key in sorted(view) if key not in _SKIP)


def event_text(event: Event, keys: frozenset[str] = frozenset()) -> str:
    """``kind: v1 v2 ...``: an event's data values in the order the game writes them (``keys`` as above)."""
    data = unordered(event.data, keys)
    return event.kind + ":" + "".join(" " + value_text(v) for v in data.values())


def recall(state: State, seat: int, marks: Sequence[tuple[int, int, str]]) -> Iterator[Event | str]:
    """What ``seat`` saw and did, in order: the events visible to it, and its own actions (their text).

    ``marks`` are ``(seat, events logged before it acted, action text)`` for every action taken so far
    (the adapter keeps them; the count is of ``state.events``); only this seat's are read.
    """
    mine = [(before, text) for who, before, text in marks if who == seat]
    next_mine = 0
    for index, event in enumerate(state.events):
        while next_mine < len(mine) and mine[next_mine][0] <= index:
            yield mine[next_mine][1]
            next_mine += 1
        if event.is_visible_to(seat):  # the engine's one test of visibility
            yield event
    for _, text in mine[next_mine:]:
        yield text


# Events remembered by identity: a game logs each event once and states share it (Megalomania interns
# them), so the text of a long recall is mostly looked up, not written again. A memo holds its events, so
# an id in it cannot be reused by another object; it is emptied when it grows past this.
MEMO_LIMIT = 100_000


def information_state_text(state: State, seat: int, view: Observation, marks: Sequence[tuple[int, int, str]],
                           memo: dict[int, tuple[Event, str]] | None = None) -> str:
    """The seat's perfect recall: ``view`` (its position now), then ``recall``: its events and own actions.

    ``memo`` (the caller's, kept between calls) remembers each event's text.
    """
    if memo is None:
        memo = {}
    elif len(memo) > MEMO_LIMIT:
        memo.clear()
    keys = type(state.game).unordered_lists
    lines = [position_text(view, keys), "--"]
    for token in recall(state, seat, marks):
        if isinstance(token, str):
            lines.append("> " + token)
            continue
        known = memo.get(id(token))
        if known is None:
            known = memo[id(token)] = (token, event_text(token, keys))
        lines.append(known[1])
    return "\n".join(lines)
