"""A game's state fields and phases, declared once; its ``clone`` and phase dispatch written out from them.

A game declares its state's fields once, as annotations on its state classes (``games/<game>/effects.py``
or ``rules.py``). A field a clone must copy, because the rules change it in place, is typed
``Copied[...]`` (the list is copied) or ``CopiedRows[...]`` (the list and each row in it); every other
field is shared by a clone and its original: the rules replace it when it changes, never change it in
place. Its phases are declared once too, in the ``PHASES`` table of ``rules.py``.

From these declarations this module writes out, between two marker comments in each game's ``rules.py``,
the field-by-field copies of ``clone`` and the ``if`` chains that dispatch a decision to its phase's
methods. They are written out, not looped over, for the compiled build: there a native field is copied
and a known method called as native code, where a loop over names or a call through a table goes through
Python (``docs/architecture.md``, "What the compiled build requires"). ``tests/test_clones.py`` fails when
a block differs from its declaration, or the declaration from the class; to write them again after
changing a declaration::

    python -m tricktable.engine.fields
"""

from __future__ import annotations

import ast
import importlib
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, TypeVar

T = TypeVar("T")
Copied = Annotated[T, "copied"]  # a clone copies this list (its items are values, or rows replaced whole)
CopiedRows = Annotated[T, "rows"]  # a clone copies this list and every row in it

# the engine's own fields, which ``State._copy_base`` (``NativeState._copy_base``) gives every clone
BY_ENGINE = frozenset({"rng", "history", "events", "_legal_cache", "_log_shared", "_entries"})
# the engine's fields a game's clone copies first, undeclared: set by the plain ``State.__init__``, they stay in
# the instance's ``__dict__`` in the compiled build too (which drivers and tests read the state by)
KEPT = ("seed",)
START = re.compile(r"^(?P<indent>\s*)# generated: (?P<name>[\w ]+) \(python -m tricktable\.engine\.fields\)$")


@dataclass(frozen=True)
class Field:
    """A declared field: its name and what a clone does with it (``shared``, ``copied`` or ``rows``)."""

    name: str
    copy: str


def source_of(module: str) -> Path:
    """The source file of ``module`` (in the compiled build the ``.py`` beside the extension module)."""
    loaded = importlib.import_module(module)
    return Path(str(loaded.__file__)).with_name(module.rsplit(".", 1)[1] + ".py")


def declared(cls: type) -> list[Field]:
    """The fields ``cls`` and its bases under ``games/`` declare, bases first, each once. Read from the
    source: a compiled class keeps no annotations."""
    found: dict[str, Field] = {}
    for klass in reversed(cls.__mro__):
        if not klass.__module__.startswith("tricktable.games."):
            continue
        tree = ast.parse(source_of(klass.__module__).read_text(encoding="utf-8"))
        node = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == klass.__name__)
        for statement in node.body:
            if not (isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name)):
                continue
            kind = ast.unparse(statement.annotation).split("[", 1)[0]
            if kind in ("ClassVar", "Final"):
                continue
            copy = {"Copied": "copied", "CopiedRows": "rows"}.get(kind, "shared")
            name = statement.target.id
            if name in found and found[name].copy != copy:
                raise ValueError(f"{cls.__name__}.{name} is declared twice, copied two ways")
            found.setdefault(name, Field(name, copy))
    return list(found.values())


def clone_blocks(fields: list[Field]) -> dict[str, list[str]]:
    """The two blocks of ``clone``: the shared fields (the compiled build's copy; the pure build copies
    ``__dict__``) and the copied ones (both builds)."""
    mine = [f for f in fields if f.name not in BY_ENGINE and f.name not in KEPT]
    shared = [f"twin.{name} = self.{name}" for name in KEPT]
    shared += [f"twin.{f.name} = self.{f.name}" for f in mine if f.copy == "shared"]
    copied = [f"twin.{f.name} = self.{f.name}.copy()" if f.copy == "copied" else
              f"twin.{f.name} = [row.copy() for row in self.{f.name}]" for f in mine if f.copy != "shared"]
    return {"shared fields": shared, "copied fields": copied}


def phase_chains(phases: list[str], legal: str, apply: str) -> dict[str, list[str]]:
    """The ``if`` chains that call each phase's pair, in the order given (the last is the fallback):
    ``legal`` and ``apply`` name the two blocks."""
    legal_lines = ["phase = self.phase"]
    apply_lines = ["phase = self.phase"]
    for i, phase in enumerate(phases):
        word = phase.lower()
        if i == len(phases) - 1:
            legal_lines.append(f"return self._legal_{word}(player)")
            apply_lines += ["else:", f"    self._apply_{word}(action, player)"]
            break
        legal_lines += [f"if phase is {phase}:", f"    return self._legal_{word}(player)"]
        apply_lines += [f"{'if' if i == 0 else 'elif'} phase is {phase}:", f"    self._apply_{word}(action, player)"]
    return {legal: legal_lines, apply: apply_lines}


def game_blocks(name: str) -> tuple[Path, dict[str, list[str]]]:
    """Game ``name``'s ``rules.py`` and the blocks its declarations give: the clone's and, for a game that
    dispatches by ``if`` chains (its rules module has ``DISPATCHED_FIRST``: the phases its entry method
    handles itself, before the chain), the chains over the other phases of ``PHASES``, in the table's order
    (the last is the fallback). A game without it dispatches through ``engine.state.phase_tables``."""
    from tricktable.engine.registry import GAMES, game_class

    rules = importlib.import_module(f"{GAMES[name]}.rules")
    cls = game_class(name)
    state = cls(cls.min_players).new_state(0)
    blocks = clone_blocks(declared(type(state)))
    first = getattr(rules, "DISPATCHED_FIRST", None)
    if first is not None:
        order = [phase.name for phase in rules.PHASES if phase not in first]
        blocks.update(phase_chains(order, "legal chain", "apply chain"))
    return source_of(rules.__name__), blocks


def written(path: Path, blocks: dict[str, list[str]]) -> str:
    """``path``'s text with every generated block written out from ``blocks``."""
    out: list[str] = []
    lines = iter(path.read_text(encoding="utf-8").split("\n"))
    for line in lines:
        out.append(line)
        match = START.match(line)
        if match is None:
            continue
        indent, name = match["indent"], match["name"]
        if name not in blocks:
            raise ValueError(f"{path}: no declaration gives the block {name!r}")
        for old in lines:  # skip the old block, to its end marker
            if old.strip() == f"# end generated: {name}":
                break
        else:
            raise ValueError(f"{path}: the block {name!r} has no end marker")
        out += [f"{indent}{text}" for text in blocks[name]]
        out.append(f"{indent}# end generated: {name}")
    return "\n".join(out)


def main() -> None:
    """Write every shipped game's generated blocks again from its declarations."""
    from tricktable.engine.registry import GAMES

    for name in GAMES:
        path, blocks = game_blocks(name)
        text = written(path, blocks)
        if text != path.read_text(encoding="utf-8"):
            path.write_text(text, encoding="utf-8")
            print(f"rewrote {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
