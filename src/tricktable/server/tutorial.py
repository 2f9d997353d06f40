"""The guided first game over HTTP: ``GET /api/tutorials`` (each game's set-up, which the lobby's "Learn to
play" creates as a practice table) and ``GET /api/tables/{id}/lesson`` (what the guide says to a seat now:
``tricktable.tutorial.lesson``, from that seat's view only)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from tricktable.server.players_service import PlayerHub
from tricktable.server.service import TableService
from tricktable.tutorial import TUTORIALS


def router(service: TableService, hub: PlayerHub) -> APIRouter:
    routes = APIRouter()

    @routes.get("/api/tutorials")
    async def tutorials() -> dict[str, Any]:
        return {name: setup.to_json() for name, setup in TUTORIALS.items()}

    @routes.get("/api/tables/{table_id}/lesson")
    async def lesson(table_id: str, request: Request, token: str | None = None, lang: str = "en") -> dict[str, Any]:
        return await service.lesson(table_id, token, lang, (await hub.identify(request.cookies)).players)

    return routes
