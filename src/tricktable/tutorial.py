"""The guided first game ("Learn to play" in the lobby, ``tricktable learn GAME``): a practice table on a
set-up deal, played with the real engine against heuristic bots, where each rule is told the moment it first
matters (the game's ``lessons.py``) and a guide suggests a move (the heuristic's choice from the seat's own
observation). No rule is decided here: the legal actions are the engine's, a lesson only explains them."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from tricktable.bots import SeatView
from tricktable.bots.heuristic import chooser
from tricktable.engine import Rng, State, load_game
from tricktable.engine.registry import available


@dataclass(frozen=True, slots=True)
class Tutorial:
    """A guided game: who sits, which deal, and how far the guide goes (``rounds``: the guided rounds)."""

    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    bot: str = "heuristic"
    rounds: int = 99  # the guide ends when this many rounds are over (or with the game)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "seed": self.seed, "options": self.options,
                "bot": self.bot, "rounds": self.rounds}


def _declared() -> dict[str, Tutorial]:
    """Each game's guided deal, as its ``lessons.py`` declares it (``TUTORIAL``: players, seed, options,
    rounds), for every installed game that has one."""
    found = {}
    for name in available():
        try:
            module = importlib.import_module(f"tricktable.games.{name}.lessons")
        except ModuleNotFoundError:
            continue
        found[name] = Tutorial(name, **module.TUTORIAL)
    return found


TUTORIALS: dict[str, Tutorial] = _declared()


def tutorial(game: str) -> Tutorial:
    """The guided game of ``game`` (a KeyError naming the games that have one)."""
    try:
        return TUTORIALS[game]
    except KeyError:
        raise KeyError(f"no tutorial for {game!r} (tutorials: {', '.join(TUTORIALS)})") from None


def new_game(game: str) -> State:
    """The tutorial's table, dealt."""
    setup = tutorial(game)
    return load_game(game, setup.players, **setup.options).new_state(setup.seed)


def is_done(game: str, state: State) -> bool:
    """Whether the guided part is over: the game ended, or its guided rounds are played."""
    return state.is_over or state.round > tutorial(game).rounds


def lesson(state: State, seat: int, lang: str = "en") -> dict[str, Any]:
    """What the guide says to ``seat`` now: the rules that matter at this decision (``lessons``; the caller
    shows each once), the suggested move (``advice``, an action text; None when the seat has no choice) in
    words, and whether the guided part is over."""
    game = state.game
    done = is_done(game.name, state)
    if seat not in state.actors or done:
        return {"lessons": [], "advice": None, "advice_text": "", "done": done}
    view = SeatView(state, seat)
    legal = [str(a) for a in view.legal]
    module = importlib.import_module(f"tricktable.games.{game.name}.lessons")
    told = module.lessons(view.observation, legal, lang)
    choose = chooser(game)
    advice = choose(view.observation, view.legal, game, Rng(state.round * 1000 + len(state.history))) \
        if choose and len(view.legal) > 1 else view.legal[0]
    return {"lessons": told, "advice": str(advice), "advice_text": game.describe_action(advice, lang),
            "done": False}
