"""Fair play as a player sees it (issue 36): at a "No clock" table a present player keeps the move however
long they read the rules; a player who leaves is shown to the others with a countdown; a rated table offers
no "Suggest a move". Pictures at phone size in both languages go to the screenshots folder."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from browser_play import CHOICES, create_table
from browser_server import SCREENSHOTS, Server

from tricktable.server.service import playable

pytestmark = pytest.mark.browser
GRACE = 1.0  # the server's idle limit, short: the test reads the rules for many times it
READING = 8.0  # seconds the player reads the rules (eight grace periods)


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("fair") / "tables.db", grace=GRACE)
    running.start()
    yield running
    running.stop()


def needs(game: str) -> None:
    if game not in playable():
        pytest.skip(f"{game} is not installed")


def summary(page: Any, base: str, table: str) -> dict[str, Any]:
    found: dict[str, Any] = page.request.get(f"{base}/api/tables/{table}").json()
    return found


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_player_reading_the_rules_at_a_no_clock_table_keeps_the_move(quick_server: Server, browser: Any,
                                                                        lang: str) -> None:
    needs("trickster")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(f"localStorage.setItem('tricktable.lang', '{lang}')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        table = create_table(page, quick_server.url, "trickster", 3, options={"rounds": 1}, seed=3)
        page.wait_for_selector(CHOICES)
        me, deadline = 0, time.monotonic() + 20
        while (before := summary(page, quick_server.url, table))["actors"] != [me] or before["thinking"]:
            assert time.monotonic() < deadline, before  # the bots' own moves first: then only the player is to act
            page.wait_for_timeout(100)
        assert me in before["actors"] and before["clock"] is None
        page.click("[data-testid=open-rules]")
        page.wait_for_selector("[data-testid=side-panel] [data-testid=reference] dt")
        page.wait_for_timeout(READING * 1000)  # reading, far past the server's idle limit
        page.screenshot(path=str(SCREENSHOTS / f"fair-rules-no-clock-{lang}.png"))
        after = summary(page, quick_server.url, table)
        assert after["step"] == before["step"] and me in after["actors"], "the stand-in took the present player's move"
        assert not after["seats"][me]["away"] and after["seats"][me]["connected"]
        page.click("[data-testid=close-panel]")
        page.wait_for_selector(CHOICES)
        assert not page.locator("[data-testid=while-away]").count()  # nobody played for them: nothing to say
        assert not page.locator("[data-testid=standin]").count()
    finally:
        context.close()
    assert not errors, errors


HOLD = ("([id, seat, token, name]) => localStorage.setItem('tricktable.seats', "
        "JSON.stringify({[id]: {seat, token, name, at: Date.now()}}))")


def seated(context: Any, base: str, table: str, seat: int, name: str) -> Any:
    """A page of ``context`` at the table, holding ``seat`` (taken over the API, as the lobby would)."""
    page = context.new_page()
    page.goto(f"{base}/")
    response = page.request.post(f"{base}/api/tables/{table}/seats/{seat}", data={"name": name})
    assert response.ok, response.text()
    page.evaluate(HOLD, [table, seat, response.json()["token"], name])
    page.goto(f"{base}/tables/{table}")
    page.wait_for_selector("[data-testid=board]")
    return page


def test_a_player_who_leaves_is_shown_to_the_others_with_a_countdown(quick_server: Server, browser: Any) -> None:
    needs("trickster")
    base = quick_server.url
    host, guest = browser.new_context(viewport={"width": 390, "height": 844}), browser.new_context()
    try:
        made = host.request.post(f"{base}/api/tables", data={
            "game": "trickster", "players": 3, "options": {"rounds": 1},
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]})
        assert made.ok, made.text()
        table = made.json()["id"]
        page = seated(host, base, table, 0, "Ann")
        other = seated(guest, base, table, 1, "Bea")
        deadline = time.monotonic() + 15
        while not summary(page, base, table)["seats"][1]["connected"]:
            assert time.monotonic() < deadline, "the second player never connected"
            page.wait_for_timeout(100)
        other.close()  # Bea leaves
        page.wait_for_selector("[data-testid=leaving-1]", timeout=5_000)
        assert "Bea" in page.locator("[data-testid=leaving-1]").inner_text()
        page.screenshot(path=str(SCREENSHOTS / "fair-leaving-countdown.png"))
        page.wait_for_selector("[data-testid=leaving-1]", state="detached", timeout=15_000)
        assert summary(page, base, table)["seats"][1]["away"]
    finally:
        host.close()
        guest.close()


def test_a_rated_table_shows_no_suggest_a_move(quick_server: Server, browser: Any) -> None:
    needs("masquerade")
    base = quick_server.url
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(f"{base}/")
        signed = page.request.post(f"{base}/api/account/signup",
                                   data={"name": "Rina", "password": "a long pass phrase"},
                                   headers={"Origin": base}, timeout=60_000)
        assert signed.ok, signed.text()
        made = page.request.post(f"{base}/api/tables", headers={"Origin": base}, data={
            "game": "masquerade", "players": 3, "rated": True,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]})
        assert made.ok, made.text()
        table = made.json()["id"]
        sat = page.request.post(f"{base}/api/tables/{table}/seats/0", data={"name": "Rina"}, headers={"Origin": base})
        assert sat.ok, sat.text()
        page.evaluate(HOLD, [table, 0, sat.json()["token"], "Rina"])
        page.goto(f"{base}/tables/{table}")
        page.wait_for_selector(CHOICES)
        page.wait_for_selector("[data-testid=rated]")
        assert not page.locator("[data-testid=suggest]").count()  # the engine's help is not offered
        page.screenshot(path=str(SCREENSHOTS / "fair-rated-no-suggest.png"))
        refused = page.request.get(f"{base}/api/tables/{table}/hint", params={"token": sat.json()["token"]})
        assert refused.status == 403 and refused.json()["code"] == "hint/rated"
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_replay_viewer_verifies_a_finished_deal(quick_server: Server, browser: Any, lang: str) -> None:
    needs("trickster")
    base = quick_server.url
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(f"localStorage.setItem('tricktable.lang', '{lang}')")
    try:
        page = context.new_page()
        page.goto(f"{base}/")
        made = page.request.post(f"{base}/api/tables", data={
            "game": "trickster", "players": 3, "options": {"rounds": 1},
            "seats": [{"kind": "bot", "bot": "random"}] * 3})
        assert made.ok, made.text()
        table = made.json()["id"]
        assert made.json()["fair"]["commitment"]
        deadline = time.monotonic() + 60
        while summary(page, base, table)["status"] != "over":
            assert time.monotonic() < deadline, "the bots never finished"
            page.wait_for_timeout(200)
        page.goto(f"{base}/replays/{table}")
        page.click("[data-testid=verify-deal]")
        page.wait_for_selector("[data-testid=verify-verdict]")
        verdict = page.locator("[data-testid=verify-verdict]").inner_text()
        assert verdict == ("This deal holds." if lang == "en" else "この配札は正しく検証されました。"), verdict
        assert page.locator("[data-testid=verify] li").count() == 3  # commitment, seed (in the browser), replay
        page.locator("[data-testid=verify]").screenshot(path=str(SCREENSHOTS / f"fair-verify-{lang}.png"))
    finally:
        context.close()
