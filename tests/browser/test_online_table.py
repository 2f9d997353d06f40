"""Online play at one table in Chromium: a real-time clock running out and the stand-in bot moving, an undo
accepted and one refused after a reveal, chat between two browsers with an HTML payload shown as text,
sound and motion switches; screenshots of a clocked table with its chat (English, and Japanese on a phone)."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import httpx
import pytest
from browser_play import play_to_end, snap, wait_until
from browser_server import SCREENSHOTS, Server

from tricktable.server.service import playable

pytestmark = pytest.mark.browser

PAYLOAD = '<img src=x onerror="document.body.dataset.pwned=1"><script>document.body.dataset.pwned=2</script>'


def needs(game: str) -> None:
    if game not in playable():
        pytest.skip(f"{game} is not installed")


def create(server: Server, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    body = {"game": game, "players": len(seats), "seats": seats, **extra}
    response = httpx.post(f"{server.url}/api/tables", json=body)
    assert response.status_code == 201, response.text
    table: dict[str, Any] = response.json()
    return table


def take(server: Server, table_id: str, seat: int, name: str) -> str:
    response = httpx.post(f"{server.url}/api/tables/{table_id}/seats/{seat}", json={"name": name})
    assert response.status_code == 200, response.text
    token: str = response.json()["token"]
    return token


def hold(page: Any, server: Server, table_id: str, seat: int, token: str, name: str, lang: str = "en") -> None:
    """Open the table in ``page`` as the holder of ``seat`` (as the lobby would have left it)."""
    page.goto(f"{server.url}/rules")
    seats = {table_id: {"seat": seat, "token": token, "name": name, "at": 0}}
    page.evaluate(f"localStorage.setItem('tricktable.seats', {json.dumps(json.dumps(seats))});"
                  f"localStorage.setItem('tricktable.lang', '{lang}')")
    page.goto(f"{server.url}/tables/{table_id}")
    page.wait_for_selector("[data-testid=board]")


def view(server: Server, table_id: str, token: str) -> dict[str, Any]:
    found: dict[str, Any] = httpx.get(f"{server.url}/api/tables/{table_id}/view", params={"token": token}).json()
    return found


def test_a_real_time_clock_runs_out_and_the_stand_in_plays_that_move(server: Server, page: Any) -> None:
    needs("masquerade")
    table = create(server, "masquerade", [{"kind": "human", "bot": "random"}, {"kind": "bot", "bot": "random"},
                                          {"kind": "bot", "bot": "random"}],
                   clock={"kind": "realtime", "move": 6, "reserve": 0})
    page.goto(f"{server.url}/tables/{table['id']}")
    page.fill("[data-testid=join-name]", "Ann")
    page.click("[data-testid=join-0]")
    page.wait_for_selector("[data-testid=clocks]")
    assert "6" in page.locator(".clock-control").inner_text()
    # Ann's turn comes (the bots play at once) and her clock counts down from the server's deadline
    page.wait_for_selector("[data-testid=clock-0].is-running", timeout=20_000)
    first = page.locator("[data-testid=clock-time-0]").inner_text()
    page.wait_for_timeout(1300)
    later = page.locator("[data-testid=clock-time-0]").inner_text()
    assert later != first and later < first, (first, later)
    started = time.monotonic()
    # she does nothing: when the time is up her stand-in plays that move, and the log says so in words
    page.wait_for_selector("[data-testid=log] li[data-kind=note-timeout]", timeout=20_000)
    assert time.monotonic() - started < 15
    note = page.locator("[data-testid=log] li[data-kind=note-timeout]").first.inner_text()
    assert "Ann" in note and "time ran out" in note
    assert page.locator("[data-testid=log] [data-testid=standin]").count() >= 1
    assert page.locator("[data-testid=while-away]").count() == 0  # she never left: her seat stays hers
    summary = httpx.get(f"{server.url}/api/tables/{table['id']}").json()
    assert not summary["seats"][0]["away"]


def test_an_undo_is_accepted_and_one_refused_after_a_reveal(server: Server, page: Any) -> None:
    needs("trickster")
    table = create(server, "trickster", [{"kind": "human"}, {"kind": "human"}], options={"rounds": 1})
    tokens = [take(server, table["id"], seat, name) for seat, name in ((0, "Ann"), (1, "Bob"))]
    hold(page, server, table["id"], 0, tokens[0], "Ann")
    accepted = refused = False
    for _ in range(400):  # both play their first choice over HTTP; Ann's page shows what she may take back
        summary = httpx.get(f"{server.url}/api/tables/{table['id']}").json()
        if summary["status"] != "playing" or (accepted and refused):
            break
        seat = summary["actors"][0]
        legal = view(server, table["id"], tokens[seat])["legal"]
        if not legal:
            continue
        step = summary["step"]
        played = httpx.post(f"{server.url}/api/tables/{table['id']}/actions",
                            json={"token": tokens[seat], "action": legal[-1]["action"]}).json()
        if seat != 0 or played["table"]["step"] <= step:
            continue
        if played["undo"] and not accepted:
            page.wait_for_selector("[data-testid=undo]")
            page.click("[data-testid=undo]")
            page.wait_for_selector("[data-testid=log] li[data-kind=note-undo]")
            assert "Ann took back a move" in page.locator("li[data-kind=note-undo]").inner_text()
            page.wait_for_selector("[data-testid=undo]", state="detached")
            assert httpx.get(f"{server.url}/api/tables/{table['id']}").json()["step"] == step
            accepted = True
        elif not played["undo"] and not refused:  # her own last move, but it revealed something
            page.wait_for_timeout(500)
            assert page.locator("[data-testid=undo]").count() == 0  # no button after a trick was won
            answer = page.evaluate("""async ([id, token]) => {
                const r = await fetch(`/api/tables/${id}/undo`, {method: "POST",
                    headers: {"content-type": "application/json"}, body: JSON.stringify({token})});
                return [r.status, await r.json()]; }""", [table["id"], tokens[0]])
            assert answer[0] == 409 and answer[1]["code"] == "undo/refused", answer
            assert any(word in answer[1]["message"] for word in ("hidden", "revealed", "drew", "ended", "completed"))
            refused = True
    assert accepted and refused


def test_two_browsers_chat_and_html_is_shown_as_text_and_a_mute_hides_a_player(server: Server, browser: Any) -> None:
    needs("masquerade")
    table = create(server, "masquerade", [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}],
                   clock="relaxed")
    tokens = [take(server, table["id"], seat, name) for seat, name in ((0, "Ann"), (1, "Bob"))]
    first = browser.new_context(viewport={"width": 1280, "height": 900})
    second = browser.new_context(viewport={"width": 1280, "height": 900})
    watcher_context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        ann, bob, watcher = first.new_page(), second.new_page(), watcher_context.new_page()
        errors: list[str] = []
        for p in (ann, bob, watcher):
            p.on("pageerror", lambda error: errors.append(str(error)))
        hold(ann, server, table["id"], 0, tokens[0], "Ann")
        hold(bob, server, table["id"], 1, tokens[1], "Bob")
        watcher.goto(f"{server.url}/tables/{table['id']}")
        for p in (ann, bob, watcher):
            p.wait_for_selector("[data-testid=chat]")
        ann.fill("[data-testid=chat-input]", PAYLOAD)
        ann.click("[data-testid=chat-send]")
        for p in (ann, bob, watcher):
            p.wait_for_selector("[data-testid=chat-text]")
            assert p.locator("[data-testid=chat-text]").first.inner_text() == PAYLOAD
            assert p.locator("[data-testid=chat-lines] img, [data-testid=chat-lines] script").count() == 0
            assert p.evaluate("document.body.dataset.pwned || ''") == ""
        assert ann.locator("[data-testid=chat-input]").input_value() == ""
        bob.fill("[data-testid=chat-input]", "nice one")
        bob.press("[data-testid=chat-input]", "Enter")
        ann.wait_for_selector("[data-testid=chat-text]:text('nice one')")
        assert "Bob" in ann.locator("[data-testid=chat-line]").nth(1).inner_text()
        watcher.fill("[data-testid=chat-input]", "go Ann")
        watcher.click("[data-testid=chat-send]")
        ann.wait_for_selector("[data-testid=chat-text]:text('go Ann')")
        spoken = ann.locator("[data-testid=chat-line]").nth(2).locator(".chat-who").inner_text()
        assert spoken == "Spectator 1", spoken  # a readable name, never an address or an id
        # Ann mutes Bob: his lines go from her screen only
        ann.click("[data-testid=mute-1]")
        ann.wait_for_selector("[data-testid=chat-hidden]")
        assert "nice one" not in ann.locator("[data-testid=chat-lines]").inner_text()
        assert "nice one" in bob.locator("[data-testid=chat-lines]").inner_text()
        # a restart of the page keeps the chat (it is stored with the game) and the mute (this browser)
        ann.reload()
        ann.wait_for_selector("[data-testid=chat-text]:text('go Ann')")
        assert "nice one" not in ann.locator("[data-testid=chat-lines]").inner_text()
        ann.click("[data-testid=unmute-1]")
        ann.wait_for_selector("[data-testid=chat-text]:text('nice one')")
        # too long for the server: the input stops at its limit (the server refuses longer: tests/server)
        assert ann.locator("[data-testid=chat-input]").get_attribute("maxlength") == "500"
        # sound is off until switched on; the switch stays
        assert ann.locator("[data-testid=sound]").get_attribute("aria-pressed") == "false"
        ann.click("[data-testid=sound]")
        assert ann.locator("[data-testid=sound]").get_attribute("aria-pressed") == "true"
        ann.click("[data-testid=sound]")
        ann.wait_for_selector("[data-testid=clocks]")
        snap(ann, SCREENSHOTS / "clock-chat.png")
        assert not errors, errors
    finally:
        first.close()
        second.close()
        watcher_context.close()


def test_a_clocked_table_and_its_chat_in_japanese_on_a_phone(server: Server, browser: Any) -> None:
    needs("trickster")
    table = create(server, "trickster", [{"kind": "human"}, {"kind": "bot", "bot": "random"},
                                         {"kind": "bot", "bot": "random"}], options={"rounds": 1}, clock="day")
    token = take(server, table["id"], 0, "あおい")
    phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                                has_touch=True)
    try:
        page = phone.new_page()
        hold(page, server, table["id"], 0, token, "あおい", lang="ja")
        page.wait_for_selector("[data-testid=clocks]")
        assert "ターン制" in page.locator(".clock-control").inner_text()
        assert "時間" in page.locator("[data-testid=clock-time-0]").inner_text()
        page.fill("[data-testid=chat-input]", "よろしくお願いします！")
        page.click("[data-testid=chat-send]")
        page.wait_for_selector("[data-testid=chat-text]:text('よろしくお願いします！')")
        assert page.locator("[data-testid=chat-send]").inner_text() == "送信"
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page is {width}px wide on a 390px phone"
        snap(page, SCREENSHOTS / "clock-chat-ja-phone.png")
        corners = page.locator(".card.is-hero .card-corner").all_inner_texts()
        assert corners and not any(c.isascii() for c in corners), corners  # 軍 for 軍人, not the English S
        had_notify = page.locator("[data-testid=notify]").count()
        play_to_end(page, random.Random(3))
        # at the end nobody's time runs and there is no turn to be told of: no clocks, no "tell me" button
        assert page.locator("[data-testid=clocks]").count() == 0
        assert page.locator("[data-testid=notify]").count() == 0, had_notify
    finally:
        phone.close()


def test_reduced_motion_means_no_flying_cards(server: Server, browser: Any) -> None:
    needs("masquerade")
    table = create(server, "masquerade", [{"kind": "bot", "bot": "random"}] * 3)
    calm = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    lively = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        for context, expected in ((calm, False), (lively, True)):
            page = context.new_page()
            page.goto(f"{server.url}/tables/{table['id']}")
            page.wait_for_selector("[data-testid=board]")
            reduced = page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
            assert reduced is not expected
            flown = page.evaluate("""async () => {
                const { flyTrick } = await import('/static/js/sound.js');
                return flyTrick(document, 0); }""")
            assert (flown > 0) is expected or not page.locator(".trick-entry").count()
    finally:
        calm.close()
        lively.close()


def test_your_turn_shows_in_the_title_rings_when_sound_is_on_and_notifies_when_allowed(server: Server,
                                                                                      browser: Any) -> None:
    needs("trickster")
    table = create(server, "trickster", [{"kind": "human"}, {"kind": "human"}], options={"rounds": 1}, clock="day")
    tokens = [take(server, table["id"], seat, name) for seat, name in ((0, "Ann"), (1, "Bob"))]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        context.grant_permissions(["notifications"], origin=server.url)
        # the page is in the background (hidden), and its notifications are counted instead of shown
        context.add_init_script("""
            Object.defineProperty(document, "hidden", { get: () => true });
            window.shown = [];
            window.Notification = class { constructor(title, opts) { window.shown.push([title, opts.body]); }
                static get permission() { return "granted"; } static requestPermission() { return "granted"; } };""")
        page = context.new_page()
        hold(page, server, table["id"], 0, tokens[0], "Ann")
        page.click("[data-testid=sound]")  # on: a click is the gesture browsers want before any sound
        for _ in range(60):  # play both seats over HTTP until it has been Ann's turn twice
            summary = httpx.get(f"{server.url}/api/tables/{table['id']}").json()
            seat = summary["actors"][0]
            if seat == 0 and page.evaluate("window.shown.length") >= 2:
                break
            page.wait_for_timeout(200)
            legal = view(server, table["id"], tokens[seat])["legal"]
            if legal:
                httpx.post(f"{server.url}/api/tables/{table['id']}/actions",
                           json={"token": tokens[seat], "action": legal[0]["action"]})
        wait_until(page, "document.title.includes('Your turn')")
        shown = page.evaluate("window.shown")
        assert shown and shown[0][0].startswith("Your turn") and "Trickster" in shown[0][1]
        rings = page.evaluate("import('/static/js/sound.js').then(m => m.played.turn)")
        assert rings >= 1
    finally:
        context.close()


def test_the_lobby_creates_a_clocked_table_from_its_presets(server: Server, page: Any) -> None:
    needs("masquerade")
    page.goto(f"{server.url}/")
    page.click("[data-testid=game-masquerade]")
    choices = page.locator("[data-testid=create-clock] option").evaluate_all("els => els.map(e => e.value)")
    assert choices == ["none", "blitz", "normal", "relaxed", "day", "three-days"]
    page.select_option("[data-testid=create-clock]", "blitz")
    page.fill("[data-testid=create-name]", "Ann")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=clocks]")
    assert "0:10 a move + 2:00 in reserve" in page.locator(".clock-control").inner_text()
    table_id = page.url.rstrip("/").rsplit("/", 1)[1]
    page.goto(f"{server.url}/")  # the lobby says how fast the table plays before anyone sits down
    card = page.locator(f"[data-testid=table-card][data-id='{table_id}']")
    assert "0:10 a move + 2:00 in reserve" in card.locator("[data-testid=table-clock]").inner_text()
    assert "Bot (" not in card.inner_text()  # bots by their level, as the table names them
