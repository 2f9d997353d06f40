"""Every game has player-facing rules pages in English and Japanese (#12 item 7): no developer notes, our
own readings marked to players, the seed's Japanese terms, and the server and package still find them."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from tricktable.cli.rules import rules_text
from tricktable.engine import available
from tricktable.server.service import TableService

ROOT = Path(__file__).resolve().parents[1]
TERMS = {"megalomania": ["ドミナントカラー", "リードカラー", "スクロール", "パワークリスタル", "キューブ"],
         "trickster": ["ゴミ箱", "場札", "バースト", "ポット", "トラブルポイント", "同じスート", "どっちも一致しない"],
         "masquerade": ["ターンプレイヤー", "チャレンジ", "仮面テイキング", "バースト"]}
OURS = {"megalomania": ["Dealer — our reading", "deck is\n**our reading**", "are **our reading**"],
        "trickster": ["**Our reading**: an effect is all or nothing"],
        "masquerade": ["Special cards (★) — our reading"]}


@pytest.mark.parametrize("game", available())
def test_each_game_has_players_pages_in_both_languages(game: str) -> None:
    en, ja = rules_text(game, "en"), rules_text(game, "ja")
    assert en != ja and re.search("[ぁ-んァ-ン]", ja) and not re.search("[ぁ-ん]", en)
    for page in (en, ja):
        assert not re.search(r"\[P\]|\[D|seeds/|Examples to test|\bmust be a named\b|`\w+=", page), "developer notes"
    assert "our reading" in en and "tricktable の解釈" in ja
    for words in OURS[game]:
        assert words in en, words
    for term in TERMS[game]:
        assert term in ja, term
    assert (ROOT / "src" / "tricktable" / "games" / game / "spec.md").is_file()


def test_the_rules_endpoint_serves_the_players_pages() -> None:
    service = TableService.__new__(TableService)  # rules() reads only the package
    for game in available():
        page = service.rules(game, "ja")
        assert page["lang"] == "ja" and page["markdown"] == rules_text(game, "ja")
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["tricktable"]
    assert "games/*/rules*.md" in globs and "games/*/spec*.md" in globs
