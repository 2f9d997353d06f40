"""The table's own log lines: a move taken back, a seat whose time ran out.

They are not game events (an undo removes the game's events; a clock is the server's, not the rules'), so
each seat stores its notes with the seat (``Seat.notes``: ``{"at": event count, "kind", "action"?}``), and
the view message carries them as ``notes``, each placed in the receiver's own log: ``after`` is the number
of that seat's log lines before it (docs/protocol.md, "Table notes"). Every note is public: an undo is
allowed only for an action everyone saw (``engine/undo.py``), a timeout is seen on everyone's clock.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from tricktable.engine import State

TEXT = {
    "en": {
        "undo": "{name} took back a move: {action}",
        "timeout": "{name}'s time ran out: the stand-in bot played this move",
    },
    "ja": {
        "undo": "{name}が一手戻しました：{action}",
        "timeout": "{name}の持ち時間が切れたため、代打ちボットがこの手を打ちました",
    },
}


def note_lines(seats: list[Any], state: State, seen: list[int], names: list[str], lang: str) -> list[dict[str, Any]]:
    """Every seat's notes as lines of one receiver's log (``seen``: the global indexes of the events it may
    see), in order; ``after`` counts its log lines before the note."""
    table = TEXT.get(lang, TEXT["en"])
    out = []
    for seat, place in enumerate(seats):
        for note in place.notes:
            words = {"name": names[seat], "action": _action_words(state, note.get("action", ""), lang, names)}
            out.append({"after": bisect_left(seen, int(note["at"])), "at": int(note["at"]), "seat": seat,
                        "kind": note["kind"], "text": table[note["kind"]].format(**words)})
    out.sort(key=lambda line: line["at"])
    for line in out:
        del line["at"]
    return out


def _action_words(state: State, text: str, lang: str, names: list[str]) -> str:
    try:
        return state.game.describe_action(state.game.parse_action(text), lang, names)
    except Exception:  # an action of an older version: its canonical text
        return text


def kept(notes: list[dict[str, Any]], events: int) -> list[dict[str, Any]]:
    """The notes still true after an undo left ``events`` events: a note about an undone move goes."""
    return [note for note in notes
            if int(note["at"]) < events or (note["kind"] == "undo" and int(note["at"]) <= events)]
