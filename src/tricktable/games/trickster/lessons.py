"""Trickster's guided first game: each rule in a sentence, shown the first time it matters to the player
(``tricktable learn``, the lobby's "Learn to play"), chosen from the seat's observation and legal actions."""

from __future__ import annotations

from typing import Any

# The guided first game (tricktable/tutorial.py): one round of the beginner deck
TUTORIAL = {"players": 3, "seed": 11, "options": {"rounds": 1, "deck": "beginner", "first_leader": 0}}

TEXT: dict[str, tuple[str, str]] = {
    "opening": ("Choose your opening card: it goes face up into your tableau (the cards in front of you). Every "
                "tableau card is trouble at the end, and the fewest trouble wins.",
                "最初のカードを選びます。表向きで場札（自分の前のカード）に置かれます。場札は最後に1枚1トラブルで、"
                "トラブルが一番少ない人の勝ちです。"),
    "draft": ("Hero draft: pick a hero for this game's deck of 7.",
              "ヒーローのドラフト：このゲームの7人を1人ずつ選びます。"),
    "lead": ("You are the Leader: play any card. Its hero's effect happens at once.",
             "あなたはリーダー：好きなカードを出します。ヒーローの効果がすぐに起きます。"),
    "trickster": ("You are the Trickster: your card, compared with the Leader's, sets the pattern everyone else "
                  "must fit: Same Suit, Same Hero, or No Match when it shares neither.",
                  "あなたはトリックスター：リーダーのカードと比べて、他の全員が従うパターンを決めます。"
                  "同じスート、同じヒーロー、どちらも違えばどっちも一致しない。"),
    "same suit": ("The pattern is Same Suit: play a card of the Leader's suit if you have one.",
                  "パターンは同じスート：リーダーと同じスートのカードがあれば出します。"),
    "same hero": ("The pattern is Same Hero: play the Leader's hero if you have it.",
                  "パターンは同じヒーロー：リーダーと同じヒーローがあれば出します。"),
    "no match": ("The pattern is No Match: play a card whose suit and hero both differ from every card in the Pot.",
                 "パターンはどっちも一致しない：ポットのどのカードともスートもヒーローも違うカードを出します。"),
    "bust": ("The first Follower with no card that fits busts and takes the whole Pot into their tableau; if "
             "everyone fits, the Trickster busts. The buster leads next.",
             "合うカードがない最初のフォロワーがバーストし、ポットのカードを全部場札に引き取ります。全員が合わせられたら"
             "トリックスターがバースト。バーストした人が次のリーダーです。"),
    "effect": ("A hero's effect: do what it says; the prompt names each step.",
               "ヒーローの効果：書いてあることを行います。各段階はプロンプトに出ます。"),
}


def lessons(view: dict[str, Any], legal: list[str], lang: str = "en") -> list[dict[str, str]]:
    """The rules that matter at this decision, in the order to tell them: ``[{"key", "text"}]``."""
    table = view.get("table", {})
    phase = view.get("phase")
    keys: list[str] = []
    if phase in ("opening", "draft", "effect"):
        keys.append(str(phase))
    if phase == "play":
        if not table.get("lead"):
            keys.append("lead")
        elif table.get("trickster") == view.get("seat") and not table.get("pattern"):
            keys.append("trickster")
        elif table.get("pattern") in TEXT:
            keys += [str(table["pattern"]), "bust"]
    return [{"key": k, "text": TEXT[k][1 if lang == "ja" else 0]} for k in keys]
