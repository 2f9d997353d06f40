"""One table in memory: its game state, its seats and who is there; and what each seat is shown.

Everything a seat is sent is built here from ``state.observe(seat)`` and ``state.log_entries(seat, since)``
(the events that seat may see), so a message can never carry more than the engine allows. A view message
carries the whole position but only the log lines from ``since`` on: a listener keeps its place in the log.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from tricktable import deals
from tricktable.engine import Event, GameRecord, State
from tricktable.engine import options as opts
from tricktable.engine.undo import can_undo
from tricktable.engine.words import bot_level, translate_result
from tricktable.server.clock import summary as clock_summary
from tricktable.server.database import now
from tricktable.server.notes import note_lines
from tricktable.server.practice import is_practice, public_options
from tricktable.server.rules_cache import replay
from tricktable.server.store import TableRow
from tricktable.server.undos import why_capped

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
    leaving_until: float | None = None  # when that grace ends (epoch seconds): everyone is shown the countdown
    standin_events: list[int] = field(default_factory=list)  # indexes of events of moves its stand-in made
    clock: dict[str, Any] | None = None  # its time control and time left (server/clock.py); None: no clock
    notes: list[dict[str, Any]] = field(default_factory=list)  # its undos and timeouts (server/notes.py)
    # who holds the seat (server/accounts.py): "account:<id>" or "guest:<digest>"; None for a bot, a free
    # seat or one taken by token only (a program, an old client). Never shown to anyone.
    player: str | None = None
    turn_undos: int = 0  # moves it took back since another player last acted (server/undos.py)

    @property
    def is_free(self) -> bool:
        return self.kind == "human" and self.token_hash is None

    @property
    def played_by_bot(self) -> bool:
        return self.kind == "bot" or self.away

    def to_json(self) -> dict[str, Any]:
        """The stored form."""
        data: dict[str, Any] = {"kind": self.kind, "bot": self.bot, "name": self.name,
                                "token_hash": self.token_hash, "uses_socket": self.uses_socket}
        if self.standin_events:
            data["standin_events"] = self.standin_events
        if self.clock:
            data["clock"] = self.clock
        if self.notes:
            data["notes"] = self.notes
        if self.player:
            data["player"] = self.player
        if self.turn_undos:
            data["turn_undos"] = self.turn_undos
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        return cls(kind=data["kind"], bot=data["bot"], name=data.get("name", ""),
                   token_hash=data.get("token_hash"), uses_socket=bool(data.get("uses_socket")),
                   standin_events=[int(i) for i in data.get("standin_events", ())],
                   clock=data.get("clock") or None, notes=list(data.get("notes") or ()),
                   player=data.get("player") if isinstance(data.get("player"), str) else None,
                   turn_undos=int(data.get("turn_undos") or 0))


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
    version: int = 0  # the stored row's version this is (0: not stored yet); see store.StaleRow
    before: State | None = None  # the state one action before ``state``, when the service kept it (undo)
    undos: int = 0  # moves taken back since loaded: a bot that thought before an undo thinks again
    _undo: tuple[State, int | None] | None = None  # (state, the seat that may undo in it): see ``undoable``
    undos_per_turn: int = 3  # the server's take-backs a turn (Settings.undos_per_turn; server/undos.py)
    # a live table's provably fair deal (tricktable/deals.py): {"secret", "contributions": {seat: hex}}; the
    # secret is stored like the seed and published only with the finished game's record
    fair: dict[str, Any] | None = None
    rated: bool = False  # set at creation: only accounts sit here, and the result moves ratings (server/ratings.py)
    # (lang, names) -> (the last event described, every event's line so far): events only grow, so each is
    # described once; a seat's new name starts the lines again
    _described: dict[tuple[str, tuple[str, ...]], tuple[Event | None, list[str]]] = field(default_factory=dict)
    _standin: set[int] = field(default_factory=set)  # every seat's ``standin_events``, for lookups
    # seat -> (events scanned, the last of them, the global indexes of those the seat may see): its own log
    _seen: dict[int | None, tuple[int, Event | None, list[int]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._standin = {i for place in self.seats for i in place.standin_events}
    # (actions scanned, the last of them, each seat's secret actions among them) for known_step
    _secrets: tuple[int, Any, list[int]] = field(default_factory=lambda: (0, None, []))
    # (actions recorded, the last of them, the record's actions as JSON) for record_json
    _recorded: tuple[int, Any, list[list[Any]]] = field(default_factory=lambda: (0, None, []))

    @property
    def step(self) -> int:
        return len(self.state.history)

    def known_step(self, seat: int | None) -> int:
        """The actions ``seat`` knows were taken (None: everyone): all but the others' secret ones
        (``Game.is_secret``: a scroll used at a preparation), so the count itself tells nothing."""
        history, is_secret = self.state.history, self.state.game.is_secret
        done, last, own = self._secrets
        if not (done := grown_from(history, done, last)):
            own = [0] * self.state.players
        for player, action in history[done:]:  # only the actions new since the last view
            if is_secret(action):
                own[player] += 1
        self._secrets = (len(history), history[-1] if history else None, own)
        public = len(history) - sum(own)
        return public if seat is None else public + own[seat]

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is, or None."""
        if not token:
            return None
        digest = hash_token(token)
        return next((i for i, s in enumerate(self.seats) if s.token_hash == digest), None)

    def seat_of_player(self, players: tuple[str, ...]) -> int | None:
        """The seat held by one of ``players`` (a request's account and guest identities), or None."""
        return next((i for i, s in enumerate(self.seats) if s.player is not None and s.player in players), None)

    # --- what people are shown -----------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """The public description of the table (docs/protocol.md, "Table summary")."""
        state = self.state
        options = opts.changed(state.game.options)  # as in the record, without building the record
        return {
            "id": self.id, "game": state.game.name, "title": state.game.title, "players": state.players,
            "higher_score_wins": state.game.higher_score_wins,
            "titles": {"en": state.game.title, "ja": state.game.title_in("ja")},
            "options": public_options(options), "practice": is_practice(state.seed, options), "rated": self.rated,
            "status": self.status, "step": self.known_step(None), "round": state.round,
            "actors": list(state.actors), "scores": state.scores(), "winners": state.winners(),
            "seats": [{"seat": i, "kind": s.kind, "bot": s.bot, "name": s.name, "taken": not s.is_free,
                       "connected": s.kind == "bot" or s.connections > 0, "away": s.away,
                       "account": bool(s.player and s.player.startswith("account:")),
                       # a player who left: seconds until their stand-in plays (a countdown for everyone)
                       **({"leaving_in": round(max(0.0, s.leaving_until - time.time()), 1)}
                          if s.leaving_until is not None and not s.away else {})}
                      for i, s in enumerate(self.seats)],
            "thinking": sorted(self.thinking),
            "created": self.created.isoformat(), "updated": self.updated.isoformat(),
            "clock": clock_summary(self.seats),
            "fair": self.fair_summary(),
        }

    def fair_summary(self) -> dict[str, Any] | None:
        """What everyone is shown of the deal's fairness: the commitment from the start, the seats that
        contributed, and at the end the whole proof (``deals.proof``)."""
        if self.fair is None:
            return None
        contributions = {int(k): v for k, v in self.fair["contributions"].items()}
        if self.status == "over":
            return deals.proof(self.id, self.fair["secret"], contributions)
        return {"table": self.id, "commitment": deals.commitment(self.id, self.fair["secret"]),
                "contributed": sorted(contributions)}

    def view(self, seat: int | None, lang: str, since: int = 0) -> dict[str, Any]:
        """The view message for ``seat`` (None: a spectator) in ``lang``, with the log lines from ``since``.

        Log positions count the seat's own log (the events it may see), not the game's event list, so the
        number of events hidden from a seat never shows. ``log_from`` is ``since`` (clamped to the log) and
        ``log_next`` the position to ask from next time; ``since=0`` gives the whole log (a connection's
        first message, a language switch, a resync).
        """
        state, game = self.state, self.state.game
        playing = self.status == "playing" and seat is not None
        legal = state.legal_actions(seat) if playing and seat in state.actors else []
        seen = self._seen_by(seat)
        since = max(0, min(since, len(seen)))
        start = seen[since] if since < len(seen) else len(state.events)
        entries = state.log_entries(seat, start)[1]
        summary = self.summary()
        del summary["updated"]  # new on every change: the message itself is the news (the lobby keeps it)
        names = self.names(lang)
        # the observation without what the message says itself, in words: its legal actions, its result
        observed = state.observe(seat)
        view = {key: value for key, value in observed.items() if key not in ("legal", "result")}
        result = observed.get("result")  # the end-of-game breakdown, in the seat's language and with the names
        return {
            "type": "view", "seat": seat, "lang": lang, "table": {**summary, "step": self.known_step(seat)},
            "view": view,
            "result": translate_result(result, lang, names, state.players) if result else None,
            "legal": [{"action": a.text, "label": game.describe_action(a, lang, names)} for a in legal],
            "why_not": state.why_not(seat, lang, names) if playing and seat is not None else {},
            "prompt": game.prompt(view, lang) if legal else "",  # what this step asks of the seat
            "log": self.log_lines(entries, lang, since), "log_from": since, "log_next": since + len(entries),
            "undo": playing and self.undoable() == seat,
            "notes": note_lines(self.seats, state, seen, names, lang) if any(p.notes for p in self.seats) else [],
        }

    def undoable(self) -> int | None:
        """The seat that may be offered to take back its last action now (``engine/undo.py``, its cheap rules),
        or None; once per change.

        At a rated table (``rated``, online-players' flag) only while that seat is still to act: never once
        the turn has passed to the next player."""
        state = self.state
        if self._undo is None or self._undo[0] is not state:
            seat = state.history[-1][0] if state.history else None
            if seat is not None and (
                    self.seats[seat].played_by_bot or len(state.events) - 1 in self._standin  # not the player's
                    or (getattr(self, "rated", False) and seat not in state.actors)
                    or why_capped(self.seats[seat].turn_undos, self.rated, self.undos_per_turn) is not None
                    or not self._engine_allows(state, seat)):
                seat = None
            self._undo = (state, seat)
        return self._undo[1]

    def _engine_allows(self, state: State, seat: int) -> bool:
        """The engine's cheap rules (``engine/undo.py`` 1-6): enough to offer the undo; the world comparison
        (rule 7) is made off the event loop when the undo is asked for (``TableService._undo``)."""
        return can_undo(state, seat, self.before, thorough=False)

    def names(self, lang: str = "en") -> list[str]:
        """The seats' display names, as every log line and label is written with them (blank: "Player N").

        A person is called by their name; a bot by its level in words, numbered by seat when several bots
        play at one level ("Random 2", "Random 3"), as the table shows its seats, so lines tell bots apart.
        """
        levels = [s.bot for s in self.seats if s.kind == "bot"]
        return [s.name if s.kind != "bot" else
                bot_level(s.bot, lang) + (f" {i + 1}" if levels.count(s.bot) > 1 else "")
                for i, s in enumerate(self.seats)]

    def log_lines(self, entries: list[tuple[int, Event]], lang: str, first: int = 0) -> list[dict[str, Any]]:
        """Log lines as the protocol sends them: position in the seat's log, words, acting seat, kind, who moved.

        ``entries`` are consecutive events of one seat's log (with their global indexes), the first of
        them at position ``first`` of that log.
        """
        texts = self._texts(lang)
        standin = self._standin
        lines = [{"i": first + k, "text": texts[i], "seat": _actor(event), "kind": event.kind}
                 for k, (i, event) in enumerate(entries)]
        for line, (i, _) in zip(lines, entries, strict=True):
            if i in standin:  # said only when true: most lines are the players' own
                line["by_standin"] = True
        return lines

    def _seen_by(self, seat: int | None) -> list[int]:
        """The global indexes of the events ``seat`` may see, in order: position k of its log is event ``seen[k]``.

        Kept per seat and extended by the new events only, so a view costs the new events, not the game.
        """
        events = self.state.events
        scanned, last, seen = self._seen.get(seat, (0, None, []))
        if not (scanned := grown_from(events, scanned, last)):
            seen = []  # the events were replaced, not extended: scan them all again
        seen.extend(i for i in range(scanned, len(events)) if events[i].is_visible_to(seat))
        self._seen[seat] = (len(events), events[-1] if events else None, seen)
        return seen

    @staticmethod
    def standin_marks(state: State, seat: int, first_event: int) -> list[int]:
        """The events of ``state`` from ``first_event`` on that are about ``seat``: its stand-in bot's doing
        (stored in the seat's ``standin_events`` with the move, then ``index_standin``)."""
        events = state.events
        return [i for i in range(first_event, len(events)) if _actor(events[i]) == seat]

    def index_standin(self, marks: list[int]) -> None:
        """Look-ups for events marked as a stand-in's (after the change that stored them)."""
        self._standin.update(marks)

    def _texts(self, lang: str) -> list[str]:
        """Every event of the game in words, with the seats' names (for everyone: callers keep only those a
        seat may see)."""
        events = self.state.events
        names = self.names(lang)
        key = (lang, tuple(names))
        last, lines = self._described.get(key, (None, []))
        if not grown_from(events, len(lines), last):
            lines = []  # the events were replaced, not extended: describe them all again
        if len(lines) < len(events):
            describe = self.state.game.describe_event
            lines.extend(describe(e, lang, names) for e in events[len(lines):])
        if any(k[1] != key[1] for k in self._described):  # a seat's name changed: drop the old lines
            self._described = {k: v for k, v in self._described.items() if k[1] == key[1]}
        self._described[key] = (events[-1] if events else None, lines)
        return lines

    # --- storage -------------------------------------------------------------------------------

    def record_json(self, state: State) -> dict[str, Any]:
        """``state.record().to_json()`` for the table's state or a changed copy of it, its actions kept from
        the last call and extended by the new ones: a move's save costs that move, not the game."""
        history = state.history
        done, last, taken = self._recorded
        if not (done := grown_from(history, done, last)):
            taken = []
        taken.extend([player, action.text] for player, action in history[done:])
        self._recorded = (len(history), history[-1] if history else None, taken)
        header = GameRecord(game=state.game.name, version=state.game.dealt_as, players=state.players,
                            seed=state.seed, options=opts.changed(state.game.options), actions=[]).to_json()
        if self.fair is not None:
            header["fair"] = self.fair  # stored with the header (the secret, as the seed, never leaves the server)
        return {**header, "actions": list(taken)}  # a copy: the next move extends ours

    def to_row(self) -> TableRow:
        state = self.state
        return TableRow(id=self.id, game=state.game.name, players=state.players, status=self.status,
                        seats=[s.to_json() for s in self.seats], record=self.record_json(state),
                        created=self.created, updated=self.updated, version=self.version, rated=self.rated)

    @classmethod
    def from_row(cls, row: TableRow) -> Table:
        """The table as stored, its record replayed (every action checked again)."""
        state = replay(row.record)  # on the game object its options share with other tables
        fair = row.record.get("fair")
        return cls(id=row.id, state=state, seats=[Seat.from_json(s) for s in row.seats], status=row.status,
                   created=row.created, updated=row.updated, version=row.version, rated=row.rated,
                   fair=fair if isinstance(fair, dict) else None)


