"""Megalomania for people: card names, actions and events in English and Japanese, illegal-move reasons.

Action grammar (canonical text, parsed back by ``game.parse_action``):

==========================  =====================================================================
``play B15``                play a card; ``*`` power (crystal), ``+``/``-`` cube, e.g. ``play B15*+``
``colour Y``                the Oracle's new colour (never the dominant one)
``lead 2``                  the Farmer names seat 2 to lead the next trick
``give B4``                 the Explorer gives this hand card for the discovered one
``decline``                 the Explorer gives the discovered card back (option explorer_may_decline)
``use extra-crystal``       use a scroll (preparation; ``free-power``/``immunity`` during play)
``redeal B15``              Redeal: swap B15 for a random out-of-play card
``redeal scroll``           Redeal when nothing is out of play: draw a new scroll
``ready 2/1``               end your preparation with 2 crystals and 1 cube
``program B15``             mission 15: the next card of your fixed order
``pile B15``                mission 24: put B15 in your first pile
``pick 1`` / ``pick 2``     mission 24: the pile your neighbour plays with
``pass B15``                mission 25: pass B15 to your neighbour
==========================  =====================================================================
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tricktable.engine import Action, Event
from tricktable.engine.glossary import section as glossary_section
from tricktable.engine.glossary import word
from tricktable.engine.words import fill, lang_of, listing, plural, seat_names, signed
from tricktable.games.megalomania import cards as C
from tricktable.games.megalomania.actions import ActionTables, Kind, Move
from tricktable.games.megalomania.glossary import TERMS
from tricktable.games.megalomania.phases import PHASE_WORDS, Phase
from tricktable.games.megalomania.rules import MegalomaniaRules

GLOSSARY: dict[str, dict[str, str]] = {
    # the game's words for the log, the web and the terminal: its terms from the glossary (glossary.py), and
    # a few plain words beside them
    lang: {"title": "メガロマニア" if lang == "ja" else "Megalomania", **{t.key: t.word(lang) for t in TERMS},
           "lead": word(TERMS, "lead_colour", lang), **plain}
    for lang, plain in (("en", {"trick": "trick", "dealer": "dealer", "round": "round"}),
                        ("ja", {"trick": "トリック", "dealer": "ディーラー", "round": "ラウンド"}))
}


def colour_name(colour: int, lang: str = "en") -> str:
    return C.COLOUR_NAMES_JA[colour] if lang == "ja" else C.COLOUR_NAMES[colour]


def card_words(card: int, lang: str = "en") -> str:
    """``B15`` -> "Blue Emperor (15)" / "青の皇帝(15)"."""
    colour = card >> 3
    power = C.POWERS[card & 7]
    if lang == "ja":
        return f"{C.COLOUR_NAMES_JA[colour]}の{power.name_ja}({power.value})"
    return f"{C.COLOUR_NAMES[colour]} {power.name} ({power.value})"


def _named(text: str, lang: str) -> str:
    try:
        return card_words(C.parse_card(text), lang)
    except ValueError:
        return text


def scroll_title(name: str, lang: str = "en") -> str:
    """A scroll's title from its id (``free-power`` -> "Free Power" / "無料パワー")."""
    index = C.SCROLL_BY_NAME.get(name)
    if index is None:
        return name
    scroll = C.SCROLLS[index]
    return scroll.title_ja if lang == "ja" else scroll.title


def mission_text(game: ActionTables, number: int, lang: str = "en") -> str:
    """"mission 3 (+1 per Blue card)" with the points option ``mission_points`` sets."""
    m = C.mission(number)
    task = m.describe(game.options.mission_points[number - 1], lang)
    return f"ミッション{number}「{task}」" if lang == "ja" else f"mission {number} ({task})"


