"""The guided first game in the browser (issue 37): from the lobby's "Learn to play", each game's tutorial is
walked to its end in English on a laptop and in Japanese on a phone; lessons appear once each, a choice other
than the guide's is explained and not sent, and the guide's suggestions are always legal moves."""

from __future__ import annotations

import time
from typing import Any

import pytest
from browser_server import SCREENSHOTS, Server
from test_player_ux import needs

pytestmark = pytest.mark.browser

SIZES = {"en": ({"width": 1366, "height": 768}, "desktop"), "ja": ({"width": 390, "height": 844}, "phone")}
DONE = {"en": "Tutorial complete", "ja": "チュートリアル完了"}


def open_tutorial(page: Any, base: str, game: str, lang: str) -> None:
    page.goto(f"{base}/")
    page.evaluate(f"localStorage.setItem('tricktable.lang', '{lang}')")
    page.goto(f"{base}/")
    page.click(f"[data-testid=game-{game}]")
    page.click(f"[data-testid=learn-{game}]")
    page.wait_for_url("**/tables/*learn=1")
    page.wait_for_selector("[data-testid=board]")


def step_of(page: Any, base: str) -> int:
    table = page.url.split("/tables/", 1)[1].split("?", 1)[0]
    step: int = page.request.get(f"{base}/api/tables/{table}").json()["step"]
    return step


@pytest.mark.parametrize("game", ["megalomania", "trickster", "masquerade"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_tutorial_walks_to_its_end(server: Server, browser: Any, game: str, lang: str) -> None:
    needs(game)
    size, kind = SIZES[lang]
    context = browser.new_context(viewport=size, is_mobile=kind == "phone", has_touch=kind == "phone")
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        open_tutorial(page, server.url, game, lang)
        lessons: list[str] = []
        tried_wrong = False
        deadline = time.monotonic() + 400
        shot = False
        while True:
            assert time.monotonic() < deadline, "the tutorial did not end"
            page.wait_for_selector("[data-testid=guide-play], [data-testid=guide-done]", timeout=60_000)
            if page.locator("[data-testid=guide-done]").count():
                break
            lessons += page.locator("[data-testid=guide-lesson]").all_inner_texts()
            if not shot and page.locator("[data-testid=guide-lesson]").count():
                page.wait_for_timeout(200)
                page.screenshot(path=str(SCREENSHOTS / f"tutorial-{game}-{lang}-{kind}.png"))
                shot = True
            wrong = page.locator("[data-testid=legal-card]")
            if not tried_wrong and wrong.count() > 1:
                advice = page.locator("[data-testid=guide]").inner_text()
                before = step_of(page, server.url)
                for k in range(wrong.count()):
                    card = wrong.nth(k)
                    if card.get_attribute("data-testid") == "legal-card" and (card.get_attribute("title") or "") \
                            and (card.get_attribute("title") or "").split(" — ")[0] not in advice:
                        card.click()
                        break
                if page.locator("[data-testid=guide-wrong], [data-testid=card-choices]").count():
                    tried_wrong = page.locator("[data-testid=guide-wrong]").count() > 0
                    if tried_wrong:
                        assert step_of(page, server.url) == before, "a choice other than the guide's was sent"
                        page.click("[data-testid=guide-retry]")
                    else:
                        page.keyboard.press("Escape")
            try:
                page.click("[data-testid=guide-play]", timeout=5000)
            except Exception as error:  # a new view replaced the guide between the wait and the click
                if "Timeout" not in str(error):
                    raise
        assert DONE[lang] in page.locator("[data-testid=guide-done]").inner_text()
        assert len(lessons) >= 4 and len(lessons) == len(set(lessons)), lessons
        if lang == "ja":
            assert all(any("\u3040" <= c <= "\u9fff" for c in text) for text in lessons)
        assert tried_wrong, "no wrong choice was tried"
        assert not errors, errors
    finally:
        context.close()
