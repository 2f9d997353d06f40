"""tricktable: play and study trick-taking card games."""

from tricktable.engine import (
    Action,
    GameRecord,
    IllegalAction,
    State,
    TricktableError,
    available,
    load_game,
    new_game,
)

__version__ = "0.1.0"
__all__ = ["Action", "GameRecord", "IllegalAction", "State", "TricktableError", "available", "load_game",
           "new_game"]
