"""Each game's quick reference for players (``GET /api/games/{name}/reference?lang=``): every card power,
scroll, mission, hero and special card, read from the games' own data tables, in English or Japanese.

The web client shows these as tooltips and in the table's rules panel. Nothing here is a rule: the text
is the data tables' text (Japanese beside it where a table has none of its own).
"""

from __future__ import annotations

from typing import Any

from tricktable.engine import TricktableError, game_class, load_game
from tricktable.server.errors import ServiceError

Item = dict[str, str]

# Japanese for the data tables that carry English only (Megalomania's powers and scrolls, Masquerade's
# special cards); the glossary terms follow the published Japanese rules (rules/*.md, seeds/).
_POWER_JA = {
    "Farmer": "次のトリックのリーダーを選ぶ（自分も可）。勝者は変わらない。最後のトリックでは効果なし",
    "Assassin": "どの色としても出せる：フォローの義務があっても出してよい",
    "Explorer": "このラウンドの終わったトリックから無作為に1枚取り、手札1枚と交換する"
                "（ラウンド最初のトリックでは不可）",
    "Dwarf": "革命：ドミナントカラーの最小のカードが勝つ。ドミナントカラーがなければリードカラーの最小",
    "Wizard": "後の手番の人は、リードカラーの最小、なければドミナントカラーの最小、なければ好きな色の最小を出す",
    "Knight": "後から他の人が出したドミナントカラーのカードは切り札として勝てない",
    "Oracle": "色を変える：ドミナントカラー以外の別の色になる",
    "Emperor": "キャンセル：このトリックでは後の人はパワーもキューブも使えない",
}
_SCROLL_JA = {
    "extra-crystal": "このラウンド、クリスタル+1",
    "extra-cube": "このラウンド、キューブ+1",
    "double-cube": "このラウンド、キューブ+2",
    "free-power": "プレイ中：クリスタルなしでパワーを1回使う",
    "immunity": "プレイ中：このトリックで先に出た皇帝を無視してパワーとキューブを使える",
    "redeal": "手札1枚を使われていないカードと無作為に交換（なければ新しいスクロールを引く）",
    "first-lead": "このラウンドの最初のトリックをリードする",
    "insight": "次のミッションを見る",
}
_PLAY_EFFECT = {
    "wild": ("counts as the lead colour when a non-leader plays it", "リーダー以外が出すとリードカラーとして扱う"),
    "reverse": ("reverses this turn's taking: the lowest card takes, the highest picks",
                "このターンの獲得を逆転：最小のカードが取り、最大が1枚選ぶ"),
    "minus": ("-2 to one card another player has already played this turn",
              "このターンに他の人が出したカード1枚を-2"),
    "plus": ("+2 to one card another player has already played this turn",
             "このターンに他の人が出したカード1枚を+2"),
}
_BONUS_JA = {
    "R1": "赤を6枚以上 → +10", "B2": "青を5枚以上 → 青は1枚2点", "G1": "全色4枚以上 → +12",
    "R3": "赤がちょうど3枚 → +8", "K1": "黒はK1だけ → +12", "B1": "4枚以上の色がない → +10",
}


def reference(game: str, lang: str, rules: Any = None) -> dict[str, Any]:
    """``{"game", "lang", "sections": [{"key", "title", "items": [{"key", "name", "text", "tag"}]}]}``.

    ``rules``: the game itself (a table's, with its options); its own ``reference(lang)`` is the one used
    when it has one, else a game with default options is asked, else the tables below answer.
    """
    ja = lang == "ja"
    try:
        own = getattr(rules if rules is not None else load_game(game, game_class(game).min_players), "reference", None)
    except (TricktableError, ImportError):  # an unknown or uninstalled game: the error below names the games
        own = None
    if callable(own):
        data: dict[str, Any] = own("ja" if ja else "en")
        if data.get("sections"):
            return data
    builders = {"megalomania": _megalomania, "trickster": _trickster, "masquerade": _masquerade}
    build = builders.get(game)
    if build is None:
        raise ServiceError("game/unknown", f"no reference for {game!r} (games: {', '.join(builders)})")
    return {"game": game, "lang": "ja" if ja else "en", "sections": build(ja)}


def _item(key: str, name: str, text: str, tag: str = "") -> Item:
    return {"key": key, "name": name, "text": text, "tag": tag}


def _megalomania(ja: bool) -> list[dict[str, Any]]:
    from tricktable.games.megalomania.cards import MISSIONS, POWERS, SCROLLS

    powers = [_item(str(p.value), f"{p.name_ja if ja else p.name} ({p.value})",
                    (_POWER_JA[p.name] if ja else p.effect) + (("（1トリックに1回）" if ja else " (once per trick)")
                                                               if p.once_per_trick else ""), p.tag)
              for p in POWERS]
    scrolls = [_item(s.name, s.title_ja if ja else s.title, _SCROLL_JA[s.name] if ja else s.effect, s.tag)
               for s in SCROLLS]
    missions = [_item(str(m.number), f"{'ミッション' if ja else 'Mission'} {m.number}", m.task_ja if ja else m.task,
                      m.points_tag) for m in MISSIONS]
    return [{"key": "powers", "title": "パワー" if ja else "Card powers", "items": powers},
            {"key": "scrolls", "title": "スクロール" if ja else "Scrolls", "items": scrolls},
            {"key": "missions", "title": "ミッション" if ja else "Missions", "items": missions}]


def _trickster(ja: bool) -> list[dict[str, Any]]:
    from tricktable.games.trickster.cards import HEROES

    heroes = [_item(h.name, h.ja if ja else h.name, h.effect_ja if ja else h.effect, h.tag) for h in HEROES]
    return [{"key": "heroes", "title": "ヒーロー" if ja else "Heroes", "items": heroes}]


def _masquerade(ja: bool) -> list[dict[str, Any]]:
    from tricktable.games.masquerade.cards import BONUSES, PLAY_EFFECTS, TEXT

    effects = [_item(TEXT[e.card], TEXT[e.card], _PLAY_EFFECT[e.kind][1 if ja else 0], "P") for e in PLAY_EFFECTS]
    bonuses = [_item(TEXT[b.card], TEXT[b.card], _BONUS_JA.get(TEXT[b.card], b.condition) if ja else b.condition, "P")
               for b in BONUSES]
    return [{"key": "effects", "title": "★ 効果カード" if ja else "★ Play effects", "items": effects},
            {"key": "bonuses", "title": "★ ボーナスカード" if ja else "★ End-game bonuses", "items": bonuses}]
