"""The simulator: duplicate schedules, statistics, and a tiny tournament end to end on two processes."""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path

import pytest

from tricktable.cli.main import main
from tricktable.engine import GameRecord, available, game_class
from tricktable.sim import Estimate, Outcome, play, schedule, summarize
from tricktable.sim.stats import t95

GAMES = available()


def small_setup() -> tuple[str, int]:
    """The installed game and player count that make the quickest tournament."""
    if not GAMES:
        pytest.skip("no game installed")
    name = "masquerade" if "masquerade" in GAMES else GAMES[0]
    return name, game_class(name).min_players


def test_a_duplicate_schedule_seats_every_bot_everywhere_on_each_deal() -> None:
    matches = schedule("x", ["a", "b", "c"], games=7, seed=10)
    assert len(matches) == 9  # rounded up to whole deals
    for deal in range(3):
        games = [m for m in matches if m.deal == deal]
        assert {m.seed for m in games} == {10 + deal}
        for seat in range(3):
            assert sorted(m.bots[seat] for m in games) == ["a", "b", "c"]


def test_an_estimate_has_the_t_interval_of_its_samples() -> None:
    estimate = Estimate.of([1.0, 2.0, 3.0, 4.0])
    assert estimate.mean == 2.5
    half = t95(3) * math.sqrt((1.5**2 * 2 + 0.5**2 * 2) / 3 / 4)
    assert estimate.low == pytest.approx(2.5 - half)
    assert estimate.high == pytest.approx(2.5 + half)
    assert estimate.excludes_zero
    assert not Estimate.of([-1.0, 1.0, -2.0, 2.0]).excludes_zero
    assert t95(16) == pytest.approx(2.119905, abs=1e-6)  # exact, not the next row of a table


def _outcome(index: int, deal: int, bots: list[str], scores: list[float], winners: list[int]) -> Outcome:
    return Outcome(index, deal, deal, index % 2, bots, scores, winners, GameRecord("x", 2, deal), 0.0,
                   [1, 1], [0.1, 0.2], [0.1, 0.2])


def test_comparisons_pair_the_bots_within_each_deal() -> None:
    outcomes = [
        _outcome(0, 0, ["a", "b"], [10, 4], [0]), _outcome(1, 0, ["b", "a"], [6, 8], [1]),
        _outcome(2, 1, ["a", "b"], [3, 5], [1]), _outcome(3, 1, ["b", "a"], [2, 2], [0, 1]),
    ]
    summary = summarize(outcomes)
    assert [line.bot for line in summary.bots] == ["a", "b"]
    assert summary.bots[0].score.mean == pytest.approx((9 + 2.5) / 2)
    assert summary.bots[0].win.mean == pytest.approx((1 + 0.25) / 2)
    (comparison,) = summary.comparisons
    assert comparison.score.mean == pytest.approx(((9 - 5) + (2.5 - 3.5)) / 2)
    assert comparison.win.mean == pytest.approx(((1 - 0) + (0.25 - 0.75)) / 2)
    assert summary.deals == 2 and summary.games == 4


def test_a_match_replays_the_same_game() -> None:
    name, players = small_setup()
    match = schedule(name, ["heuristic", "ismcts:2", *["random"] * (players - 2)], games=1, seed=4)[0]
    one, two = play(match), play(match)
    assert one.record.actions == two.record.actions
    assert one.scores == two.scores
    assert GameRecord.from_json(one.record.to_json()).replay().scores() == one.scores


def test_a_tiny_tournament_runs_end_to_end_on_two_processes(tmp_path: Path) -> None:
    name, players = small_setup()
    bots = ",".join(["heuristic", *["random"] * (players - 1)])
    code = main(["simulate", name, "--bots", bots, "--games", str(players), "--workers", "2", "--seed", "3",
                 "--out", str(tmp_path)])
    assert code == 0
    for file in ("records.jsonl", "games.csv", "summary.json", "balance.png"):
        assert (tmp_path / file).stat().st_size > 0, file
    lines = (tmp_path / "records.jsonl").read_text().splitlines()
    assert len(lines) == players
    for line in lines:
        data = json.loads(line)
        assert GameRecord.from_json(data["record"]).replay().scores() == data["scores"]
    with (tmp_path / "games.csv").open() as file:
        rows = list(csv.DictReader(file))
    assert len(rows) == players * players
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert [b["bot"] for b in summary["bots"]] == ["heuristic", "random"]
    assert summary["comparisons"][0]["first"] == "heuristic"
    assert summary["settings"]["command"].startswith(f"tricktable simulate {name}")


def test_simulate_rejects_a_line_up_that_does_not_fit_the_seats(tmp_path: Path) -> None:
    name, players = small_setup()
    assert main(["simulate", name, "--players", str(players + 1), "--bots", "random", "--out", str(tmp_path)]) == 2
    assert main(["simulate", name, "--bots", ",".join(["nobody"] * players), "--out", str(tmp_path)]) == 2
