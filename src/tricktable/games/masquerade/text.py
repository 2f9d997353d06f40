"""Gundam Masquerade for people, English and Japanese: card names, actions, log lines, reasons and prompts,
each a template table per language (``ACTIONS``, ``EVENTS``, ``WHY``, ``PROMPTS``; the lobby's ``OPTIONS``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tricktable.engine import Action, Event
from tricktable.engine.glossary import section as glossary_section
from tricktable.engine.words import fill, lang_of, seat_names
from tricktable.games.masquerade.actions import VERBS, Kind, Move
from tricktable.games.masquerade.cards import COLOUR_NAMES, COLOURS, PLAY_EFFECTS, TEXT
from tricktable.games.masquerade.glossary import TERMS
from tricktable.games.masquerade.rules import Setup

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

# the words of each action kind (``option`` is ``OPTION_TEXT``: one line a letter)
ACTIONS: dict[str, dict[str, str]] = {
    "en": {"play": "play {card}", "pick": "move {card}", "target": "change {card}", "take": "take {card}",
           "challenge": "challenge: you could have followed!", "pass": "no challenge", "done": "move no more cards",
           "colour": "colour {colour}"},
    "ja": {"play": "{card}を出す", "pick": "{card}を移す", "target": "{card}を対象にする", "take": "{card}を取る",
           "challenge": "チャレンジ！", "pass": "チャレンジしない", "done": "移すのをやめる",
           "colour": "{colour}を選ぶ"},
}

# one line of the log per event kind; a kind with variants has one key each (see ``_event_key``)
EVENTS: dict[str, dict[str, str]] = {
    "en": {
        "deal": "dealt {size} cards each ({out} out of the game); {leader} leads",
        "turn": "turn {turn}: {leader} leads",
        "play": "{seat} plays {card}",
        "replay": "{seat} re-plays {card}",
        "pass": "{seat} does not challenge",
        "claims": "{seats} challenge at once; {seat}, nearest the challenged player's left, takes it",
        "challenge_success": "{seat} challenges {challenged}'s {card}: success: the card goes back to hand and a "
                             "following card is played",
        "challenge_failure": "{seat} challenges {challenged}'s {card}: failure: they had nothing that follows",
        "option": "{seat} chooses option {option} ({giver} gives to {receiver})",
        "colour": "{seat} names {colour}",
        "move": "{card} moves from {giver} to {receiver}",
        "moved_none": "no cards moved",
        "moved_one": "1 card moved",
        "moved": "{count} cards moved",
        "effect_nothing": "{card} was led: no effect",
        "effect_reverse": "{card}: this turn is reversed (the highest picks and leads)",
        "effect": "{card} changes {target} to {number} for this turn",
        "take": "{seat} takes {card}; {taker} takes the rest ({rest}); {leader} leads next",
        "game_over_one": "game over: {winners} wins (scores: {scores})",
        "game_over": "game over: {winners} win (scores: {scores})",
    },
    "ja": {
        "deal": "{size}枚ずつ配った（{out}枚は使わない）。最初のターンプレイヤーは{leader}",
        "turn": "ターン{turn}: {leader}がターンプレイヤー",
        "play": "{seat}が{card}を出した",
        "replay": "{seat}が{card}を出し直した",
        "pass": "{seat}はチャレンジしない",
        "claims": "{seats}が同時にチャレンジ。チャレンジされた人の左に近い{seat}が行う",
        "challenge_success": "{seat}が{challenged}の{card}にチャレンジ！ 成功: 手札に戻して出し直し",
        "challenge_failure": "{seat}が{challenged}の{card}にチャレンジ！ 失敗: 同じ色がなかった",
        "option": "{seat}はオプション{option}（{giver}から{receiver}へ）",
        "colour": "{seat}は{colour}を選んだ",
        "move": "{card}が{giver}から{receiver}へ",
        "moved_none": "カードは移動しなかった",
        "moved_one": "{count}枚移動した",
        "moved": "{count}枚移動した",
        "effect_nothing": "{card}は最初に出されたので効果なし",
        "effect_reverse": "{card}: このターンは大小が逆転（一番大きい数字の人が1枚選び、次のターンプレイヤーになる）",
        "effect": "{card}の効果: {target}は{number}として扱う",
        "take": "{seat}が{card}を取り、{taker}が残り（{rest}）を獲得。次のターンプレイヤーは{leader}",
        "game_over_one": "ゲーム終了: 勝者は{winners}（得点: {scores}）",
        "game_over": "ゲーム終了: 勝者は{winners}（得点: {scores}）",
    },
}

CARD_KEYS = frozenset({"card", "target", "rest"})  # event fields that hold card texts (``target``: a card here)


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
    lang = lang_of(lang)
    if action.kind is Kind.OPTION:
        return OPTION_TEXT[lang][action.letter]
    card = card_name(TEXT[action.card], lang) if action.card >= 0 else ""
    colour = colour_name(action.letter, lang) if action.kind is Kind.COLOUR else ""
    return ACTIONS[lang][VERBS[action.kind]].format(card=card, colour=colour)


def _word(lang: str) -> Callable[[str, Any], str]:
    """How ``fill`` writes the fields that are not seats: cards and colours by name."""
    def word(key: str, value: Any) -> str:
        if key in CARD_KEYS and isinstance(value, str):
            return card_name(value, lang)
        if key == "colour":
            return colour_name(str(value), lang)
        return f"{value:g}" if isinstance(value, float) else str(value)
    return word


def _event_key(event: Event) -> str:
    """The template of an event kind with variants: the challenge's outcome, how many cards moved, which
    play effect, one winner or several."""
    kind, d = event.kind, event.data
    if kind == "challenge":
        return "challenge_success" if d["success"] else "challenge_failure"
    if kind == "moved":
        return {0: "moved_none", 1: "moved_one"}.get(d["count"], "moved")
    if kind == "effect" and d["effect"] in ("nothing", "reverse"):
        return f"effect_{d['effect']}"
    if kind == "game_over" and len(d["winners"]) == 1:
        return "game_over_one"
    return kind


def describe_event(event: Event, lang: str = "en", names: Sequence[str] | None = None, players: int = 6) -> str:
    """One line of the game log, with the seats' display names."""
    lang = lang_of(lang)
    template = EVENTS[lang].get(_event_key(event))
    if template is None:
        return event.kind
    data = dict(event.data)
    who = seat_names(names, max(players, len(data.get("hand_sizes", ()))), lang)
    if "hand_sizes" in data:
        data["size"] = data["hand_sizes"][0]
    if "scores" in data:
        data["scores"] = [f"{who[p]} {x:g}" for p, x in enumerate(data["scores"])]
    return fill(template, data, lang, who, _word(lang))


