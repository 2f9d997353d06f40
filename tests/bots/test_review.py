"""The review of a finished game: a recorded game with a known blunder is marked where it happened, with
its cost, the better move the seat could have known, and the all-cards-shown line; in both languages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tricktable.bots import SeatView, make_bot
from tricktable.bots.review import review, worst
from tricktable.cli.main import main
from tricktable.engine import GameRecord, State, load_game

BLUNDER = 189  # Trickster, 3 players, seed 0: seat 0's white Brigand here loses the game, purple Guard wins it


def finish(state: State) -> State:
    bots = [make_bot("heuristic", p) for p in range(state.players)]
    while not state.is_over:
        picks = [(p, bots[p].choose(SeatView(state, p))) for p in state.actors]
        for p, action in picks:
            state.apply(action, p)
    return state


@pytest.fixture(scope="module")
def blundered() -> GameRecord:
    played = finish(load_game("trickster", 3).new_state(0)).record()
    position = GameRecord(played.game, played.players, played.seed, played.options, played.actions[:BLUNDER]).replay()
    assert tuple(position.actors) == (0,)
    outcomes = {}
    for move in ("play white Brigand", "play purple Guard"):
        after = position.clone()
        after.apply(move, 0)
        outcomes[move] = finish(after)
    # the known blunder: the same game after either move, lost with one, won with the other
    assert 0 not in outcomes["play white Brigand"].winners() and 0 in outcomes["play purple Guard"].winners()
    return outcomes["play white Brigand"].record()


def test_the_known_blunder_is_marked_with_its_cost_and_the_better_move(blundered: GameRecord) -> None:
    seen = []
    decisions = review(blundered, 0, level="ismcts:300", since=BLUNDER - 12, names=["Ann", "Ben", "Cleo"],
                       progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1][0] == seen[-1][1]  # progress reached the end
    (blunder,) = [d for d in decisions if d.step == BLUNDER]
    assert blunder.played == "play white Brigand" and blunder.best == "play purple Guard"
    assert blunder.separated and blunder.mark in ("??", "?") and blunder.cost >= 7
    assert blunder in worst(decisions)
    assert blunder.all_cards is not None and blunder.words["ja"]["best"] != blunder.words["en"]["best"]
    for d in decisions:
        assert (d.cost > 0) == d.separated and (d.mark == "") == (not d.separated or d.cost < 3)
        if d.played == d.best:
            assert d.cost == 0 and not d.mark


def test_review_in_the_terminal_in_both_languages(blundered: GameRecord, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.txt"
    path.write_text(blundered.to_text())
    out = tmp_path / "review.json"
    assert main(["review", str(path), "--seat", "0", "--level", "ismcts:60", "--no-all-cards", "--json",
                 str(out), "--lang", "ja"]) == 0
    text = capsys.readouterr().out
    assert "振り返り" in text and "最善手" in text
    assert json.loads(out.read_text())
    assert main(["review", str(path), "--seat", "5"]) == 2
    unfinished = tmp_path / "unfinished.txt"
    unfinished.write_text(GameRecord(blundered.game, 3, blundered.seed, {}, blundered.actions[:40]).to_text())
    assert main(["review", str(unfinished)]) == 2
