"""Recorded games replay to exactly what they showed before: every seat's views, logs, prompts, reasons and
action words in both languages (``make_golden.py`` wrote them on a known-good engine)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from make_golden import digest, snapshots

from tricktable.engine import GameRecord

CASES = json.loads((Path(__file__).parent / "records.json").read_text())


def _name(case: dict) -> str:
    record = case["record"]
    return f"{record['game']}-{record['players']}p-{record['seed']}"


@pytest.mark.parametrize("case", CASES, ids=_name)
def test_a_recorded_game_shows_the_same_as_when_it_was_recorded(case: dict) -> None:
    record = GameRecord.from_json(case["record"])
    assert digest(snapshots(record)) == case["digest"]
