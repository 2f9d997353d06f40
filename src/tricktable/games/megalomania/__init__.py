"""Megalomania (Vakho Inoridze, BG Era Games 2022): trick-taking with card powers, cubes, scrolls and missions."""

from tricktable.games.megalomania.game import Megalomania, MegalomaniaState

GAME = Megalomania
__all__ = ["GAME", "Megalomania", "MegalomaniaState"]
