"""Why a card cannot be played, the end-of-game breakdown and the reference tables, from the engine
(#12 items 3 and 5): constructed positions of each game with the exact words a player reads."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path[:0] = [str(Path(__file__).parent / d) for d in ("megalomania", "trickster", "masquerade")]

from masquerade_helpers import deal as masquerade_deal  # noqa: E402
from masquerade_helpers import give_won  # noqa: E402
from masquerade_helpers import run as masquerade_run  # noqa: E402
from megalomania_helpers import ready, setup  # noqa: E402
from trickster_helpers import position  # noqa: E402
from trickster_helpers import run as trickster_run  # noqa: E402

from tricktable.engine import Rng, load_game  # noqa: E402
from tricktable.engine.words import translate_result  # noqa: E402

NAMES = ["Alice", "Bob", "Chiyo", "Dan"]


def megalomania_trick(crystals: str) -> object:
    state = setup(2, ["B1 B15 B4 B6 K1 K4 K6 K7", "B2 Y2 Y1 Y4 Y6 Y7 Y9 Y12"], mission=1, dominant="K")
    ready(state, "3/0", crystals)
    return state


def test_megalomania_says_must_follow_and_why_an_assassin_cannot_go() -> None:
    state = megalomania_trick("0/3")
    state.apply("play B1")
    why = state.why_not(1)
    assert why["Y1"] == "must follow Blue"
    assert why["Y2"] == "the Assassin needs a crystal to be played off-colour"
    assert "B2" not in why
    assert state.why_not(1, "ja")["Y1"] == "リードカラーの青を出さなければならない"
    assert state.why_not(0) == {}  # not their turn: nothing to explain


def test_megalomania_says_the_emperor_cancelled_powers() -> None:
    state = megalomania_trick("3/0")
    state.apply("play B15*")
    why = state.why_not(1)
    assert why["Y2"] == "the Emperor has cancelled powers this trick"
    assert state.why_not(1, "ja")["Y2"] == "皇帝がこのトリックのパワーを無効にした"


def test_trickster_says_which_pattern_a_card_misses() -> None:
    state = position(4, {0: ["white Brigand", "red Guard"], 1: ["white Nomad", "blue Guard"],
                         2: ["white Magician", "green Guard", "green Nomad", "red Nomad"]})
    trickster_run(state, "play red Guard", "move white Brigand", "play blue Guard", "move white Nomad")
    why = state.why_not(2, "en", NAMES)
    assert why["red Nomad"] == "the pattern is same hero: you must play a Guard"
    assert "green Guard" not in why
    assert state.why_not(2, "ja")["red Nomad"] == "パターンは同じヒーロー: 警備員を出さなければならない"


def test_masquerade_says_what_a_replay_must_follow() -> None:
    state = masquerade_deal("R5 R6", "K3 R7", "R9 R8")
    masquerade_run(state, "play R5", "play K3", "challenge")
    assert state.observe(None)["phase"] == "replay"
    assert state.why_not(1) == {"K3": "the challenge succeeded: re-play a card that follows red"}


def finished(game: str, players: int, seed: int = 1, **options: object) -> object:
    state = load_game(game, players, **options).new_state(seed)
    rng = Rng(seed)
    while not state.is_over:
        p = rng.choice(state.actors)
        state.apply(rng.choice(state.legal_actions(p)), p)
    return state


@pytest.mark.parametrize(("game", "players", "options"), [
    ("megalomania", 3, {"rounds": 8}), ("megalomania", 4, {"rounds": 8, "pairs": True}),
    ("trickster", 4, {}), ("masquerade", 5, {}), ("masquerade", 4, {"tiebreak": "strict"})])
def test_the_result_agrees_with_the_scores_and_puts_the_winners_first(game: str, players: int,
                                                                     options: dict[str, object]) -> None:
    for seed in range(6):
        state = finished(game, players, seed, **options)
        result = state.observe(None)["result"]  # type: ignore[attr-defined]
        scores = state.scores()  # type: ignore[attr-defined]
        assert result["winners"] == state.winners()  # type: ignore[attr-defined]
        assert result["order"][:len(result["winners"])] == result["winners"]
        assert sorted(result["order"]) == list(range(players))
        for row in result["rows"]:
            assert row["total"] == scores[row["seat"]]
            assert sum(p["points"] for p in row["parts"]) == row["total"], row
            assert all(p["words"]["ja"] and p["label"] == p["words"]["en"] for p in row["parts"])
        tied = [p for p in range(players) if scores[p] == scores[result["winners"][0]]]
        assert (result["tiebreak"] is not None) == (len(tied) > (2 if options.get("pairs") else 1))
        lines = state.game.describe_result(result, "ja", NAMES[:players])  # type: ignore[attr-defined]
        assert lines[0].startswith("勝者: ")


def test_megalomania_result_shows_each_round_and_the_unused_scroll_bonus() -> None:
    state = finished("megalomania", 3, 2, rounds=8)
    row = state.result()["rows"][0]  # type: ignore[attr-defined]
    labels = [p["label"] for p in row["parts"]]
    assert labels[:2] == ["round 1: mission " + labels[0].split()[-1], "round 2: mission " + labels[1].split()[-1]]
    assert len(labels) == 9
    bonus = row["parts"][-1]
    assert bonus["points"] == (2 if state.scrolls[0] else 0)  # type: ignore[attr-defined]


def test_trickster_result_names_the_exempted_suits_and_the_deciding_tie_break() -> None:
    for seed in range(40):
        state = finished("trickster", 3, seed)
        result = state.result()  # type: ignore[attr-defined]
        if result["tiebreak"] and len(result["winners"]) == 1:
            break
    else:
        pytest.fail("no decided tie in 40 games")
    assert "decides" in result["tiebreak"]
    text = translate_result(result, "ja", NAMES[:3], 3)["tiebreak"]
    assert "少ない方が勝ち" in text and any(n in text for n in NAMES[:3])
    assert any("exempt" in p["label"] for r in result["rows"] for p in r["parts"])


def test_masquerade_result_reads_the_published_example_and_every_bonus_met_or_missed() -> None:
    state = masquerade_deal("G2", "G4", "G7", challenge="off")
    give_won(state, 0, "R5 R9 R12 K2 K4 K10 K14 K18 B1")  # the rules example, plus B1 (no burst: missed)
    masquerade_run(state, "play G2", "play G4", "play G7", "take G2")
    assert state.is_over
    row = state.result()["rows"][0]  # type: ignore[index]
    parts = {p["label"]: p["points"] for p in row["parts"]}
    assert parts == {"red: face value 5+9+12": 26, "black: 5 cards, burst (1 each)": 5, "blue: face value 1": 1,
                     "green: face value 2": 2, "bonus blue 1 (no colour with 4+ cards -> +10): missed": 0}
    words = [p["words"]["ja"] for p in row["parts"]]
    assert words[1] == "黒: 5枚でバースト（1枚1点）" and words[-1].endswith("未達成")


def test_every_game_has_a_reference_in_both_languages() -> None:
    for name, players in (("megalomania", 4), ("trickster", 4), ("masquerade", 4)):
        game = load_game(name, players)
        en, ja = game.reference("en"), game.reference("ja")
        assert [s["key"] for s in en["sections"]] == [s["key"] for s in ja["sections"]]
        for a, b in zip(en["sections"], ja["sections"], strict=True):
            assert a["items"] and len(a["items"]) == len(b["items"])
            assert all(i["name"] and i["text"] for i in a["items"] + b["items"])
            assert all(x["text"] != y["text"] for x, y in zip(a["items"], b["items"], strict=True))
    mission = load_game("megalomania", 4, mission_points=[5] + [1] * 24).reference()["sections"][2]["items"][0]
    assert mission["text"].startswith("exactly 3 tricks: +5")
