"""The terminal game as a person meets it (#12 item 11): one choice a card, names, phase-fitting errors,
Japanese throughout with --lang ja, and --load resuming a saved game."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from tricktable.bots import RandomBot
from tricktable.cli.main import main
from tricktable.cli.play import choose_action, groups, play
from tricktable.engine import load_game


def scripted(answers: list[str]) -> tuple[list[str], object]:
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return answers.pop(0) if answers else "1"
    return asked, ask


def megalomania_play_turn() -> object:
    state = load_game("megalomania", 2, rounds=8, dealer=1).new_state(3)
    while state.observe(0)["phase"] != "play" or 0 not in state.actors:
        state.apply(state.legal_actions()[-1], state.actors[0])  # "ready 3/0": crystals to spend
    return state


def test_a_megalomania_card_is_one_choice_then_its_variant() -> None:
    state = megalomania_play_turn()
    legal = state.legal_actions(0)  # type: ignore[attr-defined]
    cards = {re.sub(r"[*+-]+$", "", a.text) for a in legal if a.text.startswith("play ")}
    assert len(groups(legal)) == len(cards) < len(legal)
    out = io.StringIO()
    asked, ask = scripted(["1", "b", "1", "2"])
    before = len(state.history)  # type: ignore[attr-defined]
    choose_action(state, 0, Console(file=out, width=140), ask)  # type: ignore[arg-type]
    text = out.getvalue()
    assert len(state.history) == before + 1  # type: ignore[attr-defined]
    assert state.history[-1][1].text.startswith("play ") and state.history[-1][1].text[-1] in "*+-"  # type: ignore[attr-defined]
    assert "how to play it" in " ".join(asked)
    assert not re.search(r"\b[BYRK](1|2|4|6|7|9|12|15)\b", re.sub(r"\[.*?\]", "", text)), text


def test_a_bad_answer_gets_a_message_that_fits_the_phase() -> None:
    state = load_game("megalomania", 2, rounds=8).new_state(3)
    out = io.StringIO()
    _, ask = scripted(["play B1", "42", "1"])
    choose_action(state, 0, Console(file=out, width=140), ask)  # type: ignore[arg-type]
    text = out.getvalue()
    assert "now: Preparation" in text and "type a number from 1 to" in text


@pytest.mark.parametrize(("name", "players"), [("megalomania", 3), ("trickster", 3), ("masquerade", 4)])
def test_a_whole_game_in_japanese_shows_no_english_but_names(name: str, players: int) -> None:
    state = load_game(name, players, **({"rounds": 8} if name == "megalomania" else {})).new_state(5)
    out = io.StringIO()
    _, ask = scripted([])
    play(state, 0, {p: RandomBot(p) for p in range(1, players)}, Console(file=out, width=200), ask, "ja")
    text = out.getvalue()
    assert state.is_over and "勝者" in text
    english = {w for w in re.findall(r"[A-Za-z]{3,}", text)}
    assert not english, sorted(english)[:20]


def test_play_load_resumes_a_saved_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    state = load_game("masquerade", 4).new_state(2)
    for _ in range(10):
        state.apply(state.legal_actions()[0])
    saved = tmp_path / "game.txt"
    saved.write_text(state.record().to_text())
    answers = iter(["q"])
    monkeypatch.setattr(Console, "input", lambda self, prompt="": next(answers))
    out = tmp_path / "after.txt"
    assert main(["play", "--load", str(saved), "--seat", str(state.actors[0]), "--save", str(out)]) == 0
    assert out.read_text().startswith(saved.read_text().rstrip("\n"))  # the same game, carried on
