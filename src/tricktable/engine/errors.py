"""The errors tricktable raises: one root, each speaking to the person who caused it."""

from __future__ import annotations

from collections.abc import Iterable


class TricktableError(Exception):
    """Root of every error tricktable raises on purpose."""


class IllegalAction(TricktableError, ValueError):
    """An action that the rules do not allow now. The state it was tried on is unchanged.

    Reads like ``seat 2 cannot play K18: must follow red (legal: play R3, play R11)``.
    """

    def __init__(self, player: int | None, action: object, reason: str, legal: Iterable[object] = ()) -> None:
        self.player = player
        self.action = action
        self.reason = reason
        self.legal = [str(a) for a in legal]
        who = "nobody" if player is None else f"seat {player}"
        listed = ", ".join(self.legal) if self.legal else "none"
        super().__init__(f"{who} cannot {action}: {reason} (legal: {listed})")


class ParseError(TricktableError, ValueError):
    """Text that does not name an action, a card, an option or a record."""


class UnknownGame(TricktableError, KeyError):
    """A game name that the registry does not hold."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


class BadOptions(TricktableError, ValueError):
    """Game options or a player count that the game does not accept."""
