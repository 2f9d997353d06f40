"""Text for people (English and Japanese), action texts, and the terminal view."""

from __future__ import annotations

import pytest
from rich.console import Console
from trickster_helpers import position, run

from playouts import random_playout
from tricktable.cli.views.trickster import render
from tricktable.engine import ParseError, Rng, load_game
from tricktable.games.trickster.cards import CARD_TEXT, CARD_TEXT_JA, parse_card


def test_card_texts_parse_back_and_have_japanese_names() -> None:
    assert len(CARD_TEXT) == 112 and len(set(CARD_TEXT)) == 112
    assert all(parse_card(t) == c for c, t in enumerate(CARD_TEXT))
    assert CARD_TEXT[0] == "red Brigand" and CARD_TEXT_JA[0] == "赤の山賊"
    with pytest.raises(ParseError):
        parse_card("crimson Brigand")


def test_parse_action_accepts_exactly_the_canonical_text() -> None:
    game = load_game("trickster", 4)
    assert game.parse_action("play red Brigand").text == "play red Brigand"
    assert game.parse_action("choose seat 2").text == "choose seat 2"
    assert game.parse_action("draft Scion").text == "draft Scion"
    for wrong in ("play Red Brigand", "play R-Bri", "choose seat 4", "play red brigand"):
        with pytest.raises(ParseError):
            game.parse_action(wrong)


def test_every_action_and_event_of_a_game_has_words_in_both_languages() -> None:
    for deck in ("beginner", "strategist"):
        state = load_game("trickster", 4, deck=deck).new_state(2)
        random_playout(state, Rng(2))
        game = state.game
        for lang in ("en", "ja"):
            for _, action in state.history:
                assert game.describe_action(action, lang)
            for event in state.events:
                line = game.describe_event(event, lang)
                assert line and "{" not in line, (event, line)


def test_japanese_descriptions_use_japanese_card_names() -> None:
    game = load_game("trickster", 4)
    assert game.describe_action(game.parse_action("play red Guard"), "ja") == "赤の警備員を出す"
    assert "山賊" in game.describe_action(game.parse_action("draft Brigand"), "ja")


def test_the_view_draws_a_trick_in_progress_with_the_effect_and_the_hand() -> None:
    state = position(4, {0: ["white Brigand", "red Guard"], 1: ["white Guard", "red Soldier"]})
    run(state, "play red Guard", "move white Brigand", "play red Soldier")
    console = Console(width=120, record=True, color_system=None)
    console.print(render(state.observe(1), state.game))
    text = console.export_text()
    assert "same suit" in text.lower() and "Soldier: " in text and "Your hand" in text
    assert "seat 1" not in text and "Player 2" in text  # seats by name (the default names here)
    assert "red Guard" in text and "white Brigand" in text


@pytest.mark.parametrize("deck", ["draft", "strategist"])
def test_the_view_draws_every_phase_without_error(deck: str) -> None:
    state = load_game("trickster", 3, deck=deck).new_state(5)
    rng = Rng(5)
    console = Console(width=100, record=True, color_system=None)
    while not state.is_over:
        for seat in (None, *state.actors):
            console.print(render(state.observe(seat), state.game))
        seat = rng.choice(state.actors)
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        if len(state.history) > 60:
            break
    console.print(render(state.observe(0), state.game))
    assert "Trickster" in console.export_text()
