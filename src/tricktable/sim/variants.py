"""Variant studies' grammar: which option values to try, each given as ``--vary`` text.

One ``--vary`` is an *axis*; its first level is the reference the others are compared with. Forms:

- ``NAME=V1,V2,...``: the whole option, e.g. ``b16=reverse,lead`` or ``rounds=12,8``.
- ``NAME.K=V1,V2,...``: element ``K`` (counted from 1, like mission numbers) of a table option; the
  other elements keep their value, e.g. ``mission_points.7=2,3,4`` (mission 7 pays 2, 3 or 4) or
  ``deck.3=Magician,Witness`` (the third hero of the deck). Axes on different elements of one table
  combine (``--vary mission_points.5=4,2 --vary mission_points.16=-4,-2``).
- ``NAME+=X,Y``: levels = the table as it is, then with ``X`` added, then with ``Y`` added
  (e.g. ``specials_off+=K6,R11``: all special cards; K6 off; R11 off).
- ``NAME-=X,Y``: the table as it is, then without ``X``, then without ``Y``
  (e.g. ``missions-=7,16`` plays the deck without mission 7, or without 16).
- ``NAME=LO..HI:STEP`` (or ``NAME.K=LO..HI:STEP``): a sweep, the numbers from ``LO`` to ``HI`` by ``STEP``
  (default 1), e.g. ``mission_points.7=1..4`` is 1, 2, 3, 4; the report draws each measure as a curve.

A value given twice in one ``--vary`` is refused (it would play the same variant twice).

Values read as JSON where they parse (``2``, ``true``, ``[1,2]``), else as text; commas inside brackets
or quotes do not split. Several axes make every combination (a full factorial design): variant 0 takes
the first level of every axis and is the reference.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tricktable.engine import BadOptions, game_class, load_game
from tricktable.engine import options as opts
from tricktable.sim.declared import declarations

_SWEEP = re.compile(r"^(?P<low>-?\d+(?:\.\d+)?)\.\.(?P<high>-?\d+(?:\.\d+)?)(?::(?P<step>\d+(?:\.\d+)?))?$")
_AXIS = re.compile(r"^(?P<name>[A-Za-z_][A-Za-z0-9_]*)(?:\.(?P<position>\d+))?(?P<op>\+=|-=|=)(?P<values>.*)$")


@dataclass(frozen=True, slots=True)
class Axis:
    """One varied option: its levels, each a label and the option's whole value at that level; for an
    element axis (``NAME.K=``) the element's value at each level, and the table it belongs to."""

    text: str
    option: str
    labels: tuple[str, ...]
    values: tuple[Any, ...]
    position: int | None = None  # the element (from 1) of an element axis
    table: tuple[Any, ...] = ()  # an element axis's whole table, before any axis changes it


@dataclass(frozen=True, slots=True)
class Variant:
    """One combination of levels: its index (0 = the reference), label and the game's full options."""

    index: int
    label: str
    options: dict[str, Any]
    levels: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "label": self.label, "options": self.options, "levels": list(self.levels)}


def split_values(text: str) -> list[str]:
    """``a,[1,2],"x,y"`` -> ``['a', '[1,2]', '"x,y"']``: commas split only outside brackets and quotes."""
    parts: list[str] = []
    current: list[str] = []
    depth, quote = 0, ""
    for char in text:
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char in "[{(":
            depth += 1
        elif char in "]})":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append("".join(current).strip())
            current = []
            continue
        current.append(char)
    parts.append("".join(current).strip())
    return [p for p in parts if p]


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def _as_table(game: str, players: int, base: dict[str, Any], name: str, value: Any) -> list[Any]:
    lab = declarations(game)
    named = lab.tables(load_game(game, players, **base)) if lab is not None else {}
    if isinstance(value, (list, tuple)) and (value or name not in named):
        return list(opts.json_value(tuple(value)))
    table = named.get(name)
    if table is None:
        raise BadOptions(f"option {name} is {value!r}, not a table: vary it as a whole ({name}=A,B)")
    return table


