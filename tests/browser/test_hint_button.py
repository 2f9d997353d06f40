"""The table's "Suggest a move" control (issue 14.5): a player asks, sees ranked reasons, plays one."""

from __future__ import annotations

from typing import Any

import pytest
from browser_play import create_table, wait_until
from browser_server import Server

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
    before = page.locator("[data-testid=hand] .card").count()
    hints.first.locator("button").click()
    wait_until(page, f"document.querySelectorAll('[data-testid=hand] .card').length < {before}")