WHY: dict[str, dict[str, str]] = {
    "en": {"replay": "the challenge succeeded: re-play a card that follows {colour}"},
    "ja": {"replay": "チャレンジ成功: ターンプレイヤーと同じ{colour}のカードを出し直す"},
}


# hints and reviews: why the rules of thumb would make a choice (``heuristic.reason``'s keys), one sentence
REASONS: dict[str, dict[str, str]] = {
    "en": {
        "lead_low": "Leads your lowest card: it likely picks a card and leads next.",
        "lead_high": "Leads a higher card than your lowest: it may take the rest of the trick rather than pick one.",
        "follows": "Follows {colour}, so no challenge can catch it.",
        "last_best": "As the last to play, this card gives you the best taking of the trick.",
        "bluff": "A bluff: you hold {colour} but play another colour; the others' odds that it is a bluff "
                 "are about {risk}%.",
        "void": "You hold no {colour}: any card may follow, and a challenge would fail.",
        "challenge": "Challenge: by the cards unseen and the play, {seat} is likely bluffing (about {chance}%).",
        "challenge_long": "A long shot: by the cards unseen and the play, {seat} is bluffing only about {chance}% "
                          "of the time.",
        "no_challenge": "No challenge: by the cards unseen and the play, {seat} is bluffing only about {chance}% "
                        "of the time.",
        "no_challenge_despite": "No challenge, though by the cards unseen and the play {seat} is likely bluffing "
                                "(about {chance}%).",
        "option": "The option that moves the cards worth most to you.",
        "colour_move": "The colour whose cards gain you most.",
        "pick": "A card of the colour that gains you most.",
        "done": "No further card helps you.",
        "target": "The number changed to give you the best taking.",
        "take": "The card worth most to you, counting what the rest gives the taker.",
        "other": "The rules of thumb have no strong reason here.",
    },
    "ja": {
        "lead_low": "一番小さいカードでリードします。カードを1枚選べて次もリードしやすくなります。",
        "lead_high": "一番小さくないカードでリードします。1枚選ぶより残りを取る側になるかもしれません。",
        "follows": "{colour}に従うので、チャレンジされても問題ありません。",
        "last_best": "最後に出すので、このカードでトリックの取り方が一番有利になります。",
        "bluff": "ブラフ: {colour}を持っているのに別の色を出します。"
                 "ほかのプレイヤーから見てブラフの見込みは約{risk}%です。",
        "void": "{colour}を持っていないので、どのカードも出せ、チャレンジは失敗します。",
        "challenge": "チャレンジ: 見えていないカードと出し方から見て、{seat}はブラフの見込みが高い（約{chance}%）。",
        "challenge_long": "賭け: 見えていないカードと出し方から見て、{seat}がブラフの見込みは約{chance}%だけです。",
        "no_challenge": "チャレンジしない: 見えていないカードと出し方から見て、"
                        "{seat}がブラフの見込みは約{chance}%だけです。",
        "no_challenge_despite": "チャレンジしない。ただし見えていないカードと出し方から見て、"
                                "{seat}はブラフの見込みが高い（約{chance}%）。",
        "option": "あなたに一番価値のあるカードを動かすオプションです。",
        "colour_move": "あなたに一番得になる色です。",
        "pick": "一番得になる色のカードです。",
        "done": "これ以上得になるカードはありません。",
        "target": "トリックの取り方が一番有利になるように数字を変えます。",
        "take": "残りが取る人に与える分も考えて、あなたに一番価値のあるカードです。",
        "other": "経験則ではここに強い理由はありません。",
    },
}


