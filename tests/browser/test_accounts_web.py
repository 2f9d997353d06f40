"""Players in real browsers: two accounts in two browsers (one a phone) play a turn-based game across a server
restart, each seeing in My games which game waits for them; a rated game moves the rating, shown at the
table, on the account page and on the leaderboard; both languages; screenshots of the account page, My games
and the leaderboard."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from browser_play import CHOICES, create_table, play_to_end, snap, take_turn
from browser_server import SCREENSHOTS, Server

from tricktable.server.service import playable

pytestmark = pytest.mark.browser

# a quick whole game: Trickster over one round, else whatever is installed
QUICK = ("trickster", 3, {"rounds": 1}) if "trickster" in playable() else ("masquerade", 3, {})
PHONE = {"width": 390, "height": 844}
PASSWORD = "a long enough password"


def needs_game() -> None:
    if QUICK[0] not in playable():
        pytest.skip("no game installed")


def watch(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def submit(page: Any, kind: str) -> None:
    """Press "log in" or "sign up" and wait for the page to say it worked (a refusal fails, saying why)."""
    page.click(f"[data-testid={kind}]")
    # argon2 hashing is slow on a busy machine: a generous wait
    page.wait_for_selector("[data-testid=signed-in], [data-testid=account-error]", timeout=60_000)
    assert not page.locator("[data-testid=account-error]").count(), page.inner_text("main")


def sign_up(page: Any, base: str, name: str) -> None:
    page.goto(f"{base}/account")
    page.fill("[data-testid=signup-name]", name)
    page.fill("[data-testid=signup-password]", PASSWORD)
    submit(page, "signup")
    assert page.locator("[data-testid=nav-account]").inner_text() == name


def set_lang(page: Any, lang: str) -> None:
    page.evaluate(f"localStorage.setItem('tricktable.lang', '{lang}')")


def my_games(page: Any, base: str) -> dict[str, list[str]]:
    """The table ids in each section of My games, as the page shows them."""
    page.goto(f"{base}/games")
    page.wait_for_selector("[data-testid=finished-games]")
    out = {}
    for section in ("your-turn", "waiting-games", "playing-games", "finished-games"):
        out[section] = page.locator(f"[data-testid={section}] [data-testid=game-card]").evaluate_all(
            "els => els.map(e => e.dataset.id)")
    return out


def test_two_accounts_play_a_turn_based_game_across_a_restart(tmp_path: Path, browser: Any) -> None:
    needs_game()
    game, players, options = QUICK
    own = Server(tmp_path / "turns.db")
    own.start()
    laptop = browser.new_context(viewport={"width": 1280, "height": 900})
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        ann, bob = laptop.new_page(), phone.new_page()
        errors = watch(ann) + watch(bob)
        sign_up(ann, own.url, "Ann")
        sign_up(bob, own.url, "Bob")
        table = create_table(ann, own.url, game, players, options=options, humans=2)
        link = ann.locator("[data-testid=share-link]").inner_text()
        bob.goto(link)  # the link invites: Bob takes the free seat under his account's name
        assert bob.locator("[data-testid=join-name]").input_value() == "Bob"
        bob.click("[data-testid=join-1]")
        for page in (ann, bob):
            page.wait_for_selector("[data-testid=seat-1] .seat-name:text('Bob')")
        rngs = [random.Random(5), random.Random(6)]
        for _ in range(3):  # a few moves, by whoever is to play
            for page, rng in zip((ann, bob), rngs, strict=True):
                if page.locator(CHOICES).count():
                    take_turn(page, rng)
        ann.wait_for_timeout(500)  # the bot's moves
        own.stop()
        own.start()  # nothing is lost: each player finds the game in My games, and whether it waits for them
        deadline = time.monotonic() + 30
        while True:
            sections = {name: my_games(page, own.url) for name, page in (("Ann", ann), ("Bob", bob))}
            turns = {name: table in found["your-turn"] for name, found in sections.items()}
            if any(turns.values()) or time.monotonic() > deadline:
                break
            time.sleep(0.3)  # the bot is still to move
        assert any(turns.values()), sections
        for name, found in sections.items():
            mine = table in found["your-turn"]
            assert mine or table in found["playing-games"], (name, found)
            page = ann if name == "Ann" else bob
            cards = page.locator(f"[data-testid=game-card][data-id='{table}']")
            assert (cards.locator("[data-testid=your-turn-mark]").count() > 0) == mine
        waiting = ann if turns["Ann"] else bob
        snap(ann, SCREENSHOTS / "my-games.png")
        snap(bob, SCREENSHOTS / "my-games-phone.png")
        # another device of the player whose move it is: log in there, open the game from My games; the
        # seat is the account's, though this browser never held its token
        tablet = browser.new_context(viewport={"width": 820, "height": 1180})
        device = tablet.new_page()
        errors += watch(device)
        device.goto(f"{own.url}/account")
        device.fill("[data-testid=login-name]", "Ann" if waiting is ann else "Bob")
        device.fill("[data-testid=login-password]", PASSWORD)
        submit(device, "login")
        assert table in my_games(device, own.url)["your-turn"]
        device.locator(f"[data-testid=your-turn] [data-testid=game-card][data-id='{table}'] "
                       "[data-testid=open-game]").click()
        device.wait_for_url(f"**/tables/{table}")
        device.wait_for_selector(CHOICES)
        assert device.evaluate("localStorage.getItem('tricktable.seats')") in (None, "{}")
        take_turn(device, random.Random(8))
        tablet.close()
        for page in (ann, bob):  # both back at the table, to the end
            page.goto(f"{own.url}/tables/{table}")
            page.wait_for_selector("[data-testid=board]")
        done: set[int] = set()
        deadline = time.monotonic() + 240
        while len(done) < 2:
            assert time.monotonic() < deadline, "the game did not end"
            moved = False
            for index, page in enumerate((ann, bob)):
                if index in done:
                    continue
                if page.locator("[data-testid=scoreboard]").count():
                    done.add(index)
                elif page.locator(CHOICES).count():
                    take_turn(page, rngs[index])
                    moved = True
            if not moved:
                time.sleep(0.05)
        assert table in my_games(bob, own.url)["finished-games"]
        set_lang(bob, "ja")
        bob.reload()
        bob.wait_for_selector("[data-testid=finished-games]")
        assert "マイゲーム" in bob.locator("h1").inner_text() and "終了" in bob.inner_text("body")
        snap(bob, SCREENSHOTS / "my-games-finished-ja-phone.png")
        assert bob.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # fits the phone
        assert not errors, errors
    finally:
        laptop.close()
        phone.close()
        own.stop()


def test_a_rated_game_moves_the_rating_shown_at_the_table_the_account_and_the_leaderboard(
        server: Server, browser: Any) -> None:
    needs_game()
    game, players, options = QUICK
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        errors = watch(page)
        sign_up(page, server.url, "Rita")
        create_rated(page, server.url, game, players, options)
        assert page.locator("[data-testid=rated]").is_visible()
        play_to_end(page, random.Random(7))
        page.wait_for_selector("[data-testid=rating-changes]", timeout=20_000)
        change = page.locator("[data-testid=rating-0]").inner_text()
        assert change.startswith("Rita 1000 → ") and "1000 → 1000" not in change
        after = int(change.split("→ ")[1].split(" ")[0])
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SCREENSHOTS / "rated-game-over.png"))  # the screen a player sees at the end
        page.goto(f"{server.url}/account")
        page.wait_for_selector(f"[data-testid=my-rating-{game}]")
        assert int(page.locator(f"[data-testid=my-rating-{game}]").inner_text()) == after
        snap(page, SCREENSHOTS / "account.png")
        page.goto(f"{server.url}/leaderboard/{game}")
        page.wait_for_selector("[data-testid=board-row]")
        rows = page.locator("[data-testid=board-row]").all_inner_texts()
        mine = [row for row in rows if "Rita" in row]
        assert len(mine) == 1 and str(after) in mine[0]
        assert any("Bot" in row for row in rows)  # the bot level is rated from the same game
        snap(page, SCREENSHOTS / "leaderboard.png")
        set_lang(page, "ja")
        page.reload()
        page.wait_for_selector("[data-testid=board-row]")
        assert "ランキング" in page.locator("h1").inner_text() and "ボット" in page.inner_text("table")
        snap(page, SCREENSHOTS / "leaderboard-ja.png")
        page.goto(f"{server.url}/account")
        page.wait_for_selector(f"[data-testid=my-rating-{game}]")
        assert "ログインしています" in page.inner_text("body")
        set_lang(page, "en")
        assert not errors, errors
    finally:
        context.close()


def test_the_lobby_opens_the_seat_an_account_holds_on_a_device_that_never_took_it(server: Server, browser: Any) -> None:
    needs_game()
    game, players, options = QUICK
    laptop = browser.new_context(viewport={"width": 1280, "height": 900})
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        ann, again = laptop.new_page(), phone.new_page()
        errors = watch(ann) + watch(again)
        sign_up(ann, server.url, "Lobbyann")
        table = create_table(ann, server.url, game, players, options=options, humans=2)  # waits for a player
        again.goto(f"{server.url}/account")
        again.fill("[data-testid=login-name]", "Lobbyann")
        again.fill("[data-testid=login-password]", PASSWORD)
        submit(again, "login")
        again.goto(f"{server.url}/")
        card = again.locator(f"[data-testid=table-card][data-id='{table}']")
        card.locator("[data-testid=open-table]").click()  # "Open", not "Join": the seat is the account's
        again.wait_for_url(f"**/tables/{table}")
        again.wait_for_selector("[data-testid=seat-0] .seat-name:text('Lobbyann')")
        assert again.evaluate("localStorage.getItem('tricktable.seats')") in (None, "{}")  # no token here
        assert not again.locator("[data-testid^=join-]").count()  # the page knows this is their seat
        assert not errors, errors
    finally:
        laptop.close()
        phone.close()


def test_a_press_on_sign_up_is_not_lost_when_the_games_list_arrives_before_the_release(
        server: Server, browser: Any) -> None:
    """The account page used to re-mount its forms when the games list arrived; a press and release split
    by that re-mount is no click in a browser, so nothing was sent and the page waited for ever (the
    journeys above timed out so, now and then, on a busy machine)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        held: list[Any] = []
        context.route("**/api/games", lambda route: held.append(route))  # held back until we say
        page = context.new_page()
        errors = watch(page)
        page.goto(f"{server.url}/account")
        page.fill("[data-testid=signup-name]", "Presser")
        page.fill("[data-testid=signup-password]", PASSWORD)
        box = page.locator("[data-testid=signup]").bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        deadline = time.monotonic() + 15
        while not held:
            assert time.monotonic() < deadline, "the page never asked for the games"
            page.wait_for_timeout(50)
        for route in held:
            route.continue_()
        page.wait_for_timeout(500)  # the list arrives between the press and the release
        page.mouse.up()
        page.wait_for_selector("[data-testid=signed-in], [data-testid=account-error]", timeout=30_000)
        assert page.locator("[data-testid=signed-in]").count(), page.inner_text("main")
        assert not errors, errors
    finally:
        context.close()


