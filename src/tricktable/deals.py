"""Provably fair deals: a commitment before the first card, a seed nobody chose alone, a proof at the end.

The scheme (docs/protocol.md, "Provably fair deals"; anyone can check it with SHA-256 and these lines):

1. When a table is made, the server draws a **secret**: 32 random bytes, written as 64 lowercase hex digits.
   Everyone is shown the **commitment** ``SHA-256("tricktable-commit-v1\\n" + table + "\\n" + secret)`` (hex),
   where ``table`` is the table's id. It fixes the secret without telling it.
2. Each person who takes a seat may send a **contribution**: 1 to 64 lowercase hex digits of their own
   randomness (the web client sends 32 random bytes). Bots and absent players contribute nothing.
3. When the table starts, the game's **seed** is
   ``2**256 + int(SHA-256("tricktable-seed-v1\\n" + table + "\\n" + secret + "\\n" + contributions), 16)``,
   where ``contributions`` is ``seat:hex`` for each contribution, by seat, joined by ``\\n`` (empty when
   there are none). The server cannot steer it (its secret was fixed first) and no player can (they do not
   know the secret). A seed of 2**256 and above keys the engine's secure generator, so the cards seen in play
   tell nothing that recovers it.
4. At the end the record is published with its ``fair`` block: ``{"table", "commitment", "secret",
   "contributions": [[seat, hex], ...]}``. ``check(record)`` recomputes the commitment and the seed and
   replays the actions; the game holds when all three agree.

A game of ``tricktable play`` uses the same scheme with the table id ``play``.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import secrets
from collections.abc import Iterable, Mapping
from typing import Any

SEED_BASE = 1 << 256  # the seed's marker bit: the secure generator's range (engine/rng.py)
_HEX = re.compile(r"[0-9a-f]{1,64}")


def new_secret() -> str:
    return secrets.token_hex(32)


@functools.lru_cache(maxsize=4096)  # every table summary shows it: hashed once a table
def commitment(table: str, secret: str) -> str:
    """What everyone is shown before the first card: the secret's hash, bound to the table."""
    return hashlib.sha256(f"tricktable-commit-v1\n{table}\n{secret}".encode()).hexdigest()


def is_contribution(value: Any) -> bool:
    return isinstance(value, str) and _HEX.fullmatch(value) is not None


def seed_of(table: str, secret: str, contributions: Mapping[int, str] | Iterable[tuple[int, str]]) -> int:
    """The game's seed from the server's secret and the players' contributions (step 3)."""
    pairs = sorted(dict(contributions).items())
    joined = "\n".join(f"{seat}:{value}" for seat, value in pairs)
    digest = hashlib.sha256(f"tricktable-seed-v1\n{table}\n{secret}\n{joined}".encode()).hexdigest()
    return SEED_BASE + int(digest, 16)


def proof(table: str, secret: str, contributions: Mapping[int, str]) -> dict[str, Any]:
    """The ``fair`` block published with a finished game's record."""
    return {"table": table, "commitment": commitment(table, secret), "secret": secret,
            "contributions": [[seat, value] for seat, value in sorted(contributions.items())]}


def with_proof_text(text: str, fair: Mapping[str, Any] | None) -> str:
    """A record's text form with the ``fair`` block as header lines (``fair-table: ...``)."""
    if fair is None:
        return text
    head, _, body = text.partition("\n\n")
    lines = [f"fair-table: {fair['table']}", f"fair-commitment: {fair['commitment']}",
             f"fair-secret: {fair['secret']}", f"fair-contributions: {json.dumps(fair['contributions'])}"]
    return "\n".join([head, *lines]) + "\n\n" + body


def read(text: str) -> dict[str, Any]:
    """A record file (its JSON or its text form) as JSON with its ``fair`` block, for ``check``."""
    from tricktable.engine import GameRecord

    record = GameRecord.loads(text)
    data = record.to_json()
    stripped = text.lstrip()
    if stripped.startswith("{"):
        fair = json.loads(stripped).get("fair")
    else:
        header = dict(line.partition(":")[::2] for line in text.partition("\n\n")[0].splitlines())
        fields = {key.strip(): value.strip() for key, value in header.items()}
        fair = None if "fair-secret" not in fields else {
            "table": fields.get("fair-table"), "commitment": fields.get("fair-commitment"),
            "secret": fields.get("fair-secret"), "contributions": json.loads(fields.get("fair-contributions") or "[]")}
    if fair is not None:
        data["fair"] = fair
    return data


def check(record: Mapping[str, Any]) -> list[str]:
    """What is wrong with a record's claim to a fair deal (empty: it holds). ``record`` is its JSON form
    with a ``fair`` block (``read`` makes one from either form of a record file)."""
    from tricktable.engine import GameRecord, TricktableError

    fair = record.get("fair")
    if not isinstance(fair, Mapping):
        return ["the record has no fair block: its deal was not committed to (a chosen seed, or an older record)"]
    table, secret, shown = fair.get("table"), fair.get("secret"), fair.get("commitment")
    problems = []
    if not isinstance(table, str) or not isinstance(secret, str) or not isinstance(shown, str):
        return ["the fair block needs table, commitment and secret as text"]
    pairs = fair.get("contributions") or []
    try:
        contributions = {int(seat): str(value) for seat, value in pairs}
    except (TypeError, ValueError):
        return ["the contributions are not a list of [seat, hex]"]
    if any(not is_contribution(v) for v in contributions.values()):
        problems.append("a contribution is not 1 to 64 lowercase hex digits")
    if commitment(table, secret) != shown:
        problems.append("the secret does not match the commitment shown at the start")
    try:
        game = GameRecord.from_json(dict(record))
    except TricktableError as error:
        return [*problems, f"the record cannot be read: {error}"]
    if seed_of(table, secret, contributions) != game.seed:
        problems.append("the seed is not the one the secret and the contributions make")
    try:
        game.replay()
    except TricktableError as error:
        problems.append(f"the actions do not replay from that seed: {error}")
    return problems
