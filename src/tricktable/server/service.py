"""The table service: tables, seats, tokens, actions, bots, presence and replays. No HTTP in here.

Routes (``server/app.py``) call these coroutines and turn ``ServiceError`` into responses. Every change
to a table happens under its lock and is atomic (``_commit``): it is made on a copy, the copy is stored
(the header and the new actions; the saves of many tables at once share one transaction,
``server/commits.py``), and only then does the table become the copy and every subscriber hear of it, as
that subscriber's own view message. When the store fails, the table is exactly as before.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import importlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import Executor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from tricktable import deals
from tricktable.engine import (
    IllegalAction,
    ParseError,
    Rng,
    State,
    TricktableError,
    available,
    game_class,
)
from tricktable.engine import options as opts
from tricktable.engine.registry import GAMES
from tricktable.engine.undo import undo as undo_last
from tricktable.engine.undo import why_not_undo
from tricktable.engine.words import BOT_LEVELS, translate_result
from tricktable.server.bots import bot_seed, default_level, game_levels, make_executor, stop_executor, think
from tricktable.server.bus import Cluster, cluster_for, refresh
from tricktable.server.chat import ChatRates, chat_store_for, clean_text
from tricktable.server.clock import charge, deadline, new_clock, parse_time_control, uses_grace
from tricktable.server.commits import GroupCommit
from tricktable.server.errors import ServiceError, new_error_id, store_failure
from tricktable.server.fair import FairPool
from tricktable.server.fanout import Encoded, Outbox
from tricktable.server.limits import CLOSE_EXPIRED, Limits, TableQuota
from tricktable.server.names import clean_name
from tricktable.server.notes import kept
from tricktable.server.practice import setup_options
from tricktable.server.replays import replay_moves
from tricktable.server.rules_cache import rules as shared_rules
from tricktable.server.store import StaleRow, Store, TableRow, now
from tricktable.server.table import LANGS, Seat, Table, as_changes, grown_from, hash_token, position
from tricktable.server.undos import reset_counts, why_capped

log = logging.getLogger("tricktable.server")
T = TypeVar("T")
P = ParamSpec("P")
WEEK = 7 * 24 * 3600.0  # the least a waiting turn-based table lives
KEEP_FINISHED = 200  # finished tables kept in memory; older ones are read from the store when asked for
THINKING_SHOWN_AFTER = 0.1  # seconds a bot thinks before its listeners are shown it thinking


@dataclass(frozen=True)
class Settings:
    """How the service behaves. ``grace``: seconds a player may be gone before their stand-in bot plays;
    ``bot_delay``: least seconds a bot move takes, so people can follow; ``bot_workers``: bot processes
    (0: one thread, for tests); ``undo_window``: least seconds a bot waits after a person's move that
    can still be taken back (so it can be: engine/undo.py); ``retry``: seconds before a bot move the store
    refused is tried again (doubling up to ``retry_max``); ``any_table_setups``: allow a chosen seed or
    set-up deal at tables of several people too (tests, friends who agree; they are still labelled
    practice); ``limits``: sizes, rates and counts (``server/limits.py``); ``trusted_proxies``: addresses or
    networks (``10.0.0.0/8``) of reverse proxies whose ``X-Forwarded-For`` names the client (only a request
    from one of them is believed; without any, the client is the socket's peer); ``gc_freeze``: after
    start-up, move every object made so far out of the garbage collector's sight (``gc.freeze``: its full
    collections, which stop the event loop, then scan only what the tables made since; ``tricktable serve``
    sets it)."""

    grace: float = 30.0
    bot_delay: float = 0.5
    bot_workers: int = 2
    retry: float = 1.0
    retry_max: float = 30.0
    any_table_setups: bool = False
    limits: Limits = field(default_factory=Limits)
    undo_window: float = 1.5  # after a person's move that can still be taken back, the next bot waits this long
    trusted_proxies: tuple[str, ...] = ()
    gc_freeze: bool = False
    undos_per_turn: int = 3  # moves a seat may take back before another player acts (server/undos.py)
    secure_cookies: bool = False  # cookies always Secure: the site is served over https (a TLS proxy in front)


@dataclass(eq=False)
class Subscription:
    """One listener of a table (a WebSocket, or a test): its seat (None: spectator), language and queue.

    ``log_next`` is where its log stands: the next view queued for it carries the lines from there on.
    ``sent`` counts the views queued for it (each message's ``pos``) and ``shown`` is the last position
    queued: a listener that asked for ``changes`` gets later positions as changes from it.
    """

    table_id: str
    seat: int | None
    lang: str
    queue: Outbox = field(default_factory=Outbox)
    log_next: int = 0
    changes: bool = False
    sent: int = 0
    shown: dict[str, Any] | None = None
    closing: int | None = None  # a close code: the server ends this listener (its table expired)
    address: str = ""  # the client's address (a spectator's chat rate is counted by it)
    hears_chat: bool = False  # it asked for the chat ("chat_open")
    player: str | None = None  # who it is (an account or a guest), if the browser says: a spectator's number


def retry_conflicts(method: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
    """Run a change again (up to 3 times) when another server process saved the table first
    (``table/conflict``): the table has been reloaded by then, so the change is checked afresh."""

    @functools.wraps(method)
    async def again(*args: P.args, **kwargs: P.kwargs) -> T:
        for attempt in range(3):
            try:
                return await method(*args, **kwargs)
            except ServiceError as error:
                if error.code != "table/conflict" or attempt == 2:
                    raise
        raise AssertionError("unreachable")

    return again


def playable() -> list[str]:
    """The games that can be played here: installed, and complete enough to name their ``GAME`` class."""
    names = []
    for name in available():
        try:
            game_class(name)
        except Exception as error:  # a game still being written, or broken: the others still play
            log.warning("game %s is not playable here: %s", name, error)
            continue
        names.append(name)
    return names


def _lang(lang: str | None) -> str:
    return lang if lang in LANGS else "en"


class TableService:
    """Every table of one server. Create it, ``await start()``, use it, ``await stop()``."""

    def __init__(self, store: Store, settings: Settings | None = None) -> None:
        self.store = store
        self.settings = settings or Settings()
        self.tables: dict[str, Table] = {}
        self.subscribers: dict[str, set[Subscription]] = {}
        self.executor: Executor | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self.quota = TableQuota(self.settings.limits)
        self.fair = FairPool(self.settings.bot_workers)  # bot thinking shared fairly between tables
        # (table id, seat) -> (step, timer): a human actor's turn clock; (table id, seat) -> step: that
        # seat's turn at that step is overdue and its stand-in plays it (see _idle_after_grace)
        self._turn_clocks: dict[tuple[str, int], tuple[int, asyncio.Task[None]]] = {}
        self._overdue: dict[tuple[str, int], int] = {}
        # several processes over one PostgreSQL database (server/bus.py): who we are, who saved each table
        # last (its owner runs its bots), and how many sockets each seat has open here
        self.origin = secrets.token_hex(4)
        self.writers: dict[str, str] = {}
        self.cluster: Cluster | None = None
        self._local: dict[tuple[str, int], int] = {}
        self.chat = chat_store_for(store)  # table chat, stored beside the tables (server/chat.py)
        self.chat_rates = ChatRates(self.settings.limits)
        # spectators who spoke, numbered per table ("Spectator 2"): (table id, who) -> number; table -> highest
        self._watcher_of: dict[tuple[str, str], int] = {}
        self._watcher_top: dict[str, int] = {}
        self._names_shown: dict[str, tuple[str, ...]] = {}  # table id -> its seats' names at the last _notify
        # called (as tasks) with each table whose game this process saw end: ratings (server/ratings.py)
        self.finished: list[Callable[[Table], Coroutine[Any, Any, None]]] = []
        # the saves of one moment in one transaction (a few at once where the database takes that well)
        self.commits = GroupCommit(store, self.origin, writers=getattr(store, "writers", 1))

    # --- life ----------------------------------------------------------------------------------

    async def start(self) -> None:
        """Start the bot workers and resume every stored table that is not over."""
        self.executor = make_executor(self.settings.bot_workers)
        await asyncio.to_thread(lambda: [game_levels(name) for name in playable()])  # probes, once, off the loop
        self.cluster = cluster_for(self)
        if self.cluster is not None:
            await self.cluster.start()  # listening before loading: no change is missed in between
        rows = await asyncio.to_thread(self.store.list, ("waiting", "playing"), 100_000)
        for row in rows:
            try:
                table = Table.from_row(row)
            except Exception as error:  # a record this version cannot replay, or a damaged row: leave it, skip it
                log.warning("table %s cannot be resumed (left in the store): %s: %s", row.id,
                            type(error).__name__, error)
                continue
            self.tables[table.id] = table
            table.undos_per_turn = self.settings.undos_per_turn
            # after a restart nobody is connected: players who used a socket get the grace period to come back
            for seat, place in enumerate(table.seats):
                if place.kind == "human" and place.uses_socket:
                    self._start_leaving(table, seat)
            self._schedule_bots(table)
        if self.settings.limits.waiting_ttl > 0:
            self._spawn(self._expire_waiting())
        if self.settings.gc_freeze:
            gc.collect()
            gc.freeze()

    async def stop(self) -> None:
        """Cancel timers and bot moves (a move not yet applied is simply thought again after a restart)."""
        if self.cluster is not None:
            await self.cluster.stop()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self.executor is not None:
            await asyncio.to_thread(stop_executor, self.executor)
            self.executor = None

    def _spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # --- games ---------------------------------------------------------------------------------

    def games(self) -> list[dict[str, Any]]:
        """Every installed game with its player counts, options and bot levels."""
        out = []
        for name in playable():
            cls = game_class(name)
            options = [{"name": o.name, "default": _plain(o.default), "tag": o.tag, "doc": o.doc,
                        "choices": [_plain(c) for c in o.choices], "words": cls.option_words(o.name),
                        "bounds": list(o.bounds), "max_len": o.max_len, "items": o.items}
                       for o in opts.describe(cls.options_type)]
            out.append({"name": name, "title": cls.title, "titles": {"en": cls.title, "ja": cls.title_ja or cls.title},
                        "min_players": cls.min_players, "max_players": cls.max_players, "options": options,
                        "bots": list(game_levels(name)), "default_bot": default_level(name),
                        "bot_names": {level: BOT_LEVELS.get(level, {"en": level, "ja": level})
                                      for level in game_levels(name)}})
        return out

    def rules(self, name: str, lang: str | None) -> dict[str, Any]:
        """The game's rules as markdown: ``rules.ja.md`` for Japanese when the game has it, else ``rules.md``."""
        if name not in playable():
            raise ServiceError("game/unknown", f"no game called {name!r} (games: {', '.join(playable())})")
        module = importlib.import_module(GAMES[name])
        folder: Any = resources.files(module) if hasattr(module, "__path__") else Path(str(module.__file__)).parent
        lang = _lang(lang)
        for served, file_name in ((lang, f"rules.{lang}.md"), ("en", "rules.md")):
            path = folder / file_name
            if path.is_file():
                return {"game": name, "lang": served, "markdown": path.read_text(encoding="utf-8")}
        return {"game": name, "lang": "en", "markdown": f"# {game_class(name).title}\n\n(No rules file yet.)\n"}

    # --- tables --------------------------------------------------------------------------------

    async def create_table(self, game: str, players: int, options: dict[str, Any] | None = None,
                           seats: list[dict[str, Any]] | None = None, seed: int | None = None,
                           client: str | None = None, clock: Any = None, rated: bool = False) -> dict[str, Any]:
        """A new table; returns its summary. A table without human seats starts at once. ``client`` (an
        address) is counted against ``limits.tables_per_client``. ``clock``: its time control
        (``server/clock.py``: a preset name or an object; None: no clock). ``rated``: only accounts may sit,
        and the result moves the ratings (never with a chosen seed or a set-up deal)."""
        self.quota.check(client, {t.id for t in self.tables.values() if t.status != "over"})
        if game not in playable():
            raise ServiceError("game/unknown", f"no game called {game!r} (games: {', '.join(playable())})")
        if seed is not None and not 0 <= seed < 2**63:
            raise ServiceError("options/bad", f"a chosen seed is an int in [0, 2**63), not {seed}")
        control = parse_time_control(clock)
        table_id = secrets.token_urlsafe(6)
        # a live table's deal is provably fair (tricktable/deals.py): a secret committed to now, the seed made
        # from it and the players' contributions when the table starts (until then, from the secret alone)
        secret = deals.new_secret()
        fair: dict[str, Any] | None = {"secret": secret, "contributions": {}} if seed is None else None
        try:
            rules = shared_rules(game, players, options or {})  # one game object for these options
            # a live table's deal comes from the secure generator: nobody can predict or recover it
            state = rules.new_state(deals.seed_of(table_id, secret, {}) if seed is None else seed)
        except (TricktableError, TypeError, ValueError, KeyError, IndexError) as error:
            # a game checks its options' values when it can; a value of the wrong shape fails on first use
            raise ServiceError("options/bad", f"{game} cannot start with these options: {error}") from error
        known, default = game_levels(game), default_level(game)
        specs = seats if seats is not None else [{"kind": "human"}] + [{"kind": "bot"}] * (players - 1)
        if len(specs) != players:
            raise ServiceError("options/bad", f"{players} players need {players} seats, not {len(specs)}")
        places = []
        for i, spec in enumerate(specs):
            kind, level = spec.get("kind"), spec.get("bot") or default
            if kind not in ("human", "bot"):
                raise ServiceError("options/bad", f"seat {i}: kind must be human or bot, not {kind!r}")
            if level not in known:
                raise ServiceError("options/bad", f"seat {i}: no bot level {level!r} (levels: {', '.join(known)})")
            places.append(Seat(kind=kind, bot=level, name=_bot_name(level) if kind == "bot" else "",
                               clock=new_clock(control) if kind == "human" else None))
        if not self.settings.any_table_setups:
            _check_practice(seed, opts.changed(rules.options), sum(p.kind == "human" for p in places))
        if rated:
            _check_rated(seed, opts.changed(rules.options), sum(p.kind == "human" for p in places))
        table = Table(id=table_id, state=state, seats=places, rated=rated, fair=fair)
        if not any(p.kind == "human" for p in places):
            table.status = "playing"
        async with table.lock:
            table.version = await self._store(table.to_row())
        self.tables[table.id] = table
        table.undos_per_turn = self.settings.undos_per_turn
        self.quota.add(client, table.id)
        self._schedule_bots(table)
        return table.summary()

    def lobby(self, players: tuple[str, ...] = ()) -> list[dict[str, Any]]:
        """Summaries of every waiting or playing table, newest first, each with ``your_seat``: the seat
        ``players`` (the request's account and guest) hold there, or None; the lobby opens it on any device."""
        live = [t for t in self.tables.values() if t.status in ("waiting", "playing")]
        return [{**t.summary(), "your_seat": t.seat_of_player(players) if players else None}
                for t in sorted(live, key=lambda t: t.created, reverse=True)]

    async def summary(self, table_id: str) -> dict[str, Any]:
        return (await self._table(table_id)).summary()

    @retry_conflicts
    async def take_seat(self, table_id: str, seat: int, name: str, player: str | None = None,
                        contribution: str | None = None) -> dict[str, Any]:
        """Take a free human seat: ``{"seat", "token", "table"}``. The table starts when no human seat is free.

        ``player`` (``account:<id>`` or ``guest:<digest>``, server/accounts.py) holds the seat besides the
        token, on every device; a player holds one seat a table; a rated table seats accounts only."""
        table = await self._table(table_id)
        async with table.lock:
            place = self._place(table, seat)
            if not place.is_free or table.status == "over":
                raise ServiceError("seat/taken", f"seat {seat} is not free")
            if table.rated and not (player or "").startswith("account:"):
                raise ServiceError("account/needed", "this table is rated: log in or sign up to sit here")
            held = table.seat_of_player((player,)) if player else None
            if held is not None:
                raise ServiceError("seat/held", f"you already sit at this table (seat {held})")
            name = clean_name(name, [p.name for i, p in enumerate(table.seats) if i != seat])
            token = secrets.token_urlsafe(18)
            others_free = any(p.is_free for i, p in enumerate(table.seats) if i != seat)
            status = "playing" if table.status == "waiting" and not others_free else table.status
            if contribution is not None:
                self._contribute(table, seat, contribution)
            await self._commit(table, seats={seat: {"token_hash": hash_token(token), "name": name, "player": player}},
                               status=status, state=self._dealt(table, status))
        self._schedule_bots(table)
        return {"seat": seat, "token": token, "table": table.summary()}

    @retry_conflicts
    async def start_table(self, table_id: str, token: str | None, players: tuple[str, ...] = ()) -> dict[str, Any]:
        """Start a waiting table now: free human seats become bot seats at their stand-in level."""
        table = await self._table(table_id)
        async with table.lock:
            self._seat_of(table, token, players)
            if table.status == "waiting":
                bots = {i: {"kind": "bot", "name": _bot_name(p.bot), "clock": None}
                        for i, p in enumerate(table.seats) if p.is_free}
                await self._commit(table, seats=bots, status="playing", state=self._dealt(table, "playing"))
        self._schedule_bots(table)
        return table.summary()

    @staticmethod
    def _contribute(table: Table, seat: int, contribution: str) -> None:
        """A player's own randomness for the deal (tricktable/deals.py), before the table starts, once a seat."""
        if not deals.is_contribution(contribution):
            raise ServiceError("options/bad", "a contribution is 1 to 64 lowercase hex digits")
        if table.fair is not None and table.status == "waiting" and not table.state.history:
            table.fair = {**table.fair, "contributions": {**table.fair["contributions"], str(seat): contribution}}

    @staticmethod
    def _dealt(table: Table, status: str) -> State | None:
        """The game dealt from the secret and every contribution, as the table starts (None: no new deal)."""
        if table.fair is None or status != "playing" or table.status != "waiting" or table.state.history:
            return None
        contributions = {int(k): v for k, v in table.fair["contributions"].items()}
        return table.state.game.new_state(deals.seed_of(table.id, table.fair["secret"], contributions))

    async def fair_proof(self, table_id: str) -> dict[str, Any] | None:
        """A finished game's ``fair`` block (tricktable/deals.py), None for a table with a chosen seed."""
        table = await self._table(table_id)
        if table.status != "over":
            raise ServiceError("record/hidden", "the record shows every hand: it is published when the game is over")
        return table.fair_summary()

    async def view(self, table_id: str, token: str | None, lang: str | None = "en", since: int = 0,
                   players: tuple[str, ...] = ()) -> dict[str, Any]:
        """The view message of the token's seat (no token: the seat ``players`` hold, else the spectator's),
        with the log from ``since``."""
        table = await self._table(table_id)
        seat = await self._fresh_seat_of(table, token) if token else table.seat_of_player(players)
        return table.view(seat, _lang(lang), since)

    @retry_conflicts
    async def act(self, table_id: str, token: str | None, action: str, seat: int | None = None,
                  lang: str | None = "en", players: tuple[str, ...] = ()) -> dict[str, Any]:
        """Play ``action`` for the token's seat (no token: the seat ``players`` hold); returns its view after it."""
        table = await self._table(table_id)
        mine = await self._fresh_seat_of(table, token, players)
        if seat is not None and seat != mine:
            raise ServiceError("auth/token", f"this token is seat {mine}'s, not seat {seat}'s")
        table.seats[mine].away = False  # an HTTP player who acts is back: the stand-in stops
        await self._apply(table, mine, action)
        return table.view(mine, _lang(lang))

    async def hint(self, table_id: str, token: str | None, lang: str | None = "en",
                   players: tuple[str, ...] = ()) -> dict[str, Any]:
        """The search's ranked choices for the token's seat (``bots.hints``): built from that seat's view only."""
        from tricktable.bots import SeatView
        from tricktable.bots.hints import suggest

        table = await self._table(table_id)
        seat = await self._fresh_seat_of(table, token, players)
        if table.rated:  # a rated game is the players' own: no engine help (docs/protocol.md, "Hints")
            raise ServiceError("hint/rated", "no hints at a rated table: the game and the rating are the players' own")
        if table.status != "playing":
            raise ServiceError("table/not-started", "hints are for a game in progress")
        if seat not in table.state.actors:
            raise ServiceError("action/not-your-turn", f"seat {seat} has no choice to make now")
        view = SeatView(table.state, seat)  # a snapshot holding no live state: safe to search off the loop
        # the players by the names the action buttons show
        hints = await asyncio.to_thread(suggest, view, lang=_lang(lang), seed=table.step,
                                        names=table.names(_lang(lang)))
        return {"type": "hint", "seat": seat, "step": table.step, "hints": [h.to_json() for h in hints]}

    async def lesson(self, table_id: str, token: str | None, lang: str | None = "en",
                     players: tuple[str, ...] = ()) -> dict[str, Any]:
        """What the guided game's guide says to the token's seat now (``tricktable.tutorial``), from its view."""
        from tricktable.tutorial import lesson

        table = await self._table(table_id)
        seat = await self._fresh_seat_of(table, token, players)
        return {"type": "lesson", "seat": seat, "step": table.step, **lesson(table.state, seat, _lang(lang))}

    @retry_conflicts
    async def act_as(self, listener: Subscription, action: str) -> None:
        """Play ``action`` for a listener's seat (a WebSocket's); its new view arrives on every queue."""
        if listener.seat is None:
            raise ServiceError("auth/token", "spectators cannot act: take a seat to play")
        await self._apply(await self._table(listener.table_id), listener.seat, action)

    # --- undo and chat ---------------------------------------------------------------------------

    @retry_conflicts
    async def undo(self, table_id: str, token: str | None, lang: str | None = "en") -> dict[str, Any]:
        """Take back the token's seat's last action (``engine/undo.py`` decides); returns its view after."""
        table = await self._table(table_id)
        seat = await self._fresh_seat_of(table, token)
        await self._undo(table, seat)
        return table.view(seat, _lang(lang))

    @retry_conflicts
    async def undo_as(self, listener: Subscription) -> None:
        if listener.seat is None:
            raise ServiceError("auth/token", "spectators have no move to take back")
        await self._undo(await self._table(listener.table_id), listener.seat)

    async def _undo(self, table: Table, seat: int) -> None:
        """The game without ``seat``'s last action, stored, with a note in everyone's log; bots that were
        thinking about the position taken back think again (``Table.undos``)."""
        async with table.lock:
            if table.status != "playing":
                raise ServiceError("undo/refused", "moves can be taken back only in a game in progress")
            capped = why_capped(table.seats[seat].turn_undos, table.rated, self.settings.undos_per_turn)
            if capped and table.state.history and table.state.history[-1][0] == seat:
                raise ServiceError("undo/refused", f"seat {seat} cannot take back its last move: {capped}")
            if table.undoable() != seat:
                reason = why_not_undo(table.state, seat, table.before, thorough=False) or (
                    "at a rated table, not once the turn has passed" if getattr(table, "rated", False)
                    and table.state.history and table.state.history[-1][0] == seat else "it was a bot's move")
                raise ServiceError("undo/refused", f"seat {seat} cannot take back its last move: {reason}")
            # the engine's world comparison (it peeked?), off the loop: only now that the undo is asked for
            peeked = await asyncio.to_thread(why_not_undo, table.state, seat, table.before)
            if peeked is not None:
                raise ServiceError("undo/refused", f"seat {seat} cannot take back its last move: {peeked}")
            action = table.state.history[-1][1].text
            state = await asyncio.to_thread(undo_last, table.state.record(), seat)
            events, changes = len(state.events), {}
            for i, place in enumerate(table.seats):
                values: dict[str, Any] = {}
                marks = [e for e in place.standin_events if e < events]
                if marks != place.standin_events:
                    values["standin_events"] = marks
                notes = kept(place.notes, events)
                if i == seat:
                    notes.append({"at": events, "kind": "undo", "action": action})
                    values["turn_undos"] = place.turn_undos + 1
                if notes != place.notes:
                    values["notes"] = notes
                if values:
                    changes[i] = values
            await self._commit(table, state=state, seats=changes)
            table.undos += 1
            for key in [k for k in self._overdue if k[0] == table.id]:
                del self._overdue[key]
        self._schedule_bots(table)

    async def say(self, listener: Subscription, text: Any) -> None:
        """A chat message from a listener (a seat or a spectator) to everyone at its table, stored."""
        table = await self._table(listener.table_id)
        words = clean_text(text, self.settings.limits)
        who = f"seat {listener.seat}" if listener.seat is not None else f"watching {listener.address}"
        self.chat_rates.check(f"{table.id} {who}")
        name = table.seats[listener.seat].name if listener.seat is not None else ""
        watcher = None if listener.seat is not None else await self._watcher(table.id, listener)
        entry = await self._read(self.chat.add, table.id, listener.seat, name, words, watcher)
        self.chat_elsewhere(table.id, entry)  # (here: to our own sockets)
        if self.cluster is not None:
            self.cluster.publish_chat(table.id, entry)  # the sockets of the other processes

    def chat_elsewhere(self, table_id: str, entry: dict[str, Any]) -> None:
        """A chat message said at ``table_id`` (here or on another process): to every socket that hears chat."""
        watcher = entry.get("watcher")
        if isinstance(watcher, int) and watcher > self._watcher_top.get(table_id, 0):
            self._watcher_top[table_id] = watcher  # a spectator numbered there: the next one here comes after
        for other in list(self.subscribers.get(table_id, ())):
            if other.hears_chat:
                other.queue.put_nowait({"type": "chat", "messages": [entry]})

    async def _watcher(self, table_id: str, listener: Subscription) -> int:
        """A spectator's number at the table: the same person (account, guest, else address) keeps it."""
        key = (table_id, listener.player or f"address {listener.address}")
        number = self._watcher_of.get(key)
        if number is None:
            if table_id not in self._watcher_top:  # after a restart: after those already in the chat
                self._watcher_top[table_id] = await self._read(self.chat.watchers, table_id)
            number = self._watcher_of[key] = self._watcher_top[table_id] = self._watcher_top[table_id] + 1
        return number

    async def chat_history(self, table_id: str) -> list[dict[str, Any]]:
        """The table's latest chat messages (``limits.chat_keep``), oldest first."""
        table = await self._table(table_id)
        return await self._read(self.chat.latest, table.id, self.settings.limits.chat_keep)

    async def send_chat(self, listener: Subscription) -> None:
        """From now on the listener hears the table's chat; queue the latest messages (``"whole": true``)."""
        messages = await self.chat_history(listener.table_id)
        listener.hears_chat = True
        listener.queue.put_nowait({"type": "chat", "messages": messages, "whole": True})

    # --- listening -----------------------------------------------------------------------------

    async def connect(self, table_id: str, token: str | None, lang: str | None = "en",
                      players: tuple[str, ...] = ()) -> Subscription:
        """Listen to a table as the token's seat (no token: the seat ``players`` hold, else a spectator). The
        first view is already queued.

        A player who was away has their seat back at once; the stand-in bot's pending move is dropped.
        """
        table = await self._table(table_id)
        seat = await self._fresh_seat_of(table, token) if token else table.seat_of_player(players)
        listener = Subscription(table.id, seat, _lang(lang), Outbox(self.settings.limits.queue_messages),
                                player=players[0] if players else None)
        self.subscribers.setdefault(table.id, set()).add(listener)
        if seat is None or table.seats[seat].kind != "human":
            self._queue_view(table, listener, 0)
            return listener
        place = table.seats[seat]
        # counted before the first wait: a socket closed (its handler cancelled) while the mark below is
        # stored is then counted out again here, and its seat's grace period starts as for any close
        place.connections += 1
        self._sockets_changed(table, seat, +1)
        if place.leaving is not None:
            place.leaving.cancel()
            place.leaving, place.leaving_until = None, None
        place.away = False
        try:
            async with table.lock:
                try:
                    if place.uses_socket:
                        self._notify(table)
                    else:
                        await self._commit(table, seats={seat: {"uses_socket": True}})  # (it notifies)
                except ServiceError:  # logged; the mark is stored with the next change that succeeds
                    place.uses_socket = True
                    self._notify(table)
        except BaseException:
            self._closed(listener)
            raise
        return listener

    async def disconnect(self, listener: Subscription) -> None:
        """Stop listening. A player whose last connection this was has ``grace`` seconds to come back."""
        self._closed(listener)

    def _closed(self, listener: Subscription) -> None:
        """``disconnect``, with no wait in it: it also runs where a cancelled ``connect`` unwinds."""
        self.subscribers.get(listener.table_id, set()).discard(listener)
        table = self.tables.get(listener.table_id)
        if table is None or listener.seat is None or table.seats[listener.seat].kind != "human":
            return
        place = table.seats[listener.seat]
        place.connections = max(0, place.connections - 1)
        self._sockets_changed(table, listener.seat, -1)
        if place.connections == 0 and place.leaving is None:
            self._start_leaving(table, listener.seat)
        self._notify(table)

    def set_lang(self, listener: Subscription, lang: str | None) -> None:
        """Switch a listener's language and queue a view in it."""
        listener.lang = _lang(lang)
        table = self.tables.get(listener.table_id)
        if table is not None:
            self._queue_view(table, listener, 0)  # the whole log again, in the new language

    def resync(self, listener: Subscription, since: int) -> None:
        """Queue a view with the log lines from ``since`` on: a client that saw a gap asks from where it stands."""
        table = self.tables.get(listener.table_id)
        if table is not None:
            self._queue_view(table, listener, since)

    def send_changes(self, listener: Subscription) -> None:
        """From now on send this listener its views as changes from the last one (docs/protocol.md)."""
        listener.changes = True

    @staticmethod
    def _queue_view(table: Table, listener: Subscription, since: int) -> None:
        """Queue a full view (the whole position, the log from ``since``)."""
        message = table.view(listener.seat, listener.lang, since)
        listener.sent += 1
        listener.log_next, listener.shown = message["log_next"], position(message)
        listener.queue.put_nowait({**message, "pos": listener.sent})

    def _turn_time(self, table: Table, seat: int) -> float:
        """Seconds until ``seat``'s turn is overdue: until its clock runs out, or (no clock) the grace period."""
        clock = table.seats[seat].clock
        end = deadline(clock) if clock else None
        return self.settings.grace if end is None else max(0.0, end - time.time())

    def _has_no_limit(self, table: Table, seat: int) -> bool:
        """A present player at a table without a clock: nothing ever moves for them (server/presence.py)."""
        place = table.seats[seat]
        return place.clock is None and place.connections > 0

    def _start_leaving(self, table: Table, seat: int) -> None:
        """A player's last connection closed: the grace runs, shown to everyone as a countdown
        (``leaving_until`` in the table summary), after which the stand-in plays for them."""
        place = table.seats[seat]
        if uses_grace(table.seats):
            place.leaving_until = time.time() + self.settings.grace
        place.leaving = self._spawn(self._leave_after_grace(table, seat))

    async def _leave_after_grace(self, table: Table, seat: int) -> None:
        if not uses_grace(table.seats):  # turn-based: a player who closes the page keeps the seat; the clock acts
            table.seats[seat].leaving = None
            return
        await asyncio.sleep(self.settings.grace)
        place = table.seats[seat]
        place.leaving, place.leaving_until = None, None
        if place.connections == 0 and table.status != "over":
            place.away = True
            self._notify(table)
            self._schedule_bots(table)

    async def reference(self, table_id: str, lang: str | None = "en") -> dict[str, Any]:
        """The table's game components for tooltips (``game.reference``: its options' points and deck)."""
        table = await self._table(table_id)
        return table.state.game.reference(_lang(lang))

    # --- records and replays -------------------------------------------------------------------

    async def record(self, table_id: str) -> Any:
        """The finished game's ``GameRecord``; ``record/hidden`` before the end."""
        table = await self._table(table_id)
        if table.status != "over":
            raise ServiceError("record/hidden", "the record shows every hand: it is published when the game is over")
        return table.state.record()

    async def replays(self, limit: int = 100) -> list[dict[str, Any]]:
        """Summaries of finished games, most recent first."""
        rows = await self._read(self.store.list, ("over",), limit)
        out = []
        for row in rows:
            table = self.tables.get(row.id)
            if table is None:
                try:
                    table = self._remember(Table.from_row(row))
                except Exception as error:  # a damaged row: leave it stored, list the others
                    log.warning("finished table %s cannot be replayed: %s: %s", row.id, type(error).__name__, error)
                    continue
            out.append(table.summary())
        return out

    async def replay(self, table_id: str, step: int | None = None, seat: int | None = None,
                     lang: str | None = "en") -> dict[str, Any]:
        """A finished game after ``step`` actions, as ``seat`` saw it, with every hand shown."""
        table = await self._table(table_id)
        if table.status != "over":
            raise ServiceError("record/hidden", "a replay shows every hand: it opens when the game is over")
        if seat is not None:
            self._place(table, seat)
        record, lang = table.state.record(), _lang(lang)
        steps = len(record.actions)
        step = steps if step is None else max(0, min(step, steps))
        state = record.replay(step)
        game, names = state.game, table.names(lang)
        # the game is deterministic: the replayed events are the table's first ones, so its lines fit them
        entries = state.log_entries(seat, 0)[1]
        return {
            "type": "replay", "table": table.summary(), "step": step, "steps": steps, "seat": seat,
            "view": (view := state.observe(seat)),
            "result": translate_result(view["result"], lang, names, state.players) if view.get("result") else None,
            "hands": [state.observe(p).get("hand", []) for p in range(state.players)],
            "log": table.log_lines(entries, lang), "log_from": 0, "log_next": len(entries),
            # the moves as the seat saw them, and where each round and trick began
            **replay_moves(table.id, record, seat, f"{lang}:{names}", lambda e: game.describe_event(e, lang, names),
                           lambda a: game.describe_action(a, lang, names)),
        }

    async def review(self, table_id: str, seat: int, lang: str | None = "en") -> dict[str, Any]:
        """The review of ``seat``'s decisions in a finished game (``server.reviews``: in the background;
        ask again for its progress)."""
        from tricktable.server import reviews

        table = await self._table(table_id)
        if table.status != "over":
            raise ServiceError("record/hidden", "a review reads every hand: it opens when the game is over")
        self._place(table, seat)
        names = {"en": table.names("en"), "ja": table.names("ja")}
        return reviews.status(table.id, table.state.record(), seat, names, _lang(lang))

    # --- inside --------------------------------------------------------------------------------

    async def _table(self, table_id: str) -> Table:
        """The table, from memory or (a finished game) from the store."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        row = await self._read(self.store.load, table_id)
        if row is None:
            raise ServiceError("table/unknown", f"there is no table {table_id!r}")
        try:
            table = Table.from_row(row)
        except Exception as error:  # a damaged row: the details go to the log only
            error_id = new_error_id()
            log.warning("table %s cannot be replayed (error id %s): %s: %s", table_id, error_id,
                        type(error).__name__, error)
            raise ServiceError("table/unknown", f"table {table_id!r} cannot be replayed (error id {error_id})",
                               error_id) from error
        self._remember(table)
        if table.status != "over":
            self._schedule_bots(table)
        return table

    def _remember(self, table: Table) -> Table:
        """Keep a table in memory; beyond ``KEEP_FINISHED`` finished ones, forget the oldest unwatched
        (they stay stored and are loaded again when asked for)."""
        self.tables[table.id] = table
        table.undos_per_turn = self.settings.undos_per_turn
        self._forget_finished()
        return table

    def _forget_finished(self) -> None:
        finished = [t for t in self.tables.values() if t.status == "over" and not self.subscribers.get(t.id)]
        if len(finished) > KEEP_FINISHED:
            for old in sorted(finished, key=lambda t: t.updated)[:len(finished) - KEEP_FINISHED]:
                del self.tables[old.id]
                self.subscribers.pop(old.id, None)
                self._forget_watchers(old.id)

    def _forget_watchers(self, table_id: str) -> None:
        """A table no longer served here: its spectators' numbers (read again from its chat if it comes back)."""
        self._names_shown.pop(table_id, None)
        if self._watcher_top.pop(table_id, None) is not None:
            for key in [k for k in self._watcher_of if k[0] == table_id]:
                del self._watcher_of[key]

    @staticmethod
    def _place(table: Table, seat: int) -> Seat:
        if not 0 <= seat < len(table.seats):
            raise ServiceError("seat/unknown", f"table {table.id} has seats 0-{len(table.seats) - 1}, not {seat}")
        return table.seats[seat]

    @staticmethod
    def _seat_of(table: Table, token: str | None, players: tuple[str, ...] = ()) -> int:
        if not token:
            held = table.seat_of_player(players)
            if held is not None:  # no token, but the request's account or guest holds a seat here
                return held
            raise ServiceError("auth/token", "this needs your seat token (or the account that holds the seat)")
        seat = table.seat_of(token)
        if seat is None:
            raise ServiceError("auth/token", f"that token holds no seat at table {table.id}")
        return seat

    async def _apply(self, table: Table, seat: int, text: str) -> None:
        """Check and perform one action for ``seat``, store the game, tell everyone, wake the bots."""
        async with table.lock:
            state = table.state
            if table.status == "waiting":
                raise ServiceError("table/not-started", "the table starts when every human seat is taken")
            if seat not in state.actors:
                waiting = ", ".join(f"seat {p}" for p in state.actors)
                reason = f"waiting for {waiting}" if waiting else "the game is over"
                raise ServiceError("action/not-your-turn", f"it is not seat {seat}'s turn ({reason})")
            state = state.clone()  # the table's own state changes only once the move is stored
            try:
                state.apply(text, seat)
            except (IllegalAction, ParseError) as error:
                raise ServiceError("action/illegal", str(error)) from error
            await self._commit(table, state=state, status="over" if state.is_over else table.status,
                               secret=_secret_seat(state, seat))
        self._schedule_bots(table)

    async def _commit(self, table: Table, state: State | None = None, seats: dict[int, dict[str, Any]] | None = None,
                      status: str | None = None, secret: int | None = None) -> None:
        """Make a change atomically: store the table as it will be, then become it and tell its listeners.

        ``state`` replaces the game state (a changed copy); ``seats`` maps a seat to new values of its stored
        fields; ``status`` is the new status; ``secret``: the seat whose secret action this was (only its
        listeners hear of it, and the table's public time stays). Call with the lock held. When the store
        fails, nothing changed and ``server/unavailable`` (with an error id; details in the log) is raised.
        """
        state = state if state is not None else table.state
        status = status if status is not None else table.status
        seats = reset_counts(table.seats, table.state, state, seats or {})  # take-backs this turn
        changes = charge(table.seats, table.state, state, status, pending=seats, secret=secret)  # the clocks
        updated = now() if secret is None else table.updated
        row = TableRow(id=table.id, game=state.game.name, players=state.players, status=status,
                       seats=[{**p.to_json(), **changes.get(i, {})} for i, p in enumerate(table.seats)],
                       record=table.record_json(state), created=table.created, updated=updated,
                       version=table.version, rated=table.rated)
        row.stored_actions = _stored_prefix(table.state, state)  # the store appends only the new actions
        try:
            version = await self._store(row)
        except StaleRow:  # another process saved the table first: become what is stored, refuse this change
            fresh = await self._read(self.store.load, table.id)
            if fresh is not None:
                refresh(table, fresh)
            self._spawn(self._after_reload(table))
            raise ServiceError("table/conflict", "the table changed on another server process meanwhile: "
                                                 "look at it again and retry") from None
        table.version, self.writers[table.id] = version, self.origin
        for seat, values in changes.items():
            for name, value in values.items():
                setattr(table.seats[seat], name, value)
        if any("standin_events" in values for values in changes.values()):
            table.__post_init__()  # the stand-in marks, before the listeners hear of the lines they mark
        if state is not table.state:  # kept for the undo check (engine/undo.py): it saves a replay
            table.before = table.state if len(state.history) == len(table.state.history) + 1 else None
        ended = status == "over" and table.status != "over"
        table.state, table.status, table.updated = state, status, updated
        self._notify(table, only=secret)
        for hook in self.finished if ended else ():
            self._spawn(hook(table))
        if table.status == "over":
            self._forget_finished()

    async def _read(self, read: Callable[..., T], *args: Any) -> T:
        """A store read off the loop; a failing store becomes ``server/unavailable`` with an id, as in ``_store``."""
        try:
            return await asyncio.to_thread(read, *args)
        except (ValueError, TypeError, KeyError) as error:  # a damaged row (not JSON, say): left in the store
            error_id = new_error_id()
            log.warning("a stored table cannot be read (error id %s): %s: %s", error_id, type(error).__name__, error)
            raise ServiceError("table/unknown", f"that table cannot be read (error id {error_id})", error_id) from None
        except Exception:
            error_id = new_error_id()
            log.exception("reading the store failed (error id %s)", error_id)
            raise store_failure(error_id, reading=True) from None

    async def _store(self, row: TableRow) -> int:
        """Save a row at its next version (returned); a failing store becomes ``server/unavailable`` with an
        id, its details logged only (the exception may carry the statement's parameters: the record with its
        seed, token hashes). ``StaleRow`` (another process saved first) passes through."""
        try:
            if row.version:  # a change of a stored table: with whatever other tables save now (server/commits.py)
                return await self.commits.save(row)
            return await asyncio.to_thread(self.store.save, row, self.origin)
        except StaleRow:
            raise
        except Exception:
            error_id = new_error_id()
            log.exception("saving table %s failed (error id %s)", row.id, error_id)
            raise store_failure(error_id) from None

    async def _after_reload(self, table: Table) -> None:
        self._notify(table)
        self._schedule_bots(table)

    # --- several processes (server/bus.py calls these) -------------------------------------------

    def keep(self, task: asyncio.Task[Any]) -> None:
        """Hold a background task until it ends (stopped with the service)."""
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def adopt(self, table: Table) -> None:
        """A live table another process created: serve it here too."""
        self.tables[table.id] = table
        table.undos_per_turn = self.settings.undos_per_turn
        self._notify(table)
        self._schedule_bots(table)

    def changed_elsewhere(self, table: Table) -> None:
        """A table reloaded after another process changed it: tell our sockets, wake our bots."""
        self._notify(table)
        if table.status == "over":
            self._forget_finished()
        self._schedule_bots(table)

    def forget_table(self, table_id: str) -> None:
        """Another process deleted the table (it expired)."""
        table = self.tables.pop(table_id, None)
        self._forget_watchers(table_id)
        gone = ServiceError("table/expired", f"table {table_id} waited too long for players and was closed")
        for listener in self.subscribers.pop(table_id, set()):
            listener.closing = CLOSE_EXPIRED
            listener.queue.put_nowait(gone.to_json())
        if table is not None:
            self._notify(table)

    def presence_changed(self, table: Table, seat: int, delta: int) -> None:
        """Sockets of ``seat`` opened or closed on another process."""
        place = table.seats[seat]
        if place.kind != "human" or not delta:
            return
        place.connections = max(0, place.connections + delta)
        if place.connections > 0:
            if place.leaving is not None:
                place.leaving.cancel()
                place.leaving, place.leaving_until = None, None
            place.away = False
        elif place.leaving is None:
            self._start_leaving(table, seat)
        self._notify(table)

    def _sockets_changed(self, table: Table, seat: int, delta: int) -> None:
        key = (table.id, seat)
        self._local[key] = max(0, self._local.get(key, 0) + delta)
        if self.cluster is not None:
            self.cluster.publish_presence(table.id, seat, self._local[key])
        if not self._local[key]:
            del self._local[key]

    async def _fresh_seat_of(self, table: Table, token: str | None, players: tuple[str, ...] = ()) -> int:
        """The token's seat; with several processes, a token this copy does not know yet (the seat was just
        taken on another process) is looked up again in the store before it is refused."""
        try:
            return self._seat_of(table, token, players)
        except ServiceError:
            if self.cluster is None or not (token or players):
                raise
        row = await asyncio.to_thread(self.store.load, table.id)
        if row is not None:
            async with table.lock:
                if row.version > table.version:
                    refresh(table, row)
        return self._seat_of(table, token, players)

    async def _owner_first(self, table: Table) -> bool:
        """True when this process should think for the table's bots now: it saved the table last, or the
        owner has let ``takeover`` seconds pass without a move (it died or is stuck)."""
        if self.cluster is None or self.writers.get(table.id, self.origin) == self.origin:
            return True
        step = table.step
        await asyncio.sleep(self.cluster.takeover)
        return table.step == step and table.status == "playing"

    async def _expire_waiting(self) -> None:
        """Every so often, end the waiting tables nobody has changed for ``waiting_ttl`` seconds: they leave
        memory and the store (no game was played), and their listeners are told and closed."""
        ttl = self.settings.limits.waiting_ttl
        while True:
            await asyncio.sleep(min(60.0, max(0.05, ttl / 10)))
            cutoff = now().timestamp() - ttl
            for table in [t for t in self.tables.values() if t.status == "waiting"]:
                # a turn-based table waits for friends for days, as long as a week at least (server/clock.py)
                if table.updated.timestamp() < cutoff - (0 if uses_grace(table.seats) else max(0, WEEK - ttl)):
                    await self._expire(table)

    async def _expire(self, table: Table) -> None:
        async with table.lock:
            if table.status != "waiting":
                return
            await self._read(self.store.delete, table.id, self.origin)
            self.tables.pop(table.id, None)
        gone = ServiceError("table/expired", f"table {table.id} waited too long for players and was closed")
        for listener in self.subscribers.pop(table.id, set()):
            listener.closing = CLOSE_EXPIRED
            listener.queue.put_nowait(gone.to_json())

    def _notify(self, table: Table, only: int | None = None) -> None:
        """Queue each listener's own view of the table with the log lines it has not had (built once per
        seat, language and place in the log: listeners of one seat share it, encoded once: ``server/fanout.py``);
        ``only``: tell that seat's listeners alone (the others' views have not changed, and hearing of it
        would tell)."""
        built: dict[tuple[int | None, str, int], tuple[Encoded, dict[str, Any]]] = {}
        as_edits: dict[tuple[int | None, str, int, int], tuple[dict[str, Any], Encoded]] = {}
        names = tuple(place.name for place in table.seats)
        renamed = only is None and self._names_shown.get(table.id, names) != names
        if only is None:
            self._names_shown[table.id] = names
        for listener in list(self.subscribers.get(table.id, ())):
            if renamed:  # a seat was taken (or given to a bot): lines said "Player 2" till now
                listener.log_next = 0  # the whole log again, with the names (the client replaces its lines)
            if only is not None and listener.seat != only:
                continue
            key = (listener.seat, listener.lang, listener.log_next)
            if key not in built:
                message = table.view(*key)
                built[key] = Encoded(message), position(message)
            encoded, shown = built[key]
            listener.sent += 1
            if listener.changes and listener.shown is not None:
                edit_key = (*key, id(listener.shown))  # listeners given one position share its changes
                cached = as_edits.get(edit_key)
                if cached is None or cached[0] is not listener.shown:  # (the entry holds it: ids stay unique)
                    cached = as_edits[edit_key] = listener.shown, Encoded(as_changes(encoded, listener.shown))
                listener.queue.put_nowait(cached[1].plus({"pos": listener.sent}))
            else:
                listener.queue.put_nowait(encoded.plus({"pos": listener.sent}))
            listener.log_next, listener.shown = encoded["log_next"], shown

    # --- bots ----------------------------------------------------------------------------------

    def _schedule_bots(self, table: Table) -> None:
        """Start a bot move for every actor a bot plays now (once per seat); start the turn clock of every
        human actor (no table is held hostage by a seat that does not act)."""
        if table.status != "playing":
            return
        for seat in range(table.state.players):
            clock = self._turn_clocks.get((table.id, seat))
            if clock is not None and seat not in table.state.actors:
                clock[1].cancel()
                del self._turn_clocks[(table.id, seat)]
        for seat in table.state.actors:
            if self._bot_plays(table, seat):
                if seat not in table.thinking:
                    table.thinking.add(seat)
                    self._spawn(self._bot_turn(table, seat))
            else:
                self._start_turn_clock(table, seat)

    def _bot_plays(self, table: Table, seat: int) -> bool:
        """A bot seat, a human seat whose player is away, or a human seat whose turn now is overdue."""
        return table.seats[seat].played_by_bot or self._overdue.get((table.id, seat)) == table.step

    def _start_turn_clock(self, table: Table, seat: int) -> None:
        key = (table.id, seat)
        running = self._turn_clocks.get(key)
        if running is not None and running[0] == table.step and not running[1].done():
            return
        if running is not None:
            running[1].cancel()
            del self._turn_clocks[key]
        if self._has_no_limit(table, seat):
            return  # it is there and has no clock: it thinks as long as it likes (if it leaves, the grace runs)
        self._turn_clocks[key] = (table.step, self._spawn(self._idle_after_grace(table, seat, table.step)))

    async def _idle_after_grace(self, table: Table, seat: int, step: int) -> None:
        """A human actor who has not acted ``grace`` seconds after the table reached ``step``: its stand-in
        plays. A seat with no open socket (never opened one, or closed it) is then ``away`` until its player
        acts or connects again; a connected seat only has this turn played for it."""
        await asyncio.sleep(self._turn_time(table, seat))
        key = (table.id, seat)
        self._turn_clocks.pop(key, None)
        place = table.seats[seat]
        if table.status != "playing" or table.step != step or seat not in table.state.actors or place.played_by_bot:
            return
        if self.tables.get(table.id) is not table or self._has_no_limit(table, seat):
            return
        if place.connections == 0 and uses_grace(table.seats):
            place.away = True
        else:  # connected, or a turn-based table (players come and go): the stand-in plays this move only
            self._overdue[key] = step
        log.info("table %s: seat %d did not act in time; its stand-in plays", table.id, seat)
        self._notify(table)
        self._schedule_bots(table)

    async def _bot_turn(self, table: Table, seat: int) -> None:
        announced = False  # the last move was announced to everyone, the seat no longer thinking: nothing to add
        shown: asyncio.TimerHandle | None = None
        try:
            if not await self._owner_first(table):
                return  # the owning process moved meanwhile; its change (heard here) schedules again
            # shows the seat as thinking, unless its move comes first (a quick bot: one view, not two)
            shown = asyncio.get_running_loop().call_later(THINKING_SHOWN_AFTER, self._show_thinking, table, seat,
                                                          table.step)
            while True:  # the seat thinks on while it is still to act (after a secret move, say): no flicker
                table.thinking.add(seat)
                announced = await self._bot_move(table, seat)
                if not (table.status == "playing" and seat in table.state.actors and self._bot_plays(table, seat)):
                    break
        finally:
            if shown is not None:
                shown.cancel()
            table.thinking.discard(seat)
        if not announced:
            self._notify(table)  # it stopped thinking without a move everyone heard of
        self._schedule_bots(table)

    def _show_thinking(self, table: Table, seat: int, step: int) -> None:
        if seat in table.thinking and table.step == step and self.tables.get(table.id) is table:
            self._notify(table)

    async def _bot_move(self, table: Table, seat: int) -> bool:
        """Think in a worker, then apply the move if the seat is still the bot's and still to act. True when
        the move was made and announced to every listener (not a secret one)."""
        loop = asyncio.get_running_loop()
        started = loop.time()
        retry = self.settings.retry
        chosen: tuple[int, str] | None = None  # (step, text): a move the store refused is tried again as is
        while True:
            step, place, undos = table.step, table.seats[seat], table.undos
            if chosen is not None and chosen[0] == step:
                text = chosen[1]
            else:
                record = table.record_json(table.state)
                seed = bot_seed(table.state.seed, step, seat)
                text = await self.fair.run(table.id, functools.partial(self._think, record, seat, place.bot, seed,
                                                                       table.id))
            least = self.settings.bot_delay
            if table.undoable() is not None:  # a person may still take their move back: give them the time
                least = max(least, self.settings.undo_window)
            wait = least - (loop.time() - started)
            if wait > 0:
                await asyncio.sleep(wait)
            async with table.lock:
                state = table.state
                if table.status != "playing" or seat not in state.actors or not self._bot_plays(table, seat):
                    return False  # the game moved on or the player came back
                if table.undos != undos:
                    return False  # a move was taken back meanwhile: the thought is for a position gone (look again)
                legal = state.legal_actions(seat)
                if text not in {a.text for a in legal}:
                    if table.step != step:
                        continue  # another seat acted meanwhile (a simultaneous choice): think again
                    log.error("bot %s chose %r, not legal for seat %d; playing a random move", place.bot, text, seat)
                    text = Rng(bot_seed(state.seed, step, seat)).choice(legal).text
                first_event = len(state.events)
                state = state.clone()
                state.apply(text, seat)
                secret = _secret_seat(state, seat)
                # a stand-in played for an away player: its lines say so (stored with the move)
                marks = table.standin_marks(state, seat, first_event) if place.kind == "human" else []
                values: dict[str, Any] = {"standin_events": [*place.standin_events, *marks]} if marks else {}
                if place.kind == "human" and not place.away and secret is None:  # its time ran out: the log says
                    # so (not of a secret move: how many notes there are would count the seat's secret moves)
                    values["notes"] = [*place.notes, {"at": first_event, "kind": "timeout"}]
                seats = {seat: values} if values else None
                if secret is None:
                    table.thinking.discard(seat)
                try:
                    await self._commit(table, state=state, seats=seats,
                                       status="over" if state.is_over else table.status, secret=secret)
                except ServiceError as error:
                    chosen = (step, text)  # logged by _store; the table is as before
                    table.thinking.add(seat)
                    if error.code == "table/conflict":
                        continue  # another process moved first and the table is reloaded: look again now
                else:
                    table.index_standin(marks)
                    if table.status == "over":
                        self.fair.forget(table.id)
                    return secret is None
            await asyncio.sleep(retry)  # until the database is back
            retry = min(retry * 2, self.settings.retry_max)

    async def _think(self, record: dict[str, Any], seat: int, level: str, seed: int, table_id: str = "") -> str:
        """A bot's choice from a worker; a failing bot is replaced by a random move so the table never stalls."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.executor, think, record, seat, level, seed, self.origin + table_id)
        except asyncio.CancelledError:
            raise
        except BrokenProcessPool:
            log.warning("the bot worker pool broke; starting a new one")
            if self.executor is not None:
                stop_executor(self.executor)
            self.executor = make_executor(self.settings.bot_workers)
        except Exception:
            log.exception("bot %s failed for seat %d; playing a random move instead", level, seat)
        return await asyncio.to_thread(_random_move, record, seat, seed)


def _random_move(record: dict[str, Any], seat: int, seed: int) -> str:
    from tricktable.engine import GameRecord

    state = GameRecord.from_json(record).replay()
    return Rng(seed).choice(state.legal_actions(seat)).text


def _stored_prefix(stored: State, new: State) -> int | None:
    """How many actions the stored row holds when ``new`` replaces ``stored`` (the table's state, as saved):
    all of stored's when new only adds actions after them (a move), else None (an undo: write them all)."""
    old = stored.history
    return len(old) if new is stored or not old or grown_from(new.history, len(old), old[-1]) else None


def _secret_seat(state: State, seat: int) -> int | None:
    """``seat`` if its action just taken must stay unknown to the others (``Game.is_secret``), else None."""
    return seat if state.history and state.game.is_secret(state.history[-1][1]) else None


def _check_practice(seed: int | None, options: dict[str, Any], humans: int) -> None:
    """A chosen seed or a set-up deal shows its chooser hidden cards: only at a table with one person at most."""
    fixed = setup_options(options)
    if (seed is not None or fixed) and humans > 1:
        chosen = ", ".join(["seed"] * (seed is not None) + fixed)
        raise ServiceError("options/practice", f"{chosen}: a chosen seed or set-up deal lets its chooser know "
                           f"hidden cards, so it is only for practice tables with at most one person ({humans} here)")


def _check_rated(seed: int | None, options: dict[str, Any], humans: int) -> None:
    """A rated table is a real game: a secret deal nobody chose, and a person at it."""
    fixed = setup_options(options)
    if seed is not None or fixed:
        chosen = ", ".join(["seed"] * (seed is not None) + fixed)
        raise ServiceError("options/rated", f"{chosen}: a rated table deals at random; a chosen seed or set-up "
                                            "deal makes a practice table, which is never rated")
    if humans == 0:
        raise ServiceError("options/rated", "a rated table needs a seat for a person")


def _plain(value: Any) -> Any:
    """An option value as JSON data (options keep lists as tuples)."""
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def _bot_name(level: str) -> str:
    return f"Bot ({level})"

