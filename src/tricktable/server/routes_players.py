"""The players' HTTP routes: accounts, guests, My games, ratings and the leaderboard (docs/protocol.md, "Players").

Thin, like the other ``routes_*.py``: each reads the request and calls the players' service
(``server/players_service.py``: ``PlayerHub``) or its stores. Every state-changing route is a POST with a
JSON body (a cross-site form cannot send one, and SameSite=Lax cookies are not sent with a cross-site
POST); a POST whose ``Origin`` is another site is refused (``auth/origin``).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from tricktable.server.accounts import (
    GUEST_COOKIE,
    GUEST_DAYS,
    SESSION_COOKIE,
    SESSION_DAYS,
    Account,
    Players,
)
from tricktable.server.errors import ServiceError
from tricktable.server.headers import origin_allowed
from tricktable.server.logins import HashGate
from tricktable.server.players_service import PlayerHub
from tricktable.server.service import TableService

log = logging.getLogger("tricktable.server")
FINISHED_SHOWN = 30  # finished games in My games
HASHES_AT_ONCE = 2  # password hashes computed at once (each argon2id hash holds 64 MiB while it runs)


class Credentials(BaseModel):
    name: str = Field(max_length=200)
    password: str = Field(max_length=4096)  # the real cap is Limits.password_bytes (account/password)


class Nothing(BaseModel):
    """An empty JSON object: POSTs without data still send JSON (``{}``), never a form."""


# --- cookies ------------------------------------------------------------------------------------------

def _secure(request: Request) -> bool:
    """Whether cookies get ``Secure``: always with ``--secure-cookies`` (a site served over https, behind a
    TLS proxy or not), else when the request came over https (directly, or as a trusted proxy says)."""
    service = getattr(request.app.state, "service", None)
    return bool(service is not None and service.settings.secure_cookies) or request.url.scheme == "https"


def _set_cookie(request: Request, response: Response, name: str, value: str, days: int) -> None:
    response.set_cookie(name, value, max_age=days * 86400, path="/", httponly=True, samesite="lax",
                        secure=_secure(request))


def check_origin(request: Request, origins: tuple[str, ...] = ()) -> None:
    """A browser sends ``Origin`` with every POST; one from another site is refused (a cross-site request
    forgery would come from there). Programs send none."""
    if not origin_allowed(request.headers, origins):
        raise ServiceError("auth/origin", f"pages from {request.headers.get('origin')} may not do this here")


def _account_json(account: Account | None) -> dict[str, Any] | None:
    return account.to_json() if account else None


def router(hub: PlayerHub) -> APIRouter:
    """The players' routes over ``hub``: accounts and guests, then My games and ratings."""
    routes = APIRouter()
    routes.include_router(_account_routes(hub))
    routes.include_router(_rating_routes(hub))
    return routes


