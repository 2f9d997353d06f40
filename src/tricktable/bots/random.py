"""The random bot: uniform over the legal actions, seeded."""

from __future__ import annotations

from tricktable.bots.base import Bot, SeatView
from tricktable.engine import Action


class RandomBot(Bot):
    name = "random"

    def choose(self, view: SeatView) -> Action:
        return self.rng.choice(view.legal)
