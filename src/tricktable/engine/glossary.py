"""One word for one thing: a game's glossary, the terms a player reads, each with its one English and one
Japanese spelling (the published one where the rules or the Japanese seed name it) and the other spellings
that must never appear where a player reads. A game's ``glossary.py`` holds its ``TERMS``; the engine's text,
the web board (through the game's reference, section ``glossary``) and the terminal read them, and a test
searches everything a player reads for the other spellings."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Term:
    """A term: ``en`` / ``ja`` are its spellings; ``not_en`` / ``not_ja`` regular expressions of the
    spellings it must not be given (``(?<!パワー)クリスタル``: crystal alone, where パワークリスタル is the word).
    ``tag`` is P when the published rules (or the Japanese seed) give the word, D when the word is ours."""

    key: str
    en: str
    ja: str
    about_en: str
    about_ja: str
    tag: str = "P"
    not_en: tuple[str, ...] = ()
    not_ja: tuple[str, ...] = ()

    def word(self, lang: str = "en") -> str:
        return self.ja if lang == "ja" else self.en


def word(terms: Sequence[Term], key: str, lang: str = "en") -> str:
    """The term ``key``'s spelling in ``lang`` (a KeyError for a term the glossary lacks: a typo, not a blank)."""
    for term in terms:
        if term.key == key:
            return term.word(lang)
    raise KeyError(f"no term {key!r} in the glossary (terms: {', '.join(t.key for t in terms)})")


def section(terms: Sequence[Term], lang: str = "en") -> dict[str, Any]:
    """The glossary as a reference section (``{"key": "glossary", "title", "items"}``), for the web's panel."""
    ja = lang == "ja"
    return {
        "key": "glossary",
        "title": "用語集" if ja else "Glossary",
        "items": [
            {"key": t.key, "name": t.word(lang), "text": t.about_ja if ja else t.about_en, "tag": t.tag} for t in terms
        ],
    }


def strays(terms: Iterable[Term], text: str, lang: str) -> list[tuple[str, str]]:
    """Every other spelling of a term found in ``text`` (read as ``lang``): ``[(term key, what was found)]``."""
    found = []
    for term in terms:
        for pattern in term.not_ja if lang == "ja" else term.not_en:
            found += [(term.key, m.group(0)) for m in re.finditer(pattern, text, flags=re.IGNORECASE)]
    return found
