"""Trickster in words, English and Japanese: card names, actions and log lines for people."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tricktable.engine import Action, Event, Game
from tricktable.engine.glossary import section as glossary_section
from tricktable.engine.words import fill, lang_of, seat_names
from tricktable.games.trickster.actions import CARD_WORDS
from tricktable.games.trickster.cards import CARD_TEXT, CARD_TEXT_JA, HERO_INDEX, HEROES, SUITS, SUITS_JA, fixed_heroes
from tricktable.games.trickster.glossary import TERMS
from tricktable.games.trickster.options import TricksterOptions

_JA_BY_TEXT = dict(zip(CARD_TEXT, CARD_TEXT_JA, strict=True))
_HERO_JA = {h.name: h.ja for h in HEROES}

ACTIONS: dict[str, dict[str, str]] = {
    "en": {
        "play": "play {card}", "open": "put {card} in your tableau (secret opening card)",
        "pass": "pass {card} to the left", "give": "give {card}", "move": "move {card}",
        "swap": "swap away {card}", "take": "take {card}", "return": "put {card} back next, from the top down",
        "bottom": "put {card} on the bottom of the deck", "keep": "keep {card}",
        "seat": "choose {seat}", "draft": "draft {hero}: {effect}",
    },
    "ja": {
        "play": "{card}を出す", "open": "{card}を最初の場札にする（秘密）", "pass": "{card}を左隣に渡す",
        "give": "{card}を渡す", "move": "{card}を移す", "swap": "{card}を入れ替えに出す", "take": "{card}を取る",
        "return": "{card}を山札の上から次に戻す",
        "bottom": "{card}を山札の一番下に置く", "keep": "{card}を手札に加える",
        "seat": "{seat}を選ぶ", "draft": "{hero}を選ぶ：{effect}",
    },
}

EVENTS: dict[str, dict[str, str]] = {
    "en": {
        "draft": "draft: {seat} picks first from the 14 heroes ({heroes})",
        "drafted": "{seat} drafts {hero}",
        "deal": "round {round}: trash {trash}; {deck_size} cards in the deck; {leader} will lead",
        "hand": "your hand: {cards}",
        "chose": "you chose {card}",
        "opening": "opening cards: {cards}",
        "trick": "new trick: {leader} leads, {trickster} is the Trickster",
        "play": "{seat} plays {card}",
        "pattern": "pattern: {pattern}",
        "effect": "{hero} ({seat}) takes effect",
        "no_effect": "{hero} ({seat}) cannot be carried out: nothing happens",
        "reveal": "{seat} looks at the top {count} deck cards",
        "reveal_seen": "{seat} reveals {cards}",
        "keep": "{seat} keeps a revealed card",
        "keep_seen": "{seat} keeps {card}",
        "rob": "{seat} takes a random card from {target}",
        "rob_seen": "the card taken from {target}: {card}",
        "give": "{seat} gives {target} a card",
        "give_seen": "the card given to {target}: {card}",
        "to_pot": "{seat} moves {card} from their tableau into the Pot",
        "swap_tableaus": "{seat} swaps {gave} in their tableau for {took} in {target}'s tableau",
        "swap_trash": "{seat} swaps {gave} for {took} in the Trash",
        "passed": "every player passes a card to the left",
        "pass": "{seat} passes {card} to {target}",
        "target": "{seat} chooses {target}",
        "to_tableau": "{seat} puts {card} in {target}'s tableau",
        "pick": "{seat} picks {card}",
        "look_deck": "{seat} looks at the top {count} deck cards",
        "look_deck_seen": "top of the deck: {cards}",
        "swap_deck": "{seat} swaps a hand card with one of them",
        "swap_deck_seen": "you put {gave} in the deck and take {took}",
        "put_back": "{seat} puts the {count} cards back",
        "put_back_seen": "deck top, from the top: {cards}",
        "to_hand": "{seat} takes {card} into their hand",
        "draw": "{seat} draws the top deck card",
        "draw_seen": "{seat} draws {card}",
        "to_bottom": "{seat} puts a hand card on the bottom of the deck",
        "to_bottom_seen": "you put {card} on the bottom of the deck",
        "refill": "{card} refills the Trash",
        "look_hand": "{seat} looks at {target}'s hand",
        "look_hand_seen": "{target}'s hand: {cards}",
        "bust": "{seat} busts ({reason}) and takes {cards}",
        "skip": "{seat} has no card and is skipped",
        "leftover": "{seat} adds their hand to their tableau: {cards}",
        "score": "round {round} trouble points: {points} (totals: {scores})",
        "game_over": "game over: {winners} {win} with the fewest trouble points (totals: {scores})",
    },
    "ja": {
        "draft": "ドラフト：{seat}から14種類のヒーローを選ぶ（{heroes}）",
        "drafted": "{seat}が{hero}を選ぶ",
        "deal": "第{round}ラウンド：ゴミ箱 {trash}／山札{deck_size}枚／{leader}がリーダー",
        "hand": "あなたの手札：{cards}",
        "chose": "{card}を選んだ",
        "opening": "最初の場札：{cards}",
        "trick": "新しいトリック：リーダー{leader}、トリックスター{trickster}",
        "play": "{seat}が{card}を出す",
        "pattern": "パターン：{pattern}",
        "effect": "{hero}（{seat}）の効果",
        "no_effect": "{hero}（{seat}）の効果は解決できない：何も起こらない",
        "reveal": "{seat}が山札の上{count}枚を見る",
        "reveal_seen": "{seat}が公開：{cards}",
        "keep": "{seat}が公開したカード1枚を手札に加える",
        "keep_seen": "{seat}が{card}を手札に加える",
        "rob": "{seat}が{target}の手札から無作為に1枚奪う",
        "rob_seen": "{target}から奪ったカード：{card}",
        "give": "{seat}が{target}に1枚渡す",
        "give_seen": "{target}に渡したカード：{card}",
        "to_pot": "{seat}が場札の{card}をポットに移す",
        "swap_tableaus": "{seat}が自分の場札の{gave}と{target}の場札の{took}を入れ替える",
        "swap_trash": "{seat}が{gave}とゴミ箱の{took}を入れ替える",
        "passed": "全員が左隣に1枚渡す",
        "pass": "{seat}が{card}を{target}に渡す",
        "target": "{seat}が{target}を選ぶ",
        "to_tableau": "{seat}が{card}を{target}の場札に置く",
        "pick": "{seat}が{card}を選ぶ",
        "look_deck": "{seat}が山札の上{count}枚を見る",
        "look_deck_seen": "山札の上：{cards}",
        "swap_deck": "{seat}が手札1枚とそのうち1枚を入れ替える",
        "swap_deck_seen": "{gave}を山札に入れ、{took}を取る",
        "put_back": "{seat}が{count}枚を山札に戻す",
        "put_back_seen": "山札の上から：{cards}",
        "to_hand": "{seat}が{card}を手札に加える",
        "draw": "{seat}が山札から1枚引く",
        "draw_seen": "{seat}が{card}を引く",
        "to_bottom": "{seat}が手札1枚を山札の一番下に置く",
        "to_bottom_seen": "{card}を山札の一番下に置いた",
        "refill": "{card}がゴミ箱に補充される",
        "look_hand": "{seat}が{target}の手札を見る",
        "look_hand_seen": "{target}の手札：{cards}",
        "bust": "{seat}がバースト（{reason}）し、{cards}を取る",
        "skip": "{seat}は手札がないので飛ばされる",
        "leftover": "{seat}の残りの手札が場札に：{cards}",
        "score": "第{round}ラウンドのトラブルポイント：{points}（合計：{scores}）",
        "game_over": "ゲーム終了：トラブルポイントが一番少ない{winners}の勝ち（合計：{scores}）",
    },
}

_PATTERN_JA = {"same suit": "同じスート", "same hero": "同じヒーロー", "no match": "どっちも一致しない"}
_REASON_JA = {"cannot follow": "フォローできない", "all followed": "全員フォローした", "empty hand": "手札なし"}


def card_name(text: str, lang: str = "en") -> str:
    """A card's name for people (``red Brigand`` / ``赤の山賊``)."""
    return _JA_BY_TEXT.get(text, text) if lang == "ja" else text


