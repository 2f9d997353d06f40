"""tricktable: play and study trick-taking card games."""

from tricktable import buildinfo

buildinfo.choose_from_environment()  # before anything compiled is imported

from tricktable.engine import (  # noqa: E402
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
