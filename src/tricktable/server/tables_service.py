"""The table service's tables: the games on offer, their rules, new tables and the lobby."""

from __future__ import annotations

import importlib
import secrets
from importlib import resources
from pathlib import Path
from typing import Any

from tricktable import deals
from tricktable.engine import TricktableError, game_class
from tricktable.engine import options as opts
from tricktable.engine.registry import GAMES
from tricktable.engine.words import BOT_LEVELS
from tricktable.server.bots import default_level, game_levels
from tricktable.server.clock import new_clock, parse_time_control
from tricktable.server.errors import ServiceError
from tricktable.server.practice import setup_options
from tricktable.server.replays_service import Replays
from tricktable.server.rules_cache import rules as shared_rules
from tricktable.server.service_core import _bot_name, _lang, playable
from tricktable.server.table import Seat, Table


class Tables(Replays):
    """Games, new tables and the lobby."""

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

    async def reference(self, table_id: str, lang: str | None = "en") -> dict[str, Any]:
        """The table's game components for tooltips (``game.reference``: its options' points and deck)."""
        table = await self._table(table_id)
        return table.state.game.reference(_lang(lang))


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
