"""Trickster in words, English and Japanese: card names, actions and log lines for people."""

from __future__ import annotations

from typing import Any

from tricktable.engine import Action, Event
from tricktable.games.trickster.cards import CARD_TEXT, CARD_TEXT_JA, HERO_INDEX, HEROES
from tricktable.games.trickster.effects import CARD_VERBS

_JA_BY_TEXT = dict(zip(CARD_TEXT, CARD_TEXT_JA, strict=True))
_HERO_JA = {h.name: h.ja for h in HEROES}

ACTIONS: dict[str, dict[str, str]] = {
    "en": {
        "play": "play {card}", "open": "put {card} in your tableau (secret opening card)",
        "pass": "pass {card} to the left", "give": "give {card}", "move": "move {card}",
        "swap": "swap away {card}", "take": "take {card}", "return": "put {card} back next, from the top down",
        "bottom": "put {card} on the bottom of the deck", "keep": "keep {card}",
        "seat": "choose seat {seat}", "draft": "draft {hero}: {effect}",
    },
    "ja": {
        "play": "{card}を出す", "open": "{card}を最初の場札にする（秘密）", "pass": "{card}を左隣に渡す",
        "give": "{card}を渡す", "move": "{card}を移す", "swap": "{card}を入れ替えに出す", "take": "{card}を取る",
        "return": "{card}を山札の上から次に戻す",
        "bottom": "{card}を山札の一番下に置く", "keep": "{card}を手札に加える",
        "seat": "{seat}番席を選ぶ", "draft": "{hero}を選ぶ：{effect}",
    },
}

EVENTS: dict[str, dict[str, str]] = {
    "en": {
        "draft": "draft: seat {seat} picks first from the 14 heroes",
        "drafted": "seat {seat} drafts {hero}",
        "deal": "round {round}: trash {trash}; {deck_size} cards in the deck; seat {leader} will lead",
        "hand": "your hand: {cards}",
        "chose": "you chose {card}",
        "opening": "opening cards: {cards}",
        "trick": "new trick: seat {leader} leads, seat {trickster} is the Trickster",
        "play": "seat {seat} plays {card}",
        "pattern": "pattern: {pattern}",
        "effect": "{hero} (seat {seat}) takes effect",
        "no_effect": "{hero} (seat {seat}) cannot be carried out: nothing happens",
        "reveal": "seat {seat} looks at the top {count} deck cards",
        "reveal_seen": "seat {seat} reveals {cards}",
        "keep": "seat {seat} keeps a revealed card",
        "keep_seen": "seat {seat} keeps {card}",
        "rob": "seat {seat} takes a random card from seat {target}",
        "rob_seen": "the card taken from seat {target}: {card}",
        "give": "seat {seat} gives seat {target} a card",
        "give_seen": "the card given to seat {target}: {card}",
        "to_pot": "seat {seat} moves {card} from their tableau into the Pot",
        "swap_trash": "seat {seat} swaps {gave} for {took} in the Trash",
        "passed": "every player passes a card to the left",
        "pass": "seat {seat} passes {card} to seat {target}",
        "target": "seat {seat} chooses seat {target}",
        "to_tableau": "seat {seat} puts {card} in seat {target}'s tableau",
        "pick": "seat {seat} picks {card}",
        "look_deck": "seat {seat} looks at the top {count} deck cards",
        "look_deck_seen": "top of the deck: {cards}",
        "swap_deck": "seat {seat} swaps a hand card with one of them",
        "swap_deck_seen": "you put {gave} in the deck and take {took}",
        "put_back": "seat {seat} puts the {count} cards back",
        "put_back_seen": "deck top, from the top: {cards}",
        "to_hand": "seat {seat} takes {card} into their hand",
        "draw": "seat {seat} draws the top deck card",
        "draw_seen": "seat {seat} draws {card}",
        "to_bottom": "seat {seat} puts a hand card on the bottom of the deck",
        "to_bottom_seen": "you put {card} on the bottom of the deck",
        "refill": "{card} refills the Trash",
        "look_hand": "seat {seat} looks at seat {target}'s hand",
        "look_hand_seen": "seat {target}'s hand: {cards}",
        "bust": "seat {seat} busts ({reason}) and takes {cards}",
        "skip": "seat {seat} has no card and is skipped",
        "leftover": "seat {seat} adds their hand to their tableau: {cards}",
        "score": "round {round} trouble: {points}; totals {totals}",
        "over": "game over: totals {totals}; winners {winners}",
    },
    "ja": {
        "draft": "ドラフト：{seat}番席から英雄を選ぶ",
        "drafted": "{seat}番席が{hero}を選ぶ",
        "deal": "第{round}ラウンド：ゴミ箱 {trash}／山札{deck_size}枚／{leader}番席がリーダー",
        "hand": "あなたの手札：{cards}",
        "chose": "{card}を選んだ",
        "opening": "最初の場札：{cards}",
        "trick": "新しいトリック：リーダー{leader}番席、トリックスター{trickster}番席",
        "play": "{seat}番席が{card}を出す",
        "pattern": "パターン：{pattern}",
        "effect": "{hero}（{seat}番席）の効果",
        "no_effect": "{hero}（{seat}番席）の効果は解決できない：何も起こらない",
        "reveal": "{seat}番席が山札の上{count}枚を見る",
        "reveal_seen": "{seat}番席が公開：{cards}",
        "keep": "{seat}番席が公開したカード1枚を手札に加える",
        "keep_seen": "{seat}番席が{card}を手札に加える",
        "rob": "{seat}番席が{target}番席の手札から無作為に1枚奪う",
        "rob_seen": "{target}番席から奪ったカード：{card}",
        "give": "{seat}番席が{target}番席に1枚渡す",
        "give_seen": "{target}番席に渡したカード：{card}",
        "to_pot": "{seat}番席が場札の{card}をポットに移す",
        "swap_trash": "{seat}番席が{gave}とゴミ箱の{took}を入れ替える",
        "passed": "全員が左隣に1枚渡す",
        "pass": "{seat}番席が{card}を{target}番席に渡す",
        "target": "{seat}番席が{target}番席を選ぶ",
        "to_tableau": "{seat}番席が{card}を{target}番席の場札に置く",
        "pick": "{seat}番席が{card}を選ぶ",
        "look_deck": "{seat}番席が山札の上{count}枚を見る",
        "look_deck_seen": "山札の上：{cards}",
        "swap_deck": "{seat}番席が手札1枚とそのうち1枚を入れ替える",
        "swap_deck_seen": "{gave}を山札に入れ、{took}を取る",
        "put_back": "{seat}番席が{count}枚を山札に戻す",
        "put_back_seen": "山札の上から：{cards}",
        "to_hand": "{seat}番席が{card}を手札に加える",
        "draw": "{seat}番席が山札から1枚引く",
        "draw_seen": "{seat}番席が{card}を引く",
        "to_bottom": "{seat}番席が手札1枚を山札の一番下に置く",
        "to_bottom_seen": "{card}を山札の一番下に置いた",
        "refill": "{card}がゴミ箱に補充される",
        "look_hand": "{seat}番席が{target}番席の手札を見る",
        "look_hand_seen": "{target}番席の手札：{cards}",
        "bust": "{seat}番席がバースト（{reason}）し、{cards}を取る",
        "skip": "{seat}番席は手札がないので飛ばされる",
        "leftover": "{seat}番席の残りの手札が場札に：{cards}",
        "score": "第{round}ラウンドのトラブル：{points}／合計{totals}",
        "over": "ゲーム終了：合計{totals}／勝者{winners}",
    },
}

