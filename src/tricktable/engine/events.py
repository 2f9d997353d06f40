"""Events: every change to a game, tagged with who may see it.

Observations, the game log, the web client's animations and replays are all drawn from events, so
none of them can show a player more than the rules allow.
"""

from __future__ import annotations

from typing import Any, NamedTuple

Everyone = None  # an event's ``visible`` is None when every seat (and a spectator) may see it


class Event(NamedTuple):
    """A thing that happened. ``data`` is plain JSON-able data; ``visible`` the seats that may see it.

    A named tuple, not a dataclass: a search logs an event for nearly every action it plays, and a
    tuple is built in C. Treat ``data`` as read-only (games may share one event between states).
    """

    kind: str
    data: dict[str, Any]
    visible: frozenset[int] | None = Everyone

    def is_visible_to(self, player: int | None) -> bool:
        """Whether ``player`` (None: a spectator) may see this event."""
        return self.visible is None or (player is not None and player in self.visible)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data}
