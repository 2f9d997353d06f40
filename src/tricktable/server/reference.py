"""A game's quick reference for players without a table (``GET /api/games/{name}/reference?lang=``): the
game's own ``reference(lang)`` (card powers, scrolls, missions, heroes, special cards, from its data
tables) with its default options. A table's own reference is ``GET /api/tables/{id}/reference``."""

from __future__ import annotations

from typing import Any

from tricktable.engine import TricktableError, game_class, load_game
from tricktable.server.errors import ServiceError


def game_reference(game: str, lang: str) -> dict[str, Any]:
    """``{"game", "lang", "sections": [{"key", "title", "items": [{"key", "name", "text", "tag"}]}]}``."""
    try:
        rules = load_game(game, game_class(game).min_players)
    except (TricktableError, ImportError) as error:
        raise ServiceError("game/unknown", f"no game called {game!r}: {error}") from error
    data: dict[str, Any] = rules.reference("ja" if lang == "ja" else "en")
    return data