def reason_text(game: Any, key: str, values: dict[str, Any], lang: str = "en",
                names: Sequence[str] | None = None) -> str:
    """A reason of ``heuristic.reason`` in words (hints, reviews)."""
    lang = lang_of(lang)
    return fill(REASONS[lang][key], values, lang, seat_names(names, game.players, lang), _word(lang))


def why_not_text(reason: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> str:
    lang = lang_of(lang)
    args = reason.get("args", {})
    return WHY[lang][reason["key"]].format(colour=colour_name(args.get("colour", "R"), lang))


def reference(name: str, setup: Setup, lang: str = "en") -> dict[str, Any]:
    """The special cards (★) in play, from ``cards``: play effects and end-game bonuses."""
    ja = lang == "ja"
    effects = [{"key": TEXT[e.card], "name": card_name(TEXT[e.card], lang), "text": e.text_ja if ja else e.text,
                "tag": "D"} for e in PLAY_EFFECTS if e.card in setup.effects]
    bonuses = [{"key": TEXT[b.card], "name": card_name(TEXT[b.card], lang),
                "text": b.condition_ja if ja else b.condition, "tag": "D"} for b in setup.bonuses]
    scoring = [{"key": "face", "name": "3枚以下" if ja else "3 or fewer",
                "text": "書いてある数字をそのまま得点" if ja else "a colour scores the sum of its numbers", "tag": "P"},
               {"key": "burst", "name": "4枚以上（バースト）" if ja else "4 or more (burst)",
                "text": "1枚1点" if ja else "a colour scores 1 point a card", "tag": "P"}]
    return {"game": name, "lang": lang, "sections": [
        {"key": "effects", "title": "効果カード（★）" if ja else "Play effects (★)", "items": effects},
        {"key": "bonuses", "title": "ボーナスカード（★）" if ja else "End-game bonuses (★)", "items": bonuses},
        {"key": "scoring", "title": "得点" if ja else "Scoring", "items": scoring},
        glossary_section(TERMS, lang),
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
        "play_plain": "Play a card",
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
        "play_plain": "カードを出す",
    },
}


def prompt(view: dict[str, Any], lang: str = "en") -> str:
    """What the seat of ``view`` is asked now (``play_plain`` when challenges are off)."""
    key = str(view.get("phase"))
    if key == "play" and view.get("table", {}).get("options", {}).get("challenge") == "off":
        key = "play_plain"
    return PROMPTS[lang_of(lang)].get(key, "")


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
