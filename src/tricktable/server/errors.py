"""Errors of the table service, each with a protocol code (docs/protocol.md) and an HTTP status."""

from __future__ import annotations

from typing import Any

from tricktable.engine import TricktableError

# code -> HTTP status; the WebSocket sends the same codes
STATUS: dict[str, int] = {
    "message/malformed": 400,
    "auth/token": 403,
    "table/unknown": 404,
    "game/unknown": 404,
    "seat/unknown": 404,
    "seat/taken": 409,
    "table/not-started": 409,
    "action/not-your-turn": 409,
    "record/hidden": 409,
    "options/bad": 422,
    "action/illegal": 422,
    "server/error": 500,
}


class ServiceError(TricktableError):
    """A request the service refuses. Nothing changed. ``code`` is one of ``STATUS``."""

    def __init__(self, code: str, message: str) -> None:
        if code not in STATUS:
            raise AssertionError(f"unknown error code {code!r}")
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")

    @property
    def status(self) -> int:
        return STATUS[self.code]

    def to_json(self) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "message": self.message}
