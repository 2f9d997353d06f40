"""Shared helpers for the games' text modules: seat names, lists in words, signed points, both languages.

One rendering path for seat names: every log line, label and reason is written with the display names a
caller passes (``names[i]`` for seat ``i``: the web table's player names, the terminal's own), never with
seat numbers for a client to substitute.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

LANGS = ("en", "ja")


def lang_of(lang: str) -> str:
    """``lang`` if the games speak it, else English."""
    return lang if lang in LANGS else "en"


def seat_names(names: Sequence[str] | None, players: int, lang: str = "en") -> list[str]:
    """The display names of the seats: ``names`` where given, else "Player 1" … / "プレイヤー1" …"""
    out = [f"プレイヤー{i + 1}" if lang == "ja" else f"Player {i + 1}" for i in range(players)]
    if names is not None:
        for i, name in enumerate(names[:players]):
            if name:
                out[i] = name
    return out


def listing(items: Sequence[str], lang: str = "en", empty: str | None = None) -> str:
    """Items in words: "A, B and C" / "A、B、C"; ``empty`` (default "nothing"/"なし") for none."""
    items = [str(i) for i in items]
    if not items:
        return empty if empty is not None else ("なし" if lang == "ja" else "nothing")
    if lang == "ja":
        return "、".join(items)
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def signed(points: float) -> str:
    """Points as a player reads them on a scoreboard: ``+3``, ``0``, ``-2``, ``+1.5``."""
    text = f"{points:g}"
    return text if points <= 0 else "+" + text


def plural(n: int, word: str) -> str:
    """``1 crystal``, ``2 crystals`` (English only: Japanese counts without a plural)."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def pick(lang: str, en: str, ja: str) -> str:
    return ja if lang == "ja" else en


# data keys that hold one seat (also any ``seat_*``), or a list of seats, in every game's events and reasons
SEAT_KEYS = frozenset({"seat", "target", "leader", "trickster", "winner", "dealer", "owner", "to", "taker",
                       "giver", "receiver", "challenged", "picker", "first", "player"})
SEATS_KEYS = frozenset({"seats", "winners", "players", "tied"})


def fill(template: str, data: Mapping[str, Any], lang: str, names: Sequence[str],
         word: Callable[[str, Any], str] | None = None) -> str:
    """``template`` with ``data`` written in: seats as ``names``, bilingual words (``{"en", "ja"}``) in
    ``lang``, lists in words, everything else through the game's ``word(key, value)`` (cards by name)."""
    values: dict[str, str] = {}
    for key, value in data.items():
        values[key] = _value(key, value, lang, names, word)
    return template.format(**values)


def _value(key: str, value: Any, lang: str, names: Sequence[str], word: Callable[[str, Any], str] | None) -> str:
    is_seat = key in SEAT_KEYS or key.startswith("seat_")
    if is_seat and isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
        return names[value]
    if key in SEATS_KEYS and isinstance(value, list):
        return listing([names[s] for s in value], lang)
    if isinstance(value, dict) and "en" in value:
        return str(value.get(lang, value["en"]))
    if isinstance(value, (list, tuple)):
        return listing([_value(key, v, lang, names, word) for v in value], lang)
    if word is not None:
        return word(key, value)
    return f"{value:g}" if isinstance(value, float) else str(value)


def describe_result(result: Mapping[str, Any], lang: str, names: Sequence[str] | None, players: int) -> list[str]:
    """The ``result`` section as lines: winners first, each seat's total and parts, the tie-break."""
    who = seat_names(names, players, lang)
    ja = lang == "ja"
    lines = [pick(lang, "Winner: ", "勝者: ") + listing([who[s] for s in result["winners"]], lang)]
    rows = {row["seat"]: row for row in result["rows"]}
    for rank, seat in enumerate(result["order"], 1):
        row = rows[seat]
        parts = "; ".join(f"{part_label(p, lang, who)} {signed(p['points'])}" for p in row["parts"])
        total = f"{row['total']:g}"
        lines.append(f"{rank}. {who[seat]}: {total}{'点' if ja else ''}" + (f" ({parts})" if parts else ""))
    tiebreak = tiebreak_text(result, lang, who)
    if tiebreak:
        lines.append(tiebreak)
    return lines


def part_label(part: Mapping[str, Any], lang: str, names: Sequence[str]) -> str:
    """A result part's label in ``lang`` (parts carry ``label`` in English and ``words``, ``{"en","ja"}``)."""
    words = part.get("words")
    if isinstance(words, dict):
        return str(words.get(lang, words.get("en", part["label"])))
    return str(part["label"])


def tiebreak_text(result: Mapping[str, Any], lang: str, names: Sequence[str]) -> str | None:
    reason = result.get("tiebreak_words")
    if isinstance(reason, dict):
        template = reason.get(lang, reason.get("en", ""))
        return fill(str(template), reason.get("args", {}), lang, names)
    tiebreak = result.get("tiebreak")
    return str(tiebreak) if tiebreak else None


def translate_result(result: Mapping[str, Any], lang: str, names: Sequence[str] | None,
                     players: int) -> dict[str, Any]:
    """The ``result`` section with its labels and tie-break in ``lang`` and ``names`` (for a view message)."""
    who = seat_names(names, players, lang)
    rows = [{**row, "parts": [{**p, "label": part_label(p, lang, who)} for p in row["parts"]]}
            for row in result["rows"]]
    return {**result, "rows": rows, "tiebreak": tiebreak_text(result, lang, who)}


# the bot levels as players read them (the web lobby, the terminal)
BOT_LEVELS: dict[str, dict[str, str]] = {
    "random": {"en": "Random", "ja": "ランダム"}, "heuristic": {"en": "Heuristic", "ja": "ヒューリスティック"},
    "easy": {"en": "Easy", "ja": "かんたん"}, "medium": {"en": "Medium", "ja": "ふつう"},
    "hard": {"en": "Hard", "ja": "むずかしい"}, "ismcts": {"en": "ISMCTS (search)", "ja": "ISMCTS（探索）"},
}
# names the terminal gives the bots at its table
BOT_NAMES: dict[str, tuple[str, ...]] = {
    "en": ("Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus"),
    "ja": ("アダ", "ベン", "クレオ", "デヴ", "イヴ", "フィン", "ガス"),
}


def bot_level(level: str, lang: str = "en") -> str:
    return BOT_LEVELS.get(level, {}).get(lang_of(lang), level)
