"""The replay viewer's Review view: a finished game's decisions of one seat against the search's best, with
marks, costs and the all-cards-shown move, run on the server with progress; in English and Japanese."""

from __future__ import annotations

import random
from typing import Any

import pytest
from browser_play import create_table, play_to_end, snap, wait_until
from browser_server import SCREENSHOTS, Server

from tricktable.server.service import playable

pytestmark = pytest.mark.browser


def test_a_player_reviews_a_finished_game_in_both_languages(server: Server, page: Any) -> None:
    if "trickster" not in playable():
        pytest.skip("trickster is not installed")
    create_table(page, server.url, "trickster", 3, options={"rounds": 1})
    play_to_end(page, random.Random(7))
    page.click("[data-testid=to-replay]")
    page.wait_for_selector("[data-testid=replay-controls]")
    page.click("[data-testid=review]")
    page.wait_for_selector("[data-testid=review-panel]")
    page.wait_for_selector("[data-testid=review-decision]", timeout=240_000)
    panel = page.locator("[data-testid=review-panel]")
    text = panel.inner_text()
    assert "review" in text.lower() and "%" in text and "all cards" in text
    decisions = page.locator("[data-testid=review-decision]")
    assert decisions.count() >= 3
    decisions.nth(1).locator("button").click()  # a decision takes the replay to its position
    page.wait_for_url("**step=**")
    snap(page, SCREENSHOTS / "review-en.png")
    page.click("[data-testid=lang-toggle]")
    page.wait_for_selector(".topnav a:text('ロビー')")
    page.click("[data-testid=review]")
    wait_until(page, "() => document.querySelector('[data-testid=review-panel]').textContent.includes('振り返り')")
    page.wait_for_selector("[data-testid=review-decision]")
    assert "全手札" in page.locator("[data-testid=review-panel]").inner_text()
    snap(page, SCREENSHOTS / "review-ja.png")
