"""The playing routes over HTTP: a seat's view, hints, actions, undo and the chat (the WebSocket's in
``server/routes_socket.py``).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel

from tricktable.server.players_service import PlayerHub
from tricktable.server.routes_players import check_origin
from tricktable.server.routes_tables import StartTable
from tricktable.server.service import TableService


class PlayAction(BaseModel):
    token: str | None = None
    action: str
    seat: int | None = None
    lang: str = "en"


def router(service: TableService, hub: PlayerHub, origins: tuple[str, ...]) -> APIRouter:
    """A seat's routes over ``service``."""
    routes = APIRouter()

    @routes.get("/api/tables/{table_id}/view")
    async def view(table_id: str, request: Request, token: str | None = None, lang: str = "en",
                   since: int = 0) -> dict[str, Any]:
        return await service.view(table_id, token, lang, since, (await hub.identify(request.cookies)).players)

    @routes.get("/api/tables/{table_id}/hint")
    async def hint(table_id: str, request: Request, token: str | None = None, lang: str = "en") -> dict[str, Any]:
        return await service.hint(table_id, token, lang, (await hub.identify(request.cookies)).players)

    @routes.post("/api/tables/{table_id}/actions")
    async def act(table_id: str, body: PlayAction, request: Request) -> dict[str, Any]:
        players = (await hub.identify(request.cookies)).players
        if players:
            check_origin(request, origins)
        return await service.act(table_id, body.token, body.action, body.seat, body.lang, players)

    @routes.post("/api/tables/{table_id}/undo")
    async def undo(table_id: str, body: StartTable) -> dict[str, Any]:
        return await service.undo(table_id, body.token)

    @routes.get("/api/tables/{table_id}/chat")
    async def chat(table_id: str) -> dict[str, Any]:
        return {"type": "chat", "messages": await service.chat_history(table_id), "whole": True}

    return routes
