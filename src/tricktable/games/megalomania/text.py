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

from typing import TYPE_CHECKING

from tricktable.engine import Action, Event
from tricktable.games.megalomania import actions as A
from tricktable.games.megalomania import cards as C

if TYPE_CHECKING:
    from tricktable.games.megalomania.game import Megalomania
    from tricktable.games.megalomania.rules import MegalomaniaState


def card_name(card: int, lang: str = "en") -> str:
    """``B15`` -> "Blue Emperor (15)" / "青の皇帝(15)"."""
    colour = card >> 3
    power = C.POWERS[card & 7]
    if lang == "ja":
        return f"{C.COLOUR_NAMES_JA[colour]}の{power.name_ja}({power.value})"
    return f"{C.COLOUR_NAMES[colour]} {power.name} ({power.value})"


def _named(text: str, lang: str) -> str:
    try:
        return card_name(C.card_from_text(text), lang)
    except ValueError:
        return text


def describe_action(game: Megalomania, action: Action, lang: str = "en") -> str:
    if not isinstance(action, A.Move):
        return str(action)
    ja = lang == "ja"
    kind = action.kind
    card = card_name(action.card, lang) if action.card >= 0 else ""
    if kind == A.PLAY:
        extra = []
        if action.power:
            extra.append("パワー" if ja else f"using the {C.POWERS[action.card & 7].name}'s power")
        if action.delta:
            sign = "+1" if action.delta > 0 else "-1"
            extra.append(f"キューブ{sign}" if ja else f"cube {sign}")
        if ja:
            return f"{card}を出す" + (f"({', '.join(extra)})" if extra else "")
        return f"play {card}" + (f", {' and '.join(extra)}" if extra else "")
    if kind == A.COLOUR:
        return (f"オラクルを{C.COLOUR_NAMES_JA[action.arg]}に変える" if ja
                else f"the Oracle becomes {C.COLOUR_NAMES[action.arg]}")
    if kind == A.LEAD:
        return f"次のリードは席{action.arg}" if ja else f"seat {action.arg} leads the next trick"
    if kind == A.GIVE:
        return f"{card}を渡す" if ja else f"give {card} in exchange"
    if kind == A.DECLINE:
        return "発見したカードを戻す" if ja else "give the discovered card back"
    if kind == A.READY:
        k, u = action.arg, game.options.resources - action.arg
        return f"準備完了: クリスタル{k}・キューブ{u}" if ja else f"ready: {k} crystals, {u} cubes"
    if kind == A.USE:
        scroll = C.SCROLLS[action.arg]
        return f"スクロール「{scroll.title_ja}」を使う" if ja else f"use {scroll.title} ({scroll.effect})"
    if kind == A.REDEAL_CARD:
        return f"配り直し: {card}を交換" if ja else f"Redeal: swap {card} for a random out-of-play card"
    if kind == A.REDEAL_SCROLL:
        return "配り直し: スクロールを引く" if ja else "Redeal: draw a new scroll"
    if kind == A.PROGRAM:
        return f"次に{card}を出すと決める" if ja else f"program {card} next"
    if kind == A.PILE:
        return f"{card}を1つ目の山へ" if ja else f"put {card} in your first pile"
    if kind == A.PICK:
        return f"山{action.arg + 1}を選ぶ" if ja else f"pick pile {action.arg + 1} for your neighbour"
    if kind == A.PASS:
        return f"{card}を渡す" if ja else f"pass {card}"
    return str(action)


