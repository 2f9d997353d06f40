"""Terminal views: pure functions of an observation, one module a game, with a plain fallback."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table

from tricktable.engine import Game
from tricktable.engine.words import lang_of, listing, seat_names


def render(observation: dict[str, Any], game: Game[Any], lang: str = "en",
           names: Sequence[str] | None = None) -> RenderableType:
    """The game's own view of ``observation`` (in ``lang``, seats called ``names``), else the plain view."""
    who = seat_names(names, game.players, lang)
    try:
        module = importlib.import_module(f"tricktable.cli.views.{game.name}")
    except ModuleNotFoundError:
        return plain(observation, game, who)
    view: RenderableType = module.render(observation, game, lang_of(lang), who)
    return view


def winner_line(observation: dict[str, Any], lang: str, names: Sequence[str]) -> str:
    """"Game over. Winner: Ann" / "ゲーム終了。勝者: アン"."""
    winners = listing([names[w] for w in observation.get("winners", [])], lang)
    return f"ゲーム終了。勝者: {winners}" if lang == "ja" else f"Game over. Winner: {winners}"


def plain(observation: dict[str, Any], game: Game[Any], names: Sequence[str]) -> RenderableType:
    """Every common key of an observation, for a game that has no view of its own yet."""
    scores = Table(title="scores", show_header=False)
    for seat, score in enumerate(observation.get("scores", [])):
        scores.add_row(names[seat], str(score))
    trick = "  ".join(f"{names[t['seat']]}: {t['card']}" for t in observation.get("trick", [])) or "(empty)"
    lines = [
        f"round {observation.get('round')}  phase {observation.get('phase', '?')}",
        f"trick: {trick}",
        f"hand: {' '.join(observation.get('hand', []))}",
        f"table: {observation.get('table', {})}",
    ]
    return Panel(Group(*lines, scores), title=game.title)
