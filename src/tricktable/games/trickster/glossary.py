"""Trickster's terms, one spelling each (engine/glossary.py). Japanese from the seed (場札, どっちも一致しない,
バースト); English from the rules."""

from __future__ import annotations

from tricktable.engine.glossary import Term

TERMS: tuple[Term, ...] = (
    Term(
        "tableau",
        "tableau",
        "場札",
        "the face-up cards in front of a player, by suit: each is trouble at the end",
        "プレイヤーの前に表向きでスート別に並べるカード。終了時に1枚ごとにトラブルになる",
        not_ja=("タブロー",),
    ),
    Term(
        "pot",
        "Pot",
        "ポット",
        "the cards played to the current trick, in the middle",
        "このトリックで中央に出されたカード",
    ),
    Term(
        "leader",
        "Leader",
        "リーダー",
        "the player who plays first in a trick",
        "トリックで最初にカードを出すプレイヤー",
    ),
    Term(
        "trickster",
        "Trickster",
        "トリックスター",
        "the player after the Leader; their card sets the pattern",
        "リーダーの次のプレイヤー。そのカードがパターンを決める",
    ),
    Term(
        "follower",
        "Follower",
        "フォロワー",
        "a player after the Trickster, who must fit the pattern",
        "トリックスターの後のプレイヤー。パターン通りにフォローする",
    ),
    Term(
        "pattern",
        "pattern",
        "パターン",
        "what the Leader's and the Trickster's cards ask of the Followers",
        "リーダーとトリックスターのカードが決める、フォロワーが従う形",
    ),
    Term(
        "same_suit",
        "Same Suit",
        "同じスート",
        "the pattern when the first two cards share their suit",
        "最初の2枚のスートが同じときのパターン",
        not_ja=("同じ色",),
    ),
    Term(
        "same_hero",
        "Same Hero",
        "同じヒーロー",
        "the pattern when the first two cards share their hero",
        "最初の2枚のヒーローが同じときのパターン",
    ),
    Term(
        "no_match",
        "No Match",
        "どっちも一致しない",
        "the pattern when the first two cards share neither: a card fits if its suit and hero both differ",
        "最初の2枚のスートもヒーローも違うときのパターン。スートもヒーローも違うカードが合う",
        not_ja=("ノーマッチ", "どちらも一致しない"),
    ),
    Term(
        "bust",
        "bust",
        "バースト",
        "to take the whole Pot into your tableau (no card fits, or everyone followed)",
        "ポットのカードを全部場札に引き取ること（フォローできない、または全員がフォローした）",
        not_en=(r"\bburst",),
        not_ja=("バスト",),
    ),
    Term(
        "trouble", "trouble", "トラブル", "the points of the game: the fewest wins", "このゲームの点数。少ないほどよい"
    ),
    Term("trash", "Trash", "ゴミ箱", "the discard pile some heroes use", "一部のヒーローが使う捨て札"),
    Term(
        "hero",
        "hero",
        "ヒーロー",
        "a card's figure: each of the 7 in play has an effect",
        "カードの人物。使う7人それぞれに効果がある",
        not_ja=("英雄",),
    ),
)
