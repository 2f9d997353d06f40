"""Driving the web client like a person: create a table in the lobby, click cards and buttons until the
game ends. Only the page is used (no API shortcuts), so these helpers test what a player sees."""

from __future__ import annotations

import json
import random
import time
from typing import Any

# What a seat can do now: a highlighted card, a card's choice list, or a decision button.
CHOICES = "[data-testid=card-choices] [data-testid=action], [data-testid=legal-card], [data-testid=action]"
SETTLED = f"{CHOICES}, [data-testid=scoreboard]"


def create_table(page: Any, base: str, game: str, players: int, *, name: str = "Ann",
                 options: dict[str, Any] | None = None, humans: int = 1, bot: str = "random",
                 seed: int | None = None) -> str:
    """Fill the lobby form and create a table: seats ``0..humans-1`` people, the rest ``bot``.

    Returns the table id; the page is left at the table (seated at seat 0).
    """
    page.goto(f"{base}/")
    page.click(f"[data-testid=game-{game}]")
    page.select_option("[data-testid=players]", str(players))
    if page.locator("[data-testid=create-name]").is_enabled():  # logged in: the account's name, fixed
        page.fill("[data-testid=create-name]", name)
    for seat in range(players):
        page.select_option(f"[data-testid=seat-kind-{seat}]", "human" if seat < humans else "bot")
        if seat >= humans:  # a person's seat shows no bot level (its stand-in's waits under "Advanced")
            page.select_option(f"[data-testid=seat-bot-{seat}]", bot)
    page.locator("details.options").evaluate("d => { d.open = true; }")
    for option, value in (options or {}).items():
        set_option(page, option, value)
    if seed is not None:
        page.fill("[data-testid=create-seed]", str(seed))
    page.click("[data-testid=create]")
    page.wait_for_url("**/tables/*")
    page.wait_for_selector("[data-testid=board]")
    table_id: str = page.url.rstrip("/").rsplit("/", 1)[1]
    return table_id


def set_option(page: Any, option: str, value: Any) -> None:
    """Set one option's control in the create form, whatever kind of control it is."""
    control = page.locator(f"[data-testid=option-{option}]")
    tag = control.evaluate("el => el.tagName.toLowerCase() + ':' + (el.type || '')")
    if tag.startswith("select"):
        index = control.evaluate(
            "(el, [j, v]) => [...el.options].findIndex(o => o.dataset.value === j || o.value === v)",
            [json.dumps(value), str(value)])
        assert index >= 0, f"option {option} has no choice {value!r}"
        control.select_option(index=index)
    elif tag == "input:checkbox":
        control.set_checked(bool(value))
    else:
        flat = isinstance(value, list) and control.evaluate("el => el.classList.contains('list-input')")
        control.fill(", ".join(map(str, value)) if flat else json.dumps(value) if isinstance(value, (list, dict))
                     else str(value))
        control.dispatch_event("change")


def take_turn(page: Any, rng: random.Random, timeout: float = 30.0) -> bool:
    """Wait until this seat can act or the game is over; make one random choice by clicking.

    Returns False when the game is over.
    """
    page.wait_for_selector(SETTLED, timeout=timeout * 1000)
    if page.locator("[data-testid=scoreboard]").count():
        return False
    choices = page.locator("[data-testid=card-choices] [data-testid=action]")
    if not choices.count():
        choices = page.locator("[data-testid=legal-card], [data-testid=action]")
    count = choices.count()
    if not count:
        return True  # the board was redrawn between the wait and the look: look again
    try:
        choices.nth(rng.randrange(count)).click(timeout=2000)
    except Exception as error:  # the element went away as a new view arrived: try again
        if "detached" not in str(error) and "Timeout" not in str(error) and "not attached" not in str(error):
            raise
    return True


def play_to_end(page: Any, rng: random.Random, limit: int = 2000, until: float = 240.0) -> int:
    """Click random legal choices until the game ends; returns the number of clicks."""
    clicks = 0
    deadline = time.monotonic() + until
    while take_turn(page, rng):
        clicks += 1
        assert clicks < limit, "the game did not end"
        assert time.monotonic() < deadline, "the game took too long"
    return clicks


def play_some(page: Any, rng: random.Random, clicks: int) -> None:
    """Make ``clicks`` choices (fewer if the game ends first)."""
    for _ in range(clicks):
        if not take_turn(page, rng):
            return


def snap(page: Any, path: Any) -> None:
    """A full-page picture from the top (so the sticky top bar sits where a person sees it)."""
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(150)
    page.screenshot(path=str(path), full_page=True)


def wait_until(page: Any, script: str, arg: Any = None, timeout: float = 15.0) -> None:
    """Wait until ``script`` (a JavaScript expression, or a function of ``arg``) is true in ``page``.

    Polled from Python: ``page.evaluate`` goes through the debugger protocol, which the page's Content
    Security Policy allows, while ``wait_for_function`` polls inside the page with ``eval``, which the CSP
    (``script-src 'self'``) refuses whenever the first check is false."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(script, arg):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {script}")
        page.wait_for_timeout(100)