def grown_from(items: Sequence[Any], done: int, last: Any) -> int:
    """Where to go on in ``items`` after a pass over its first ``done`` that ended at ``last``: at ``done``
    when ``items`` only grew since (the entry there is still that one), else at 0 (it was replaced: an
    undo, a reload). Events and actions are appended, never edited, so this is how a cache keeps up."""
    return done if done <= len(items) and (not done or items[done - 1] is last) else 0


def _actor(event: Event) -> int | None:
    """The seat an event is about (its ``seat`` field), or None for the table's own events."""
    seat = event.data.get("seat")
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def join_views(older: dict[str, Any], newer: dict[str, Any]) -> dict[str, Any]:
    """One view message that stands for two queued in a row (the newer position, both messages' log lines).

    A sender that skips stale views must not skip their log lines nor their changes: the client would
    see a gap. Lines of ``older`` from ``newer["log_from"]`` on are dropped (``newer`` repeats them, e.g.
    after a resync); changes are made on older's position, or appended to older's changes.
    """
    if "changes" in newer and base_of(newer) == older.get("pos"):
        if "changes" in older:
            newer = {**newer, "changes": older["changes"] + newer["changes"], "pos_base": base_of(older)}
        else:
            full = apply_changes(position(older), newer["changes"])
            newer = {**{k: v for k, v in newer.items() if k not in ("changes", "pos_base")}, **full}
    elif "changes" in newer:
        return newer  # it does not follow older: the client sees the mismatch and resyncs
    start = newer.get("log_from", 0)
    if "log" not in older or start <= older.get("log_from", 0) or start > older.get("log_next", start):
        return newer  # newer covers older's lines, or a gap is already there: the client will ask to resync
    lines = [line for line in older["log"] if line["i"] < start] + newer["log"]
    return {**newer, "log": lines, "log_from": older["log_from"]}