def hero_name(name: str, lang: str = "en") -> str:
    """A hero's name for people (``Guard`` / ``警備員``)."""
    return _HERO_JA.get(name, name) if lang == "ja" else name


def pattern_name(pattern: str, lang: str = "en") -> str:
    """A trick's pattern as an observation names it (``same suit``), in ``lang``."""
    return _PATTERN_JA.get(pattern, pattern) if lang == "ja" else pattern


def describe_action(action: Action, lang: str = "en", names: Sequence[str] | None = None, players: int = 7) -> str:
    lang = lang_of(lang)
    table = ACTIONS[lang]
    verb, _, rest = action.text.partition(" ")
    if verb == "choose":
        seat = int(rest.rpartition(" ")[2])
        return table["seat"].format(seat=seat_names(names, max(players, seat + 1), lang)[seat])
    if verb == "draft":
        hero = HEROES[HERO_INDEX[rest]]
        if lang == "ja":
            return table["draft"].format(hero=hero.ja, effect=hero.effect_ja)
        return table["draft"].format(hero=hero.name, effect=hero.effect)
    if verb in CARD_WORDS:
        return table[verb].format(card=card_name(rest, lang))
    return action.text


def _word(lang: str) -> Callable[[str, Any], str]:
    def word(key: str, value: Any) -> str:
        if isinstance(value, str):
            if lang == "ja":
                if value in _JA_BY_TEXT:
                    return _JA_BY_TEXT[value]
                return _HERO_JA.get(value) or _PATTERN_JA.get(value) or _REASON_JA.get(value) or value
            return value
        return str(value)
    return word


