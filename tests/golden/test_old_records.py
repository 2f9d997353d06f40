"""Records of an older version replay as they were dealt: Megalomania and Trickster records of version 1
drew the whole deal from the seed's one stream, before each part of it had a stream of its own
(``State.stream``). ``version1.json`` holds such records, written by the version-1 engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tricktable.engine import GameRecord, IllegalAction, ParseError

RECORDS = json.loads((Path(__file__).parent / "version1.json").read_text())


def _name(record: dict) -> str:
    return f"{record['game']}-{record['players']}p-{record['seed']}"


@pytest.mark.parametrize("data", RECORDS, ids=_name)
def test_a_version_1_record_replays_as_it_was_dealt_and_keeps_its_version(data: dict) -> None:
    record = GameRecord.from_json(data)
    assert record.version == "1"
    state = record.replay()
    assert state.is_over
    assert state.record().version == "1"
    assert state.record().actions == record.actions


@pytest.mark.parametrize("data", RECORDS, ids=_name)
def test_the_same_actions_do_not_fit_the_current_deal(data: dict) -> None:
    # what makes the version matter: dealt by today's streams, the recorded moves stop being legal
    record = GameRecord.from_json({**data, "version": "2"})
    with pytest.raises(IllegalAction):
        record.replay()


def test_a_version_this_code_never_dealt_is_refused_by_name() -> None:
    with pytest.raises(ParseError, match="version 9"):
        GameRecord.from_json({**RECORDS[0], "version": "9"}).replay()
