"""Ratings that count distinct opponents (server/rating_policy.py): the farming scenario of issue 36 rated
offline as the server rates it (the same ``Ratings`` over a database in memory), and one server test."""

from __future__ import annotations

import random
from typing import Any

import pytest
from sqlalchemy import create_engine
from sqlalchemy.pool import StaticPool

from tricktable.server import rating_policy
from tricktable.server.rating_policy import PROVISIONAL_OPPONENTS, pair_weight, weights
from tricktable.server.ratings import Ratings

GAME = "trickster"
HONEST = [f"account:h{i}" for i in range(8)]
FARMER, ALT = "account:farmer", "account:alt"


def model() -> Ratings:
    return Ratings(create_engine("sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False}))


def honest_season(ratings: Ratings, games: int = 160, seed: int = 1) -> None:
    """Four-player games among the honest players and the farmer, placed by skill plus luck."""
    rng = random.Random(seed)
    skill = {p: i for i, p in enumerate([*HONEST, FARMER])}
    skill[FARMER] = 4  # an average player
    for n in range(games):
        seats = rng.sample([*HONEST, FARMER], 4)
        order = sorted(seats, key=lambda p: -(skill[p] + rng.gauss(0, 3)))
        ratings.rate(f"honest-{n}", GAME, seats, [order.index(p) + 1 for p in seats])


def farm(ratings: Ratings, games: int = 100) -> None:
    for n in range(games):
        ratings.rate(f"farm-{n}", GAME, [FARMER, ALT], [1, 2])


def shown_of(ratings: Ratings, subject: str) -> int:
    return ratings.of(subject)[GAME].value


def test_beating_ones_own_second_account_100_times_gains_nothing_once_established() -> None:
    ratings = model()
    honest_season(ratings)
    before = shown_of(ratings, FARMER)
    farm(ratings)
    assert shown_of(ratings, FARMER) - before == 0  # the alt is provisional: it moves no established rating


def test_without_the_policy_the_same_farm_runs_away(monkeypatch: pytest.MonkeyPatch) -> None:
    """The measure can fail: rated as before (every game a whole game), the average farmer gains hundreds of
    points and passes the honest players of its own strength."""
    monkeypatch.setattr(rating_policy, "weights", lambda subjects, *_: [1.0] * len(subjects))
    ratings = model()
    honest_season(ratings)
    before = shown_of(ratings, FARMER)
    farm(ratings)
    assert shown_of(ratings, FARMER) - before > 300
    assert shown_of(ratings, FARMER) > sorted(shown_of(ratings, p) for p in HONEST)[len(HONEST) // 2]


def test_two_new_accounts_farming_each_other_gain_at_most_three_games_a_day() -> None:
    ratings = model()
    farm(ratings)  # 100 games in one day, both accounts new
    once = model()
    farm(once, games=3)
    gained = shown_of(ratings, FARMER)
    assert gained == shown_of(once, FARMER)  # games 4 to 100 of the day count nothing
    assert gained < 1000 + 250  # the worth of 1 + 1/2 + 1/3 games from the start (1000): 226 points, provisional
    assert ratings.of(FARMER)[GAME].games == 3


def test_the_weights_follow_the_stated_policy() -> None:
    assert [pair_weight(n, 0) for n in range(4)] == [1.0, 0.5, 1 / 3, 0.25] and pair_weight(0, 3) == 0.0
    met = {"account:a": PROVISIONAL_OPPONENTS, "account:b": 1, "account:c": PROVISIONAL_OPPONENTS}
    assert weights(["account:a", "account:b", "bot:hard"], met, {}) == [0.0, 1.0, 1.0]
    assert weights(["account:a", "account:c"], met, {("account:a", "account:c"): (1, 1)}) == [0.5, 0.5]


def test_the_server_does_not_move_an_established_rating_for_a_game_against_a_provisional_account(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from devices import Device, sign_up
    from test_accounts_ratings import wait_rated

    from conftest import TOY, serve
    from tricktable.server import MemoryStore

    monkeypatch.setattr(rating_policy, "PROVISIONAL_OPPONENTS", 1)  # met one account: established
    with serve(MemoryStore()) as app:
        ann, bea, cal = Device(app), Device(app), Device(app)
        for device, name in ((ann, "Ann"), (bea, "Bea"), (cal, "Cal")):
            sign_up(device, name)

        def rated_pair(host: Any, guest: Any) -> list[dict[str, Any]]:
            table = host.post("/api/tables", json={"game": TOY, "players": 2, "rated": True,
                                                   "options": {"hand": 2}, "seats": [{"kind": "human"}] * 2}).json()
            host.post(f"/api/tables/{table['id']}/seats/0", json={"name": "x"})
            guest.post(f"/api/tables/{table['id']}/seats/1", json={"name": "y"})
            for _ in range(400):
                views = [d.get(f"/api/tables/{table['id']}/view").json() for d in (host, guest)]
                if views[0]["view"]["is_over"]:
                    break
                for device, view in zip((host, guest), views, strict=True):
                    if view["legal"]:
                        device.post(f"/api/tables/{table['id']}/actions", json={"action": view["legal"][0]["action"]})
            return wait_rated(host, table["id"])

        first = rated_pair(ann, bea)  # both new: both move
        assert all(c["after"] != c["before"] for c in first)
        later = rated_pair(ann, cal)  # Ann is established now, Cal is new: Ann's rating stays
        assert later[0]["after"] == later[0]["before"] and later[1]["after"] != later[1]["before"]
