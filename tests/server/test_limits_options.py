"""Finding 5: every option of every game is bounded where options are declared, so no request can make a
table that breaks the lobby, never ends, or fills every visitor's lobby (and the CLI gets the same checks)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tricktable.engine import BadOptions, game_class, load_game
from tricktable.engine import options as opts

REAL = ("megalomania", "trickster", "masquerade")


@pytest.mark.parametrize(("game", "players", "options"), [
    ("megalomania", 3, {"mission_points": [10**400] * 25}),
    ("megalomania", 3, {"mission_points": [1.5] * 25}),
    ("megalomania", 3, {"scrolls": ["redeal"] * 5000}),
    ("megalomania", 3, {"dominant": "B" * 10_000}),
    ("megalomania", 3, {"missions": [26]}),
    ("trickster", 3, {"rounds": 10**9}),
    ("trickster", 3, {"rounds": True}),
    ("trickster", 3, {"first_leader": 10**20}),
    ("trickster", 3, {"deck": ["Explorer"] * 1000}),
    ("masquerade", 3, {"first_player": -10**6}),
    ("masquerade", 3, {"deal": [["R1"] * 10_000]}),
])
def test_an_out_of_bounds_option_is_refused_and_the_lobby_stays_up(client: TestClient, game: str, players: int,
                                                                   options: dict[str, Any]) -> None:
    response = client.post("/api/tables", json={"game": game, "players": players, "options": options,
                                                "seats": [{"kind": "human"}] * players})
    assert response.status_code == 422, response.text[:300]
    assert response.json()["code"] == "options/bad"
    assert len(response.text) < 1000  # the refused value is not echoed back in full
    lobby = client.get("/api/tables")
    assert lobby.status_code == 200 and lobby.json() == []


@pytest.mark.parametrize("game", REAL)
def test_every_default_fits_its_own_bounds(game: str) -> None:
    options_type = game_class(game).options_type
    values = {f.name: opts.json_value(f.default) for f in dataclasses.fields(options_type)}
    assert opts.build(options_type, values) == options_type()


@pytest.mark.parametrize("game", REAL)
def test_every_option_has_a_checked_type(game: str) -> None:
    """A wrongly typed value of every option is refused by name (a new option type must get a check)."""
    for info in opts.describe(game_class(game).options_type):
        with pytest.raises(BadOptions, match=info.name):
            load_game(game, 3, **{info.name: {"not": "an option value"}})


def test_the_games_list_shows_the_bounds(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    rounds = next(o for o in games["trickster"]["options"] if o["name"] == "rounds")
    assert rounds["bounds"] == [1, 12] and rounds["max_len"] == opts.DEFAULT_MAX_LEN