ACTIONS: dict[str, dict[Kind, str]] = {
    # each action kind in words (``describe_action`` fills in the card, seat, colour, scroll, tokens)
    "en": {
        Kind.PLAY: "play {card}{extra}",
        Kind.COLOUR: "the Oracle becomes {colour}",
        Kind.LEAD: "{who} leads the next trick",
        Kind.GIVE: "give {card} in exchange",
        Kind.DECLINE: "give the discovered card back",
        Kind.READY: "ready: {crystals}, {cubes}",
        Kind.USE: "use the scroll {scroll} ({effect})",
        Kind.REDEAL_CARD: "Redeal: swap {card} for a random out-of-play card",
        Kind.REDEAL_SCROLL: "Redeal: draw a new scroll",
        Kind.PROGRAM: "program {card} next",
        Kind.PILE: "put {card} in your first pile",
        Kind.PICK: "pick pile {pile} for your neighbour",
        Kind.PASS: "pass {card}",
    },
    "ja": {
        Kind.PLAY: "{card}を出す{extra}",
        Kind.COLOUR: "オラクルを{colour}に変える",
        Kind.LEAD: "次のトリックは{who}がリード",
        Kind.GIVE: "{card}を渡す",
        Kind.DECLINE: "発見したカードを戻す",
        Kind.READY: "準備完了: パワークリスタル{crystals}・キューブ{cubes}",
        Kind.USE: "スクロール「{scroll}」を使う（{effect}）",
        Kind.REDEAL_CARD: "配り直し: {card}を場外のカードと交換",
        Kind.REDEAL_SCROLL: "配り直し: スクロールを引く",
        Kind.PROGRAM: "次に{card}を出すと決める",
        Kind.PILE: "{card}を1つ目の山へ",
        Kind.PICK: "山{pile}を選ぶ",
        Kind.PASS: "{card}を渡す",
    },
}
# a play's power and cube, and how they join: (power, cube, separator, around)
PLAY_EXTRAS: dict[str, tuple[str, str, str, str]] = {
    "en": ("using the {power}'s power", "cube {sign}", " and ", ", {parts}"),
    "ja": ("{power}のパワー", "キューブ{sign}", "・", "({parts})"),
}


def describe_action(game: ActionTables, action: Action, lang: str = "en", names: Sequence[str] | None = None) -> str:
    if not isinstance(action, Move):
        return str(action)
    ja = lang == "ja"
    lang = "ja" if ja else "en"
    kind = action.kind
    args: dict[str, Any] = {"card": card_words(action.card, lang) if action.card >= 0 else "", "extra": ""}
    if kind == Kind.PLAY:
        power, cube, separator, around = PLAY_EXTRAS[lang]
        extra = []
        if action.power:
            rank = C.POWERS[action.card & 7]
            extra.append(power.format(power=rank.name_ja if ja else rank.name))
        if action.delta:
            extra.append(cube.format(sign="+1" if action.delta > 0 else "-1"))
        if extra:
            args["extra"] = around.format(parts=separator.join(extra))
    elif kind == Kind.COLOUR:
        args["colour"] = colour_name(action.arg, lang)
    elif kind == Kind.LEAD:
        args["who"] = seat_names(names, game.players, lang)[action.arg]
    elif kind == Kind.READY:
        k, u = action.arg, game.options.resources - action.arg
        args["crystals"], args["cubes"] = (k, u) if ja else (plural(k, "crystal"), plural(u, "cube"))
    elif kind == Kind.USE:
        scroll = C.SCROLLS[action.arg]
        args["scroll"], args["effect"] = (scroll.title_ja, scroll.effect_ja) if ja else (scroll.title, scroll.effect)
    elif kind == Kind.PICK:
        args["pile"] = action.arg + 1
    return ACTIONS[lang][kind].format(**args)


