"""Game options (variants): one frozen dataclass per game, each field tagged [P] or [D].

[P]: the published rules say so. [D]: our default where no public source settles it. The tag and a
one-line description live in the field's metadata, so the CLI, the web and the rules page can show them.

Every value is checked where it enters (``build``) against the field's type and bounds, so no driver (the
web server, the CLI, a script) can make a game with a value of the wrong shape or an absurd size: an int
lies in ``bounds`` (default ``DEFAULT_BOUNDS``), a list has at most ``max_len`` items at each level (default
``DEFAULT_MAX_LEN``), a string at most ``MAX_TEXT`` characters.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal, TypeVar

from tricktable.engine.errors import BadOptions

Tag = Literal["P", "D"]
OptionsT = TypeVar("OptionsT")


DEFAULT_BOUNDS = (-1000, 1000)  # ints of an option, unless its field says otherwise
DEFAULT_MAX_LEN = 64  # items of a list option at each level, unless its field says otherwise
MAX_TEXT = 200  # characters of any string in an option


def option(default: Any, *, tag: Tag, doc: str, choices: tuple[Any, ...] = (),
           bounds: tuple[int, int] = DEFAULT_BOUNDS, max_len: int = DEFAULT_MAX_LEN) -> Any:
    """A field of an options dataclass. ``choices``, when given, lists every accepted value; ``bounds`` is
    the inclusive range of every int in the value, ``max_len`` the most items of a list at each level."""
    return field(default=default, metadata={"tag": tag, "doc": doc, "choices": choices,
                                            "bounds": bounds, "max_len": max_len})


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """What a person needs to know about one option."""

    name: str
    default: Any
    tag: Tag
    doc: str
    choices: tuple[Any, ...]
    bounds: tuple[int, int] = DEFAULT_BOUNDS
    max_len: int = DEFAULT_MAX_LEN
    items: str = ""  # a flat list's item type ("int", "str"), so a form can send "13, 15" as numbers


def describe(options_type: type[Any]) -> list[OptionInfo]:
    """The options of a game, in declaration order."""
    infos = []
    hints = _hints(options_type)  # type: ignore[arg-type]  # a class is hashable; mypy cannot tell
    for f in dataclasses.fields(options_type):
        meta = f.metadata
        infos.append(OptionInfo(f.name, f.default, meta.get("tag", "D"), meta.get("doc", ""),
                                tuple(meta.get("choices", ())), tuple(meta.get("bounds", DEFAULT_BOUNDS)),
                                int(meta.get("max_len", DEFAULT_MAX_LEN)), _item_kind(hints[f.name])))
    return infos


def _item_kind(hint: Any) -> str:
    """``"int"`` for ``tuple[int, ...]``, ``"str"`` for ``tuple[str, ...]`` (maybe ``| None``); else ``""``."""
    for each in typing.get_args(hint) if typing.get_origin(hint) in (typing.Union, types.UnionType) else (hint,):
        args = typing.get_args(each)
        if typing.get_origin(each) is tuple and len(args) == 2 and args[1] is Ellipsis and args[0] in (int, str):
            return str(args[0].__name__)
    return ""


@cache
def _hints(options_type: Any) -> dict[str, Any]:
    return typing.get_type_hints(options_type)


def _shape_error(hint: Any, value: Any, bounds: tuple[int, int], max_len: int) -> str | None:
    """Why ``value`` (lists already tuples) does not fit the type ``hint`` and the bounds; None if it does."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        reasons = [_shape_error(a, value, bounds, max_len) for a in args]
        return None if None in reasons else " or ".join(r for r in reasons if r)
    if hint is type(None):
        return None if value is None else "must be null"
    if hint is bool:
        return None if isinstance(value, bool) else "must be true or false"
    if hint is int:
        if not isinstance(value, int) or isinstance(value, bool):
            return "must be a whole number"
        low, high = bounds
        return None if low <= value <= high else f"must be from {low} to {high}"
    if hint is float:
        if not isinstance(value, float | int) or isinstance(value, bool):
            return "must be a number"
        low, high = bounds
        return None if low <= value <= high else f"must be from {low} to {high}"
    if hint is str:
        if not isinstance(value, str):
            return "must be a string"
        return None if len(value) <= MAX_TEXT else f"must be at most {MAX_TEXT} characters"
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        if not isinstance(value, tuple):
            return "must be a list"
        if len(value) > max_len:
            return f"must have at most {max_len} items"
        for item in value:
            reason = _shape_error(args[0], item, bounds, max_len)
            if reason:  # the item itself, not the whole list (a person reads this: no Python tuple)
                return f"items {reason}, and {_short(item)} is not"
        return None
    raise TypeError(f"option type {hint!r} has no check: add one to engine/options.py")


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
        except (ValueError, RecursionError):  # not JSON, or nested past reading
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
        raise BadOptions(f"option {name} must be {wanted}, not {_short(value)}")


def build(options_type: type[OptionsT], values: Mapping[str, Any]) -> OptionsT:
    """Options from a mapping of names to values, checked against each field's type and choices.

    A scalar option given as text is read as its type (``first_leader="1"`` is seat 1), so a value
    that went through a string-only channel arrives as the same option.
    """
    known = {f.name: f for f in dataclasses.fields(options_type)}  # type: ignore[arg-type]
    hints = _hints(options_type)  # type: ignore[arg-type]  # a class is hashable; mypy cannot tell a TypeVar
    frozen: dict[str, Any] = {}
    for name, value in values.items():
        if name not in known:
            raise BadOptions(f"unknown option {name!r} (options: {', '.join(known)})")
        meta = known[name].metadata
        value = _freeze(coerce(options_type, name, value))
        choices = meta.get("choices", ())
        if choices and value not in choices:
            listed = ", ".join(str(c) for c in choices)
            raise BadOptions(f"option {name} cannot be {_short(value)} (choices: {listed})")
        _check_type(options_type, name, value)  # the scalar type first, then bounds and lengths
        reason = _shape_error(hints[name], value, tuple(meta.get("bounds", DEFAULT_BOUNDS)),
                              int(meta.get("max_len", DEFAULT_MAX_LEN)))
        if reason:
            refused = "" if reason.startswith("items") else f" (not {_short(value)})"
            raise BadOptions(f"option {name} {reason}{refused}")
        frozen[name] = value
    return options_type(**frozen)


def _short(value: Any) -> str:
    """A value for an error message, cut short: a refused value may be huge, the message must not be."""
    try:
        text = repr(value) if not isinstance(value, int) or abs(value) < 10**30 else "a huge number"
    except ValueError:  # an int too long to print (Python's digit limit)
        return "a value too large to show"
    return text if len(text) <= 80 else text[:77] + "..."


def parse_text(options_type: type[OptionsT], pairs: Mapping[str, str]) -> OptionsT:
    """Options from text, as typed on a command line: ``rounds=8``, ``deal=[["B15", ...], ...]``.

    A value is read as JSON when it parses as JSON, else taken as a plain string.
    """
    values: dict[str, Any] = {}
    for name, text in pairs.items():
        try:
            values[name] = json.loads(text)
        except (ValueError, RecursionError):  # not JSON (or nested past reading): the plain string
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
