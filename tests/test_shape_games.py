"""A game is its folder (issue #38): outside ``games/<game>/`` no code sets a game state's field, reads a
game's private name, or keys a table by a game's name (the registry excepted), Python or the web client.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from test_shape import NAMES, PACKAGE, area, modules, played
from tricktable.engine import State
from tricktable.engine.registry import GAMES

# --- a game is its folder ------------------------------------------------------------------------
# Outside ``games/<game>/`` no code sets a game state's field, calls or imports a game's private name, or keys
# a table by a game's name (the registry, ``engine/registry.py``, excepted): what a game knows, it declares.

# Files allowed to stay keyed by a game's name for a while, with why (the list only shrinks).
PENDING: dict[str, str] = {}
REGISTRY = "tricktable.engine.registry"
JS = PACKAGE / "web" / "static" / "js"


def outside_games() -> Iterator[tuple[str, ast.AST]]:
    """Every module outside ``games/`` with its syntax tree."""
    for name, path in modules().items():
        if not area(name).startswith("games"):
            yield name, ast.parse(path.read_text(encoding="utf-8"))


def engine_fields() -> set[str]:
    """The fields the engine's state declares (a driver may set ``rng`` on a world it draws)."""
    from tricktable.engine.native import NativeState
    return {*State.__annotations__, *NativeState.__annotations__}


@cache
def game_state_fields() -> frozenset[str]:
    """Every field of a shipped game's state that is the game's own (not the engine's), less the names
    some class outside ``games/`` declares or keeps on itself (a server listener's ``shown``)."""
    fields: set[str] = set()
    for name in NAMES:
        for state in played(name):
            fields |= set(vars(state)) | set(getattr(type(state), "__mypyc_attrs__", ()))
            for klass in type(state).__mro__:
                if klass.__module__.startswith("tricktable.games."):
                    fields |= set(vars(klass).get("__annotations__", {}))
    own = {target.attr for _, tree in outside_games() for node in ast.walk(tree) for target in assigned(node)
           if isinstance(target.value, ast.Name) and target.value.id == "self"}
    own |= {s.target.id for _, tree in outside_games() for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
            for s in node.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)}
    return frozenset(fields - engine_fields() - own)


def assigned(node: ast.AST) -> list[ast.Attribute]:
    """The attributes an assignment statement sets (``x.a = …``, ``x.a, x.b = …``, ``x.a += …``)."""
    if isinstance(node, ast.Assign):
        targets = node.targets
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        targets = [node.target]
    else:
        return []
    flat = [e for t in targets for e in (t.elts if isinstance(t, (ast.Tuple, ast.List)) else [t])]
    return [t for t in flat if isinstance(t, ast.Attribute)]


def test_no_code_outside_a_game_sets_a_game_states_field() -> None:
    fields = game_state_fields()
    assert {"knight", "emperor", "trick_seats", "lead_card"} <= fields  # the fields inference once set
    wrong = [f"{name}:{node.lineno} sets {ast.unparse(target)}" for name, tree in outside_games()
             for node in ast.walk(tree) for target in assigned(node)
             if target.attr in fields and not (isinstance(target.value, ast.Name) and target.value.id == "self")]
    wrong += [f"{name}:{node.lineno} setattr" for name, tree in outside_games() for node in ast.walk(tree)
              if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr"
              and len(node.args) > 1 and isinstance(node.args[1], ast.Constant) and node.args[1].value in fields]
    assert not wrong, "\n".join(wrong)


@cache
def game_private_names() -> frozenset[str]:
    """The private names (``_legal_trick``, ``_PATTERN_JA``) the games define and the engine does not."""
    def private(tree: ast.AST) -> set[str]:
        found = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                found.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                found.add(node.id)
            found.update(t.attr for t in assigned(node))
        return {n for n in found if n.startswith("_") and not n.startswith("__")}
    games, engine = set(), set()
    for name, path in modules().items():
        names = private(ast.parse(path.read_text(encoding="utf-8")))
        if area(name).startswith("games"):
            games |= names
        elif area(name) == "engine":
            engine |= names
    return frozenset(games - engine)


def test_no_code_outside_a_game_calls_a_games_private_function() -> None:
    private = game_private_names()
    assert {"_legal_trick", "_PATTERN_JA"} <= private and "_legal" not in private  # the engine's hook is public
    wrong = []
    for name, tree in outside_games():
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in private and not (
                    isinstance(node.value, ast.Name) and node.value.id == "self"):
                wrong.append(f"{name}:{node.lineno} reads {ast.unparse(node)}")
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tricktable.games"):
                wrong += [f"{name}:{node.lineno} imports {a.name}" for a in node.names if a.name.startswith("_")]
    assert not wrong, "\n".join(wrong)


def keyed_by_game(tree: ast.AST) -> list[int]:
    """The lines where a dict is keyed by a game's name, or a value compared with one (``game == "x"``)."""
    def names_a_game(node: ast.AST | None) -> bool:
        if isinstance(node, ast.Constant):
            return node.value in GAMES
        return isinstance(node, (ast.Tuple, ast.List, ast.Set)) and any(names_a_game(e) for e in node.elts)
    lines = []
    for node in ast.walk(tree):
        keys = node.keys if isinstance(node, ast.Dict) else [node.left, *node.comparators] \
            if isinstance(node, ast.Compare) else []
        if any(names_a_game(k) for k in keys):
            lines.append(node.lineno)
        elif isinstance(node, ast.MatchValue) and names_a_game(node.value):
            lines.append(node.value.lineno)
    return lines


JS_KEYED = re.compile(r"""[=!]==?\s*["'](%s)["']|["'](%s)["']\s*[=!]==?|^\s*["']?(%s)["']?\s*:|\bcase\s+["'](%s)["']"""
                      % (("|".join(GAMES),) * 4), re.M)


def js_modules() -> dict[str, Path]:
    """The web client's own modules (not the vendored ones), by path under ``js/``."""
    return {f"js/{p.relative_to(JS).as_posix()}": p for p in sorted(JS.rglob("*.js"))
            if "vendor" not in p.relative_to(JS).parts}


def test_the_keyed_by_game_finder_finds_one() -> None:
    assert keyed_by_game(ast.parse('T = {"trickster": 1}\nif game == "masquerade": pass')) == [1, 2]
    assert JS_KEYED.search('if (game === "megalomania") x();') and not JS_KEYED.search('entry("trickster")')
    assert JS_KEYED.search('  trickster: 1,') and JS_KEYED.search('case "masquerade":')
    assert JS_KEYED.search('"trickster" !== form.game')


def test_no_table_outside_the_games_is_keyed_by_a_games_name() -> None:
    wrong = [f"{name}:{line}" for name, tree in outside_games() if name != REGISTRY and name not in PENDING
             for line in keyed_by_game(tree)]
    for name, path in js_modules().items():
        if not name.startswith("js/games/") and name not in PENDING:
            text = path.read_text(encoding="utf-8")
            wrong += [f"{name}:{text.count(chr(10), 0, m.start()) + 1}" for m in JS_KEYED.finditer(text)]
    assert not wrong, "\n".join(wrong)


def test_every_pending_exemption_is_still_needed() -> None:
    # an exemption whose file no longer keys a table by a game's name must go (the list only shrinks)
    python = {name: keyed_by_game(tree) for name, tree in outside_games()}
    js = {name: JS_KEYED.findall(path.read_text(encoding="utf-8")) for name, path in js_modules().items()}
    stale = [name for name in PENDING if not python.get(name) and not js.get(name)]
    assert not stale, f"remove from PENDING: {stale}"
