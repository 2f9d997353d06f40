"""The guided first game in the terminal (``tricktable learn``, issue 37): a person who follows the guide, in
English and Japanese, reaches the end with every lesson told once; a choice other than the guide's is
explained and taken back unless the person insists; the lessons come from the real engine's legal actions."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from tricktable.cli.learn import learn
from tricktable.tutorial import TUTORIALS, is_done, lesson, new_game


class Follower:
    """Types the menu numbers of the guide's suggestion; once, first a choice of its own (and then takes it back)."""

    def __init__(self, out: io.StringIO) -> None:
        self.out = out
        self.wrong_once = True
        self.asked: list[str] = []
        self.queue: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.asked.append(prompt)
        if "y:" in prompt or "y：" in prompt:  # keep my own choice? no: choose again
            return "n"
        if self.queue:
            return self.queue.pop(0)
        numbers = re.findall(r"\d+", re.findall(r"(?:choice|選択肢)([^)）]*)[)）]", self.out.getvalue())[-1])
        if self.wrong_once and numbers[0] != "1":
            self.wrong_once = False
            return "1"
        self.queue = numbers[1:]
        return numbers[0]


@pytest.mark.parametrize("game", sorted(TUTORIALS))
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_person_who_follows_the_guide_reaches_the_end(game: str, lang: str) -> None:
    out = io.StringIO()
    person = Follower(out)
    state = learn(game, Console(file=out, width=160, color_system=None), person, lang)
    text = out.getvalue()
    assert is_done(game, state)
    assert ("guided part" in text) if lang == "en" else ("ガイド部分を遊び終えました" in text)
    assert any("y:" in a or "y：" in a for a in person.asked), "the wrong choice was not questioned"
    told = [line for line in text.splitlines() if line.startswith(("Guide:", "ガイド:"))]
    assert len(told) >= 4 and len(told) == len(set(told)), "each lesson once"


@pytest.mark.parametrize("game", sorted(TUTORIALS))
def test_the_guide_suggests_a_legal_move_and_every_lesson_has_both_languages(game: str) -> None:
    state = new_game(game)
    seat = state.actors[0]
    for lang in ("en", "ja"):
        said = lesson(state, seat, lang)
        assert said["advice"] in [str(a) for a in state.legal_actions(seat)]
        assert said["lessons"] and all(item["text"] for item in said["lessons"])
    keys = [i["key"] for i in lesson(state, seat, "en")["lessons"]]
    assert keys == [i["key"] for i in lesson(state, seat, "ja")["lessons"]]
