"""Test helpers for players: a browser's cookie jar over the shared test client, and the error check."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

PASSWORD = "correct horse battery"


class Device:
    """One browser (its own cookie jar) over the shared test client: a phone and a laptop of one player."""

    def __init__(self, client: TestClient) -> None:
        self.client, self.cookies = client, httpx.Cookies()

    def request(self, method: str, url: str, **extra: Any) -> httpx.Response:
        self.client.cookies = self.cookies
        try:
            response = self.client.request(method, url, **extra)
            self.cookies = httpx.Cookies(self.client.cookies)
        finally:
            self.client.cookies = httpx.Cookies()
        return response

    def get(self, url: str, **extra: Any) -> httpx.Response:
        return self.request("GET", url, **extra)

    def post(self, url: str, **extra: Any) -> httpx.Response:
        return self.request("POST", url, **extra)

    @contextmanager
    def socket(self, table_id: str, token: str | None = None) -> Iterator[WebSocketTestSession]:
        self.client.cookies = self.cookies
        try:
            with self.client.websocket_connect(f"/ws/tables/{table_id}") as ws:
                ws.send_json({"type": "hello", "token": token})
                yield ws
        finally:
            self.client.cookies = httpx.Cookies()


def error_of(response: httpx.Response, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["type"] == "error" and body["code"] == code, body
    message: str = body["message"]
    return message


def sign_up(device: Device, name: str = "Ann", password: str = PASSWORD) -> dict[str, Any]:
    response = device.post("/api/account/signup", json={"name": name, "password": password})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data
