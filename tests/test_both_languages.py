"""Japanese whole (#12 item 8): every user-visible text key exists in English and in Japanese — the games'
text tables, their data tables (powers, scrolls, missions, heroes, special cards), option names and
values, titles, bot levels, and the web client's own words in web/static/js/i18n.js."""

from __future__ import annotations

import dataclasses
import importlib
import re
from pathlib import Path
from typing import Any

import pytest

from tricktable.bots import bot_names
from tricktable.engine import available, game_class
from tricktable.engine import options as opts
from tricktable.engine.words import BOT_LEVELS

JAPANESE = re.compile("[ぁ-んァ-ヶ一-龯]")
ROOT = Path(__file__).resolve().parents[1] / "src" / "tricktable"


def text_module(game: str) -> Any:
    return importlib.import_module(f"tricktable.games.{game}.text")


def bilingual_tables(module: Any) -> dict[str, dict[str, Any]]:
    """The module's tables keyed by language (``{"en": {...}, "ja": {...}}``)."""
    return {name: value for name, value in vars(module).items()
            if isinstance(value, dict) and "en" in value and isinstance(value["en"], dict)}


@pytest.mark.parametrize("game", available())
def test_every_text_table_of_a_game_has_both_languages(game: str) -> None:
    tables = bilingual_tables(text_module(game))
    assert {"PROMPTS", "WHY"} <= set(tables), sorted(tables)
    for name, table in tables.items():
        assert set(table) == {"en", "ja"}, name
        assert set(table["en"]) == set(table["ja"]), f"{game} {name}: {set(table['en']) ^ set(table['ja'])}"
        for key, text in table["ja"].items():
            bare = re.sub(r"\{\w+\}", "", text)
            assert JAPANESE.search(bare) or not re.search("[A-Za-z]{3,}", bare), f"{game} {name}[{key}] {text!r}"


@pytest.mark.parametrize("game", available())
def test_every_option_and_value_has_both_languages(game: str) -> None:
    cls = game_class(game)
    assert cls.title_ja and JAPANESE.search(cls.title_ja)
    for info in opts.describe(cls.options_type):
        words = cls.option_words(info.name)
        assert words["label"]["en"] != info.name or "_" not in info.name, f"{game}.{info.name} has no label"
        assert JAPANESE.search(words["label"]["ja"]) and words["doc"]["en"] and JAPANESE.search(words["doc"]["ja"])
        for value in info.choices:
            if isinstance(value, str):
                assert value in words["values"], f"{game}.{info.name}={value} has no words"
                assert JAPANESE.search(words["values"][value]["ja"]), f"{game}.{info.name}={value}"


def test_every_data_table_row_has_japanese() -> None:
    from tricktable.games.masquerade.cards import BONUSES, PLAY_EFFECTS
    from tricktable.games.megalomania.cards import MISSIONS, POWERS, SCROLLS
    from tricktable.games.trickster.cards import HEROES

    rows: list[tuple[str, str]] = [(p.name_ja, p.effect_ja) for p in POWERS]
    rows += [(s.title_ja, s.effect_ja) for s in SCROLLS]
    rows += [(m.task_ja, m.task_ja) for m in MISSIONS]
    rows += [(h.ja, h.effect_ja) for h in HEROES]
    rows += [(b.condition_ja, b.condition_ja) for b in BONUSES]
    rows += [(e.text_ja, e.text_ja) for e in PLAY_EFFECTS]
    for name, text in rows:
        assert JAPANESE.search(name) and JAPANESE.search(text), (name, text)
    for row in (*POWERS, *SCROLLS, *MISSIONS, *HEROES, *BONUSES, *PLAY_EFFECTS):
        assert all(getattr(row, f.name) != "" for f in dataclasses.fields(row) if f.type == "str"), row


def test_every_bot_level_has_both_languages() -> None:
    for level in bot_names():
        assert level in BOT_LEVELS and JAPANESE.search(BOT_LEVELS[level]["ja"]), level


def js_keys(block: str) -> set[str]:
    return set(re.findall(r'"([\w.]+)"\s*:', block))


def test_the_web_clients_words_have_both_languages() -> None:
    source = (ROOT / "web" / "static" / "js" / "i18n.js").read_text(encoding="utf-8")
    en_start, ja_start = source.index("  en: {"), source.index("  ja: {")
    end = source.index("\n};", ja_start)
    en, ja = js_keys(source[en_start:ja_start]), js_keys(source[ja_start:end])
    assert en and en == ja, f"only in English: {sorted(en - ja)}; only in Japanese: {sorted(ja - en)}"


def test_the_web_client_names_each_bot_level_as_the_server_does() -> None:
    """The seat panels (i18n.js) and the log lines (engine/words.py) must call a bot by the same name."""
    source = (ROOT / "web" / "static" / "js" / "i18n.js").read_text(encoding="utf-8")
    ja_start = source.index("  ja: {")
    for lang, block in (("en", source[:ja_start]), ("ja", source[ja_start:])):
        words = dict(re.findall(r'"bot\.(\w+)":\s*"([^"]*)"', block))
        assert words and all(BOT_LEVELS[level][lang] == word for level, word in words.items()), (lang, words)

