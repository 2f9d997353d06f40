"""Megalomania's guided first game: each rule in a sentence, shown the first time it matters to the player
(``tricktable learn``, the lobby's "Learn to play"). A lesson is chosen from the seat's observation and its
legal actions only, the way a teacher beside the player would see the table."""

from __future__ import annotations

from typing import Any

# The guided first game (tricktable/tutorial.py): a short deal on which the rules come up early (a mission,
# the preparation, powers, a scroll); the guide covers its first two rounds
TUTORIAL = {"players": 3, "seed": 11, "options": {"rounds": 8, "mission_order": [3, 14], "dealer": 2}, "rounds": 2}

COLOURS = {"B": ("Blue", "青"), "Y": ("Yellow", "黄"), "R": ("Red", "赤"), "K": ("Black", "黒")}

TEXT: dict[str, tuple[str, str]] = {
    "mission": ("Each round has a mission, and only the mission gives points. This round: {task}.",
                "ラウンドごとにミッションがあり、点数はミッションだけで決まります。このラウンド：{task}。"),
    "preparation": ("Preparation: split your tokens between power crystals (one wakes up a card's power) and cubes "
                    "(one moves a card's value by 1). \"ready 2/1\" is 2 crystals and 1 cube. Everyone chooses in "
                    "secret; the choices are shown together.",
                    "準備：トークンをパワークリスタル（カードのパワーを1回使う）とキューブ（カードの数字を1動かす）に"
                    "分けます。「2/1」はパワークリスタル2つとキューブ1つ。全員が秘密に選び、一斉に公開します。"),
    "scroll": ("You hold a scroll: a one-use bonus. Use it now if it helps; an unused scroll at the end is worth +2.",
               "スクロールを持っています。1回だけ使える効果です。役に立つなら今使い、最後まで使わなければ+2点です。"),
    "lead": ("You lead: play any card. Its colour becomes the lead colour, which everyone must follow if they can.",
             "あなたのリード：好きなカードを出します。その色がリードカラーになり、全員が出せるなら出さなければなりません。"),
    "follow": ("Follow the lead colour: you hold {lead}, so you must play {lead}. The dimmed cards say why.",
               "リードカラーのフォロー：{lead}を持っているので{lead}を出します。暗いカードをタップすると理由が出ます。"),
    "dominant": ("You have no {lead}: now you must play the dominant colour, {dominant}, the trump. The highest "
                 "dominant card wins the trick.",
                 "{lead}がないので、ドミナントカラー（切り札）の{dominant}を出します。ドミナントカラーの一番大きい"
                 "カードがトリックを取ります。"),
    "power": ("A choice marked * spends a power crystal to use the card's power (each card's power is on its "
              "tooltip and in Rules).",
              "「*」の付いた選択はパワークリスタルを1つ使ってカードのパワーを使います（パワーはカードのヒントとルールにあります）。"),
    "cube": ("A choice marked + or - spends a cube to change the card's value by 1 for this trick.",
             "「+」「-」の付いた選択はキューブを1つ使い、このトリックでのカードの数字を1変えます。"),
    "oracle": ("The Oracle's power: choose its new colour (never the dominant colour).",
               "オラクルのパワー：新しい色を選びます（ドミナントカラーは選べません）。"),
    "farmer": ("The Farmer's power: choose who leads the next trick, whoever wins this one.",
               "農夫のパワー：このトリックを誰が取っても、次のトリックのリードを選びます。"),
    "explorer": ("The Explorer's power: you took a card from the tricks already won; give one of yours in its place.",
                 "探検家のパワー：取ったトリックのカードを1枚得たので、代わりに自分の1枚を渡します。"),
    "program": ("This mission asks you to fix the order of your cards now; they are played in that order.",
                "このミッションでは今カードを出す順番を決め、その順に出します。"),
}


def _pair(letter: str | None, lang: str) -> str:
    names = COLOURS.get(letter or "", (letter or "", letter or ""))
    return names[1] if lang == "ja" else names[0]


def lessons(view: dict[str, Any], legal: list[str], lang: str = "en") -> list[dict[str, str]]:
    """The rules that matter at this decision, in the order to tell them: ``[{"key", "text"}]``."""
    table = view.get("table", {})
    phase = view.get("phase")
    keys: list[str] = []
    mission = table.get("mission") or {}
    if mission and phase == "preparation":
        keys.append("mission")
    if phase == "preparation":
        keys.append("preparation")
        if any(not a.startswith("ready") for a in legal):
            keys.append("scroll")
    if phase == "play":
        cards = {a.split()[1].rstrip("*+-") for a in legal if a.startswith("play ")}
        lead = table.get("lead_colour")
        if not view.get("trick"):
            keys.append("lead")
        elif lead and cards and all(c[0] == lead for c in cards):
            keys.append("follow")
        elif lead and cards and all(c[0] == table.get("dominant") for c in cards):
            keys.append("dominant")
        if any(a.endswith("*") or "*" in a for a in legal):
            keys.append("power")
        if any(a.endswith(("+", "-")) for a in legal):
            keys.append("cube")
    if phase in ("oracle", "farmer", "explorer", "program"):
        keys.append(str(phase))
    values = {"task": (mission.get("task_ja") if lang == "ja" else mission.get("task")) or "",
              "lead": _pair(table.get("lead_colour"), lang), "dominant": _pair(table.get("dominant"), lang)}
    return [{"key": k, "text": TEXT[k][1 if lang == "ja" else 0].format(**values)} for k in keys]
