"""A golden playthrough: a saved 4-player record (289 actions, every kind of action) replays to its scores."""

from __future__ import annotations

from pathlib import Path

from tricktable.engine import GameRecord

GOLDEN = Path(__file__).with_name("golden_4p.txt")


def test_the_golden_record_replays_to_the_same_scores_and_a_shared_win() -> None:
    record = GameRecord.loads(GOLDEN.read_text())
    state = record.replay()
    assert state.is_over and len(state.history) == 289
    assert state.scores() == [50, 26, 50, 42]
    assert state.winners() == [0, 2]
    assert {a.text.split()[0] for _, a in state.history} == {
        "play", "challenge", "pass", "option", "colour", "pick", "done", "target", "take"}
