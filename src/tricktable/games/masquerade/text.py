"""Gundam Masquerade for people: card names, actions and log lines in English and Japanese."""

from __future__ import annotations

from typing import Any

from tricktable.engine import Action, Event
from tricktable.games.masquerade.actions import Move
from tricktable.games.masquerade.cards import COLOUR_NAMES, COLOURS

JA_COLOURS = ("赤", "黒", "青", "緑")
OPTION_TEXT = {
    "en": {"A": "A: give 0-3 of your won cards of one colour to the challenged player",
           "B": "B: take 0-3 won cards of one colour from the challenged player",
           "C": "C: give 0-3 of your won cards of one colour to the challenger",
           "D": "D: take 0-3 won cards of one colour from the challenger"},
    "ja": {"A": "A: 自分の獲得カードから1色を選び3枚まで相手に渡す",
           "B": "B: 相手の獲得カードから1色を選び3枚まで受け取る",
           "C": "C: 自分の獲得カードから1色を選び3枚までチャレンジした人に渡す",
           "D": "D: チャレンジした人の獲得カードから1色を選び3枚まで受け取る"},
}


def colour_name(letter: str, lang: str = "en") -> str:
    index = COLOURS.index(letter)
    return JA_COLOURS[index] if lang == "ja" else COLOUR_NAMES[index]


def card_name(text: str, lang: str = "en") -> str:
    """``R11`` as ``red 11`` / ``赤の11``."""
    name = colour_name(text[0], lang)
    return f"{name}の{text[1:]}" if lang == "ja" else f"{name} {text[1:]}"


def describe_action(action: Action, lang: str = "en") -> str:
    """The action in plain words."""
    if not isinstance(action, Move):
        return str(action)
    verb = action.verb
    card = card_name(action.text.split()[1], lang) if action.card >= 0 else ""
    if lang == "ja":
        ja = {"play": f"{card}を出す", "pick": f"{card}を移す", "target": f"{card}を対象にする",
              "take": f"{card}を取る", "challenge": "チャレンジ！", "pass": "チャレンジしない",
              "done": "移すのをやめる"}
        if verb == "option":
            return OPTION_TEXT["ja"][action.letter]
        if verb == "colour":
            return f"{colour_name(action.letter, lang)}を選ぶ"
        return ja[verb]
    en = {"play": f"play {card}", "pick": f"move {card}", "target": f"change {card}", "take": f"take {card}",
          "challenge": "challenge: you could have followed!", "pass": "no challenge", "done": "move no more cards"}
    if verb == "option":
        return OPTION_TEXT["en"][action.letter]
    if verb == "colour":
        return f"colour {colour_name(action.letter, lang)}"
    return en[verb]


def _cards(items: list[str], lang: str) -> str:
    return ", ".join(card_name(t, lang) for t in items) or ("なし" if lang == "ja" else "nothing")


def describe_event(event: Event, lang: str = "en") -> str:
    """One line of the game log."""
    d: dict[str, Any] = event.data
    ja = lang == "ja"
    kind = event.kind
    seat = f"{'席' if ja else 'seat '}{d.get('seat', '')}"
    if kind == "deal":
        return (f"{d['hand_sizes'][0]}枚ずつ配りました。最初のターンプレイヤーは席{d['leader']}" if ja
                else f"dealt {d['hand_sizes'][0]} cards each ({d['out']} out of the game); seat {d['leader']} leads")
    if kind == "turn":
        if ja:
            return f"ターン{d['turn']}: 席{d['leader']}がターンプレイヤー"
        return f"turn {d['turn']}: seat {d['leader']} leads"
    if kind in ("play", "replay"):
        card = card_name(d["card"], lang)
        if ja:
            return f"{seat}が{card}を{'出し直しました' if kind == 'replay' else '出しました'}"
        return f"{seat} {'re-plays' if kind == 'replay' else 'plays'} {card}"
    if kind == "pass":
        return f"{seat}はチャレンジしません" if ja else f"{seat} does not challenge"
    if kind == "claims":
        seats = ", ".join(str(p) for p in d["seats"])
        if ja:
            return f"席{seats}が同時にチャレンジ。チャレンジされた人の左に近い席{d['seat']}が行う"
        return f"seats {seats} challenge at once; seat {d['seat']}, nearest the challenged player's left, takes it"
    if kind == "challenge":
        card = card_name(d["card"], lang)
        if ja:
            result = "成功: 手札に戻して出し直し" if d["success"] else "失敗: 同じ色がありませんでした"
            return f"{seat}が席{d['challenged']}の{card}にチャレンジ！ {result}"
        result = ("success: the card goes back to hand and a following card is played" if d["success"]
                  else "failure: they had nothing that follows")
        return f"{seat} challenges seat {d['challenged']}'s {card}: {result}"
    if kind == "option":
        if ja:
            return f"{seat}はオプション{d['option']}（席{d['giver']}から席{d['receiver']}へ）"
        return f"{seat} chooses option {d['option']} (seat {d['giver']} gives to seat {d['receiver']})"
    if kind == "colour":
        return f"{seat}は{colour_name(d['colour'], lang)}を選択" if ja else f"{seat} names {colour_name(d['colour'])}"
    if kind == "move":
        card = card_name(d["card"], lang)
        return (f"{card}が席{d['giver']}から席{d['receiver']}へ" if ja
                else f"{card} moves from seat {d['giver']} to seat {d['receiver']}")
    if kind == "moved":
        return f"{d['count']}枚移動しました" if ja else f"{d['count']} card(s) moved"
    if kind == "effect":
        card = card_name(d["card"], lang)
        effect = d["effect"]
        if effect == "nothing":
            return f"{card}は最初に出されたので効果なし" if ja else f"{card} was led: no effect"
        if effect == "reverse":
            return (f"{card}: このターンは大小が逆転" if ja
                    else f"{card}: this turn is reversed (the highest picks and leads)")
        target = card_name(d["target"], lang)
        return (f"{card}の効果: {target}は{d['number']}として扱う" if ja
                else f"{card} changes {target} to {d['number']} for this turn")
    if kind == "take":
        card = card_name(d["card"], lang)
        rest = _cards(d["rest"], lang)
        if ja:
            return f"{seat}が{card}を取り、席{d['taker']}が残り（{rest}）を獲得。次は席{d['leader']}"
        return f"{seat} takes {card}; seat {d['taker']} takes the rest ({rest}); seat {d['leader']} leads next"
    if kind == "end":
        scores = ", ".join(f"{s:g}" for s in d["scores"])
        winners = ", ".join(str(w) for w in d["winners"])
        if ja:
            return f"ゲーム終了。得点 {scores}、勝者 席{winners}"
        return f"game over: scores {scores}; winner seat {winners}"
    return kind
