"""Seat names: what a player may be called at a table (docs/protocol.md, "Names").

A name is shown to everyone beside the seat's cards and in log lines, so it must read as what it is:
trimmed, short, free of control, invisible and direction-changing characters, unlike every other name at
the table and unlike a bot's or a seat's label.
"""

from __future__ import annotations

import re
import unicodedata

from tricktable.engine.words import BOT_LEVELS
from tricktable.server.errors import ServiceError

MAX_NAME = 32  # characters, after trimming
# Unicode categories refused: controls (NUL, escapes, newlines), format characters (bidi overrides and
# isolates, zero-width joiners and spaces), line/paragraph separators, surrogates, private use, unassigned
_REFUSED = {"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"}
# letters and symbols that print as nothing (Hangul fillers, the blank Braille pattern)
_BLANK = {"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800"}
# What the server and the client call seats, bots, bot levels, players without a name, spectators and
# stand-ins, in English and Japanese: a person may not take these labels, alone or numbered ("Random 2",
# "Player 3", "Spectator 1", "Bot (hard)", "観戦者2"), so nobody passes for a bot, a seat or someone else.
RESERVED = ("bot", "bots", "seat", "player", "spectator", "stand-in", "standin", "admin", "server",
            "席", "ボット", "プレイヤー", "観戦者", "観戦", "代打ち", "管理者",
            *BOT_LEVELS, *(words[lang] for words in BOT_LEVELS.values() for lang in ("en", "ja")))
_WORDS = "|".join(sorted({re.escape(unicodedata.normalize("NFKC", word).casefold()) for word in RESERVED},
                         key=len, reverse=True))
_LABELS = re.compile(rf"({_WORDS})\s*#?\s*(\d+|[(（][^)）]*[)）])?")


def clean_name(name: str, others: list[str]) -> str:
    """``name`` trimmed (inner runs of spaces made one), or ``ServiceError`` saying what is wrong.

    ``others`` are the names already at the table (people's and bots'): a name must differ from each,
    ignoring case and Unicode compatibility forms (so ``Ａｌｉｃｅ`` is ``alice``).
    """
    for char in name:
        if unicodedata.category(char) in _REFUSED or char in _BLANK:
            raise ServiceError("name/invalid", f"a name may not contain the character U+{ord(char):04X} "
                                               f"({unicodedata.name(char, 'unnamed')})")
    cleaned = " ".join(name.split())
    if not cleaned:
        raise ServiceError("name/invalid", "a seat needs a name")
    if len(cleaned) > MAX_NAME:
        raise ServiceError("name/invalid", f"a name has at most {MAX_NAME} characters, not {len(cleaned)}")
    key = _key(cleaned)
    if _LABELS.fullmatch(key):
        raise ServiceError("name/reserved", f"{cleaned!r} reads as the label of a bot, a bot level, a seat, a "
                                            "player or a spectator: choose another name")
    if any(_key(other) == key for other in others if other):
        raise ServiceError("name/taken", f"someone at this table is already called {cleaned!r}")
    return cleaned


def name_key(name: str) -> str:
    """What two names are compared by: case and Unicode compatibility forms ignored (``ＡＮＮ`` is ``ann``)."""
    return _key(name)


def _key(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold().strip()