def describe_event(event: Event, lang: str = "en", names: Sequence[str] | None = None, players: int = 7) -> str:
    lang = lang_of(lang)
    template = EVENTS[lang].get(event.kind)
    if template is None:
        return event.kind.replace("_", " ")
    who = seat_names(names, players, lang)
    data = dict(event.data)
    for key in ("points", "scores"):  # one number per seat
        if key in data:
            data[key] = [f"{who[p]} {x:g}" for p, x in enumerate(data[key])]
    if "winners" in data:
        data["win"] = "win" if len(data["winners"]) > 1 else "wins"
    if "cards" in data and not data["cards"]:
        data["cards"] = ["なし" if lang == "ja" else "nothing"]
    return fill(template, data, lang, who, _word(lang))


WHY: dict[str, dict[str, str]] = {
    "en": {"suit": "the pattern is same suit: you must play a {suit} card",
           "hero": "the pattern is same hero: you must play a {hero}",
           "no_match": "the pattern is no match: {what} is already in this trick"},
    "ja": {"suit": "パターンは同じスート: {suit}のカードを出さなければならない",
           "hero": "パターンは同じヒーロー: {hero}を出さなければならない",
           "no_match": "パターンはどっちも一致しない: {what}はこのトリックに既に出ている"},
}


# hints and reviews: why the rules of thumb would make a choice (``heuristic.reason``'s keys), one sentence
REASONS: dict[str, dict[str, str]] = {
    "en": {
        "draft": "A draft pick: the rules of thumb see no strong reason either way.",
        "fullest_hand": "{seat} holds the most cards in hand.",
        "hurts_most": "{seat} holds the fewest of your worst suit, so the card costs them trouble.",
        "opening": "Opens with {suit}, the suit you hold most of: the start of a majority.",
        "same_hero": "Matches the lead's hero: few cards fit, so a Follower likely busts instead of you.",
        "same_suit": "Matches the lead's suit ({suit}): few cards fit, so a Follower likely busts instead of you.",
        "sheds_trouble": "Gets rid of a {suit} card that would cost you a trouble point.",
        "keeps_majority": "A {suit} card costs you nothing: you hold most of that suit.",
        "passes_trouble": "Passes on your worst trouble, a {suit} card.",
        "takes_owned": "Takes a {suit} card, a suit you hold the majority of.",
        "takes_least_bad": "Takes the {suit} card, the one that costs you least.",
        "other": "The rules of thumb have no strong reason here.",
    },
    "ja": {
        "draft": "ドラフトの選択: 経験則ではどちらにも強い理由はありません。",
        "fullest_hand": "{seat}の手札が一番多いからです。",
        "hurts_most": "{seat}はあなたの一番悪いスートを一番少なく持っているので、"
                      "そのカードは相手のトラブルになります。",
        "opening": "一番多く持っているスート{suit}で始めます。過半数への第一歩です。",
        "same_hero": "リードと同じヒーローを出します。合うカードは少なく、"
                     "フォロワーがバーストしやすくなります。",
        "same_suit": "リードと同じスート（{suit}）を出します。合うカードは少なく、"
                     "フォロワーがバーストしやすくなります。",
        "sheds_trouble": "トラブル1点になる{suit}のカードを手放します。",
        "keeps_majority": "{suit}はあなたが最多なので、このカードは失点になりません。",
        "passes_trouble": "一番のトラブル、{suit}のカードを渡します。",
        "takes_owned": "過半数を持つスート{suit}のカードを取ります。",
        "takes_least_bad": "一番損の少ない{suit}のカードを取ります。",
        "other": "経験則ではここに強い理由はありません。",
    },
}


