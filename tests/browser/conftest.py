"""Fixtures for the browser tests: Debian's headless Chromium driven by Playwright, against a real
uvicorn server (``tricktable serve``) on a free 127.0.0.1 port over a temporary SQLite database.

Chromium comes from ``$TRICKTABLE_CHROMIUM`` or ``/usr/bin/chromium``. Without it the tests skip, except
under ``CI=true``, where a missing browser is a failure (``.ci/run`` installs it).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_server import CHROMIUM_ARGS, SERVERS, Server, chromium_path


# one Chromium a module, not a session: Playwright's sync API runs an event loop in the test thread while
# it is open, and a non-browser test that pytest-xdist sends to the same worker then cannot asyncio.run()
@pytest.fixture(scope="module")
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
    ctx.set_default_timeout(30_000)  # generous: CI runs other suites beside this one on 2 cores
    yield ctx
    ctx.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture
def page(context: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A page that must raise no script error; when the test fails, its last picture goes to
    ``$TMPDIR/tricktable-browser-failures``."""
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        folder = Path(os.environ.get("TMPDIR", "/tmp")) / "tricktable-browser-failures"
        folder.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(Exception):
            opened.screenshot(path=str(folder / f"{request.node.name}.png"), full_page=True)
        for running in SERVERS[-2:]:
            print(f"--- server {running.url} output:\n{running.tail()}")
    assert not errors, f"the page raised: {errors}"


@pytest.fixture
def blank(server: Server, page: Any) -> Any:
    """A page of the app with nothing drawn yet (the rules list), for boards drawn from made-up views."""
    page.goto(f"{server.url}/rules")
    page.wait_for_selector(".tabs")
    return page