def create_rated(page: Any, base: str, game: str, players: int, options: dict[str, Any]) -> None:
    """The lobby form with the rated box ticked: one person (this account), bots in the other seats."""
    from browser_play import set_option

    page.goto(f"{base}/")
    page.click(f"[data-testid=game-{game}]")
    page.check("[data-testid=create-rated]")  # kept through the form's redraws below
    page.select_option("[data-testid=players]", str(players))
    for seat in range(1, players):
        page.select_option(f"[data-testid=seat-kind-{seat}]", "bot")
        page.select_option(f"[data-testid=seat-bot-{seat}]", "random")
    page.locator("details.options").evaluate("d => { d.open = true; }")
    for option, value in options.items():
        set_option(page, option, value)
    page.click("[data-testid=create]")
    page.wait_for_url("**/tables/*")
    page.wait_for_selector("[data-testid=board]")


def test_the_account_page_on_a_phone_in_both_languages_speaks_to_the_person(server: Server, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        errors = watch(page)
        page.goto(f"{server.url}/account")
        page.wait_for_selector("[data-testid=signup-form]")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        snap(page, SCREENSHOTS / "account-phone.png")
        page.fill("[data-testid=login-name]", "Nobody")
        page.fill("[data-testid=login-password]", "wrong password")
        page.click("[data-testid=login]")
        page.wait_for_selector("[data-testid=account-error]")
        assert page.locator("[data-testid=account-error]").inner_text() == "Wrong name or password."
        set_lang(page, "ja")
        page.reload()
        page.wait_for_selector("[data-testid=signup-form]")
        page.fill("[data-testid=signup-name]", "Bot (hard)")
        page.fill("[data-testid=signup-password]", PASSWORD)
        page.click("[data-testid=signup]")
        page.wait_for_selector("[data-testid=account-error]")
        assert "使えません" in page.locator("[data-testid=account-error]").inner_text()  # a reserved name, said why
        page.fill("[data-testid=signup-name]", "ハナコ")
        page.click("[data-testid=signup]")
        page.wait_for_selector("[data-testid=signed-in]", timeout=60_000)
        assert "ハナコ" in page.locator("[data-testid=signed-in]").inner_text()
        snap(page, SCREENSHOTS / "account-ja-phone.png")
        page.click("[data-testid=logout]")
        page.wait_for_selector("[data-testid=signup-form]")
        assert page.locator("[data-testid=nav-account]").inner_text() == "ログイン"
        set_lang(page, "en")
        assert not errors, errors
    finally:
        context.close()
