"""A study's HTML report opens in Debian's headless Chromium, whole: title, command, tables, every plot.

The screenshots go to docs/screenshots/lab-report.png and lab-report-ja.png when TRICKTABLE_SCREENSHOTS is
set (as the other browser tests do), otherwise to a scratch folder.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tricktable.cli.main import main

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = (ROOT / "docs" / "screenshots" if os.environ.get("TRICKTABLE_SCREENSHOTS")
         else Path(os.environ.get("TMPDIR", "/tmp")) / "tricktable-screenshots")


@pytest.mark.parametrize(("file", "lang", "title", "heading", "shot"), [
    ("report.html", "en", "Megalomania: variant study", "differences from the reference", "lab-report.png"),
    ("report.ja.html", "ja", "メガロマニア: バリアント比較", "基準との差", "lab-report-ja.png"),
])
def test_the_report_of_a_two_option_study_reads_in_chromium_in_both_languages(
        tmp_path: Path, browser: Any, file: str, lang: str, title: str, heading: str, shot: str) -> None:
    assert main(["lab", "megalomania", "--games", "12", "--seed", "2", "--workers", "2", "-o",
                 "mission_order=[7,3,9]", "--vary", "mission_points.7=2,6", "--vary", "rounds=12,8",
                 "--out", str(tmp_path)]) == 0
    report = tmp_path / file
    errors: list[str] = []
    # the session's Chromium (tests/browser/conftest.py): a second Playwright in one process would fail
    page = browser.new_page(viewport={"width": 1200, "height": 1000})
    try:
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("request", lambda request: errors.append(f"fetched {request.url}")
                if not request.url.startswith(("file:", "data:")) else None)
        page.goto(report.as_uri())
        assert page.locator("html").get_attribute("lang") == lang
        assert page.locator("h1").inner_text() == title
        assert page.locator("pre.command").inner_text().startswith("tricktable lab megalomania --bots heuristic")
        images = page.locator("img")
        assert images.count() >= 4
        widths = page.eval_on_selector_all("img", "els => els.map(e => e.naturalWidth)")
        assert all(w > 200 for w in widths), widths  # every plot decoded
        assert page.locator("h2", has_text=heading).count() == 1
        assert "Holm" in page.locator("p.correction").inner_text()
        assert page.locator("a.lang").count() == 1
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / shot))
    finally:
        page.close()
    assert not errors, errors
