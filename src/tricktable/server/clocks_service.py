"""The table service's clocks and stand-ins: a turn that is overdue, a waiting table that expires, and the
bots (and stand-ins of absent players) that think in a worker and play through the same path as a person.
"""

from __future__ import annotations

import asyncio
import functools
import time
from typing import Any

from tricktable.engine import Rng, State
from tricktable.server.bots import bot_seed
from tricktable.server.clock import deadline, uses_grace
from tricktable.server.database import now
from tricktable.server.errors import ServiceError
from tricktable.server.limits import CLOSE_EXPIRED
from tricktable.server.listeners import Listeners
from tricktable.server.service_core import THINKING_SHOWN_AFTER, WEEK, log
from tricktable.server.table import Table


class Clocks(Listeners):
    """Turn clocks, expiry and bot moves."""

    async def _think(self, record: dict[str, Any], seat: int, level: str, seed: int, table_id: str = "") -> str:
        raise NotImplementedError  # the service's (server/service.py): tests replace the worker's ``think`` there

    def _turn_time(self, table: Table, seat: int) -> float:
        """Seconds until ``seat``'s turn is overdue: until its clock runs out, or (no clock) the grace period."""
        clock = table.seats[seat].clock
        end = deadline(clock) if clock else None
        return self.settings.grace if end is None else max(0.0, end - time.time())

    def _has_no_limit(self, table: Table, seat: int) -> bool:
        """A present player at a table without a clock: nothing ever moves for them (server/presence.py)."""
        place = table.seats[seat]
        return place.clock is None and place.connections > 0

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

    async def _owner_first(self, table: Table) -> bool:
        """True when this process should think for the table's bots now: it saved the table last, or the
        owner has let ``takeover`` seconds pass without a move (it died or is stuck)."""
        if self.cluster is None or self.writers.get(table.id, self.origin) == self.origin:
            return True
        step = table.step
        await asyncio.sleep(self.cluster.takeover)
        return table.step == step and table.status == "playing"

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
                marks, seats = _standin_seats(table, seat, state, first_event, secret)
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


def _standin_seats(table: Table, seat: int, state: State, first_event: int,
                   secret: int | None) -> tuple[list[int], dict[int, dict[str, Any]] | None]:
    """What a bot's move for a person's seat stores with it: the stand-in marks on its lines, and a timeout
    note; and the marks themselves (indexed once the move is stored)."""
    place = table.seats[seat]
    # a stand-in played for an away player: its lines say so (stored with the move)
    marks = table.standin_marks(state, seat, first_event) if place.kind == "human" else []
    values: dict[str, Any] = {"standin_events": [*place.standin_events, *marks]} if marks else {}
    if place.kind == "human" and not place.away and secret is None:  # its time ran out: the log says
        # so (not of a secret move: how many notes there are would count the seat's secret moves)
        values["notes"] = [*place.notes, {"at": first_event, "kind": "timeout"}]
    return marks, ({seat: values} if values else None)


def _secret_seat(state: State, seat: int) -> int | None:
    """``seat`` if its action just taken must stay unknown to the others (``Game.is_secret``), else None."""
    return seat if state.history and state.game.is_secret(state.history[-1][1]) else None