_PATTERN_JA = {"same suit": "同じスート", "same hero": "同じヒーロー", "no match": "どっちも一致しない"}
_REASON_JA = {"cannot follow": "フォローできない", "all followed": "全員フォローした", "empty hand": "手札なし"}


def card_name(text: str, lang: str = "en") -> str:
    """A card's name for people (``red Brigand`` / ``赤の山賊``)."""
    return _JA_BY_TEXT.get(text, text) if lang == "ja" else text


def describe_action(action: Action, lang: str = "en") -> str:
    table = ACTIONS.get(lang, ACTIONS["en"])
    verb, _, rest = action.text.partition(" ")
    if verb == "choose":
        return table["seat"].format(seat=rest.rpartition(" ")[2])
    if verb == "draft":
        hero = HEROES[HERO_INDEX[rest]]
        if lang == "ja":
            return table["draft"].format(hero=hero.ja, effect=hero.effect_ja)
        return table["draft"].format(hero=hero.name, effect=hero.effect)
    if verb in CARD_VERBS:
        return table[verb].format(card=card_name(rest, lang))
    return action.text


def _word(key: str, value: Any, lang: str) -> str:
    if isinstance(value, list):
        return ", ".join(_word(key, v, lang) for v in value) if value else "-"
    if lang == "ja" and isinstance(value, str):
        if value in _JA_BY_TEXT:
            return _JA_BY_TEXT[value]
        return _HERO_JA.get(value) or _PATTERN_JA.get(value) or _REASON_JA.get(value) or value
    return str(value)


def describe_event(event: Event, lang: str = "en") -> str:
    table = EVENTS.get(lang, EVENTS["en"])
    template = table.get(event.kind)
    if template is None:
        return event.kind
    words = {k: _word(k, v, lang) for k, v in event.data.items()}
    try:
        return template.format(**words)
    except KeyError:
        return f"{event.kind}: {words}"

