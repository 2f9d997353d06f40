"""Words and views: illegal actions explained, every action described in English and Japanese, mission texts
with the points in force, and the terminal view of any observation."""

from __future__ import annotations

import pytest
from megalomania_helpers import setup

from tricktable.engine import Rng, load_game
from tricktable.games.megalomania.cards import MISSION_POINTS, MISSIONS


def test_illegal_text_explains_itself_and_names_the_legal_actions() -> None:
    state = setup(3, ["R6 B1", "R15 Y2", "K1 K4"])
    for p in range(3):
        state.apply("ready 3/0", p)
    state.apply("play R6")
    with pytest.raises(ValueError, match="must follow Red") as raised:
        state.apply("play Y2")
    assert "play R15" in str(raised.value)


def test_descriptions_exist_in_english_and_japanese_for_every_action() -> None:
    game = load_game("megalomania", 4)
    for action in game.actions:
        assert game.describe_action(action, "en")
        assert game.describe_action(action, "ja")


def test_the_terminal_view_renders_any_observation() -> None:
    from rich.console import Console

    from tricktable.cli.views.megalomania import render

    state = load_game("megalomania", 4).new_state(2)
    rng = Rng(2)
    console = Console(file=open("/dev/null", "w"), width=120)  # noqa: SIM115
    for _ in range(120):
        if state.is_over:
            break
        for seat in (None, *range(4)):
            console.print(render(state.observe(seat), state.game))
        p = rng.choice(state.actors)
        state.apply(rng.choice(state.legal_actions(p)), p)


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