def _account_routes(hub: PlayerHub) -> APIRouter:
    """Sign up, log in and out, guests, and who this browser is."""
    routes = APIRouter()
    players, ratings, service = hub.players, hub.ratings, hub.service
    # argon2 takes 64 MiB and tens of milliseconds a hash: a few at a time, a few waiting, the rest refused
    hashing = HashGate(HASHES_AT_ONCE, service.settings.limits.hash_queue)

    async def start_session(request: Request, response: Response, account: Account) -> dict[str, Any]:
        old = request.cookies.get(SESSION_COOKIE)
        if old:
            await asyncio.to_thread(players.end_session, old)
        token = await asyncio.to_thread(players.new_session, account)
        _set_cookie(request, response, SESSION_COOKIE, token, SESSION_DAYS)
        return {"account": account.to_json(), "guest": hub.guests.player(request.cookies.get(GUEST_COOKIE)) is not None}

    @routes.post("/api/account/signup", status_code=201)
    async def sign_up(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        check_origin(request, hub.origins)
        network = hub.network(request)
        account = await hashing.run(lambda: players.sign_up(body.name, body.password, network))
        return await start_session(request, response, account)

    @routes.post("/api/account/login")
    async def log_in(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        check_origin(request, hub.origins)
        network = hub.network(request)
        account = await hashing.run(lambda: players.log_in(body.name, body.password, network))
        return await start_session(request, response, account)

    @routes.post("/api/account/logout")
    async def log_out(body: Nothing, request: Request, response: Response) -> dict[str, Any]:
        check_origin(request, hub.origins)
        await asyncio.to_thread(players.end_session, request.cookies.get(SESSION_COOKIE))
        response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax", secure=_secure(request))
        return {"account": None, "guest": hub.guests.player(request.cookies.get(GUEST_COOKIE)) is not None}

    @routes.post("/api/account/guest")
    async def guest(body: Nothing, request: Request, response: Response) -> dict[str, Any]:
        """Play without an account: this browser gets a guest identity (kept if it has one)."""
        check_origin(request, hub.origins)
        if hub.guests.player(request.cookies.get(GUEST_COOKIE)) is None:
            await asyncio.to_thread(players.throttle.new_identity, "guest", hub.network(request))
            _set_cookie(request, response, GUEST_COOKIE, hub.guests.issue(), GUEST_DAYS)
        who = await hub.identify(request.cookies)
        return {"account": _account_json(who.account), "guest": True}

    @routes.get("/api/account")
    async def account(request: Request) -> dict[str, Any]:
        who = await hub.identify(request.cookies)
        mine = await asyncio.to_thread(ratings.of, who.account.player) if who.account else {}
        return {"account": _account_json(who.account), "guest": who.guest is not None,
                "ratings": {game: {"rating": r.value, "games": r.games} for game, r in sorted(mine.items())}}

    return routes


def _rating_routes(hub: PlayerHub) -> APIRouter:
    """My games, the leaderboards and a table's rating changes."""
    routes = APIRouter()
    players, ratings, service = hub.players, hub.ratings, hub.service

    @routes.get("/api/me/games")
    async def my_games(request: Request) -> dict[str, Any]:
        who = await hub.identify(request.cookies)
        return await games_of(service, players, who.players)

    @routes.get("/api/ratings/{game}")
    async def leaderboard(game: str, request: Request, limit: int = 100) -> dict[str, Any]:
        if game not in {g["name"] for g in await asyncio.to_thread(service.games)}:
            raise ServiceError("game/unknown", f"no game called {game!r}")
        who = await hub.identify(request.cookies)
        board = await asyncio.to_thread(ratings.board, game, max(1, min(limit, 500)))
        names = await asyncio.to_thread(players.names, [r.subject.split(":", 1)[1] for r in board
                                                        if r.subject.startswith("account:")])
        provisional = await asyncio.to_thread(ratings.provisional, game, [r.subject for r in board])
        rows: list[dict[str, Any]] = []
        for r in board:
            kind, _, key = r.subject.partition(":")
            if kind == "account" and key not in names:
                continue  # an account that is gone
            rows.append({"rank": len(rows) + 1, "kind": kind, "name": names.get(key, ""),
                         "level": key if kind == "bot" else None, "rating": r.value, "games": r.games,
                         "provisional": r.subject in provisional,
                         "you": who.account is not None and r.subject == who.account.player})
        return {"game": game, "rows": rows}

    @routes.get("/api/tables/{table_id}/ratings")
    async def table_ratings(table_id: str) -> dict[str, Any]:
        table = await service._table(table_id)
        changes = await asyncio.to_thread(ratings.changes, table.id) if table.rated else None
        public = [{k: c[k] for k in ("seat", "rank", "before", "after")} for c in changes or ()]
        return {"rated": table.rated, "changes": public if changes is not None else None}

    return routes


async def games_of(service: TableService, players: Players, who: tuple[str, ...]) -> dict[str, Any]:
    """My games: the tables ``who`` sit at, waiting, playing (those waiting for them first) and finished."""
    out: dict[str, list[dict[str, Any]]] = {"your_turn": [], "waiting": [], "playing": [], "finished": []}
    if not who:
        return out
    seen = set()
    for table in list(service.tables.values()):
        seat = table.seat_of_player(who)
        if seat is None or table.status == "over":
            continue
        seen.add(table.id)
        turn = table.status == "playing" and seat in table.state.actors
        entry = {"table": table.summary(), "seat": seat, "your_turn": turn}
        out["waiting" if table.status == "waiting" else "playing"].append(entry)
        if turn:
            out["your_turn"].append(entry)
    for table_id, seat in await asyncio.to_thread(players.tables_of, who, 200):
        if table_id in seen or len(out["finished"]) >= FINISHED_SHOWN:
            continue
        seen.add(table_id)
        try:
            table = await service._table(table_id)
        except ServiceError:  # an expired waiting table, or a damaged row
            continue
        if table.status == "over":
            out["finished"].append({"table": table.summary(), "seat": seat, "your_turn": False})
    out["your_turn"].sort(key=lambda e: e["table"]["updated"])  # waiting longest first
    for key in ("waiting", "playing", "finished"):
        out[key].sort(key=lambda e: e["table"]["updated"], reverse=True)
    return out