EVENTS: dict[str, dict[str, str]] = {
    "en": {
        "trick_won": "{winner} wins the trick",
        "oracle": "{seat}'s Oracle becomes {colour}",
        "farmer": "{seat}'s Farmer names {leader} to lead the next trick",
        "explorer": "{seat}'s Explorer discovers {found}",
        "explorer_gives": "{seat} gives {card} back to {to}'s won cards",
        "scroll_drawn": "{seat} draws the scroll {scroll}",
        "scroll_used": "{seat} uses the scroll {scroll}",
        "ready": "{seat} is ready with {crystals} crystals and {cubes} cubes",  # singulars: describe_event
        "redeal": "{seat} redeals {gave} and gets {got}",
        "insight": "{seat} sees the next mission: {mission}",
        "programmed": "{seat} programs the order {order}",
        "split": "{seat} splits the hand into pile 1 ({pile1}) and pile 2 ({pile2})",
        "picked": "{seat} picks pile {pile} of {owner}",
        "passed": "{seat} passes {cards} to {to}",
        "play_begins": "play begins: {leader} leads",
        "hands_swapped": "every hand goes to the partner opposite",
    },
    "ja": {
        "trick_won": "{winner}がトリックを取った",
        "oracle": "{seat}のオラクルが{colour}になった",
        "farmer": "{seat}の農夫: 次のトリックは{leader}がリード",
        "explorer": "{seat}の探検家が{found}を発見",
        "explorer_gives": "{seat}が{card}を{to}の獲得カードに戻した",
        "scroll_drawn": "{seat}がスクロール「{scroll}」を引いた",
        "scroll_used": "{seat}がスクロール「{scroll}」を使った",
        "ready": "{seat}の準備完了（パワークリスタル{crystals}・キューブ{cubes}）",
        "redeal": "{seat}が{gave}を配り直して{got}を得た",
        "insight": "{seat}が次のミッションを見た: {mission}",
        "programmed": "{seat}が出す順番を決めた: {order}",
        "split": "{seat}が手札を山1（{pile1}）と山2（{pile2}）に分けた",
        "picked": "{seat}が{owner}の山{pile}を選んだ",
        "passed": "{seat}が{cards}を{to}に渡した",
        "play_begins": "プレイ開始: {leader}がリード",
        "hands_swapped": "手札を対面のパートナーと交換",
    },
}


def _word(game: ActionTables, lang: str) -> Callable[[str, Any], str]:
    def word(key: str, value: Any) -> str:
        if key == "scroll":
            return scroll_title(str(value), lang)
        if key in ("colour", "lead_colour") and isinstance(value, str) and value in C.COLOURS:
            return colour_name(C.COLOURS.index(value), lang)
        if key == "mission" and isinstance(value, int):
            return mission_text(game, value, lang)
        if isinstance(value, str):
            return _named(value, lang)
        return str(value)
    return word


