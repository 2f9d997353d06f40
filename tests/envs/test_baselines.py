"""Evaluation with duplicate deals, the leaderboard report, and a learned baseline (bounded runs)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("scipy")

from tricktable.envs import evaluate as ev
from tricktable.envs.leaderboard import report


def test_every_deal_is_played_once_with_the_agent_in_each_seat(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    summary = ev.evaluate("masquerade", 3, "heuristic", "random", deals=2, first=5, out=str(out))
    games = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted((g["deal"], g["agent_seat"]) for g in games) == [(d, s) for d in (5, 6) for s in range(3)]
    assert summary["games"] == 6 and 0.0 <= summary["low"] <= summary["share"] <= summary["high"] <= 1.0
    assert summary["share"] == pytest.approx(sum(g["share"] for g in games) / 6)


def test_the_same_deal_gives_the_same_game_for_the_same_agents() -> None:
    game = ev.tos.load("trickster", 3, chance="seed")
    first = ev.play(game, 3, "heuristic", "random", 1)
    again = ev.play(game, 3, "heuristic", "random", 1)
    assert first.share == again.share


def test_openspiel_ismcts_is_an_agent() -> None:
    game = ev.tos.load("masquerade", 3, chance="seed")
    result = ev.play(game, 0, "openspiel-ismcts:2", "random", 0)
    assert 0.0 <= result.share <= 1.0


def test_the_report_is_a_markdown_table(tmp_path: Path) -> None:
    rows = tmp_path / "rows.jsonl"
    rows.write_text(json.dumps(ev.evaluate("masquerade", 3, "random", "random", deals=1)) + "\n")
    table = report([str(rows)])
    assert table.splitlines()[0].startswith("| game |") and "| masquerade | 3 | random | random | 3 (1) |" in table


def test_a_learned_baseline_trains_saves_and_plays(tmp_path: Path) -> None:
    if not _has("sb3_contrib") or not _has("torch"):
        pytest.skip("LEARNED BASELINE NOT TESTED: sb3-contrib or torch is not installed (pip install '.[learn]')")
    from tricktable.envs.baselines import train

    done = train("masquerade", 3, 256, str(tmp_path / "m.zip"))
    assert Path(done["out"]).exists()
    summary = ev.evaluate("masquerade", 3, f"policy:{done['out']}", "random", deals=1)
    assert summary["games"] == 3


def _has(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None
