"""The engine: the one decision model every part of tricktable speaks (see docs/architecture.md)."""

from tricktable.engine.actions import Action
from tricktable.engine.errors import BadOptions, IllegalAction, ParseError, TricktableError, UnknownGame
from tricktable.engine.events import Event
from tricktable.engine.game import Game
from tricktable.engine.options import option
from tricktable.engine.record import GameRecord
from tricktable.engine.registry import available, game_class, load_game, new_game
from tricktable.engine.rng import Rng, SecureRng, secure_seed
from tricktable.engine.state import Decision, Observation, State

__all__ = [
    "Action", "BadOptions", "Decision", "Event", "Game", "GameRecord", "IllegalAction", "Observation", "ParseError",
    "Rng", "SecureRng", "State", "TricktableError", "UnknownGame", "available", "game_class", "load_game", "new_game",
    "option", "secure_seed",
]
