"""One word for one thing (issue 37): each game's glossary gives a term one spelling per language, and
nothing a player reads spells it another way: the web board's words, the engine's log lines, prompts and
reference, the terminal's view, the rules pages, in English and in Japanese."""

from __future__ import annotations

import importlib
import random
from pathlib import Path

import pytest

from tricktable.engine import load_game
from tricktable.engine.glossary import Term, section, strays, word

SRC = Path(__file__).resolve().parents[1] / "src" / "tricktable"
GAMES = ("megalomania", "trickster", "masquerade")
PLAYERS = {"megalomania": 3, "trickster": 3, "masquerade": 4}


def terms(game: str) -> tuple[Term, ...]:
    found: tuple[Term, ...] = importlib.import_module(f"tricktable.games.{game}.glossary").TERMS
    return found


def files(game: str) -> list[Path]:
    """The files whose strings a player reads: the web module, the terminal view, the engine's words, the rules."""
    folder = SRC / "games" / game
    return [
        SRC / "web" / "static" / "js" / "games" / f"{game}.js",
        SRC / "cli" / "views" / f"{game}.py",
        folder / "text.py",
        folder / "cards.py",
        folder / "rules.md",
        folder / "rules.ja.md",
    ]


def played(game: str, lang: str) -> str:
    """What the engine says in one played game: every log line, every prompt, the reference, the options."""
    rules = load_game(game, PLAYERS[game])
    state = rules.new_state(7)
    rng = random.Random(7)
    lines: list[str] = []
    while not state.is_over:
        seat = state.actors[0]
        lines.append(rules.prompt(state.observe(seat), lang))
        lines += [rules.describe_action(a, lang) for a in state.legal_actions(seat)[:8]]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    lines += [rules.describe_event(e, lang) for e in state.events]
    for part in rules.reference(lang)["sections"]:
        lines += [f"{part['title']} {i['name']} {i['text']}" for i in part["items"]]
    for option in type(rules).options_type.__dataclass_fields__:
        lines.append(str(type(rules).option_words(option)))
    return "\n".join(lines)


@pytest.mark.parametrize("game", GAMES)
def test_a_glossary_has_one_key_and_one_spelling_per_term(game: str) -> None:
    listed = terms(game)
    assert len({t.key for t in listed}) == len(listed)
    for lang in ("en", "ja"):
        spellings = [t.word(lang).lower() for t in listed]
        assert len(set(spellings)) == len(spellings), f"two terms share a spelling in {lang}"
        for t in listed:  # a term is not its own other spelling
            assert not strays([t], t.word(lang), lang), (t.key, lang)
    assert word(listed, listed[0].key, "ja") == listed[0].ja
    with pytest.raises(KeyError):
        word(listed, "no such term")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_file_a_player_reads_spells_a_term_another_way(game: str, lang: str) -> None:
    wrong = []
    for path in files(game):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            wrong += [
                f"{path.relative_to(SRC)}:{number}: {found!r} for {key}"
                for key, found in strays(terms(game), line, lang)
            ]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_engine_says_each_term_one_way_in_a_whole_game(game: str, lang: str) -> None:
    text = played(game, lang)
    assert not strays(terms(game), text, lang), sorted(set(strays(terms(game), text, lang)))


@pytest.mark.parametrize("game", GAMES)
def test_every_published_term_is_on_its_rules_page_and_in_the_reference(game: str) -> None:
    for lang, page in (("en", "rules.md"), ("ja", "rules.ja.md")):
        text = (SRC / "games" / game / page).read_text(encoding="utf-8").lower()
        missing = [t.key for t in terms(game) if t.tag == "P" and t.word(lang).lower() not in text]
        assert not missing, f"{page} never says {missing}"
        rules = load_game(game, PLAYERS[game])
        shown = [s for s in rules.reference(lang)["sections"] if s["key"] == "glossary"]
        assert shown == [section(terms(game), lang)], "the reference panel shows the glossary"


def test_the_terms_the_finding_named_are_the_seeds() -> None:
    assert word(terms("trickster"), "tableau", "ja") == "場札"
    assert word(terms("trickster"), "no_match", "ja") == "どっちも一致しない"
    assert word(terms("megalomania"), "crystal", "ja") == "パワークリスタル"
    assert word(terms("masquerade"), "taking", "ja") == "仮面テイキング"
    assert strays(terms("megalomania"), "クリスタル2個とパワークリスタル", "ja") == [("crystal", "クリスタル")]
