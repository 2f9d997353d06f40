"""Table chat: what seats and spectators say at a table, checked, rate-limited and stored with the game.

A message is plain text (the client renders it as text, never as HTML), trimmed, at most
``Limits.chat_chars`` characters, without control or direction-changing characters (newlines and tabs
become spaces). Each speaker (a seat, or a spectator's connection) may say ``Limits.chat_burst`` messages
at once and ``Limits.chat_rate`` a second after that. A spectator speaks as "Spectator N" (``watcher``: N,
numbered per table in the order they first speak; the client words it in its language). Messages are
stored (``server/chat_store.py``: a table of the tables' database, or memory) so a restart keeps them; a
connection gets the latest ``Limits.chat_keep`` when it opens. Muting someone is the listener's own business: the
client hides a seat's messages in that browser (docs/protocol.md, "Chat").
"""

from __future__ import annotations

import unicodedata
from typing import Any

from tricktable.server.errors import ServiceError
from tricktable.server.limits import Limits, RateLimiter

_REFUSED = {"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"}  # as in names: nothing invisible or reordering

def clean_text(text: Any, limits: Limits) -> str:
    """A chat message's text as it is stored, or ``chat/bad`` saying what is wrong."""
    if not isinstance(text, str):
        raise ServiceError("message/malformed", 'a chat message is {"type": "chat", "text": "..."}')
    text = "".join(" " if char in "\n\r\t" else char for char in text)
    for char in text:
        if unicodedata.category(char) in _REFUSED:
            raise ServiceError("chat/bad", f"a message may not contain the character U+{ord(char):04X}")
    text = " ".join(text.split())
    if not text:
        raise ServiceError("chat/bad", "an empty message")
    if len(text) > limits.chat_chars:
        raise ServiceError("chat/too-long", f"a message has at most {limits.chat_chars} characters, not {len(text)}")
    return str(text)


class ChatRates:
    """Each speaker's own token bucket (``chat_rate`` a second, ``chat_burst`` at once), per table."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.buckets = RateLimiter(limits.chat_rate, limits.chat_burst)

    def check(self, speaker: str) -> None:
        if not self.buckets.allow(speaker):
            raise ServiceError("chat/rate", f"at most {self.limits.chat_burst} messages at once and "
                                            f"{self.limits.chat_rate:g} a second after that: wait a moment")
