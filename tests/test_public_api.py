"""The public API reads well: reprs that paste back, examples in the docs and the README that run, and
errors that say what is wrong instead of a raw JSONDecodeError or TypeError."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

from playouts import game_setups, random_playout
from tricktable.engine import (
    BadOptions,
    GameRecord,
    ParseError,
    Rng,
    TricktableError,
    available,
    game_class,
    load_game,
    new_game,
)
from tricktable.engine import options as opts

ROOT = Path(__file__).resolve().parents[1]
# the modules whose docstrings carry examples: each must have some, and every one must run
DOCTESTED = ["tricktable.engine.actions", "tricktable.engine.cards", "tricktable.engine.hidden",
             "tricktable.engine.record", "tricktable.engine.registry", "tricktable.engine.sampling",
             "tricktable.engine.state"]


@pytest.mark.parametrize("module", DOCTESTED)
def test_the_examples_in_the_engine_docs_run(module: str) -> None:
    loaded = importlib.import_module(module)
    if str(loaded.__file__).endswith(".so"):  # the compiled build (make compiled): its examples are in the source
        source = Path(str(loaded.__file__)).with_name(Path(str(loaded.__file__)).name.split(".")[0] + ".py")
        spec = importlib.util.spec_from_file_location(f"{module}_source", source)
        assert spec is not None and spec.loader is not None
        loaded = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = loaded  # (dataclasses look their module up)
        try:
            spec.loader.exec_module(loaded)
        finally:
            del sys.modules[spec.name]
    result = doctest.testmod(loaded, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted > 0, f"{module} has no examples"
    assert result.failed == 0


def readme_examples() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, re.S)


def test_the_readme_has_python_examples() -> None:
    assert readme_examples()


@pytest.mark.parametrize("number", range(len(readme_examples())))
def test_each_python_example_of_the_readme_runs(number: int, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(readme_examples()[number], f"README.md example {number + 1}", "exec"), {})
    assert capsys.readouterr().out.strip()  # each example prints what it shows


# --- reprs ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", available())
def test_an_actions_repr_pastes_back_through_parse_action(name: str) -> None:
    game = load_game(name, game_class(name).min_players)
    for action in game.actions:
        shown = repr(action)
        assert shown == f"Action({action.text!r})"
        text = shown[len("Action("):-1]
        assert game.parse_action(eval(text)) is action


@pytest.mark.parametrize(("name", "players"), game_setups())
def test_a_states_repr_names_the_game_the_round_the_phase_and_whose_turn(name: str, players: int) -> None:
    state = new_game(name, players=players, seed=5)
    shown = repr(state)
    assert shown.startswith(f"<{name} {players} players: round 1, ") and shown.endswith(" to act>")
    assert re.search(r"seats? [\d, ]+ to act>$", shown)
    assert ", ".join(str(p) for p in state.actors) in shown
    assert len(shown) < 90
    random_playout(state, Rng(5))
    assert repr(state) == f"<{name} {players} players: over, winners {', '.join(map(str, state.winners()))}>"


# --- malformed records and options ----------------------------------------------------------------

GOOD = {"game": "masquerade", "players": 4, "seed": 1, "options": {}, "actions": [[3, "play R2"]]}
BAD_JSON = [
    ("{", "the record is not JSON"),
    ('{"game": "masquerade", "players": 4, "seed": 1e999}', "the seed must be a whole number"),
    ('{"game": "masquerade", "players": 4, "seed": 1, "options": ' + "[" * 3000 + "]" * 3000 + "}",
     "not JSON"),
]
BAD_DATA = [
    ([1, 2], "expected an object"),
    ("record", "expected an object"),
    (None, "expected an object"),
    ({"game": "masquerade", "seed": 7}, "no 'players'"),
    ({**GOOD, "players": "four"}, "players must be a whole number, not 'four'"),
    ({**GOOD, "players": True}, "players must be a whole number"),
    ({**GOOD, "players": -4}, "players cannot be negative"),
    ({**GOOD, "seed": 2.5}, "the seed must be a whole number"),
    ({**GOOD, "seed": 2**600}, "the seed is too large"),
    ({**GOOD, "game": 7}, "game and version must be text"),
    ({**GOOD, "options": [1]}, "options must be an object"),
    ({**GOOD, "actions": 5}, "actions must be a list"),
    ({**GOOD, "actions": [[3]]}, "action 1 must be [seat, action text]"),
    ({**GOOD, "actions": [[3, 4]]}, "action 1 must be [seat, action text]"),
    ({**GOOD, "actions": [["x", "play R2"]]}, "the seat of action 1 must be a whole number"),
]
BAD_TEXT = [
    ("game megalomania\n\n0 play B1\n", "is not 'key: value'"),
    ("game: megalomania\nplayers: 4\nseed: 1\noptions: {bad\n\n", "the options line is not JSON"),
    ("game: megalomania\nplayers: 4\nseed: 1\n\nzero play B1\n", "the seat of action 1 must be a whole number"),
    ("players: 4\n\n0 play B1\n", "no 'game'"),
]


def test_a_good_record_loads_from_both_forms() -> None:
    record = GameRecord.from_json(GOOD)
    assert GameRecord.loads(record.dumps()) == GameRecord.loads(record.to_text()) == record
    assert record.replay().history[0][1].text == "play R2"


@pytest.mark.parametrize(("text", "words"), BAD_JSON)
def test_malformed_json_is_a_parse_error_that_says_why(text: str, words: str) -> None:
    with pytest.raises(ParseError, match=re.escape(words)):
        GameRecord.loads(text)


@pytest.mark.parametrize(("data", "words"), BAD_DATA)
def test_a_record_with_a_wrong_field_is_a_parse_error_naming_it(data: object, words: str) -> None:
    with pytest.raises(ParseError, match=re.escape(words)):
        GameRecord.from_json(data)
    if isinstance(data, dict | list):  # what reads as JSON (other text is the text form)
        with pytest.raises(ParseError, match=re.escape(words)):
            GameRecord.loads(json.dumps(data))


@pytest.mark.parametrize(("text", "words"), BAD_TEXT)
def test_a_malformed_text_record_is_a_parse_error_that_says_why(text: str, words: str) -> None:
    with pytest.raises(ParseError, match=re.escape(words)):
        GameRecord.loads(text)


@pytest.mark.parametrize("players", ["4", None, 4.0, True])
def test_a_player_count_that_is_not_a_whole_number_is_bad_options(players: object) -> None:
    with pytest.raises(BadOptions, match="the number of players must be a whole number"):
        load_game("masquerade", players)  # type: ignore[arg-type]


def test_an_options_object_of_the_wrong_type_is_bad_options() -> None:
    with pytest.raises(BadOptions, match="options are a MasqueradeOptions"):
        game_class("masquerade")(4, options=5)


@pytest.mark.parametrize("values", [{"rounds": "[" * 5000}, {"rounds": "x"}, {"mission_order": "[15,"},
                                    {"nope": "1"}, {"rounds": "1e400"}])
def test_options_typed_as_text_raise_bad_options(values: dict[str, str]) -> None:
    options_type = game_class("megalomania").options_type
    with pytest.raises(BadOptions):
        opts.parse_text(options_type, values)


def test_every_error_here_is_a_tricktable_error() -> None:
    assert issubclass(ParseError, TricktableError) and issubclass(BadOptions, TricktableError)