def describe_event(game: ActionTables, event: Event, lang: str = "en", names: Sequence[str] | None = None) -> str:
    d = event.data
    lang = lang_of(lang)
    ja = lang == "ja"
    kind = event.kind
    who = seat_names(names, game.players, lang)
    if kind == "round":
        colour = colour_name(C.COLOURS.index(d["dominant"]), lang)
        mission = mission_text(game, d["mission"], lang)
        if ja:
            return f"ラウンド{d['round']}: {mission}、ドミナントカラーは{colour}、ディーラーは{who[d['dealer']]}"
        return f"round {d['round']}: {mission}, {colour} is the dominant colour, {who[d['dealer']]} deals"
    if kind == "card_played":
        text = _named(d["card"], lang)
        extra = []
        if d["power"]:
            extra.append("パワー使用" if ja else "with its power")
        if d["cube"]:
            sign = "+1" if d["cube"] > 0 else "-1"
            extra.append(f"キューブ{sign}" if ja else f"a cube {sign}")
        if ja:
            return f"{who[d['seat']]}が{text}を出した" + (f"（{'・'.join(extra)}）" if extra else "")
        return f"{who[d['seat']]} plays {text}" + (f", {' and '.join(extra)}" if extra else "")
    if kind == "mission_scored":
        mission = mission_text(game, d["mission"], lang)
        points = listing([f"{who[p]} {signed(x)}" for p, x in enumerate(d["points"])], lang)
        return f"{mission}の得点: {points}" if ja else f"{mission} scores: {points}"
    if kind == "revealed":
        parts = []
        for p in range(game.players):
            used = listing([scroll_title(s, lang) for s in d["scrolls"][p]], lang) if d["scrolls"][p] else ""
            if ja:
                parts.append(f"{who[p]} パワークリスタル{d['crystals'][p]}・キューブ{d['cubes'][p]}"
                             + (f"（スクロール: {used}）" if used else ""))
            else:
                parts.append(f"{who[p]} {plural(d['crystals'][p], 'crystal')} and {plural(d['cubes'][p], 'cube')}"
                             + (f" (scrolls used: {used})" if used else ""))
        return ("準備の公開: " if ja else "preparations revealed: ") + "; ".join(parts)
    if kind == "ready" and not ja:
        return f"{who[d['seat']]} is ready with {plural(d['crystals'], 'crystal')} and {plural(d['cubes'], 'cube')}"
    if kind == "game_over":
        scores = listing([f"{who[p]} {x:g}" for p, x in enumerate(d["scores"])], lang)
        winners = listing([who[w] for w in d["winners"]], lang)
        if ja:
            return f"ゲーム終了: 勝者は{winners}（合計: {scores}）"
        return f"game over: {winners} {'win' if len(d['winners']) > 1 else 'wins'} (totals: {scores})"
    template = EVENTS[lang].get(kind)
    if template is not None:
        return fill(template, d, lang, who, _word(game, lang))
    return GLOSSARY[lang].get(kind, kind.replace("_", " "))


def why_illegal(state: MegalomaniaRules, action: Action, player: int) -> str:
    """A reason a person can act on (STYLE: errors speak to the person)."""
    if not isinstance(action, Move):
        return "that is not a Megalomania action"
    if state.phase != Phase.TRICK or action.kind != Kind.PLAY:
        return f"that is not a choice now (phase: {PHASE_WORDS[state.phase]})"
    c = action.card
    avail = state.hands[player] | state.tops[player]
    if not avail >> c & 1:
        return f"{C.CARD_TEXT[c]} is not in your hand"
    normal, _ = state.playable(player)
    r = c & 7
    if action.power and state.emperor and not state.immune >> player & 1:
        return "an Emperor cancelled powers and cubes for the rest of this trick"
    if action.delta and state.emperor and not state.immune >> player & 1:
        return "an Emperor cancelled powers and cubes for the rest of this trick"
    if action.power and C.ONCE_PER_TRICK >> r & 1 and state.used >> r & 1:
        return f"the {C.POWERS[r].name}'s power was already used this trick"
    if action.power and state.crystals[player] <= 0 and not state.free >> player & 1:
        return "you have no crystal left"
    if action.delta and state.cubes[player] <= 0:
        return "you have no cube left"
    if not normal >> c & 1:
        if state.trick and state.lead >= 0:
            return f"must follow {C.COLOUR_NAMES[state.lead]} (or play the dominant colour, or as forced)"
        return "that card cannot be played now"
    if action.power and r == C.EXPLORER:
        return "the Explorer cannot be used in the round's first trick (or with no card to give)"
    if action.power and r == C.FARMER:
        return "the Farmer does nothing in the last trick"
    return "that is not legal now"


WHY: dict[str, dict[str, str]] = {
    "en": {
        "follow": "must follow {colour}",
        "dominant": "no {lead_colour} in hand: must play the dominant colour, {colour}",
        "wizard": "the Wizard forces your lowest card: {cards}",
        "programmed": "your programmed order plays {cards} next",
        "emperor": "the Emperor has cancelled powers this trick",
        "assassin": "the Assassin needs a crystal to be played off-colour",
        "not_now": "only {cards} can be played now",
    },
    "ja": {
        "follow": "リードカラーの{colour}を出さなければならない",
        "dominant": "{lead_colour}がないので、ドミナントカラーの{colour}を出さなければならない",
        "wizard": "魔法使いの効果で一番小さいカードを出さなければならない: {cards}",
        "programmed": "決めた順番では次は{cards}",
        "emperor": "皇帝がこのトリックのパワーを無効にした",
        "assassin": "暗殺者を色に関係なく出すにはパワークリスタルが必要",
        "not_now": "今出せるのは{cards}だけ",
    },
}


