"""``tricktable serve``: the options reach uvicorn and the address is printed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import uvicorn

from tricktable.cli.main import main


def test_serve_prints_the_address_and_runs_uvicorn_on_the_given_host_and_port(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(app=app, **kw))
    db = tmp_path / "serve.db"
    assert main(["serve", "--db", f"sqlite:///{db}", "--host", "127.0.0.1", "--port", "8123", "--grace", "5"]) == 0
    assert (seen["host"], seen["port"]) == ("127.0.0.1", 8123)
    assert seen["app"].state.service.settings.grace == 5
    out = capsys.readouterr().out
    assert "http://127.0.0.1:8123/" in out and str(db) in out
    assert db.exists()
