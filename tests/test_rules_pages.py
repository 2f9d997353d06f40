"""Every game has player-facing rules pages in English and Japanese (#12 item 7): no developer notes, our
own readings marked to players, the seed's Japanese terms, and the server and package still find them."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from tricktable.cli.rules import rules_text
from tricktable.engine import available, game_class
from tricktable.engine.options import describe
from tricktable.server.service import TableService

ROOT = Path(__file__).resolve().parents[1]
TERMS = {"megalomania": ["ドミナントカラー", "リードカラー", "スクロール", "パワークリスタル", "キューブ"],
         "trickster": ["ゴミ箱", "場札", "バースト", "ポット", "トラブルポイント", "同じスート", "どっちも一致しない"],
         "masquerade": ["ターンプレイヤー", "チャレンジ", "仮面テイキング", "バースト"]}
OURS = {"megalomania": ["Dealer — our reading", "the deck is **our reading**", "are **our reading**"],
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


# --- issue 37: every reading of ours marked, with the lobby's name of the option that changes it -------------

MARK = {"en": "our reading", "ja": "tricktable の解釈"}
# where the pages once showed our readings as published: each must sit in a marked paragraph or table row
READINGS = {
    "megalomania": {"en": ["draw one scroll at the start of every round", "everyone prepares at once and in secret",
                           "a team's score is the sum", "an odd number of tricks", "**Knight**", "**Oracle**"],
                    "ja": ["各ラウンドの最初に1枚引き", "全員が同時に秘密で準備", "チームの得点は2人の合計",
                           "奇数トリック", "**騎士**", "**オラクル**"]},
    "trickster": {"en": ["the whole Pot at the moment of each play", "checked at the end of a trick",
                         "with an empty hand busts"],
                  "ja": ["出すときのポットのすべてのカード", "トリックの終わりに確かめます",
                         "手札がないのに出す番になった人"]},
    "masquerade": {"en": ["it waits until the card can no longer"], "ja": ["そのカードにチャレンジできなくなってから"]},
}
OPTION_NAMED = {"en": re.compile(r"[Oo]ption “([^”]+)”"), "ja": re.compile(r"オプション「([^」]+)」")}


def blocks(page: str) -> list[str]:
    """A page's paragraphs and list items, each table row on its own."""
    out: list[str] = []
    for paragraph in re.split(r"\n\s*\n", page):
        rows = paragraph.split("\n")
        out += [r for r in rows if r.startswith("|")]
        text = "\n".join(r for r in rows if not r.startswith("|"))
        out += [b for b in re.split(r"\n(?=\s*(?:- |\d+\. ))", text) if b.strip()]
    return out


@pytest.mark.parametrize("game", available())
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_reading_of_ours_is_marked_where_it_is_read(game: str, lang: str) -> None:
    page = rules_text(game, lang)
    for anchor in READINGS[game][lang]:
        found = [b for b in blocks(page) if anchor in b]
        assert found, f"{anchor!r} is not on the {lang} page"
        assert all(MARK[lang] in b.lower() or MARK[lang] in b for b in found), f"{anchor!r} is not marked: {found}"
    # and no page promises that every reading is an option (several are not)
    assert "each one is a table option" not in page and "どれもロビーのオプションで変えられます" not in page


@pytest.mark.parametrize("game", available())
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_option_a_rules_page_names_is_in_the_lobbys_list(game: str, lang: str) -> None:
    cls = game_class(game)
    labels = {cls.option_words(o.name)["label"][lang] for o in describe(cls.options_type)}
    named = [re.sub(r"\s+", " ", n) for n in OPTION_NAMED[lang].findall(rules_text(game, lang))]  # wrapped lines
    assert named, f"the {lang} page names no option"
    unknown = sorted({n for n in named if n not in labels and n not in ("Name", "名前")})
    assert not unknown, f"not in the lobby's list: {unknown} (the lobby says: {sorted(labels)})"
    if lang == "ja":  # the Japanese page names options in Japanese
        assert not re.search(r"オプション「[A-Za-z ]+」", rules_text(game, lang))


def test_megalomanias_page_has_the_published_explorer_order() -> None:
    assert "the first to use it takes first, then the others clockwise" in rules_text("megalomania", "en")
    assert "最初に使ったプレイヤーが先に取り、そこから時計回りの順" in rules_text("megalomania", "ja")


def test_masquerades_page_says_a_special_card_waits_for_the_challenge() -> None:
    assert "happens when it is played" not in rules_text("masquerade", "en")
    assert "出したときに従います" not in rules_text("masquerade", "ja")
