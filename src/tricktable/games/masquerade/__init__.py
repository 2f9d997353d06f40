"""Gundam Masquerade (ガンダム仮面舞踏会): may-follow tricks, challenges, taking and special cards."""

from tricktable.games.masquerade.game import Masquerade

GAME = Masquerade

__all__ = ["GAME", "Masquerade"]
