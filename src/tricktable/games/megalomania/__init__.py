"""Megalomania (Vakho Inoridze, BG Era Games 2022): trick-taking with card powers, cubes, scrolls and missions."""

from tricktable.games.megalomania.game import Megalomania
from tricktable.games.megalomania.rules import MegalomaniaState

GAME = Megalomania
__all__ = ["GAME", "Megalomania", "MegalomaniaState"]
