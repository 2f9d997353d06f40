"""Trickster: Champions of Time (Daniel Solis, 2017), 2-7 players. See rules.md."""

from tricktable.games.trickster.game import Trickster

GAME = Trickster

__all__ = ["GAME", "Trickster"]
