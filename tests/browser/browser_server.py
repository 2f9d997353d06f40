"""The pieces of the browser tests that are not fixtures: where Chromium is, and a real server process."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# The screenshots in docs/ are retaken only when asked (TRICKTABLE_SCREENSHOTS=1 make test), so that an
# ordinary test run leaves the work tree clean; otherwise they go to a scratch folder.
SCREENSHOTS = (Path(__file__).resolve().parents[2] / "docs" / "screenshots" if os.environ.get("TRICKTABLE_SCREENSHOTS")
               else Path(os.environ.get("TMPDIR", "/tmp")) / "tricktable-screenshots")
SCREENSHOTS.mkdir(parents=True, exist_ok=True)


def chromium_path() -> str | None:
    path = os.environ.get("TRICKTABLE_CHROMIUM") or "/usr/bin/chromium"
    return path if os.path.exists(path) or shutil.which(path) else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


SERVERS: list[Server] = []  # every server started in this process, for failure reports


class Server:
    """A ``tricktable serve`` process that can be stopped and started again on the same port and database."""

    def __init__(self, db: Path, port: int | None = None, grace: float = 30) -> None:
        self.db = db
        self.grace = grace  # seconds an away player keeps their seat before the stand-in plays
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = db.with_suffix(".log")

    def tail(self, chars: int = 3000) -> str:
        """The end of this server's output (for a failing test's report)."""
        return self.log.read_text(errors="replace")[-chars:] if self.log.exists() else ""

    def start(self) -> None:
        SERVERS.append(self)
        command = [sys.executable, "-m", "tricktable.cli.main", "serve", "--db", f"sqlite:///{self.db}",
                   "--host", "127.0.0.1", "--port", str(self.port), "--bot-delay", "0", "--bot-workers", "1",
                   "--undo-window", "0", "--grace", str(self.grace),
                   # every browser context is a new guest from 127.0.0.1: no per-network cap on identities here
                   # (tests/server/test_logins.py tests it)
                   "--guests-per-hour", "0", "--signups-per-hour", "0"]
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
