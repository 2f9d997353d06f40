"""Fixtures for the browser tests: Debian's headless Chromium driven by Playwright, against a real
uvicorn server (``tricktable serve``) on a free 127.0.0.1 port over a temporary SQLite database.

Chromium comes from ``$TRICKTABLE_CHROMIUM`` or ``/usr/bin/chromium``. Without it the tests skip, except
under ``CI=true``, where a missing browser is a failure (``.ci/run`` installs it).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def chromium_path() -> str | None:
    path = os.environ.get("TRICKTABLE_CHROMIUM") or "/usr/bin/chromium"
    return path if os.path.exists(path) or shutil.which(path) else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """A ``tricktable serve`` process that can be stopped and started again on the same port and database."""

    def __init__(self, db: Path, port: int | None = None) -> None:
        self.db = db
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = db.with_suffix(".log")

    def start(self) -> None:
        command = [sys.executable, "-m", "tricktable.cli.main", "serve", "--db", f"sqlite:///{self.db}",
                   "--host", "127.0.0.1", "--port", str(self.port), "--bot-delay", "0", "--bot-workers", "1",
                   "--grace", "30"]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(f"{self.url}/api/games", timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.1)
        raise RuntimeError("server did not start in 30 s")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    path = chromium_path()
    if path is None:
        if os.environ.get("CI") == "true":
            pytest.fail("Chromium is missing: set TRICKTABLE_CHROMIUM or install Debian's chromium")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("server") / "tables.db")
    running.start()
    yield running
    running.stop()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.set_default_timeout(15_000)
    yield ctx
    ctx.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture
def page(context: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A page; when the test fails, its last picture goes to ``$TMPDIR/tricktable-browser-failures``."""
    opened = context.new_page()
    yield opened
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        folder = Path(os.environ.get("TMPDIR", "/tmp")) / "tricktable-browser-failures"
        folder.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(Exception):
            opened.screenshot(path=str(folder / f"{request.node.name}.png"), full_page=True)
