"""Text for people (en, ja) and the terminal view, drawn from observations only."""

from __future__ import annotations

import copy
import io

from rich.console import Console

from tricktable.cli.views.masquerade import render
from tricktable.engine import Rng
from tricktable.games.masquerade import Masquerade
from tricktable.games.masquerade.phases import PHASE_WORDS


def test_every_action_has_a_description_in_english_and_japanese() -> None:
    game = Masquerade(4)
    for action in game.actions:
        for lang in ("en", "ja"):
            assert game.describe_action(action, lang)
    assert game.describe_action(game.parse_action("play R11")) == "play red 11"
    assert game.describe_action(game.parse_action("play R11"), "ja") == "赤の11を出す"


def test_the_view_renders_every_phase_for_players_and_spectators_without_changing_the_observation() -> None:
    console = Console(width=100, record=True, file=io.StringIO())
    every: set[str] = set()
    for seed in range(12):
        seen: set[str] = set()  # rendering is slow: each phase once a game
        state = Masquerade(3 + seed % 4).new_state(seed)
        rng = Rng(seed)
        while True:
            phase = PHASE_WORDS[state.phase]
            if phase not in seen or state.is_over:
                seen.add(phase)
                every.add(phase)
                view = state.observe(state.actors[0] if state.actors else None)
                assert view["phase"] == phase
                frozen = copy.deepcopy(view)
                console.print(render(view, state.game))
                assert view == frozen
                if phase == "challenge":
                    console.print(render(state.observe(None), state.game))
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        for event in state.events:
            for lang in ("en", "ja"):
                assert state.game.describe_event(event, lang) != event.kind, f"{event.kind} has no {lang} text"
    assert every == set(PHASE_WORDS)
    console.print(render(state.observe(None), state.game))
    assert "winner" in console.export_text().lower()
