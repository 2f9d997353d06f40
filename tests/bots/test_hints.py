"""Hints (issue 14.5): ranked legal choices with numbers and a reason in two languages, honest like a bot."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from test_bots import positions
from twins import twins

from tricktable.bots import RandomBot, SeatView
from tricktable.bots.hints import suggest
from tricktable.cli.play import play
from tricktable.engine import Rng, available, load_game


@pytest.mark.parametrize("name", available())
def test_hints_are_legal_ranked_and_explained_in_english_and_japanese(name: str) -> None:
    for state in positions(name, 4, 3, seed=2):
        seat = state.actors[0]
        view = SeatView(state, seat)
        hints = suggest(view, level="ismcts:60", lang="ja")
        legal = [a.text for a in view.legal]
        assert hints and len(hints) <= min(3, len(legal))
        assert len({h.action for h in hints}) == len(hints) and all(h.action in legal for h in hints)
        assert [h.visit_share for h in hints] == sorted((h.visit_share for h in hints), reverse=True)
        for h in hints:
            assert 0.0 <= h.win_chance <= 1.0 and h.why.endswith(".") and h.why_ja.endswith("。")
            assert h.text == view.game.describe_action(view.game.parse_action(h.action), "ja")
        if len(legal) > 1:
            assert "ahead of the next choice" in hints[0].why


def test_a_hint_knows_only_what_the_seat_knows() -> None:
    # twins built from the deal get the same hints, number for number
    pairs = 0
    for k, state in enumerate(positions("megalomania", 4, 10, seed=4)):
        seat = state.actors[-1]
        for truth, twin, _ in twins(state.game, state.seed, state.history, seat, Rng(k), tries=2):
            assert suggest(SeatView(truth, seat), level="ismcts:40") == suggest(SeatView(twin, seat), level="ismcts:40")
            pairs += 1
    assert pairs >= 3


def test_question_mark_in_the_terminal_prints_suggestions_then_the_choices_again() -> None:
    state = load_game("masquerade", 3).new_state(4)
    out = io.StringIO()
    answers = ["?", "1"]
    play(state, 0, {p: RandomBot(p) for p in (1, 2)}, Console(file=out, width=200),
         lambda prompt: answers.pop(0) if answers else "1")
    text = out.getvalue()
    assert "1. " in text and "The search rates it" in text and state.is_over
