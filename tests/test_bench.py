"""``make bench``'s figures are computed, not timed, here: every setup yields its rows, with a ratio against
OpenSpiel's Hearts when OpenSpiel is installed (a speed figure is never asserted: the machine is shared)."""

from __future__ import annotations

import importlib.util

import pytest

from tricktable import bench


def test_every_game_is_measured_at_its_smallest_and_largest_player_count() -> None:
    assert ("masquerade", 3) in bench.setups() and ("masquerade", 6) in bench.setups()
    assert ("trickster", 2) in bench.setups() and ("trickster", 7) in bench.setups()


@pytest.mark.skipif(importlib.util.find_spec("pyspiel") is None, reason="OpenSpiel is not installed: no anchor")
def test_the_engine_rows_carry_ratios_against_hearts_from_a_dealt_state() -> None:
    rows = bench.engine_rows(0.0, ["masquerade"])
    labels = {row.label: row for row in rows}
    dealt = labels["masquerade 3p: decisions/s from a dealt state"]
    assert dealt.value > 0 and dealt.ratio is not None and dealt.anchor == "OpenSpiel C++ Hearts"
    assert labels["masquerade 6p: resamples/s"].ratio is not None
    assert labels["masquerade 6p: clone time late / early in a game (flat is 1.00)"].value > 0
    assert labels["masquerade 6p: clone + first move, time late / early (flat is 1.00)"].value > 0


def test_the_hearts_loop_asks_what_ours_asks_one_question_a_decision() -> None:
    """The anchor's loop makes, per decision, one "is it over?" call, one legal-actions call and one apply,
    as ``_play_out`` asks ``actors`` once: no extra call that would slow the anchor and flatter us."""
    import random

    calls: list[str] = []

    class Counted:
        left = 3

        def is_terminal(self) -> bool:
            calls.append("is_terminal")
            return self.left == 0

        def legal_actions(self) -> list[int]:
            calls.append("legal_actions")
            return [0, 1]

        def apply_action(self, action: int) -> None:
            calls.append("apply_action")
            self.left -= 1

        def __getattr__(self, name: str) -> object:
            raise AssertionError(f"the loop called {name}")

    assert bench._hearts_play_out(Counted(), random.Random(0)) == 3
    assert calls == ["is_terminal", "legal_actions", "apply_action"] * 3 + ["is_terminal"]


def test_the_level_rows_give_each_games_iterations_a_decision() -> None:
    rows = {row.label: row.value for row in bench.level_rows(("easy",), decisions=1)}
    iterations = [value for label, value in rows.items() if "iterations a decision" in label]
    assert len(iterations) == 3 and min(iterations) >= 1


def test_the_views_benchmark_still_drives_the_table_service() -> None:
    """benchmarks/views.py reaches into the service (its store hook, the practice check): a rename there
    must fail here, not in the middle of ``make bench``."""
    import asyncio
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    import views

    played = asyncio.run(views._web_game(1, changes=True))
    assert played["steps"] > 100 and min(played["sent"]) > 0 and played["views_ms"]
