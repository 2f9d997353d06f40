"""The tables' HTTP routes: the games on offer, new tables, the lobby, a table, its seats (docs/protocol.md).

Thin: each route reads the request (the player's identity from ``PlayerHub``) and calls the table service.
"""

from __future__ import annotations

import asyncio
from typing import Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from tricktable.server.errors import ServiceError
from tricktable.server.players_service import PlayerHub
from tricktable.server.reference import game_reference
from tricktable.server.routes_players import check_origin
from tricktable.server.service import TableService


class SeatSpec(BaseModel):
    kind: Literal["human", "bot"]
    bot: str | None = None


class CreateTable(BaseModel):
    game: str
    players: int = Field(ge=1, le=16)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] | None = None
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    clock: str | dict[str, Any] | None = None  # a time control: a preset name or an object (server/clock.py)
    rated: bool = False  # accounts only; never with a chosen seed or set-up deal (server/ratings.py)


class TakeSeat(BaseModel):
    name: str = Field(min_length=1, max_length=80)
    contribution: str | None = Field(default=None, max_length=64)  # the player's randomness for the deal


class StartTable(BaseModel):
    token: str | None = None


def router(service: TableService, hub: PlayerHub, origins: tuple[str, ...]) -> APIRouter:
    """The games' and tables' routes over ``service``."""
    routes = APIRouter()

    @routes.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return await asyncio.to_thread(service.games)

    @routes.get("/api/games/{name}/rules")
    async def rules(name: str, lang: str = "en") -> dict[str, Any]:
        return service.rules(name, lang)

    @routes.get("/api/games/{name}/reference")
    async def games_reference(name: str, lang: str = "en") -> dict[str, Any]:
        return game_reference(name, lang)  # the tooltips' text where there is no table (its defaults)

    @routes.post("/api/tables", status_code=201)
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        seats = [s.model_dump() for s in body.seats] if body.seats is not None else None
        client = hub.network(request)  # per network: an IPv6 /64 is one client (server/networks.py)
        if body.rated and (await hub.identify(request.cookies)).account is None:
            raise ServiceError("account/needed", "log in or sign up to create a rated table")
        return await service.create_table(body.game, body.players, body.options, seats, body.seed, client=client,
                                          clock=body.clock, rated=body.rated)

    @routes.get("/api/tables")
    async def lobby(request: Request) -> list[dict[str, Any]]:
        return service.lobby((await hub.identify(request.cookies)).players)

    @routes.get("/api/tables/{table_id}")
    async def table(table_id: str) -> dict[str, Any]:
        return await service.summary(table_id)

    @routes.get("/api/tables/{table_id}/reference")
    async def reference(table_id: str, lang: str = "en") -> dict[str, Any]:
        return await service.reference(table_id, lang)

    @routes.post("/api/tables/{table_id}/seats/{seat}")
    async def take_seat(table_id: str, seat: int, body: TakeSeat, request: Request) -> dict[str, Any]:
        who = await hub.identify(request.cookies)  # the seat is held by this player too (account, or guest)
        if who.player:
            check_origin(request, origins)
        name = who.account.name if who.account else body.name  # an account plays under its own name
        taken = await service.take_seat(table_id, seat, name, player=who.player, contribution=body.contribution)
        if who.player:
            await asyncio.to_thread(hub.players.sat_down, who.player, table_id, seat)
        return taken

    @routes.post("/api/tables/{table_id}/start")
    async def start_table(table_id: str, body: StartTable, request: Request) -> dict[str, Any]:
        players = (await hub.identify(request.cookies)).players
        if players:
            check_origin(request, origins)
        return await service.start_table(table_id, body.token, players)

    return routes
