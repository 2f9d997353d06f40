"""The players' service: accounts, sessions, guests and ratings of one server, beside its table service.

``PlayerHub`` holds the players' store (``accounts.Players``: accounts, sessions, seat memberships) and the
ratings (``ratings.Ratings``), both in the tables' database (``store.engine_for``); it turns a request's
cookies into an ``Identity`` and rates every rated table whose game ends (``TableService.finished``). The
routes over it are ``server/routes_players.py``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping

from fastapi import Request

from tricktable.server.accounts import GUEST_COOKIE, SESSION_COOKIE, Identity, Players
from tricktable.server.identity import GUEST_KEY, GuestSigner, stored_key
from tricktable.server.networks import network_of
from tricktable.server.ratings import Ratings, ranks_of
from tricktable.server.service import TableService
from tricktable.server.store import SqlStore, Store, engine_for
from tricktable.server.table import Table

log = logging.getLogger("tricktable.server")


class PlayerHub:
    """Accounts, sessions, guests and ratings of one server, beside its table service."""

    def __init__(self, service: TableService, store: Store, origins: tuple[str, ...] = ()) -> None:
        self.service, self.origins = service, origins
        self.stored = isinstance(store, SqlStore)  # its tables live beside ours: a stop can leave a game unrated
        self.players = Players(engine_for(store), service.settings.limits)
        self.ratings = Ratings(self.players.engine)
        # guest cookies are ours alone: signed with a key every worker reads from the database
        self.guests = GuestSigner(stored_key(self.players.engine, GUEST_KEY))
        service.finished.append(self.rate_table)

    def network(self, request: Request) -> str:
        """The network a request counts for (``server/networks.py``)."""
        return network_of(request.client.host if request.client else None, self.service.settings.limits.ipv6_prefix)

    async def identify(self, cookies: Mapping[str, str]) -> Identity:
        """Who the cookies say the request is from (an expired or unknown session: no account)."""
        session = cookies.get(SESSION_COOKIE)
        account = await asyncio.to_thread(self.players.session_account, session) if session else None
        return Identity(account=account, guest=self.guests.player(cookies.get(GUEST_COOKIE)))

    async def rate_table(self, table: Table) -> None:
        """Rate a finished rated table (once: ``Ratings.rate`` keeps the table id)."""
        if not table.rated:
            return
        subjects = []
        for place in table.seats:
            if place.kind == "bot":
                subjects.append(f"bot:{place.bot}")
            elif place.player and place.player.startswith("account:"):
                subjects.append(place.player)
            else:  # cannot happen at a rated table (accounts only); never rate a game with an unknown player
                log.warning("table %s is rated but a seat is held by no account: not rated", table.id)
                return
        state = table.state
        ranks = ranks_of([float(s) for s in state.scores()], list(state.winners()), state.game.higher_score_wins)
        try:
            await asyncio.to_thread(self.ratings.rate, table.id, state.game.name, subjects, ranks)
        except Exception:  # logged; start-up rates it again (``catch_up``)
            log.exception("rating table %s failed; it is rated again when the server starts", table.id)
        self.service._notify(table)  # the table's page asks for its rating changes when it hears of the end

    async def catch_up(self) -> None:
        """Rate the finished rated tables a stopped server had no time to rate."""
        if not self.stored:
            return
        try:
            missing = await asyncio.to_thread(self.ratings.unrated_finished)
            for table_id in missing:
                await self.rate_table(await self.service._table(table_id))
        except Exception:
            log.exception("rating the finished tables left unrated failed")

    def close(self) -> None:
        self.players.close()
