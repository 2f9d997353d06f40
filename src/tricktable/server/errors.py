"""Errors of the table service, each with a protocol code (docs/protocol.md) and an HTTP status."""

from __future__ import annotations

import secrets
from typing import Any

from tricktable.engine import TricktableError

# code -> HTTP status; the WebSocket sends the same codes
STATUS: dict[str, int] = {
    "message/malformed": 400,
    "auth/token-in-url": 400,
    "auth/origin": 403,
    "message/too-deep": 400,
    "message/binary": 400,
    "message/too-large": 413,
    "limit/rate": 429,
    "limit/tables": 429,
    "table/expired": 410,
    "auth/token": 403,
    "table/unknown": 404,
    "game/unknown": 404,
    "seat/unknown": 404,
    "seat/taken": 409,
    "name/taken": 409,
    "table/conflict": 409,
    "table/not-started": 409,
    "action/not-your-turn": 409,
    "record/hidden": 409,
    "options/bad": 422,
    "options/practice": 422,
    "name/invalid": 422,
    "name/reserved": 422,
    "action/illegal": 422,
    "clock/bad": 422,
    "chat/bad": 422,
    "chat/too-long": 422,
    "chat/rate": 429,
    "undo/refused": 409,
    "hint/rated": 403,
    "server/error": 500,
    "server/unavailable": 503,
    # accounts, seats held by players, ratings (server/accounts.py, server/ratings.py)
    "account/login": 401,
    "account/needed": 403,
    "account/name-taken": 409,
    "account/password": 422,
    "seat/held": 409,
    "options/rated": 422,
    "limit/login": 429,
    "limit/signup": 429,
    "limit/busy": 503,
}


MAX_MESSAGE = 1000  # characters of an error message: an echoed input is cut, never sent back in full


class ServiceError(TricktableError):
    """A request the service refuses. Nothing changed. ``code`` is one of ``STATUS``."""

    def __init__(self, code: str, message: str, error_id: str | None = None) -> None:
        if code not in STATUS:
            raise AssertionError(f"unknown error code {code!r}")
        self.code = code
        self.message = message if len(message) <= MAX_MESSAGE else message[:MAX_MESSAGE - 3] + "..."
        self.error_id = error_id  # set for server failures: the key to their details in the server log
        super().__init__(f"{code}: {message}")

    @property
    def status(self) -> int:
        return STATUS[self.code]

    def to_json(self) -> dict[str, Any]:
        out = {"type": "error", "code": self.code, "message": self.message}
        if self.error_id is not None:
            out["id"] = self.error_id
        return out


def new_error_id() -> str:
    """A short random id that ties an error reply to its log entry (the reply never carries the details)."""
    return secrets.token_hex(6)


def server_failure(error_id: str) -> ServiceError:
    """The reply to an unexpected failure: its id only; the exception and its data go to the server log."""
    return ServiceError("server/error", f"the server failed; nothing changed (error id {error_id})", error_id)


def store_failure(error_id: str, reading: bool = False) -> ServiceError:
    """The reply when the database refused a change (the game is exactly as before) or a read: try again."""
    what = "" if reading else ", so the change was not made; the game is exactly as before"
    return ServiceError("server/unavailable", f"the database is unavailable{what}: try again shortly "
                        f"(error id {error_id})", error_id)
