"""The terminal: a scripted person plays through `play`, and the other subcommands answer."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from tricktable.bots import RandomBot
from tricktable.cli.main import main, option_flags
from tricktable.cli.play import play
from tricktable.cli.rules import options_markdown
from tricktable.engine import load_game


class Person:
    """Answers prompts from a script, then always "1"; keeps what it was asked."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = answers
        self.asked: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.asked.append(prompt)
        return self.answers.pop(0) if self.answers else "1"


@pytest.mark.parametrize(("name", "players"), [("masquerade", 3), ("trickster", 3), ("megalomania", 2)])
def test_a_person_plays_a_whole_game_by_numbers_and_bad_input_gets_a_message(name: str, players: int) -> None:
    state = load_game(name, players, **({"rounds": 8} if name == "megalomania" else {})).new_state(4)
    out = io.StringIO()
    person = Person(["not an action", "999", "1"])
    play(state, 0, {p: RandomBot(p) for p in range(1, players)}, Console(file=out, width=120), person)
    text = out.getvalue()
    assert state.is_over
    assert "is not a" in text and "cannot 999" not in text, "the bad answers were not explained"
    assert len(person.asked) >= 3 and "Game over" in text


def test_unknown_flags_become_game_options() -> None:
    assert option_flags(["--deck", "beginner", "--token=two_only"]) == ["deck=beginner", "token=two_only"]
    with pytest.raises(SystemExit):
        option_flags(["--deck"])


def test_rules_lists_the_options_with_their_tags(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "megalomania", "--options-only"]) == 0
    shown = capsys.readouterr().out
    assert "dominant_order" in shown and "rounds" in shown


def test_replay_shows_a_saved_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = load_game("masquerade", 4).new_state(2)
    for _ in range(12):
        state.apply(state.legal_actions()[0])
    saved = tmp_path / "game.txt"
    saved.write_text(state.record().to_text())
    assert main(["replay", str(saved), "--step", "5"]) == 0
    assert "5 of 12 actions" in capsys.readouterr().out


def test_a_bad_option_is_reported_not_raised(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "trickster", "--deck", "nonsense", "--seat", "-1"]) == 2
    assert "deck cannot be" in capsys.readouterr().out


def test_the_options_page_in_docs_is_up_to_date() -> None:
    page = Path(__file__).resolve().parents[1] / "docs" / "options.md"
    assert page.read_text() == options_markdown(), "regenerate docs/options.md from cli.rules.options_markdown()"