# hints and reviews: why the rules of thumb would make a choice (``heuristic.reason``'s keys), one sentence
REASONS: dict[str, dict[str, str]] = {
    "en": {
        "takes": "Takes the trick as it stands, and the mission wants tricks.",
        "takes_dominant": "Takes the trick with the dominant colour, and the mission wants tricks.",
        "takes_unwanted": "Takes the trick as it stands, though the mission wants no more tricks.",
        "emperor": "The Emperor's power keeps the trick, which the mission wants.",
        "dwarf": "The Dwarf's power makes the lowest card win, and that is yours.",
        "cube_takes": "The cube changes who wins: with it the trick is yours.",
        "cube_loses": "The cube changes who wins: with it you stay out of the trick.",
        "sheds_high": "Stays out of the trick and sheds a high card the mission does not need.",
        "keeps_strong": "Does not take this trick and keeps the stronger cards for later.",
        "colour_take": "Names the lead colour: the mission wants this trick.",
        "colour_avoid": "Names another colour: the mission wants no more tricks.",
        "colour_against": "Names the colour against what the mission wants.",
        "lead_self": "You lead next: the mission wants tricks.",
        "lead_other": "{seat} leads next: the mission wants no more tricks from you.",
        "give": "Gives back the card least useful for the mission.",
        "ready": "Keeps the scrolls (+2 each if unused at the end) and takes crystals and cubes.",
        "program": "Puts the strongest cards first in the order.",
        "pass": "Passes away a strong card.",
        "pile": "Offers the weaker pile.",
        "other": "The rules of thumb have no strong reason here.",
    },
    "ja": {
        "takes": "今の状態でトリックを取ります。ミッションはトリックを求めています。",
        "takes_dominant": "ドミナントカラーでトリックを取ります。ミッションはトリックを求めています。",
        "takes_unwanted": "トリックを取りますが、ミッションはこれ以上のトリックを求めていません。",
        "emperor": "皇帝のパワーで、ミッションが求めるトリックを守ります。",
        "dwarf": "ドワーフのパワーで一番小さいカードが勝ち、それはあなたのカードです。",
        "cube_takes": "キューブで勝者が変わり、トリックはあなたのものになります。",
        "cube_loses": "キューブで勝者が変わり、トリックを取らずに済みます。",
        "sheds_high": "トリックを取らず、ミッションに不要な大きいカードを捨てます。",
        "keeps_strong": "このトリックは取らず、強いカードを後に残します。",
        "colour_take": "リードカラーを宣言します。ミッションはこのトリックを求めています。",
        "colour_avoid": "別の色を宣言します。ミッションはこれ以上のトリックを求めていません。",
        "colour_against": "ミッションの求めに反する色を宣言します。",
        "lead_self": "次はあなたがリードします。ミッションはトリックを求めています。",
        "lead_other": "次は{seat}がリードします。ミッションはあなたにこれ以上のトリックを求めていません。",
        "give": "ミッションに一番役立たないカードを返します。",
        "ready": "スクロールを残し（最後まで使わなければ各+2）、パワークリスタルとキューブを取ります。",
        "program": "強いカードを順番の先に置きます。",
        "pass": "強いカードを渡します。",
        "pile": "弱い方の山を差し出します。",
        "other": "経験則ではここに強い理由はありません。",
    },
}


def reason_text(game: ActionTables, key: str, values: dict[str, Any], lang: str = "en",
                names: Sequence[str] | None = None) -> str:
    """A reason of ``heuristic.reason`` in words (hints, reviews)."""
    lang = lang_of(lang)
    return fill(REASONS[lang][key], values, lang, seat_names(names, game.players, lang), _word(game, lang))


