"""Gundam Masquerade for people: card names, actions and log lines in English and Japanese."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tricktable.engine import Action, Event
from tricktable.engine.words import lang_of, listing, seat_names
from tricktable.games.masquerade.actions import Move
from tricktable.games.masquerade.cards import COLOUR_NAMES, COLOURS, PLAY_EFFECTS, TEXT, cards_of

if TYPE_CHECKING:
    from tricktable.games.masquerade.game import Masquerade
    from tricktable.games.masquerade.rules import MasqueradeState

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
    """The action in plain words (no action of Masquerade names a seat)."""
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
    return listing([card_name(t, lang) for t in items], lang)


def describe_event(event: Event, lang: str = "en", names: Sequence[str] | None = None, players: int = 6) -> str:
    """One line of the game log, with the seats' display names."""
    d: dict[str, Any] = event.data
    lang = lang_of(lang)
    ja = lang == "ja"
    kind = event.kind
    who = seat_names(names, max(players, len(d.get("hand_sizes", ()))), lang)
    seat = who[d["seat"]] if isinstance(d.get("seat"), int) else ""
    if kind == "deal":
        if ja:
            return (f"{d['hand_sizes'][0]}枚ずつ配った（{d['out']}枚は使わない）。"
                    f"最初のターンプレイヤーは{who[d['leader']]}")
        return f"dealt {d['hand_sizes'][0]} cards each ({d['out']} out of the game); {who[d['leader']]} leads"
    if kind == "turn":
        if ja:
            return f"ターン{d['turn']}: {who[d['leader']]}がターンプレイヤー"
        return f"turn {d['turn']}: {who[d['leader']]} leads"
    if kind in ("play", "replay"):
        card = card_name(d["card"], lang)
        if ja:
            return f"{seat}が{card}を{'出し直した' if kind == 'replay' else '出した'}"
        return f"{seat} {'re-plays' if kind == 'replay' else 'plays'} {card}"
    if kind == "pass":
        return f"{seat}はチャレンジしない" if ja else f"{seat} does not challenge"
    if kind == "claims":
        seats = listing([who[p] for p in d["seats"]], lang)
        if ja:
            return f"{seats}が同時にチャレンジ。チャレンジされた人の左に近い{seat}が行う"
        return f"{seats} challenge at once; {seat}, nearest the challenged player's left, takes it"
    if kind == "challenge":
        card = card_name(d["card"], lang)
        challenged = who[d["challenged"]]
        if ja:
            result = "成功: 手札に戻して出し直し" if d["success"] else "失敗: 同じ色がなかった"
            return f"{seat}が{challenged}の{card}にチャレンジ！ {result}"
        result = ("success: the card goes back to hand and a following card is played" if d["success"]
                  else "failure: they had nothing that follows")
        return f"{seat} challenges {challenged}'s {card}: {result}"
    if kind == "option":
        giver, receiver = who[d["giver"]], who[d["receiver"]]
        if ja:
            return f"{seat}はオプション{d['option']}（{giver}から{receiver}へ）"
        return f"{seat} chooses option {d['option']} ({giver} gives to {receiver})"
    if kind == "colour":
        colour = colour_name(d["colour"], lang)
        return f"{seat}は{colour}を選んだ" if ja else f"{seat} names {colour}"
    if kind == "move":
        card = card_name(d["card"], lang)
        giver, receiver = who[d["giver"]], who[d["receiver"]]
        return f"{card}が{giver}から{receiver}へ" if ja else f"{card} moves from {giver} to {receiver}"
    if kind == "moved":
        count = d["count"]
        if ja:
            return f"{count}枚移動した" if count else "カードは移動しなかった"
        return {0: "no cards moved", 1: "1 card moved"}.get(count, f"{count} cards moved")
    if kind == "effect":
        card = card_name(d["card"], lang)
        effect = d["effect"]
        if effect == "nothing":
            return f"{card}は最初に出されたので効果なし" if ja else f"{card} was led: no effect"
        if effect == "reverse":
            return (f"{card}: このターンは大小が逆転（一番大きい数字の人が1枚選び、次のターンプレイヤーになる）" if ja
                    else f"{card}: this turn is reversed (the highest picks and leads)")
        target = card_name(d["target"], lang)
        return (f"{card}の効果: {target}は{d['number']}として扱う" if ja
                else f"{card} changes {target} to {d['number']} for this turn")
    if kind == "take":
        card = card_name(d["card"], lang)
        rest = _cards(d["rest"], lang)
        taker, leader = who[d["taker"]], who[d["leader"]]
        if ja:
            return f"{seat}が{card}を取り、{taker}が残り（{rest}）を獲得。次のターンプレイヤーは{leader}"
        return f"{seat} takes {card}; {taker} takes the rest ({rest}); {leader} leads next"
    if kind == "end":
        scores = listing([f"{who[p]} {x:g}" for p, x in enumerate(d["scores"])], lang)
        winners = listing([who[w] for w in d["winners"]], lang)
        if ja:
            return f"ゲーム終了: 勝者は{winners}（得点: {scores}）"
        return f"game over: {winners} {'win' if len(d['winners']) > 1 else 'wins'} (scores: {scores})"
    return kind


