"""Terminal views: pure functions of an observation, one module a game, with a plain fallback."""

from __future__ import annotations

import importlib
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table

from tricktable.engine import Game


def render(observation: dict[str, Any], game: Game[Any]) -> RenderableType:
    """The game's own view of ``observation`` when it has one, else the plain view."""
    try:
        module = importlib.import_module(f"tricktable.cli.views.{game.name}")
    except ModuleNotFoundError:
        return plain(observation, game)
    view: RenderableType = module.render(observation, game)
    return view


def plain(observation: dict[str, Any], game: Game[Any]) -> RenderableType:
    """Every common key of an observation, for a game that has no view of its own yet."""
    scores = Table(title="scores", show_header=False)
    for seat, score in enumerate(observation.get("scores", [])):
        scores.add_row(f"seat {seat}", str(score))
    trick = "  ".join(f"{t['seat']}:{t['card']}" for t in observation.get("trick", [])) or "(empty)"
    lines = [
        f"round {observation.get('round')}  phase {observation.get('phase', '?')}",
        f"trick: {trick}",
        f"hand: {' '.join(observation.get('hand', []))}",
        f"table: {observation.get('table', {})}",
    ]
    return Panel(Group(*lines, scores), title=game.title)
