"""Megalomania's terms, one spelling each (engine/glossary.py). Japanese from the Board Game Arena help
(パワークリスタル, ドミナントカラー, リードカラー); English from the rules."""

from __future__ import annotations

from tricktable.engine.glossary import Term

TERMS: tuple[Term, ...] = (
    Term(
        "crystal",
        "crystal",
        "パワークリスタル",
        "spend one to use a card's power",
        "カードのパワーを使うときに1個使う",
        not_ja=("(?<!パワー)クリスタル",),
    ),
    Term(
        "cube",
        "cube",
        "キューブ",
        "spend one to change a played card's value by 1",
        "出したカードの数字を1変えるときに1個使う",
    ),
    Term(
        "scroll",
        "scroll",
        "スクロール",
        "a one-use bonus drawn each round; unused ones are kept",
        "ラウンドごとに引く1回限りの効果。使わなければ持ち越す",
        not_ja=("巻物",),
    ),
    Term(
        "mission",
        "mission",
        "ミッション",
        "the round's task, which gives its points",
        "そのラウンドの課題。点数はここから",
    ),
    Term(
        "dominant",
        "dominant colour",
        "ドミナントカラー",
        "the round's trump: it beats every other colour",
        "そのラウンドの切り札の色",
        not_en=(r"\btrump colour\b",),
        not_ja=("支配色", "優勢色"),
    ),
    Term(
        "lead_colour",
        "lead colour",
        "リードカラー",
        "the colour of the trick's first card: follow it if you can",
        "トリックの最初のカードの色。出せるなら出さなければならない",
        not_ja=("リード色",),
    ),
    Term(
        "power",
        "power",
        "パワー",
        "what a card does when a crystal is spent on it",
        "パワークリスタルを使ったカードの効果",
    ),
    Term(
        "preparation",
        "preparation",
        "準備",
        "the round's start: split your tokens, in secret",
        "ラウンドの最初にトークンを秘密に振り分けること",
    ),
)
