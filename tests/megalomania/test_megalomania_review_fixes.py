"""Rules defects found by review (#12 item 12): each fails on the engine before its fix."""

from __future__ import annotations

import itertools

from megalomania_helpers import legal, ready, setup

from tricktable.engine import Rng, load_game
from tricktable.games.megalomania.cards import MISSION_POINTS, MISSIONS
from tricktable.games.megalomania.rules import dominant_colours


def test_random_dominant_order_changes_the_colour_every_round() -> None:
    # rules: the dominant colour changes every round [P]
    game = load_game("megalomania", 4, dominant_order="random")
    for seed in range(200):
        colours = dominant_colours(game.options, Rng(seed))
        assert all(a != b for a, b in itertools.pairwise(colours)), (seed, colours)
    assert len({dominant_colours(game.options, Rng(s))[1] for s in range(50)}) == 4  # still random, every colour


def test_mission_text_shows_the_points_in_force() -> None:
    points = list(MISSION_POINTS)
    points[0], points[2] = 5, 2
    state = setup(2, ["B1 B2 B4", "Y1 Y2 Y4"], mission=1, mission_points=points)
    mission = state.observe(0)["table"]["mission"]
    assert mission["task"] == "exactly 3 tricks: +5" and mission["task_ja"].endswith("+5")
    round_line = state.game.describe_event(next(e for e in state.events if e.kind == "round"), "en", ["A", "B"])
    assert "+5" in round_line and "+3" not in round_line
    assert MISSIONS[2].describe(2) == "+2 per Blue card"
    assert all(m.describe(m.points) for m in MISSIONS) and all("{" not in m.describe(0, "ja") for m in MISSIONS)


def test_programmed_follow_lets_an_activated_assassin_at_the_head_of_the_order_go_off_colour() -> None:
    # rules: Assassin, "may be played even when the follow rule demands another card"
    state = setup(2, ["Y1 Y2 Y6 Y7 Y9 Y12", "B2 Y4 B4 B6 B7 B9"], mission=15, dominant="K", programmed_follow=True)
    ready(state)
    for text in ("program Y1", "program Y2", "program Y6", "program Y7", "program Y9"):
        state.apply(text, 0)
    for text in ("program B2", "program Y4", "program B4", "program B6", "program B7"):
        state.apply(text, 1)
    state.apply("play Y1", 0)
    options = legal(state, 1)
    assert "play B2*" in options and "play B2" not in options  # the Assassin, with its power only
    assert "play Y4" in options  # or, without the power, the earliest card of the order that follows
    state.apply("play B2*", 1)
    assert state.program[1][0] != 2 and len(state.program[1]) == 5
