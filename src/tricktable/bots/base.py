"""The Bot interface: a bot chooses from what its seat may know, never from the live state.

A driver hands the bot a ``SeatView``: the seat's observation, its legal actions and a sampler of full
states consistent with that observation (the game's ``resample``). The live state stays behind the
sampler; a bot that needs a full state to search draws one.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from functools import cached_property
from typing import Any

from tricktable.engine import Action, Game, Observation, Rng, State


class SeatView:
    """What one seat may know at a decision: built by the driver from the live state."""

    def __init__(self, state: State, seat: int) -> None:
        self._state = state  # private: reached only through observation and sample()
        self.game: Game[Any] = state.game
        self.seat = seat
        self.legal: list[Action] = state.legal_actions(seat)

    @cached_property
    def observation(self) -> Observation:
        return self._state.observe(self.seat)

    def sample(self, rng: Rng) -> State:
        """A full state consistent with this seat's observation, hidden parts drawn at random.

        The world's own chance generator is reseeded from ``rng`` too: draws still to come (a deck's
        next card, a random steal) are as hidden as a hand, so a search never replays the live ones.
        """
        world = self._state.resample(self.seat, rng)
        world.rng = Rng(rng.next64())
        return world


class Bot(ABC):
    """A player program. ``choose`` returns one of ``view.legal``."""

    name: str = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    @abstractmethod
    def choose(self, view: SeatView) -> Action:
        """The action this bot takes at ``view``."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
