"""The table's "Suggest a move" control: a player asks, sees each hint's reason and how sure it is, in
English and Japanese, and plays one."""

from __future__ import annotations

from typing import Any

import pytest
from browser_play import create_table, snap, wait_until
from browser_server import SCREENSHOTS, Server

from tricktable.server.service import playable

pytestmark = pytest.mark.browser


def test_a_player_asks_for_a_suggestion_and_plays_it(server: Server, page: Any) -> None:
    if "masquerade" not in playable():
        pytest.skip("masquerade is not installed")
    create_table(page, server.url, "masquerade", 3, seed=3)
    page.wait_for_selector("[data-testid=suggest]")
    page.click("[data-testid=suggest]")
    page.wait_for_selector("[data-testid=hint]")
    hints = page.locator("[data-testid=hint]")
    assert 1 <= hints.count() <= 3
    assert "Estimated chance of winning the game" in hints.first.inner_text()
    snap(page, SCREENSHOTS / "hints-en.png")
    page.click("[data-testid=lang-toggle]")
    page.wait_for_selector(".topnav a:text('ロビー')")
    page.click("[data-testid=suggest]")
    wait_until(page, "() => [...document.querySelectorAll('[data-testid=hint]')]"
                     ".some(e => e.textContent.includes('勝つ見込み'))")
    assert "。" in page.locator("[data-testid=hint]").first.inner_text()
    snap(page, SCREENSHOTS / "hints-ja.png")
    hints = page.locator("[data-testid=hint]")
    before = page.locator("[data-testid=hand] .card").count()
    hints.first.locator("button").click()
    wait_until(page, f"document.querySelectorAll('[data-testid=hand] .card').length < {before}")