def _sweep(text: str, found: re.Match[str]) -> list[str]:
    """``1..4:1`` -> ``['1', '2', '3', '4']`` (whole numbers stay whole)."""
    low, high = float(found["low"]), float(found["high"])
    step = float(found["step"] or 1)
    if step <= 0 or high < low:
        raise BadOptions(f"--vary {text!r}: a sweep runs from LO up to HI by a positive STEP")
    count = int((high - low) / step + 1e-9) + 1
    if count > 50:
        raise BadOptions(f"--vary {text!r}: {count} levels; a sweep takes at most 50")
    whole = all(float(x).is_integer() for x in (low, step))
    values = [low + k * step for k in range(count)]
    return [str(int(v)) if whole else f"{v:g}" for v in values]


def parse_axis(game: str, players: int, text: str, base: dict[str, Any]) -> Axis:
    """One ``--vary`` text for ``game`` whose other options are ``base``; ``BadOptions`` says what is wrong."""
    match = _AXIS.match(text.strip())
    if match is None:
        raise BadOptions(f"--vary {text!r}: write NAME=V1,V2 or NAME.K=V1,V2 or NAME+=X or NAME-=X")
    name, op, position = match["name"], match["op"], match["position"]
    fields = {f.name: f for f in dataclasses.fields(game_class(game).options_type)}
    if name not in fields:
        raise BadOptions(f"--vary {text!r}: {game} has no option {name!r} (options: {', '.join(fields)})")
    tokens = split_values(match["values"])
    if not tokens:
        raise BadOptions(f"--vary {text!r}: give at least one value after {op}")
    if len(tokens) == 1 and (sweep := _SWEEP.match(tokens[0])) is not None:
        if op != "=":
            raise BadOptions(f"--vary {text!r}: a sweep LO..HI:STEP takes = (NAME=LO..HI:STEP)")
        tokens = _sweep(text, sweep)
    repeated = sorted({t for t in tokens if tokens.count(t) > 1})
    if repeated:
        raise BadOptions(f"--vary {text!r} gives {', '.join(repeated)} twice: each value makes one variant")
    current = base.get(name, opts.json_value(fields[name].default))
    values: list[Any] = []
    labels: list[str] = []
    if position is not None:
        if op != "=":
            raise BadOptions(f"--vary {text!r}: an element takes = (NAME.K=V1,V2)")
        table, k = _as_table(game, players, base, name, current), int(position)
        if not 1 <= k <= len(table):
            raise BadOptions(f"--vary {text!r}: {name} has elements 1-{len(table)}, not {k}")
        labels = [f"{name}.{k}={token}" for token in tokens]
        return Axis(text, name, tuple(labels), tuple(_value(t) for t in tokens), k, tuple(table))
    elif op == "=":
        values = [_value(token) for token in tokens]
        labels = [f"{name}={token}" for token in tokens]
    else:
        table = _as_table(game, players, base, name, current)
        values.append(table)
        labels.append(f"{name} as is")
        for token in tokens:
            item = _value(token)
            if op == "+=":
                values.append([*table, item])
            elif item in table:
                values.append([v for i, v in enumerate(table) if i != table.index(item)])
            else:
                raise BadOptions(f"--vary {text!r}: {token} is not in {name} ({', '.join(map(str, table))})")
            labels.append(f"{name}{op}{token}")
    return Axis(text, name, tuple(labels), tuple(values))


def variants(game: str, players: int, axes: Sequence[Axis], base: dict[str, Any]) -> list[Variant]:
    """Every combination of the axes' levels (the reference first), each checked by loading the game."""
    keys = [(a.option, a.position) for a in axes]
    wholes = [a.option for a in axes if a.position is None]
    if len(set(keys)) != len(keys) or any(a.position is not None and a.option in wholes for a in axes):
        named = ", ".join(a.text for a in axes)
        raise BadOptions(f"--vary names one option (or element) twice ({named}): give its values in one --vary")
    out = []
    for index, combo in enumerate(itertools.product(*(range(len(a.values)) for a in axes))):
        options = dict(base)
        levels: list[str] = []
        tables: dict[str, list[Any]] = {}  # elements of one table compose: each axis sets its own
        for axis, level in zip(axes, combo, strict=True):
            if axis.position is None:
                options[axis.option] = axis.values[level]
            else:
                table = tables.setdefault(axis.option, list(axis.table))
                table[axis.position - 1] = axis.values[level]
                options[axis.option] = table
            levels.append(axis.labels[level])
        label = "; ".join(levels) or "as given"
        try:
            load_game(game, players, **options)
        except BadOptions as error:
            raise BadOptions(f"variant {label}: {error}") from error
        out.append(Variant(index, label, options, tuple(levels)))
    return out
