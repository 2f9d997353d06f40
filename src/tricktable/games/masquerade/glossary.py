"""Gundam Masquerade's terms, one spelling each (engine/glossary.py). Japanese from the seed (仮面テイキング,
チャレンジ, ターンプレイヤー, バースト); English from the rules."""

from __future__ import annotations

from tricktable.engine.glossary import Term

TERMS: tuple[Term, ...] = (
    Term(
        "turn",
        "turn",
        "ターン",
        "one card from each player, then the taking: the game counts turns, not rounds",
        "全員が1枚ずつ出して仮面テイキングをするまで。ラウンドではなくターンで数える",
    ),
    Term(
        "turn_player",
        "turn player",
        "ターンプレイヤー",
        "who plays first this turn; their card's colour is the lead colour",
        "このターンに最初に出すプレイヤー。そのカードの色がリードカラー",
    ),
    Term(
        "may_follow",
        "may-follow",
        "メイフォロー",
        "you may play any colour, but not following can be challenged",
        "どの色を出してもよいが、フォローしないとチャレンジされることがある",
    ),
    Term(
        "challenge",
        "challenge",
        "チャレンジ",
        "accuse a player who did not follow of having been able to",
        "フォローしなかったプレイヤーに、フォローできたはずだと申し立てること",
    ),
    Term(
        "taking",
        "taking",
        "仮面テイキング",
        "the lowest number picks one card, the highest takes the rest",
        "一番小さい数字の人が1枚選び、一番大きい数字の人が残りを取る",
        not_ja=("カードの獲得", "(?<!仮面)(?<!トリック)テイキング"),
    ),
    Term(
        "burst",
        "burst",
        "バースト",
        "a colour with 4 or more won cards scores nothing",
        "獲得カードが4枚以上の色は得点にならない",
        not_en=(r"\bbust",),
        not_ja=("バスト",),
    ),
    Term(
        "lead_colour",
        "lead colour",
        "リードカラー",
        "the colour of the turn player's card",
        "ターンプレイヤーが出したカードの色",
        tag="D",
        not_ja=("リード色",),
    ),
    Term(
        "special",
        "special card",
        "特殊カード",
        "a gold-framed card (★): a play effect or an end-game bonus",
        "金枠のカード（★）。プレイ効果か終了時のボーナス",
    ),
)
