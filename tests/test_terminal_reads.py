"""What a player reads in the terminal (issue 37): Masquerade's special cards carry the web's ★."""

from __future__ import annotations

import io

from rich.console import Console

from tricktable.cli.views.masquerade import render
from tricktable.engine import load_game


def shown(observation: dict[str, object], lang: str = "en") -> str:
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(render(observation, load_game("masquerade", 4), lang))
    return out.getvalue()


def test_masquerade_hand_marks_special_cards_with_a_star_and_others_without() -> None:
    state = load_game("masquerade", 4).new_state(2)
    observation = state.observe(0)
    hand = observation["hand"]
    special = {"R11", "B16", "K6", "G13", "K13", "G6", "R1", "B2", "G1", "R3", "K1", "B1"}
    assert any(c in special for c in hand) and any(c not in special for c in hand), "seed 2 deals both kinds"
    for lang, name in (("en", "{c} {n}"), ("ja", "{c}の{n}")):
        text = shown(observation, lang)
        colours = {"R": "red", "K": "black", "B": "blue", "G": "green"} if lang == "en" else \
            {"R": "赤", "K": "黒", "B": "青", "G": "緑"}
        for card in hand:
            words = name.format(c=colours[card[0]], n=card[1:])
            if card in special:
                assert f"{words}★" in text, f"{card} is special and not starred ({lang})"
            else:
                assert f"{words}★" not in text and words in text


def test_without_special_cards_nothing_is_starred() -> None:
    state = load_game("masquerade", 4, specials="none").new_state(2)
    assert "★" not in shown(state.observe(0))
