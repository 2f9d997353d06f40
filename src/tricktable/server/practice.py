"""Practice tables: a chosen seed or a set-up deal lets whoever chose it know hidden cards.

Such a table is allowed only with at most one person at it (the others are bots), is labelled
``"practice": true`` in its summary, and its set-up options never appear in that summary (they would show
the lobby and spectators every hand). The record, published when the game is over, keeps them all.
"""

from __future__ import annotations

from typing import Any

from tricktable.engine.rng import is_secure

# options that fix cards or orders a player must not know (each game's options.py); they are never public
SETUP = ("deal", "hands", "trash", "deck_order", "mission_order", "dominant")
# an option that, set to this value, makes a public option's order the deal: then that one is set-up too
ORDERED_BY = {"shuffle_scrolls": (False, "scrolls")}


def setup_options(options: dict[str, Any]) -> list[str]:
    """The set-up options among ``options`` (the changed options of a record), sorted."""
    found = {name for name in options if name in SETUP}
    for name, (value, ordered) in ORDERED_BY.items():
        if name in options and options[name] == value:
            found.update((name, ordered))
    return sorted(found)


def is_practice(seed: int, options: dict[str, Any]) -> bool:
    """A table whose seed was chosen (any seed a person can pick is below the secure range) or whose deal is set up."""
    return not is_secure(seed) or bool(setup_options(options))


def public_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options a table summary may show: all but the set-up ones."""
    hidden = set(setup_options(options))
    return {name: value for name, value in options.items() if name not in hidden}
