"""One table in memory: its game state, its seats and who is there; and what each seat is shown.

Everything a seat is sent is built here from ``state.observe(seat)`` and the events that seat may see,
so a message can never carry more than the engine's observation allows.
"""

from __future__ import annotations

import asyncio
import hashlib
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from tricktable.engine import Event, GameRecord, State
from tricktable.server.store import TableRow, now

Kind = Literal["human", "bot"]
LANGS = ("en", "ja")


def hash_token(token: str) -> str:
    """What the store keeps of a seat token: its SHA-256, so a copy of the database seats nobody."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(slots=True)
class Seat:
    """A seat. ``bot`` is a bot seat's level, or a human seat's stand-in level."""

    kind: Kind
    bot: str
    name: str = ""
    token_hash: str | None = None  # a human seat, once taken
    uses_socket: bool = False  # has ever opened a WebSocket: only such a seat can be left and taken over
    connections: int = 0
    away: bool = False  # its player left longer than the grace period ago: the stand-in plays
    leaving: asyncio.Task[None] | None = None  # the grace timer running after the last connection closed

    @property
    def is_free(self) -> bool:
        return self.kind == "human" and self.token_hash is None

    @property
    def played_by_bot(self) -> bool:
        return self.kind == "bot" or self.away

    def to_json(self) -> dict[str, Any]:
        """The stored form."""
        return {"kind": self.kind, "bot": self.bot, "name": self.name, "token_hash": self.token_hash,
                "uses_socket": self.uses_socket}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        return cls(kind=data["kind"], bot=data["bot"], name=data.get("name", ""),
                   token_hash=data.get("token_hash"), uses_socket=bool(data.get("uses_socket")))


@dataclass
class Table:
    """A game and its seats. The service changes it only while holding ``lock``."""

    id: str
    state: State
    seats: list[Seat]
    status: str = "waiting"
    created: datetime = field(default_factory=now)
    updated: datetime = field(default_factory=now)
    thinking: set[int] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # lang -> (events described so far, their lines): events only grow, so each is described once
    _described: dict[str, tuple[list[Event], list[str]]] = field(default_factory=dict)

    @property
    def step(self) -> int:
        return len(self.state.history)

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is, or None."""
        if not token:
            return None
        digest = hash_token(token)
        return next((i for i, s in enumerate(self.seats) if s.token_hash == digest), None)

    # --- what people are shown -----------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """The public description of the table (docs/protocol.md, "Table summary")."""
        state = self.state
        record = state.record()
        return {
            "id": self.id, "game": state.game.name, "title": state.game.title, "players": state.players,
            "options": record.options, "status": self.status, "step": self.step, "round": state.round,
            "actors": list(state.actors), "scores": state.scores(), "winners": state.winners(),
            "seats": [{"seat": i, "kind": s.kind, "bot": s.bot, "name": s.name, "taken": not s.is_free,
                       "connected": s.kind == "bot" or s.connections > 0, "away": s.away}
                      for i, s in enumerate(self.seats)],
            "thinking": sorted(self.thinking),
            "created": self.created.isoformat(), "updated": self.updated.isoformat(),
        }

    def view(self, seat: int | None, lang: str) -> dict[str, Any]:
        """The view message for ``seat`` (None: a spectator) in ``lang``."""
        state, game = self.state, self.state.game
        playing = self.status == "playing" and seat is not None
        legal = state.legal_actions(seat) if playing and seat in state.actors else []
        return {
            "type": "view", "seat": seat, "lang": lang, "table": self.summary(),
            "view": state.observe(seat),
            "legal": [{"action": a.text, "label": game.describe_action(a, lang)} for a in legal],
            "log": [line for event, line in zip(state.events, self.log_lines(lang), strict=True)
                    if event.is_visible_to(seat)],
        }

    def log_lines(self, lang: str) -> list[str]:
        """Every event of the game in words (for everyone: callers keep only those a seat may see)."""
        events = self.state.events
        seen, lines = self._described.get(lang, ([], []))
        if len(seen) > len(events) or (seen and events[len(seen) - 1] is not seen[-1]):
            seen, lines = [], []  # the events were replaced, not extended: describe them all again
        if len(seen) < len(events):
            describe = self.state.game.describe_event
            fresh = events[len(seen):]
            seen, lines = seen + fresh, lines + [describe(e, lang) for e in fresh]
            self._described[lang] = (seen, lines)
        return lines

    # --- storage -------------------------------------------------------------------------------

    def to_row(self) -> TableRow:
        state = self.state
        return TableRow(id=self.id, game=state.game.name, players=state.players, status=self.status,
                        seats=[s.to_json() for s in self.seats], record=state.record().to_json(),
                        created=self.created, updated=self.updated)

    @classmethod
    def from_row(cls, row: TableRow) -> Table:
        """The table as stored, its record replayed (every action checked again)."""
        state = GameRecord.from_json(row.record).replay()
        return cls(id=row.id, state=state, seats=[Seat.from_json(s) for s in row.seats], status=row.status,
                   created=row.created, updated=row.updated)
