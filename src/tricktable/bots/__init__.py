"""Bots: programs that play a seat from its observation."""

from __future__ import annotations

from tricktable.bots.base import Bot, SeatView
from tricktable.bots.random import RandomBot

__all__ = ["Bot", "RandomBot", "SeatView", "make_bot"]


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name: ``random`` (more arrive with the bots issue)."""
    if name == "random":
        return RandomBot(seed)
    raise ValueError(f"no bot called {name!r} (bots: random)")