def reason_text(game: Game[Any], key: str, values: dict[str, Any], lang: str = "en",
                names: Sequence[str] | None = None) -> str:
    """A reason of ``heuristic.reason`` in words (hints, reviews)."""
    lang = lang_of(lang)
    return fill(REASONS[lang][key], values, lang, seat_names(names, game.players, lang), _word(lang))


def why_not_text(reason: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None,
                 players: int = 7) -> str:
    lang = lang_of(lang)
    return fill(WHY[lang][reason["key"]], reason.get("args", {}), lang, seat_names(names, players, lang), _word(lang))


def reference(game: Game[TricksterOptions], lang: str = "en") -> dict[str, Any]:
    """Every hero's effect (this game's deck first when fixed) and the suits, from ``cards``."""
    ja = lang == "ja"
    fixed = fixed_heroes(game.options.deck)
    order = [*(fixed or ()), *(h for h in range(len(HEROES)) if not fixed or h not in fixed)]
    heroes = [{"key": HEROES[h].name, "name": HEROES[h].ja if ja else HEROES[h].name,
               "text": HEROES[h].effect_ja if ja else HEROES[h].effect, "tag": HEROES[h].tag,
               "in_game": fixed is None or h in fixed} for h in order]
    suits = [{"key": SUITS[s], "name": SUITS_JA[s] if ja else SUITS[s],
              "text": (f"同点のときの比較順{s + 1}番目" if ja else f"tie-break order: {s + 1}"), "tag": "P"}
             for s in range(8)]
    patterns = [
        {"key": "same suit", "name": "同じスート" if ja else "same suit",
         "text": "フォロワーはリーダーのスートを出す" if ja else "followers play the Leader's suit", "tag": "P"},
        {"key": "same hero", "name": "同じヒーロー" if ja else "same hero",
         "text": "フォロワーはリーダーのヒーローを出す" if ja else "followers play the Leader's hero", "tag": "P"},
        {"key": "no match", "name": "どっちも一致しない" if ja else "no match",
         "text": ("フォロワーは既に出たスートにもヒーローにも一致しないカードを出す" if ja
                  else "followers play a card whose suit and hero are both new to the trick"), "tag": "P"},
    ]
    return {"game": game.name, "lang": lang, "sections": [
        {"key": "heroes", "title": "ヒーロー" if ja else "Heroes", "items": heroes},
        {"key": "patterns", "title": "パターン" if ja else "Patterns", "items": patterns},
        {"key": "suits", "title": "スート" if ja else "Suits", "items": suits},
        glossary_section(TERMS, lang),
    ]}


