"""The table service's records and replays: a finished game's record, its fair-deal proof and replays."""

from __future__ import annotations

from typing import Any

from tricktable.engine.words import translate_result
from tricktable.server.chat_service import Chat
from tricktable.server.errors import ServiceError
from tricktable.server.replays import replay_moves
from tricktable.server.service_core import _lang, log
from tricktable.server.table import Table


class Replays(Chat):
    """Records and replays of finished games."""

    async def record(self, table_id: str) -> Any:
        """The finished game's ``GameRecord``; ``record/hidden`` before the end."""
        table = await self._table(table_id)
        if table.status != "over":
            raise ServiceError("record/hidden", "the record shows every hand: it is published when the game is over")
        return table.state.record()

    async def fair_proof(self, table_id: str) -> dict[str, Any] | None:
        """A finished game's ``fair`` block (tricktable/deals.py), None for a table with a chosen seed."""
        table = await self._table(table_id)
        if table.status != "over":
            raise ServiceError("record/hidden", "the record shows every hand: it is published when the game is over")
        return table.fair_summary()

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
