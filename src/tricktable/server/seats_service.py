"""The table service's seats and actions: taking a seat, starting a table, acting, hints and undos."""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from tricktable import deals
from tricktable.engine import IllegalAction, ParseError, State
from tricktable.engine.undo import undo as undo_last
from tricktable.engine.undo import why_not_undo
from tricktable.server.clocks_service import Clocks, _secret_seat
from tricktable.server.errors import ServiceError
from tricktable.server.names import clean_name
from tricktable.server.notes import kept
from tricktable.server.service_core import Subscription, _bot_name, _lang, retry_conflicts
from tricktable.server.table import Table, hash_token
from tricktable.server.undos import why_capped


class Seats(Clocks):
    """Seats and the actions played from them."""

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