STEPS_JA = {
    "keep a revealed card": "公開したカード1枚を手札に加える", "choose whom to rob": "奪う相手を選ぶ",
    "give a card back": "渡すカードを選ぶ", "move a tableau card into the Pot": "ポットに移す場札を選ぶ",
    "choose a hand card for the Trash": "ゴミ箱と入れ替える手札を選ぶ", "take a Trash card": "ゴミ箱のカードを取る",
    "pass a card to the left": "左隣に渡すカードを選ぶ", "choose who gets a tableau card": "場札を渡す相手を選ぶ",
    "move a tableau card to them": "その相手に移す場札を選ぶ",
    "choose whose tableau to swap with": "場札を入れ替える相手を選ぶ",
    "choose your tableau card": "自分の場札を選ぶ", "take their tableau card": "相手の場札を取る",
    "choose whose tableau gets a hand card": "手札を置く場札の持ち主を選ぶ",
    "move a hand card to their tableau": "その場札に置く手札を選ぶ",
    "choose a hand card for the deck": "山札と入れ替える手札を選ぶ", "take one of the top 3": "山札の上3枚から1枚取る",
    "put back the next card from the top": "山札の上に戻すカードを順に選ぶ",
    "take a tableau card into your hand": "手札に戻す場札を選ぶ",
    "put a hand card on the bottom of the deck": "山札の一番下に置く手札を選ぶ",
    "take a Trash card into your tableau": "場札に加えるゴミ箱のカードを選ぶ",
    "take a Trash card into your hand": "手札に加えるゴミ箱のカードを選ぶ",
    "choose whose hand to look at": "手札を見る相手を選ぶ",
}
PROMPTS: dict[str, dict[str, str]] = {
    "en": {"draft": "Draft: choose a hero for this game's deck",
           "opening": "Choose your secret opening card: it starts your tableau",
           "play": "Play a card", "effect": "{hero}: {step}", "over": "The game is over"},
    "ja": {"draft": "ドラフト: このゲームで使うヒーローを選ぶ", "opening": "最初の場札にするカードを秘密で選ぶ",
           "play": "カードを出す", "effect": "{hero}: {step}", "over": "ゲーム終了"},
}


def prompt(view: dict[str, Any], lang: str = "en") -> str:
    """What the current step asks: the phase, or the hero's effect step in words."""
    lang = lang_of(lang)
    phase = str(view.get("phase"))
    effect = view.get("table", {}).get("effect")
    if phase == "effect" and effect:
        step = str(effect.get("step", ""))
        hero = str(effect.get("hero", ""))
        if lang == "ja":
            step, hero = STEPS_JA.get(step, step), _HERO_JA.get(hero, hero)
        return PROMPTS[lang]["effect"].format(hero=hero, step=step)
    if phase == "play" and view.get("table", {}).get("pattern"):
        pattern = str(view["table"]["pattern"])
        lead = view["table"].get("lead") or ""
        if lang == "ja":
            shown = _PATTERN_JA.get(pattern, pattern)
            return f"カードを出す（パターン: {shown}、リーダーのカード: {card_name(lead, 'ja')}）"
        return f"Play a card (pattern: {pattern}; the Leader's card: {lead})"
    return PROMPTS[lang].get(phase, "")


