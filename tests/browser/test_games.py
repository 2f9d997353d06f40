"""Whole games in a real browser: for every playable game, a person at seat 0 against random bots clicks
highlighted cards and decision buttons until the scoreboard shows; the table is photographed for docs."""

from __future__ import annotations

import random
from typing import Any

import pytest
from browser_play import create_table, play_some, play_to_end, snap, take_turn
from browser_server import SCREENSHOTS, Server

from tricktable.server.service import playable

pytestmark = pytest.mark.browser

# small games so the whole folder stays quick: options a person could pick in the lobby
SMALL: dict[str, tuple[int, dict[str, Any]]] = {
    "megalomania": (3, {"rounds": 8}),
    "trickster": (3, {"rounds": 1}),
    "masquerade": (3, {}),
}


def small_game(game: str) -> tuple[int, dict[str, Any]]:
    return SMALL.get(game, (3, {}))


@pytest.mark.parametrize("game", playable())
def test_a_person_plays_a_whole_game_against_bots_by_clicking(game: str, server: Server, page: Any) -> None:
    players, options = small_game(game)
    create_table(page, server.url, game, players, options=options, seed=7)
    rng = random.Random(game)
    play_some(page, rng, 3)
    page.wait_for_selector("[data-testid=legal-card], [data-testid=action], [data-testid=scoreboard]")
    snap(page, SCREENSHOTS / f"table-{game}.png")
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: nothing may stick out sideways
    page.wait_for_timeout(200)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    snap(page, SCREENSHOTS / f"phone-{game}.png")
    page.set_viewport_size({"width": 1280, "height": 900})
    play_to_end(page, rng)
    board = page.locator("[data-testid=scoreboard]")
    assert board.is_visible()
    assert page.locator("[data-testid=winner]").count() >= 1
    assert page.locator("[data-testid=log] li").count() > 5
    assert not take_turn(page, rng)
    snap(page, SCREENSHOTS / f"end-{game}.png")