def why_not_text(game: ActionTables, reason: dict[str, Any], lang: str = "en",
                 names: Sequence[str] | None = None) -> str:
    lang = lang_of(lang)
    template = WHY[lang][reason["key"]]
    return fill(template, reason.get("args", {}), lang, seat_names(names, game.players, lang), _word(game, lang))


def reference(game: ActionTables, lang: str = "en") -> dict[str, Any]:
    """Every card power, scroll and mission (with the points in force) for tooltips, from ``cards``."""
    ja = lang == "ja"
    powers = [{"key": str(p.value), "name": f"{p.name_ja}({p.value})" if ja else f"{p.name} ({p.value})",
               "text": (p.effect_ja if ja else p.effect) + (("（1トリックに1回）" if ja else " (once per trick)")
                                                          if p.once_per_trick else ""), "tag": p.tag}
              for p in reversed(C.POWERS)]
    scrolls = [{"key": s.name, "name": s.title_ja if ja else s.title, "text": s.effect_ja if ja else s.effect,
                "tag": s.tag} for s in C.SCROLLS]
    missions = [{"key": str(m.number), "name": f"ミッション{m.number}" if ja else f"Mission {m.number}",
                 "text": m.describe(game.options.mission_points[m.number - 1], lang)
                 + (f"（手札{m.hand}枚）" if ja else f" ({m.hand} cards each)"), "tag": m.points_tag}
                for m in C.MISSIONS]
    return {"game": game.name, "lang": lang, "sections": [
        {"key": "powers", "title": "カードのパワー" if ja else "Card powers", "items": powers},
        {"key": "scrolls", "title": "スクロール" if ja else "Scrolls", "items": scrolls},
        {"key": "missions", "title": "ミッション" if ja else "Missions", "items": missions},
        glossary_section(TERMS, lang),
    ]}


PROMPTS: dict[str, dict[str, str]] = {
    "en": {
        "preparation": "Preparation: use any scrolls, then split your tokens between crystals and cubes",
        "program": "Mission 15: choose the next card of your fixed playing order",
        "split": "Mission 24: choose the cards of your first pile",
        "pick": "Mission 24: pick the pile your neighbour plays with (unseen)",
        "pass": "Mission 25: choose a card to pass to your neighbour",
        "play": "Play a card: the lead colour if you can, else the dominant colour, else any card",
        "oracle": "Your Oracle: choose its new colour (not the dominant one)",
        "farmer": "Your Farmer: choose who leads the next trick",
        "explorer": "Your Explorer: give a hand card in exchange for the discovered one",
        "over": "The game is over",
    },
    "ja": {
        "preparation": "準備: スクロールを使い、トークンをパワークリスタルとキューブに分ける",
        "program": "ミッション15: 出す順番の次のカードを決める",
        "split": "ミッション24: 1つ目の山に入れるカードを選ぶ",
        "pick": "ミッション24: 隣のプレイヤーが使う山を選ぶ（中身は見えない）",
        "pass": "ミッション25: 隣に渡すカードを選ぶ",
        "play": "カードを出す: リードカラー、なければドミナントカラー、どちらもなければ好きなカード",
        "oracle": "オラクル: 新しい色を選ぶ（ドミナントカラー以外）",
        "farmer": "農夫: 次のトリックのリードプレイヤーを選ぶ",
        "explorer": "探検家: 発見したカードと交換する手札を渡す",
        "over": "ゲーム終了",
    },
}


def prompt(view: dict[str, Any], lang: str = "en") -> str:
    """What the current step asks of the seat whose ``view`` this is."""
    return PROMPTS[lang_of(lang)].get(str(view.get("phase")), "")


