"""The finished games' routes: records with their fair-deal proof, the proof checked, replays."""

from __future__ import annotations

import asyncio
from typing import Any, Literal

from fastapi import APIRouter
from fastapi.responses import PlainTextResponse, Response

from tricktable import deals
from tricktable.server.service import TableService


def router(service: TableService) -> APIRouter:
    """The records' and replays' routes over ``service``."""
    routes = APIRouter()

    @routes.get("/api/tables/{table_id}/record", response_model=None)
    async def record(table_id: str, format: Literal["json", "text"] = "json") -> dict[str, Any] | Response:
        found = await service.record(table_id)
        fair = await service.fair_proof(table_id)  # the deal's proof (tricktable/deals.py), with the record
        if format == "text":
            return PlainTextResponse(deals.with_proof_text(found.to_text(), fair))
        data: dict[str, Any] = found.to_json()
        if fair is not None:
            data["fair"] = fair
        return data

    @routes.get("/api/tables/{table_id}/verify")
    async def verify(table_id: str) -> dict[str, Any]:
        """A finished game's deal checked (tricktable/deals.py): commitment, seed and replay."""
        found = await service.record(table_id)
        data = {**found.to_json(), "fair": await service.fair_proof(table_id)}
        problems = await asyncio.to_thread(deals.check, data) if data["fair"] else ["no fair block"]
        return {"holds": not problems, "problems": problems}

    @routes.get("/api/replays")
    async def replays() -> list[dict[str, Any]]:
        return await service.replays()

    @routes.get("/api/replays/{table_id}")
    async def replay(table_id: str, step: int | None = None, seat: int | None = None,
                     lang: str = "en") -> dict[str, Any]:
        return await service.replay(table_id, step, seat, lang)

    @routes.get("/api/replays/{table_id}/review")
    async def review(table_id: str, seat: int, lang: str = "en") -> dict[str, Any]:
        return await service.review(table_id, seat, lang)

    return routes