WHY: dict[str, dict[str, str]] = {
    "en": {"replay": "the challenge succeeded: re-play a card that follows {colour}"},
    "ja": {"replay": "チャレンジ成功: ターンプレイヤーと同じ{colour}のカードを出し直す"},
}


def why_not_reasons(state: MasqueradeState, p: int) -> dict[str, dict[str, Any]]:
    """Every card may be played (may-follow) except after a successful challenge: then only followers."""
    from tricktable.games.masquerade.rules import REPLAY

    if state.phase != REPLAY or p not in state.actors:
        return {}
    legal = {a.card for a in state.legal_actions(p) if isinstance(a, Move)}
    letter = COLOURS[state.lead]
    return {TEXT[c]: {"key": "replay", "args": {"colour": letter}} for c in cards_of(state.hands[p])
            if c not in legal}


def why_not_text(reason: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> str:
    lang = lang_of(lang)
    args = reason.get("args", {})
    return WHY[lang][reason["key"]].format(colour=colour_name(args.get("colour", "R"), lang))


def reference(game: Masquerade, lang: str = "en") -> dict[str, Any]:
    """The special cards (★) in play, from ``cards``: play effects and end-game bonuses."""
    ja = lang == "ja"
    effects = [{"key": TEXT[e.card], "name": card_name(TEXT[e.card], lang), "text": e.text_ja if ja else e.text,
                "tag": "D"} for e in PLAY_EFFECTS if e.card in game.effects]
    bonuses = [{"key": TEXT[b.card], "name": card_name(TEXT[b.card], lang),
                "text": b.condition_ja if ja else b.condition, "tag": "D"} for b in game.bonuses]
    scoring = [{"key": "face", "name": "3枚以下" if ja else "3 or fewer",
                "text": "書いてある数字をそのまま得点" if ja else "a colour scores the sum of its numbers", "tag": "P"},
               {"key": "burst", "name": "4枚以上（バースト）" if ja else "4 or more (burst)",
                "text": "1枚1点" if ja else "a colour scores 1 point a card", "tag": "P"}]
    return {"game": game.name, "lang": lang, "sections": [
        {"key": "effects", "title": "効果カード（★）" if ja else "Play effects (★)", "items": effects},
        {"key": "bonuses", "title": "ボーナスカード（★）" if ja else "End-game bonuses (★)", "items": bonuses},
        {"key": "scoring", "title": "得点" if ja else "Scoring", "items": scoring},
    ]}


PROMPTS: dict[str, dict[str, str]] = {
    "en": {
        "play": "Play a card (any card is legal; not following may be challenged)",
        "challenge": "Challenge the card just played, or pass",
        "replay": "The challenge succeeded: re-play a card that follows",
        "option": "Choose the penalty option",
        "colour": "Name the colour whose won cards move",
        "pick": "Pick up to 3 cards of that colour to move, or stop",
        "target": "Choose the card your +2/-2 changes",
        "take": "You are lowest (after blue 16: highest): take one card of the trick",
        "over": "The game is over",
    },
    "ja": {
        "play": "カードを出す（どのカードでも出せるが、同じ色を出さないとチャレンジされることがある）",
        "challenge": "今出されたカードにチャレンジするか、しないかを選ぶ",
        "replay": "チャレンジ成功: ターンプレイヤーと同じ色のカードを出し直す",
        "option": "オプションを選ぶ",
        "colour": "移す獲得カードの色を選ぶ",
        "pick": "その色のカードを3枚まで選んで移す（やめてもよい）",
        "target": "+2/-2する相手のカードを選ぶ",
        "take": "一番小さい数字（青の16の後は一番大きい数字）: 出ているカードから1枚取る",
        "over": "ゲーム終了",
    },
}


def prompt(view: dict[str, Any], lang: str = "en") -> str:
    text = PROMPTS[lang_of(lang)].get(str(view.get("phase")), "")
    if view.get("table", {}).get("options", {}).get("challenge") == "off" and view.get("phase") == "play":
        return "カードを出す" if lang == "ja" else "Play a card"
    return text


# the lobby's words for every option: (name en, name ja, description en, description ja)
OPTIONS: dict[str, tuple[str, str, str, str]] = {
    "specials": ("Special cards (★)", "特殊カード（★）", "which special cards are in play", "使う特殊カード"),
    "specials_off": ("Special cards switched off", "使わない特殊カード",
                     "special cards that play and score as plain cards (advanced)",
                     "普通のカードとして扱う特殊カード（上級）"),
    "challenge": ("Challenges", "チャレンジ", "a card that does not follow may be challenged",
                  "同じ色を出さなかったカードにチャレンジできる"),
    "challenge_order": ("Who may challenge first", "チャレンジの順番", "the order a challenge is offered in",
                        "チャレンジを尋ねる順番"),
    "b16": ("Blue 16", "青の16", "what blue 16 does", "青の16の効果"),
    "b16_ties": ("Ties under blue 16", "青の16の同点", "who is highest and lowest when numbers tie under blue 16",
                 "青の16の逆転中に数字が同じときの扱い"),
    "tiebreak": ("Ties", "同点", "how tied totals are ranked", "同点のときの順位"),
    "first_player": ("First turn player", "最初のターンプレイヤー", "-1: drawn at random", "-1ならランダム"),
    "deal": ("Fixed deal", "配りの指定", "every hand set exactly (advanced)", "全員の手札を指定する（上級）"),
}
VALUES: dict[str, dict[str, tuple[str, str]]] = {
    "specials": {"standard": ("all", "すべて"), "effects": ("play effects only", "効果カードのみ"),
                 "bonuses": ("bonuses only", "ボーナスカードのみ"), "none": ("none", "なし")},
    "challenge": {"on": ("on", "あり"), "off": ("off", "なし")},
    "challenge_order": {"left": ("from the challenged player's left", "チャレンジされた人の左から"),
                        "leader": ("from the turn player", "ターンプレイヤーから"),
                        "together": ("everyone at once", "全員同時")},
    "b16": {"reverse": ("reverses the turn", "逆転"),
            "lead": ("the highest leads next", "一番大きい人が次のターンプレイヤー")},
    "b16_ties": {"taking": ("as in taking", "通常どおり"),
                 "roles": ("by role: the earlier picks", "役割で: 先の人が選ぶ")},
    "tiebreak": {"shared": ("shared", "分け合う"), "strict": ("fewer bursts, then more face-value cards",
                                                         "バーストの少ない方、次に数字どおりのカードの多い方")},
}
