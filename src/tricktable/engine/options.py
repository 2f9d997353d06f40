"""Game options (variants): one frozen dataclass per game, each field tagged [P] or [D].

[P]: the published rules say so. [D]: our default where no public source settles it. The tag and a
one-line description live in the field's metadata, so the CLI, the web and the rules page can show them.
"""

from __future__ import annotations

import dataclasses
import json
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


def build(options_type: type[OptionsT], values: Mapping[str, Any]) -> OptionsT:
    """Options from a mapping of names to values, checked against each field's choices."""
    known = {f.name: f for f in dataclasses.fields(options_type)}  # type: ignore[arg-type]
    for name, value in values.items():
        if name not in known:
            raise BadOptions(f"unknown option {name!r} (options: {', '.join(known)})")
        choices = known[name].metadata.get("choices", ())
        if choices and _freeze(value) not in choices:
            listed = ", ".join(str(c) for c in choices)
            raise BadOptions(f"option {name} cannot be {value!r} (choices: {listed})")
    return options_type(**{k: _freeze(v) for k, v in values.items()})


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