# --- positions as changes (a listener that asked for them: docs/protocol.md, "Changes") ---------------

# the keys of a view message that make its position: what is sent as changes (the rest is news: log lines)
POSITION = ("seat", "lang", "table", "view", "legal", "why_not", "prompt", "result", "undo", "notes")


def position(message: dict[str, Any]) -> dict[str, Any]:
    """The position part of a full view message (what ``changes`` compares)."""
    return {key: message[key] for key in POSITION}


def changes(old: Any, new: Any, path: str = "") -> list[list[Any]]:
    """What turns ``old`` into ``new``, as a list of edits, each at a JSON Pointer (RFC 6901) path:

    ``[path, value]`` sets a key of an object or an index of a list, ``[path]`` removes a key, a path
    ending in ``/-`` extends a list with the items of ``value``, and ``[path, start, count, items]``
    replaces ``count`` items of the list at ``path`` from ``start`` by ``items`` (JavaScript's
    ``splice``). A list that only grew is sent as its new items, one of the same length as its changed
    items, one that kept most of its items at both ends as a splice (a card left the hand, a scroll was
    used), any other list whole. ``null`` is a value like any other (unlike JSON Merge Patch, where it
    means "remove").
    """
    if isinstance(old, dict) and isinstance(new, dict):
        out: list[list[Any]] = [[_pointer(path, key)] for key in old if key not in new]
        for key, value in new.items():
            if key not in old:
                out.append([_pointer(path, key), value])
            elif old[key] != value:
                out += changes(old[key], value, _pointer(path, key))
        return out
    if old == new:
        return []
    if isinstance(old, list) and isinstance(new, list):
        if old and len(new) > len(old) and new[:len(old)] == old:
            return [[f"{path}/-", new[len(old):]]]
        if len(new) == len(old):
            differ = [i for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b]
            if 2 * len(differ) <= len(new):
                return [edit for i in differ for edit in changes(old[i], new[i], f"{path}/{i}")]
        shorter = min(len(old), len(new))
        head = next((i for i in range(shorter) if old[i] != new[i]), shorter)
        tail = next((i for i in range(shorter - head) if old[-1 - i] != new[-1 - i]), shorter - head)
        if 2 * (head + tail) >= len(new) > 0 or (head + tail and not new[head:len(new) - tail]):
            return [[path, head, len(old) - head - tail, new[head:len(new) - tail]]]
    return [[path, new]]


