"""The runnable examples of docs/research.md, and the OpenSpiel ISMCTS match, run small."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from setups import installed_games

from tricktable.engine.registry import GAMES

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def toy_registered() -> Any:
    GAMES["toy"] = "toy"
    yield "toy"
    del GAMES["toy"]


def example(name: str) -> dict[str, Any]:
    return runpy.run_path(str(EXAMPLES / name), run_name="example")


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_the_rollout_example_plays_a_random_seat_against_bots_in_every_api(toy_registered: str, capsys: Any) -> None:
    example("rollout.py")["main"]([toy_registered, "--players", "3", "--bot", "random", "--games", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ["openspiel", "pettingzoo", "gymnasium"]


def test_the_rollout_example_runs_on_a_real_game_with_its_heuristic(capsys: Any) -> None:
    games = installed_games()
    if not games:
        pytest.skip("no game installed")
    game = games[0]
    example("rollout.py")["main"]([game.name, "--players", str(game.min_players), "--games", "1"])
    assert "gymnasium" in capsys.readouterr().out


def test_the_tabular_learning_example_learns_from_whole_episodes(toy_registered: str) -> None:
    rewards = example("tabular_q.py")["train"](toy_registered, 2, 30)
    assert len(rewards) == 30
    assert all(-0.5 <= r <= 0.5 for r in rewards)


def test_openspiel_ismcts_and_ours_finish_a_match_with_an_interval(toy_registered: str) -> None:
    from tricktable.envs import versus

    outcomes = [versus.play_one(toy_registered, 2, number, budget=4, uct_c=1.0) for number in range(3)]
    assert [o.our_seat for o in outcomes] == [0, 1, 0]
    summary = versus.summary([o.share for o in outcomes], 2)
    assert summary["games"] == 3 and summary["even"] == 0.5
    assert summary["low"] <= summary["share"] <= summary["high"]


def test_the_match_command_records_games_and_reports_them_as_a_table(toy_registered: str, tmp_path: Path,
                                                                     capsys: Any) -> None:
    from tricktable.envs import versus

    out = tmp_path / "games.jsonl"
    versus.main([toy_registered, "--players", "2", "--games", "2", "--budget", "3", "--out", str(out)])
    assert len(out.read_text().splitlines()) == 2
    capsys.readouterr()
    versus.main(["--report", str(out)])
    table = capsys.readouterr().out
    assert "| toy | 2 | {} | 3 | 2 |" in table