def describe_event(game: Megalomania, event: Event, lang: str = "en") -> str:
    d = event.data
    ja = lang == "ja"
    kind = event.kind
    seat = d.get("seat")
    who = f"席{seat}" if ja else f"seat {seat}"
    if kind == "round":
        m = C.mission(d["mission"])
        colour = C.COLOURS.index(d["dominant"])
        if ja:
            return (f"ラウンド{d['round']}: ミッション{m.number}「{m.task_ja}」, "
                    f"ドミナント{C.COLOUR_NAMES_JA[colour]}, ディーラー席{d['dealer']}")
        return (f"round {d['round']}: mission {m.number} ({m.task}), {C.COLOUR_NAMES[colour]} dominant, "
                f"seat {d['dealer']} deals")
    if kind == "play":
        text = _named(d["card"], lang)
        extra = (" *" if d["power"] else "") + ({1: " +1", -1: " -1"}.get(d["cube"], ""))
        return f"{who}: {text}{extra}" if ja else f"{who} plays {text}{extra}"
    if kind == "trick":
        return f"席{d['winner']}がトリックを取った" if ja else f"seat {d['winner']} wins the trick"
    if kind == "mission scored":
        return ("ミッション得点: " if ja else "mission points: ") + ", ".join(str(p) for p in d["points"])
    if kind == "oracle":
        return f"{who}: オラクルは{d['colour']}" if ja else f"{who}'s Oracle becomes {d['colour']}"
    if kind == "farmer":
        return f"{who}: 次のリードは席{d['leader']}" if ja else f"{who}'s Farmer names seat {d['leader']} to lead"
    if kind == "explorer":
        return f"{who}: 探検家が{d['found']}を発見" if ja else f"{who}'s Explorer discovers {d['found']}"
    if kind == "explorer gives":
        return f"{who}: {d['card']}を渡した" if ja else f"{who} gives {d['card']} back"
    if kind == "revealed":
        used = "; ".join(f"{p}: {', '.join(u)}" for p, u in enumerate(d["scrolls"]) if u)
        if ja:
            extra = f" スクロール {used}" if used else ""
            return f"準備の公開: クリスタル{d['crystals']} キューブ{d['cubes']}{extra}"
        return f"preparations revealed: crystals {d['crystals']}, cubes {d['cubes']}" + (
            f"; scrolls used by seat {used}" if used else "")
    simple = {
        "scroll drawn": ("{who}がスクロール「{scroll}」を引いた", "{who} draws the scroll {scroll}"),
        "scroll used": ("{who}がスクロール「{scroll}」を使った", "{who} uses the scroll {scroll}"),
        "ready": ("{who}: 準備完了 (クリスタル{crystals}, キューブ{cubes})",
                  "{who} is ready with {crystals} crystals and {cubes} cubes"),
        "redeal": ("{who}: {gave}を出して{got}を得た", "{who} redeals {gave} and gets {got}"),
        "insight": ("{who}: 次のミッションは{mission}", "{who} sees the next mission: {mission}"),
        "programmed": ("{who}: 順番 {order}", "{who} programs {order}"),
        "split": ("{who}: 山1 {pile1} / 山2 {pile2}", "{who} splits into {pile1} and {pile2}"),
        "picked": ("席{seat}が席{owner}の山{pile}を選んだ", "seat {seat} picks pile {pile} for seat {owner}"),
        "passed": ("{who}が席{to}に{cards}を渡した", "{who} passes {cards} to seat {to}"),
        "play begins": ("席{leader}からプレイ開始", "play begins: seat {leader} leads"),
        "hands swapped": ("対面と手札を交換", "every hand goes to the player opposite"),
    }
    if kind in simple:
        values = {k: (" ".join(map(str, v)) if isinstance(v, list) else v) for k, v in d.items()}
        return simple[kind][0 if ja else 1].format(who=who, **values)
    if kind == "game over":
        return "ゲーム終了" if ja else f"game over: winners {d['winners']}"
    if seat is not None:
        return f"{who}: {kind}"
    return kind


def why_illegal(state: MegalomaniaState, action: Action, player: int) -> str:
    """A reason a person can act on (STYLE: errors speak to the person)."""
    from tricktable.games.megalomania.rules import PHASE_NAMES, PLAY

    if not isinstance(action, A.Move):
        return "that is not a Megalomania action"
    if state.phase != PLAY or action.kind != A.PLAY:
        return f"that is not a choice now (phase: {PHASE_NAMES[state.phase]})"
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