# the lobby's words for every option: (name en, name ja, description en, description ja)
OPTIONS: dict[str, tuple[str, str, str, str]] = {
    "deck": ("Heroes", "ヒーロー", "the 7 heroes of the game", "ゲームで使う7種類のヒーロー"),
    "token": ("Trickster token", "トリックスタートークン", "with few players the Leader is also the Trickster",
              "少人数ではリーダーがトリックスターも兼ねる"),
    "rounds": ("Rounds", "ラウンド数", "rounds in a game", "1ゲームのラウンド数"),
    "first_leader": ("First Leader", "最初のリーダー", "empty: drawn at random", "空ならランダム"),
    "next_leader": ("Next round's Leader", "次のラウンドのリーダー", "the buster who leads the next round",
                    "次のラウンドをリードするバーストした人"),
    "draft_start": ("Draft starts with", "ドラフトの最初", "who takes the first hero in a draft",
                    "ドラフトで最初にヒーローを選ぶ人"),
    "no_match": ("No Match compares with", "どっちも一致しないの比較対象", "the cards a No Match card must differ from",
                 "どっちも一致しないで比べるカード"),
    "empty_hand": ("Empty hand", "手札がないとき", "a player who must play with an empty hand",
                   "手札がないのに出す番になった人"),
    "tiebreak_cards": ("Tie-break counts", "同点の比較に使う場札",
                       "the tableau cards the red, orange … tie-break counts", "赤、橙…の比較で数える場札"),
    "explorer_reveal": ("Explorer reveals to", "探検家の公開", "who sees the Explorer's two cards",
                        "探検家の2枚を見られる人"),
    "witness_target": ("Witness looks at", "目撃者が見る相手", "whom the Witness may look at",
                       "目撃者が手札を見られる相手"),
    "heroes": ("Hero effects", "ヒーローの効果", "the table of hero effects", "ヒーローの効果の表"),
    "hands": ("Fixed hands", "手札の指定", "round 1's hands (advanced)", "第1ラウンドの手札（上級）"),
    "trash": ("Fixed Trash", "ゴミ箱の指定", "round 1's 6 Trash cards (advanced)", "第1ラウンドのゴミ箱の6枚（上級）"),
    "deck_order": ("Fixed deck top", "山札の上の指定", "round 1's top deck cards (advanced)",
                   "第1ラウンドの山札の上のカード（上級）"),
}
VALUES: dict[str, dict[str, tuple[str, str]]] = {
    "deck": {"beginner": ("beginner deck", "初心者デッキ"), "strategist": ("strategist deck", "戦略家デッキ"),
             "random": ("7 at random", "ランダムに7種類"), "draft": ("draft", "ドラフト")},
    "token": {"up_to_three": ("with 2-3 players", "2～3人"), "two_only": ("with 2 players only", "2人のみ"),
              "off": ("never", "使わない")},
    "next_leader": {"last_buster": ("the last to bust", "最後にバーストした人"),
                    "first_buster": ("the first to bust", "最初にバーストした人")},
    "draft_start": {"first_leader": ("the first Leader", "最初のリーダー"),
                    "left_of_first_leader": ("left of the first Leader", "最初のリーダーの左")},
    "no_match": {"whole_pot": ("every card in the Pot", "ポットのすべてのカード"),
                 "lead_and_trickster": ("the Leader's and the Trickster's cards", "リーダーとトリックスターのカード")},
    "empty_hand": {"busts": ("busts", "バーストする"),
                   "follower_skipped": ("a Follower is skipped", "フォロワーは飛ばす")},
    "tiebreak_cards": {"final_tableau": ("the last round's tableau", "最後のラウンドの場札"),
                       "all_rounds": ("every round's tableau", "全ラウンドの場札")},
    "explorer_reveal": {"public": ("everyone", "全員"), "private": ("its player only", "出した人だけ")},
    "witness_target": {"nonempty_hand": ("an opponent holding cards", "手札のある相手"),
                       "any": ("any opponent", "誰でも")},
    "heroes": {"tricktable": ("as published, the rest ours", "公開分＋tricktable の解釈")},
}
