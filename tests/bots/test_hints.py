"""Hints: legal choices ranked by an estimated chance of winning the game, each with how sure it is and a
reason in the game's terms, in two languages; honest like a bot."""

from __future__ import annotations

import io
import re

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
        shown = [h.win_chance for h in hints if h.win_chance is not None]
        assert shown == sorted(shown, reverse=True)  # ordered by the value shown
        assert [h.win_chance is None for h in hints] == sorted(h.win_chance is None for h in hints)
        for h in hints:
            assert h.why.endswith(".") and h.why_ja.endswith("。") and h.sure.endswith(".") and h.sure_ja.endswith("。")
            assert h.text == view.game.describe_action(view.game.parse_action(h.action), "ja")
            if h.win_chance is None:  # not searched: no number, never 0%
                assert h.simulations == 0 and "%" not in h.sure and h.low is None
            else:
                assert h.low is not None and h.high is not None and 0.0 <= h.low <= h.win_chance <= h.high <= 1.0
                assert f"{round(100 * h.win_chance)}%" in h.sure and f"{h.simulations} simulations" in h.sure
        if len(legal) > 1:
            assert ("close call" in hints[0].sure) == hints[0].close_call
            assert hints[0].close_call == any(h.about_equal for h in hints[1:]) or hints[0].close_call


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
    assert "1. " in text and "Estimated chance of winning the game" in text and state.is_over


def test_a_single_legal_choice_says_so_in_both_languages() -> None:
    for state in [*positions("megalomania", 4, 60, seed=8), *positions("trickster", 4, 60, seed=8)]:
        seat = state.actors[0]
        view = SeatView(state, seat)
        if len(view.legal) == 1:
            (hint,) = suggest(view, level="ismcts:10")
            assert hint.why == "It is the only legal choice." and "この手だけ" in hint.why_ja
            assert hint.win_chance is None and not hint.close_call
            return
    pytest.fail("no position with a single legal choice")


@pytest.mark.parametrize("name", available())
def test_every_reason_is_a_sentence_in_both_languages_naming_players_by_name(name: str) -> None:
    import importlib

    from tricktable.bots.hints import reason

    text = importlib.import_module(f"tricktable.games.{name}.text")
    assert set(text.REASONS["en"]) == set(text.REASONS["ja"])
    names = ["Ann", "Random 2", "Cleo", "Dan"]
    keys = set()
    for state in positions(name, 4, 30, seed=5):
        view = SeatView(state, state.actors[0])
        for action in view.legal[:6]:
            why, why_ja = reason(view, action, names)
            assert why.endswith(".") and why_ja.endswith("。")
            assert not re.search(r"Player \d|プレイヤー\d|\{", why + why_ja)
            keys.add(why)
    assert len(keys) >= 3  # the reasons differ with the choice, not one canned sentence