def _pointer(path: str, key: str) -> str:
    return f"{path}/{key.replace('~', '~0').replace('/', '~1')}"


def apply_changes(doc: dict[str, Any], edits: list[list[Any]]) -> dict[str, Any]:
    """``doc`` with ``edits`` made, as a new object (``doc`` and whatever it shares are left untouched)."""
    top = dict(doc)
    for edit in edits:
        keys = [key.replace("~1", "/").replace("~0", "~") for key in edit[0].split("/")[1:]]
        node: Any = top
        for key in keys[:-1]:
            child = node[int(key) if isinstance(node, list) else key]
            child = dict(child) if isinstance(child, dict) else list(child)
            node[int(key) if isinstance(node, list) else key] = child
            node = child
        last = keys[-1]
        if len(edit) == 4:  # a splice: a copy of the list, with its items from start replaced
            start, count, items = edit[1], edit[2], edit[3]
            old = node[int(last) if isinstance(node, list) else last]
            node[int(last) if isinstance(node, list) else last] = [*old[:start], *items, *old[start + count:]]
        elif len(edit) == 1:
            node.pop(last, None)
        elif isinstance(node, list):
            if last == "-":
                node.extend(edit[1])
            else:
                node[int(last)] = edit[1]
        else:
            node[last] = edit[1]
    return top


def as_changes(message: dict[str, Any], shown: dict[str, Any]) -> dict[str, Any]:
    """A full view message as changes from the position ``shown`` (the one the listener has)."""
    out = {key: value for key, value in message.items() if key not in POSITION}
    out["changes"] = changes(shown, position(message))
    return out


def base_of(message: dict[str, Any]) -> int:
    """The ``pos`` of the position a changes message applies to: the one before it, unless it says."""
    base: int = message.get("pos_base", message["pos"] - 1)
    return base
