"""Events: every change to a game, tagged with who may see it.

Observations, the game log, the web client's animations and replays are all drawn from events, so
none of them can show a player more than the rules allow.
"""

from __future__ import annotations

from typing import Any

Everyone = None  # an event's ``visible`` is None when every seat (and a spectator) may see it


class Event:
    """A thing that happened. ``data`` is plain JSON-able data; ``visible`` the seats that may see it.

    Immutable by convention: treat ``data`` as read-only (games share one event between states). A plain
    class, not a named tuple: a search logs an event for nearly every action it plays, and compiled, this
    is a native class built in C, where a named tuple's constructor is Python code (2,600 instructions an
    event, a tenth of a decision).
    """

    kind: str
    data: dict[str, Any]
    visible: frozenset[int] | None

    def __init__(self, kind: str, data: dict[str, Any], visible: frozenset[int] | None = Everyone) -> None:
        self.kind = kind
        self.data = data
        self.visible = visible

    def is_visible_to(self, player: int | None) -> bool:
        """Whether ``player`` (None: a spectator) may see this event."""
        return self.visible is None or (player is not None and player in self.visible)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data}

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Event) and self.kind == other.kind and self.data == other.data
                and self.visible == other.visible)

    __hash__ = None  # type: ignore[assignment]  # a value holding a dict: unhashable, as a tuple of it was

    def __repr__(self) -> str:
        return f"Event(kind={self.kind!r}, data={self.data!r}, visible={self.visible!r})"

    # a pickle or copy rebuilds it by its constructor (a compiled class's blank ``__new__`` runs ``__init__``)
    def __reduce__(self) -> tuple[Any, ...]:
        return Event, (self.kind, self.data, self.visible)
