"""People at one table in real browsers: two players against each other, a reload mid-game, a server
restart mid-game, a spectator, the replay viewer and the rules pages."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from browser_play import CHOICES, create_table, play_some, play_to_end, snap, take_turn, wait_until
from browser_server import SCREENSHOTS, Server

from tricktable.server.service import playable

pytestmark = pytest.mark.browser

# the quickest whole game a person can set up: Trickster over one round, else whatever is installed
QUICK = ("trickster", 3, {"rounds": 1}) if "trickster" in playable() else ("masquerade", 3, {})


def needs_game() -> None:
    if QUICK[0] not in playable():
        pytest.skip("no game installed")


def hand_cards(page: Any) -> list[str]:
    cards: list[str] = page.locator("[data-testid=hand] .card").evaluate_all("els => els.map(e => e.dataset.card)")
    return cards


def all_cards(page: Any) -> set[str]:
    cards: list[str] = page.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    return set(cards)


def test_two_people_play_each_other_at_one_table(server: Server, browser: Any) -> None:
    needs_game()
    game, players, options = QUICK
    first = browser.new_context(viewport={"width": 1280, "height": 900})
    second = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        ann, bob = first.new_page(), second.new_page()
        create_table(ann, server.url, game, players, options=options, humans=2)
        link = ann.locator("[data-testid=share-link]").inner_text()
        assert link.startswith(server.url)
        assert ann.locator("[data-testid=table-status]").inner_text() != ""
        bob.goto(link)
        bob.fill("[data-testid=join-name]", "Bob")
        bob.click("[data-testid=join-1]")
        for page in (ann, bob):
            page.wait_for_selector("[data-testid=hand] .card")
            page.wait_for_selector("[data-testid=seat-1] .seat-name:text('Bob')")
        # Bob's browser shows nothing of Ann's hand, and the other way round.
        assert not set(hand_cards(ann)) & all_cards(bob)
        assert not set(hand_cards(bob)) & all_cards(ann)
        rngs = {id(ann): random.Random(1), id(bob): random.Random(2)}
        done: set[int] = set()
        deadline = time.monotonic() + 180
        while len(done) < 2:
            assert time.monotonic() < deadline, "the two-player game did not end"
            moved = False
            for page in (ann, bob):
                if id(page) in done:
                    continue
                if page.locator("[data-testid=scoreboard]").count():
                    done.add(id(page))
                elif page.locator(CHOICES).count():
                    take_turn(page, rngs[id(page)])
                    moved = True
            if not moved:
                time.sleep(0.05)
        final = [p.locator("[data-testid=scoreboard]").inner_text() for p in (ann, bob)]
        assert final[0] == final[1]
    finally:
        first.close()
        second.close()


def test_a_reload_mid_game_carries_on_in_the_same_seat(server: Server, page: Any) -> None:
    needs_game()
    game, players, options = QUICK
    create_table(page, server.url, game, players, options=options)
    rng = random.Random(3)
    play_some(page, rng, 4)
    page.wait_for_selector(CHOICES)
    lines = page.locator("[data-testid=log] li").count()
    page.reload()
    page.wait_for_selector("[data-testid=seat-0].is-me")
    page.wait_for_selector("[data-testid=hand] .card")
    assert page.locator("[data-testid=log] li").count() >= lines
    play_to_end(page, rng)
    assert page.locator("[data-testid=scoreboard]").is_visible()


def test_a_server_restart_mid_game_carries_on(tmp_path: Path, page: Any) -> None:
    needs_game()
    game, players, options = QUICK
    own = Server(tmp_path / "restart.db")
    own.start()
    try:
        create_table(page, own.url, game, players, options=options)
        rng = random.Random(4)
        play_some(page, rng, 3)
        page.wait_for_selector(CHOICES)
        before = page.locator("[data-testid=log] li").count()
        own.stop()
        page.wait_for_selector("[data-testid=reconnecting]")
        own.start()
        page.wait_for_selector("[data-testid=reconnecting]", state="detached", timeout=20_000)
        page.wait_for_selector(CHOICES)
        assert page.locator("[data-testid=log] li").count() >= before
        play_to_end(page, rng)
        assert page.locator("[data-testid=scoreboard]").is_visible()
    finally:
        own.stop()


def test_a_spectator_sees_the_table_but_no_hand(server: Server, page: Any, browser: Any) -> None:
    needs_game()
    game, players, options = QUICK
    create_table(page, server.url, game, players, options=options)
    mine = set(hand_cards(page))
    watcher = browser.new_context()
    try:
        other = watcher.new_page()
        other.goto(page.url)
        other.wait_for_selector("[data-testid=board]")
        assert other.locator("[data-testid=hand]").count() == 0
        assert not mine & all_cards(other)
        assert other.locator("[data-testid=legal-card], [data-testid=action]").count() == 0
    finally:
        watcher.close()


def test_the_replay_viewer_steps_through_a_finished_game(server: Server, page: Any) -> None:
    needs_game()
    game, players, options = QUICK
    create_table(page, server.url, game, players, options=options)
    play_to_end(page, random.Random(5))
    page.click("[data-testid=to-replay]")
    page.wait_for_selector("[data-testid=replay-controls]")
    start = page.locator("[data-testid=replay-step]").inner_text()
    assert start.startswith("Move 0 of")  # a replay opens at the deal (issue 37)
    page.click("[data-testid=replay-next]")
    wait_until(page, "t => document.querySelector('[data-testid=replay-step]').textContent !== t", arg=start)
    page.click("[data-testid=replay-next]")
    page.wait_for_timeout(300)
    # every hand shows: the game is over, so the replay hides nothing
    assert page.locator("[data-testid=board] .seat .card").count() > 0
    snap(page, SCREENSHOTS / "replay.png")
    page.select_option(".replay-seat select", index=1)  # seen by seat 0: its own hand at the bottom
    page.wait_for_url("**seat=0**")
    page.wait_for_selector("[data-testid=hand]")
    page.goto(f"{server.url}/replays")
    page.wait_for_selector("[data-testid=replay-card]")


@pytest.mark.parametrize("game", playable())
def test_each_rules_page_shows_the_rules_in_both_languages(game: str, server: Server, page: Any) -> None:
    page.goto(f"{server.url}/rules/{game}")
    page.wait_for_selector("[data-testid=rules] .markdown h2")
    assert page.locator("[data-testid=rules] .markdown table").count() >= 1
    page.click("[data-testid=lang-toggle]")
    page.wait_for_selector(".topnav a:text('ロビー')")
    page.wait_for_selector("[data-testid=rules] .markdown h2")


def test_the_lobby_lists_open_tables_and_photographs_well(server: Server, page: Any, browser: Any) -> None:
    needs_game()
    game, players, options = QUICK
    create_table(page, server.url, game, players, options=options, name="Cleo")  # a game under way
    waiting = create_table(page, server.url, game, players, options=options, humans=2, name="Ann")
    page.goto(f"{server.url}/")
    card = page.locator(f"[data-testid=table-card][data-id='{waiting}']")
    card.wait_for()
    assert card.locator(".is-free").count() == 1  # seat 1 waits for a second person
    snap(page, SCREENSHOTS / "lobby.png")
    phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                                has_touch=True)
    try:
        small = phone.new_page()
        create_table(small, server.url, game, players, options=options)
        play_some(small, random.Random(6), 2)
        small.wait_for_selector(CHOICES)
        width = small.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the table is wider than a phone ({width}px)"
        small.click("[data-testid=lang-toggle]")
        small.wait_for_selector(".topnav a:text('ロビー')")
        small.wait_for_selector(CHOICES)
        japanese = "/[\\u3040-\\u30ff\\u4e00-\\u9fff]/"
        wait_until(small, f"() => {japanese}.test(document.querySelector('[data-testid=log]').textContent)")
        snap(small, SCREENSHOTS / f"phone-{game}-ja.png")
    finally:
        phone.close()


def test_a_seated_player_may_start_with_bots_in_the_free_seats(server: Server, page: Any) -> None:
    needs_game()
    game, players, options = QUICK
    create_table(page, server.url, game, players, options=options, humans=2)
    page.wait_for_selector("[data-testid=waiting]")
    page.click("[data-testid=start]")
    page.wait_for_selector("[data-testid=waiting]", state="detached")
    page.wait_for_selector("[data-testid=seat-1] .tag-bot")
    play_some(page, random.Random(7), 2)
    page.wait_for_selector(CHOICES + ", [data-testid=scoreboard]")