# the lobby's words for every option: (name en, name ja, description en, description ja)
OPTIONS: dict[str, tuple[str, str, str, str]] = {
    "rounds": ("Rounds", "ラウンド数", "12 rounds, or 8 in the short game", "12ラウンド、ショートは8ラウンド"),
    "pairs": ("Pairs", "ペア戦", "4 players as two pairs, partners opposite", "4人で2ペア、対面がパートナー"),
    "dominant_order": ("Dominant colour order", "ドミナントカラーの順番",
                       "how the dominant colour changes from round to round",
                       "ラウンドごとのドミナントカラーの変わり方"),
    "free_powers": ("Free Oracle and Assassin", "オラクルと暗殺者は無料",
                    "the Oracle's and the Assassin's powers need no crystal",
                    "オラクルと暗殺者のパワーにパワークリスタルが不要"),
    "resources": ("Tokens per round", "1ラウンドのトークン", "tokens to split between crystals and cubes",
                  "パワークリスタルとキューブに分けるトークンの数"),
    "scrolls": ("Scroll deck", "スクロールの山札", "the scrolls in the deck (empty: no scrolls)",
                "山札のスクロール（空ならスクロールなし）"),
    "shuffle_scrolls": ("Shuffle the scrolls", "スクロールをシャッフル", "off: dealt in the listed order",
                        "オフなら並べた順に配る"),
    "reshuffle_scrolls": ("Reshuffle used scrolls", "使ったスクロールを再利用",
                          "when the scroll deck runs out, used scrolls make a new deck",
                          "山札がなくなったら使ったスクロールをシャッフルして新しい山札にする"),
    "missions": ("Mission deck", "ミッションの山札", "the missions in play (empty: all that fit the players)",
                 "使うミッション（空なら人数に合うすべて）"),
    "mission_points": ("Mission points", "ミッションの点数", "the points of missions 1-25",
                       "ミッション1～25の点数"),
    "explorer_may_decline": ("Explorer may decline", "探検家は交換しなくてもよい",
                             "the Explorer may give the discovered card back", "探検家は発見したカードを戻してもよい"),
    "programmed_follow": ("Programmed cards follow", "順番を決めたカードもフォロー",
                          "mission 15: the follow rule applies to the programmed order",
                          "ミッション15: 決めた順番にもフォローのルールを適用"),
    "rotate_after": ("Mission 22: pass hands after", "ミッション22: 手札を回すタイミング",
                     "after each trick, or after each card (3 players)", "トリックごと、またはカードごと（3人）"),
    "pass_to": ("Mission 25: pass to", "ミッション25: 渡す相手", "the neighbour who receives your 3 cards",
                "3枚を受け取る隣のプレイヤー"),
    "split_picker": ("Mission 24: who picks", "ミッション24: 選ぶ人", "the neighbour who picks one of your piles",
                     "山を選ぶ隣のプレイヤー"),
    "deal": ("Fixed deal", "配りの指定", "set up the deal of each round exactly (advanced)",
             "各ラウンドの配りを指定する（上級）"),
    "mission_order": ("First missions", "最初のミッション", "the missions of the first rounds, in order (advanced)",
                      "最初のラウンドのミッションを順に指定（上級）"),
    "dominant": ("First dominant colours", "最初のドミナントカラー", "B/Y/R/K letters for the first rounds (advanced)",
                 "最初のラウンドのドミナントカラー（B/Y/R/K、上級）"),
    "dealer": ("First dealer", "最初のディーラー", "-1: drawn at random", "-1ならランダム"),
}
VALUES: dict[str, dict[str, tuple[str, str]]] = {
    "dominant_order": {"cycle": ("in turn: Blue, Yellow, Red, Black", "順番: 青、黄、赤、黒"),
                       "random": ("random, never the same twice", "ランダム（前と同じ色にはならない）")},
    "rotate_after": {"trick": ("after each trick", "トリックごと"), "card": ("after each card", "カードごと")},
    "pass_to": {"left": ("left", "左隣"), "right": ("right", "右隣")},
    "split_picker": {"left": ("left", "左隣"), "right": ("right", "右隣")},
}
