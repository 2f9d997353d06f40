"""Gundam Masquerade's guided first game: each rule in a sentence, shown the first time it matters to the
player (``tricktable learn``, the lobby's "Learn to play"), chosen from the seat's observation and legal actions."""

from __future__ import annotations

from typing import Any

# The guided first game (tricktable/tutorial.py): six turns on a set-up deal (a challenge, the taking)
TUTORIAL = {"players": 3, "seed": 11, "options": {"first_player": 0, "deal": [
    ["R5", "R11", "K3", "B16", "G9", "G14"], ["R2", "R14", "K8", "K13", "B4", "G1"],
    ["K6", "B7", "B12", "G5", "G17", "R9"]]}}

TEXT: dict[str, tuple[str, str]] = {
    "lead": ("You are the turn player: play any card. Its colour is the lead colour.",
             "あなたはターンプレイヤー：好きなカードを出します。その色がリードカラーです。"),
    "may_follow": ("May-follow: you may play any card. But if you hold the lead colour and play another, someone "
                   "may challenge you.",
                   "メイフォロー：どのカードを出してもかまいません。ただしリードカラーを持っているのに別の色を出すと、"
                   "チャレンジされることがあります。"),
    "special": ("Cards with ★ are special: a play effect (red 11, blue 16, ±2) or an end-game bonus. Their effects "
                "are on the card's tooltip.",
                "★のカードは特殊カードです：プレイ効果（赤の11、青の16、±2）か終了時のボーナス。効果はカードのヒントにあります。"),
    "challenge": ("A card did not follow. Challenge if you think its player could have followed: if right, you "
                  "choose option A or B; if wrong, they choose C or D. Each moves up to 3 won cards of one colour.",
                  "フォローしなかったカードがあります。フォローできたと思うならチャレンジ：正しければあなたがAかBを、"
                  "間違いなら相手がCかDを選びます。どれも1色の獲得カードを3枚まで移します。"),
    "replay": ("You were challenged and could have followed: play a card of the lead colour instead.",
               "チャレンジされ、フォローできたので、リードカラーのカードを出し直します。"),
    "option": ("Choose how the challenge is settled: the options move up to 3 won cards of one colour.",
               "チャレンジの決着を選びます。どのオプションも1色の獲得カードを3枚まで移します。"),
    "take": ("The taking: the lowest number picks one card of the turn; the highest takes the rest. A colour with "
             "4 or more won cards bursts and scores 1 a card, so choose with care.",
             "仮面テイキング：一番小さい数字の人が1枚選び、一番大きい数字の人が残りを取ります。獲得カードが4枚以上の色は"
             "バーストして1枚1点なので、よく選びましょう。"),
    "b16": ("Blue 16 was played: this turn the taking is reversed.",
            "青の16が出たので、このターンの仮面テイキングは逆転します。"),
    "target": ("Your ±2 card changes one card another player played this turn: choose which.",
               "±2のカードで、このターンに他の人が出したカード1枚の数字を変えます。どれにするか選びます。"),
}

SPECIAL = {"R11", "B16", "K6", "G13", "K13", "G6", "R1", "B2", "G1", "R3", "K1", "B1"}


def lessons(view: dict[str, Any], legal: list[str], lang: str = "en") -> list[dict[str, str]]:
    """The rules that matter at this decision, in the order to tell them: ``[{"key", "text"}]``."""
    table = view.get("table", {})
    phase = view.get("phase")
    keys: list[str] = []
    if phase == "play":
        keys.append("may_follow" if view.get("trick") else "lead")
        if table.get("options", {}).get("specials", "standard") != "none" and SPECIAL & set(view.get("hand", [])):
            keys.append("special")
    if table.get("b16"):
        keys.append("b16")
    if phase in ("challenge", "replay", "option", "take", "target"):
        keys.append(str(phase))
    return [{"key": k, "text": TEXT[k][1 if lang == "ja" else 0]} for k in keys]
