"""Every line a player reads names players and cards in words, in English and in Japanese (#12 items 3-5, 8).

Whole random games of every game are played; each log line (as every seat and a spectator see it), every
action label, every why-not reason and the end-of-game breakdown are checked for what a developer's tool
would show: seat numbers, Python lists, internal ids, card codes, placeholders, and (in Japanese) English.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tricktable.engine import Rng, State, load_game
from tricktable.games.megalomania.cards import SCROLL_BY_NAME

NAMES = ["Alice", "Bob", "Chiyo", "Dan", "Emi", "Fumi", "Goro"]
SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    ("megalomania", 2, {"rounds": 8}), ("megalomania", 3, {"rounds": 8, "dominant_order": "random"}),
    ("megalomania", 4, {"rounds": 12, "pairs": True}), ("megalomania", 4, {"rounds": 8, "free_powers": True}),
    ("trickster", 2, {}), ("trickster", 4, {"deck": "strategist"}), ("trickster", 5, {"deck": "draft"}),
    ("trickster", 7, {"deck": "random"}),
    ("masquerade", 3, {}), ("masquerade", 4, {"tiebreak": "strict"}), ("masquerade", 6, {}),
]
CODES = {"megalomania": r"\b[BYRK](1|2|4|6|7|9|12|15)\b", "trickster": r"\b[ROYGBPKW]-[A-Z][a-z]{2}\b",
         "masquerade": r"\b[RKBG]([1-9]|1[0-8])\b"}
BAD = [
    (r"\bseats? \d|席\s*\d|\d番席|\bPlayer \d|プレイヤー\d", "a seat number"),
    (r"[\[\]{}]", "a list, a dict or a placeholder"),
    (r"\b[a-z]+_[a-z_]+\b", "an internal id"),
    ("|".join(re.escape(s) for s in SCROLL_BY_NAME if "-" in s), "a scroll id"),
    (r"\bNone\b|\bTrue\b|\bFalse\b", "a Python value"),
]


def problems(text: str, game: str, lang: str) -> list[str]:
    found = [what for pattern, what in BAD if re.search(pattern, text)]
    if re.search(CODES[game], text):
        found.append("a card code")
    if lang == "ja":
        rest = text
        for name in NAMES:
            rest = rest.replace(name, "")
        if re.search(r"[A-Za-z]{3,}", rest):
            found.append("English in a Japanese line")
    return found


def play_and_check(state: State, game: str, lang: str, seed: int) -> list[str]:
    rng = Rng(seed)
    names = NAMES[:state.players]
    bad: list[str] = []

    def check(kind: str, text: str) -> None:
        for what in problems(text, game, lang):
            bad.append(f"{kind} has {what}: {text}")

    while not state.is_over:
        player = rng.choice(state.actors)
        for action in state.legal_actions(player):
            check("action label", state.game.describe_action(action, lang, names))
        for reason in state.why_not(player, lang, names).values():
            check("why-not", reason)
        state.apply(rng.choice(state.legal_actions(player)), player)
    for event in state.events:
        check(f"log line ({event.kind})", state.game.describe_event(event, lang, names))
    result = state.result()
    assert result is not None and result == state.observe(0)["result"]
    for line in state.game.describe_result(result, lang, names):
        check("result", line)
    return bad


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("game", "players", "options"), SETUPS, ids=lambda x: str(x))
def test_every_line_of_whole_games_names_players_and_cards_in_words(
        game: str, players: int, options: dict[str, Any], lang: str) -> None:
    bad: list[str] = []
    for seed in range(2):
        bad += play_and_check(load_game(game, players, **options).new_state(seed), game, lang, seed)
    assert not bad, "\n".join(sorted(set(bad))[:30])


def test_the_checks_catch_what_players_complained_about() -> None:
    for text, game in [("winners [2]", "megalomania"), ("3: first-lead", "megalomania"),
                       ("seat 2 swaps", "trickster"), ("準備の公開: [0, 1, 2]", "megalomania"),
                       ("Alice swap_tableaus", "trickster"), ("Alice plays B15", "megalomania"),
                       ("Bob plays R11", "masquerade"), ("席2がトリックを取った", "megalomania")]:
        assert problems(text, game, "ja" if re.search("[ぁ-ん]", text) else "en"), text
    assert problems("Aliceが red Brigand を出す", "trickster", "ja")
    assert not problems("Alice plays Blue Emperor (15), with its power", "megalomania", "en")
