"""Game options (variants): one frozen dataclass per game, each field tagged [P] or [D].

[P]: the published rules say so. [D]: our default where no public source settles it. The tag and a
one-line description live in the field's metadata, so the CLI, the web and the rules page can show them.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from tricktable.engine.errors import BadOptions

Tag = Literal["P", "D"]
OptionsT = TypeVar("OptionsT")


def option(default: Any, *, tag: Tag, doc: str, choices: tuple[Any, ...] = ()) -> Any:
    """A field of an options dataclass. ``choices``, when given, lists every accepted value."""
    return field(default=default, metadata={"tag": tag, "doc": doc, "choices": choices})


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """What a person needs to know about one option."""

    name: str
    default: Any
    tag: Tag
    doc: str
    choices: tuple[Any, ...]


def describe(options_type: type[Any]) -> list[OptionInfo]:
    """The options of a game, in declaration order."""
    infos = []
    for f in dataclasses.fields(options_type):
        meta = f.metadata
        infos.append(OptionInfo(f.name, f.default, meta.get("tag", "D"), meta.get("doc", ""),
                                tuple(meta.get("choices", ()))))
    return infos


def _freeze(value: Any) -> Any:
    """JSON lists become tuples, so options stay hashable and frozen."""
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def json_value(value: Any) -> Any:
    """An option value as JSON-able data (tuples become lists)."""
    if isinstance(value, tuple):
        return [json_value(v) for v in value]
    return value


_SCALARS = (bool, int, float, str)


_KINDS: dict[type[Any], dict[str, tuple[type, bool]]] = {}


def scalar_kinds(options_type: type[Any]) -> dict[str, tuple[type, bool]]:
    """The options whose type is one scalar (``int``, ``float``, ``bool``, ``str``), maybe ``| None``.

    Each maps to ``(scalar type, accepts None)``. Adapters that only carry typed scalars (OpenSpiel's
    game parameters, a command line) use this to keep ``first_leader: int | None`` an int.
    """
    known = _KINDS.get(options_type)
    if known is not None:
        return known
    hints = typing.get_type_hints(options_type)
    out: dict[str, tuple[type, bool]] = {}
    for f in dataclasses.fields(options_type):
        hint = hints[f.name]
        args = typing.get_args(hint) if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union \
            else (hint,)
        kinds = [a for a in args if a is not type(None)]
        if len(kinds) == 1 and kinds[0] in _SCALARS:
            out[f.name] = (kinds[0], type(None) in args)
    _KINDS[options_type] = out
    return out


def coerce(options_type: type[Any], name: str, value: Any) -> Any:
    """``value`` as the option's scalar type: text that spells the type is read ("1" for an int option)."""
    kind = scalar_kinds(options_type).get(name)
    if kind is None or value is None:
        return value
    scalar, _ = kind
    if isinstance(value, str) and scalar is not str:
        try:
            value = json.loads(value)
        except json.JSONDecodeError:
            return value  # left as text: the type check below names what was expected
    if scalar is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    return value


def _check_type(options_type: type[Any], name: str, value: Any) -> None:
    kind = scalar_kinds(options_type).get(name)
    if kind is None:
        return
    scalar, nullable = kind
    if value is None and nullable:
        return
    if type(value) is not scalar:  # exact: a bool is not an int option's value
        wanted = scalar.__name__ + (" or null" if nullable else "")
        raise BadOptions(f"option {name} must be {wanted}, not {value!r}")


def build(options_type: type[OptionsT], values: Mapping[str, Any]) -> OptionsT:
    """Options from a mapping of names to values, checked against each field's type and choices.

    A scalar option given as text is read as its type (``first_leader="1"`` is seat 1), so a value
    that went through a string-only channel arrives as the same option.
    """
    known = {f.name: f for f in dataclasses.fields(options_type)}  # type: ignore[arg-type]
    frozen: dict[str, Any] = {}
    for name, value in values.items():
        if name not in known:
            raise BadOptions(f"unknown option {name!r} (options: {', '.join(known)})")
        value = _freeze(coerce(options_type, name, value))
        choices = known[name].metadata.get("choices", ())
        if choices and value not in choices:
            listed = ", ".join(str(c) for c in choices)
            raise BadOptions(f"option {name} cannot be {value!r} (choices: {listed})")
        _check_type(options_type, name, value)
        frozen[name] = value
    return options_type(**frozen)


def parse_text(options_type: type[OptionsT], pairs: Mapping[str, str]) -> OptionsT:
    """Options from text, as typed on a command line: ``rounds=8``, ``deal=[["B15", ...], ...]``.

    A value is read as JSON when it parses as JSON, else taken as a plain string.
    """
    values: dict[str, Any] = {}
    for name, text in pairs.items():
        try:
            values[name] = json.loads(text)
        except json.JSONDecodeError:
            values[name] = text
    return build(options_type, values)


def changed(options: Any) -> dict[str, Any]:
    """The options that differ from their defaults, as JSON-able data (what a game record stores)."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(options):
        value = getattr(options, f.name)
        if value != f.default:
            out[f.name] = json_value(value)
    return out
