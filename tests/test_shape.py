"""The shape of the code: every game on the one skeleton, and an import graph without cycles or upward
arrows (a game is its folder: ``tests/test_shape_games.py``).

The skeleton is ``src/tricktable/games/README.md``. The import graph is read from the source with ``ast``:
every ``import`` counts, at module level, under ``TYPE_CHECKING`` and inside functions alike (an import
hidden in a function is still a dependency). The web client's imports: ``tests/test_shape_client.py``. The
server stays split by resource: no module of it over about 500 lines, no function over about 60.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from collections.abc import Iterator
from enum import IntEnum
from functools import cache
from pathlib import Path

import pytest

from playouts import random_playout
from tricktable.bots import make_bot
from tricktable.engine import Game, Rng, State, game_class, load_game
from tricktable.engine.cards import CardCodec
from tricktable.engine.registry import GAMES

# The engine's core names its own types both ways (State.game is a Game, Game.new_state makes a State,
# State.record() is a GameRecord, GameRecord.replay() is a State, found through the registry): the one cycle
# allowed, exactly these modules, so it cannot grow.
ENGINE_CORE = frozenset({"tricktable.engine.game", "tricktable.engine.record", "tricktable.engine.registry",
                         "tricktable.engine.state"})

SKELETON = ("cards", "options", "phases", "actions", "effects", "rules", "scoring", "observe", "resample",
            "text", "heuristic", "game")
UPWARD = ("server", "bots", "web", "envs", "cli", "sim")
NAMES = list(GAMES)  # every registered game, a parameter of each per-game check
FACTS = ("higher_score_wins", "rollout_horizon", "bot_levels", "card_codec")
SNAKE = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")
SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "tricktable"


# --- the import graph ----------------------------------------------------------------------------

@cache
def modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its ``__init__``)."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _imported(name: str, path: Path) -> Iterator[str]:
    """The dotted names that module ``name`` imports, wherever the import statement stands."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            for alias in node.names:
                yield f"{base}.{alias.name}"  # a module, or a name inside module ``base``


@cache
def graph() -> dict[str, frozenset[str]]:
    """module -> the modules of the package it imports (a ``from m import name`` counts as importing m)."""
    known = modules()
    edges = {}
    for name, path in known.items():
        targets = set()
        for target in _imported(name, path):
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                targets.add(target)
        edges[name] = frozenset(targets)
    return edges


def cycles() -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iteratively)."""
    edges = graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(frozenset(component))
    return found


def area(module: str) -> str:
    """Where a module lives: ``engine``, ``games.trickster``, ``server`` …"""
    parts = module.split(".")[1:]
    if not parts:
        return "tricktable"
    return ".".join(parts[:2]) if parts[0] == "games" and len(parts) > 1 else parts[0]


def test_the_import_graph_is_read_from_every_kind_of_import() -> None:
    # the reader must see imports under TYPE_CHECKING and inside functions, or it finds no hidden cycle
    edges = graph()
    assert "tricktable.engine.state" in edges["tricktable.engine.game"]  # under TYPE_CHECKING
    assert "tricktable.engine.registry" in edges["tricktable.engine.record"]  # inside GameRecord.replay
    assert "tricktable.engine.errors" in edges["tricktable.engine.state"]  # a plain one


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert ENGINE_CORE in cycles()


AREAS = sorted({area(m) for m in modules()})


@pytest.mark.parametrize("where", AREAS)
def test_no_import_cycle(where: str) -> None:
    found = [sorted(c) for c in cycles() if c != ENGINE_CORE and any(area(m) == where for m in c)]
    assert not found, f"import cycles through {where}: {found}"


# the layers, lowest first (docs/architecture.md, "The layers"): an area imports only areas of lower rank
RANK = {"engine": 0, "buildinfo": 0, "games": 1, "tricktable": 1, "deals": 1, "bots": 2, "tutorial": 3,
        "bench": 4, "sim": 4, "envs": 4, "server": 4, "web": 4, "cli": 5}


def test_every_import_points_down_the_layers() -> None:
    layer = {m: area(m).split(".")[0] for m in modules()}
    assert set(layer.values()) <= set(RANK), f"place these areas in RANK: {set(layer.values()) - set(RANK)}"
    upward = sorted(f"{m} imports {t}" for m, targets in graph().items() for t in targets
                    if layer[m] != layer[t] and RANK[layer[t]] >= RANK[layer[m]])
    assert not upward, "\n".join(upward)


def test_nothing_under_games_imports_upward() -> None:
    upward = [(m, t) for m, targets in graph().items() if area(m).startswith("games")
              for t in targets if area(t) in UPWARD]
    assert not upward



# --- the server, by resource ---------------------------------------------------------------------

SERVER = PACKAGE / "server"
MODULE_LINES, FUNCTION_LINES = 500, 60
# (module file name, function name) allowed beyond FUNCTION_LINES, each with why: none yet
LONG_FUNCTIONS: dict[tuple[str, str], str] = {}


def too_long(folder: Path) -> list[str]:
    """Modules of ``folder`` over ``MODULE_LINES`` lines and functions over ``FUNCTION_LINES`` (decorators and
    docstring counted), less the listed exceptions."""
    found = []
    for path in sorted(folder.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        if len(text.splitlines()) > MODULE_LINES:
            found.append(f"{path.name}: {len(text.splitlines())} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno is not None:
                first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                lines = node.end_lineno - first + 1
                if lines > FUNCTION_LINES and (path.name, node.name) not in LONG_FUNCTIONS:
                    found.append(f"{path.name}: {node.name} is {lines} lines")
    return found


def test_the_server_is_split_by_resource() -> None:
    """Routes, a service layer and a store per resource (docs/architecture.md, section 4): none grows back
    into one module or one function for everything."""
    assert not too_long(SERVER), "\n".join(too_long(SERVER))


# The table service's layers, lowest first (docs/architecture.md, "The server, by resource"): each module's
# class extends the one below and owns one resource; a layer calls only down, or a hook it declares itself
# for a layer above to fill (the core's ``_notify``, ``_schedule_bots``, ``_forget_finished``; the clocks'
# ``_think``).
SERVICE_LAYERS = ("service_core", "listeners", "clocks_service", "seats_service", "chat_service", "replays_service",
                  "tables_service", "service")


def upward_calls(sources: list[str]) -> list[str]:
    """Where a layer (``sources``, lowest first) reaches ``self.<method>`` that only a higher layer defines."""
    trees = [ast.parse(source) for source in sources]
    level: dict[str, int] = {}
    for i, tree in enumerate(trees):
        for klass in (node for node in tree.body if isinstance(node, ast.ClassDef)):
            for node in klass.body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    level.setdefault(node.name, i)
    found = []
    for i, tree in enumerate(trees):
        found += [f"layer {i}, line {node.lineno}: self.{node.attr}" for node in ast.walk(tree)
                  if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                  and node.value.id == "self" and level.get(node.attr, i) > i]
    return found


def test_each_service_layer_calls_and_imports_only_the_layers_below() -> None:
    sources = [(SERVER / f"{name}.py").read_text(encoding="utf-8") for name in SERVICE_LAYERS]
    wrong = upward_calls(sources)
    edges, position = graph(), {f"tricktable.server.{name}": i for i, name in enumerate(SERVICE_LAYERS)}
    wrong += [f"{module} imports {target}" for module, i in position.items() for target in edges[module]
              if position.get(target, -1) > i]
    assert not wrong, "\n".join(wrong)
    fake = ["class A:\n    def a(self): self.b()\n", "class B(A):\n    def b(self): self.a()\n"]
    assert upward_calls(fake) == ["layer 0, line 2: self.b"]  # the finder finds one


def test_the_length_check_finds_a_long_module_and_function(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(FUNCTION_LINES))
    (tmp_path / "long.py").write_text(f"def long() -> None:\n{body}\n" + "\n" * MODULE_LINES, encoding="utf-8")
    assert too_long(tmp_path) == [f"long.py: {FUNCTION_LINES + 1 + MODULE_LINES} lines",
                                  f"long.py: long is {FUNCTION_LINES + 1} lines"]


# --- the skeleton, game by game ------------------------------------------------------------------

def package_of(name: str) -> str:
    return GAMES[name]


@pytest.mark.parametrize("name", NAMES)
def test_every_game_has_the_skeleton_files(name: str) -> None:
    folder = PACKAGE / "games" / name
    missing = [f"{m}.py" for m in SKELETON if not (folder / f"{m}.py").is_file()]
    assert not missing, f"{name} lacks {missing}"


@pytest.mark.parametrize("name", NAMES)
def test_a_game_module_imports_only_the_engine_and_modules_before_it(name: str) -> None:
    package = package_of(name)
    edges = graph()
    position = {f"{package}.{m}": i for i, m in enumerate(SKELETON)}
    wrong = []
    for module in (m for m in edges if m.startswith(package + ".")):
        for target in edges[module]:
            if not (target.startswith("tricktable.engine") or target.startswith(package + ".")):
                wrong.append(f"{module} imports {target}")
    for module, i in position.items():
        seen, todo = set(), [module]
        while todo:  # what the module reaches inside its package, through any helper module
            for target in edges.get(todo.pop(), ()):
                if target.startswith(package + ".") and target not in seen:
                    seen.add(target)
                    todo.append(target)
        wrong += [f"{module} reaches {t}" for t in seen if position.get(t, -1) >= i]
    assert not wrong, "\n".join(sorted(wrong))


def rules_class(name: str) -> type[State]:
    rules = importlib.import_module(f"{package_of(name)}.rules")
    found = [v for v in vars(rules).values()
             if isinstance(v, type) and issubclass(v, State) and v.__module__ == rules.__name__]
    assert len(found) == 1, f"{name}: rules.py should hold one State class, not {found}"
    return found[0]


@pytest.mark.parametrize("name", NAMES)
def test_every_game_has_one_phase_table_with_one_signature(name: str) -> None:
    phase_type = importlib.import_module(f"{package_of(name)}.phases").Phase
    assert issubclass(phase_type, IntEnum)
    table = importlib.import_module(f"{package_of(name)}.rules").PHASES
    rules = rules_class(name)
    members = list(phase_type)
    assert all(isinstance(p, phase_type) for p in table), "PHASES is keyed by Phase members"
    optional = {members[-1]} if members[-1].name == "OVER" else set()
    assert set(members) - optional <= set(table), f"phases without an entry: {set(members) - set(table)}"
    for phase, (legal, apply) in table.items():
        word = phase.name.lower()
        assert legal.__name__ == f"_legal_{word}" and apply.__name__ == f"_apply_{word}", phase
        assert getattr(rules, legal.__name__) is legal and getattr(rules, apply.__name__) is apply, phase
        assert list(inspect.signature(legal).parameters) == ["self", "player"], legal
        assert list(inspect.signature(apply).parameters) == ["self", "action", "player"], apply


# the games whose ``_legal`` / ``_step`` dispatch by an ``if`` chain over the phases (compiled, a native call
# each), not through tuples built from ``PHASES`` (``engine.state.phase_tables``), which hold its very methods
IF_CHAINS = ["megalomania", "trickster"]


@pytest.mark.parametrize("name", IF_CHAINS)
def test_the_phase_chains_call_the_methods_the_phases_table_declares(name: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    rules = importlib.import_module(f"{package_of(name)}.rules")
    if rules.COMPILED:
        pytest.skip("compiled methods cannot be replaced; the pure build's run of this test checks the chains")
    state = load_game(name, 3).new_state(1)
    cls = rules_class(name)
    called: list[str] = []
    monkeypatch.setattr(cls, "_find_actors", lambda self: (), raising=False)  # (Trickster's, after each step)
    for phase, (legal, apply) in rules.PHASES.items():
        called.clear()
        with monkeypatch.context() as patch:  # undone after each phase (Megalomania's chains start in its trick's)
            patch.setattr(cls, legal.__name__, lambda self, p, n=legal.__name__: called.append(n))
            patch.setattr(cls, apply.__name__, lambda self, a, p, n=apply.__name__: called.append(n))
            state.phase = phase
            state._legal(0)
            state._step(state.game.actions[0], 0)
        assert called == [legal.__name__, apply.__name__], phase


@pytest.mark.parametrize("name", NAMES)
def test_no_phase_is_a_bare_number(name: str) -> None:
    # ``state.phase == 4`` is a bug: compare with Phase members
    bare = []
    for path in (PACKAGE / "games" / name).glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                if any(isinstance(s, ast.Attribute) and s.attr == "phase" for s in sides) and any(
                        isinstance(s, ast.Constant) and isinstance(s.value, int) for s in sides):
                    bare.append(f"{path.name}:{node.lineno}")
    assert not bare


@pytest.mark.parametrize("name", NAMES)
def test_every_game_declares_its_facts_first(name: str) -> None:
    cls = game_class(name)
    missing = [fact for fact in FACTS if fact not in vars(cls)]
    assert not missing, f"{cls.__name__} does not declare {missing}"
    assert isinstance(cls.higher_score_wins, bool)
    assert isinstance(cls.rollout_horizon, int) and cls.rollout_horizon >= 1
    assert isinstance(cls.card_codec, CardCodec)
    # declared first: the class body opens with the facts (after its docstring and comments)
    # from the module's source file (the compiled build's class has no source for ``inspect``)
    module = importlib.import_module(cls.__module__)
    source = Path(str(module.__file__)).with_name(cls.__module__.rsplit(".", 1)[1] + ".py").read_text()
    node = next(n for n in ast.parse(source).body if isinstance(n, ast.ClassDef) and n.name == cls.__name__)
    body = [s for s in node.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    first = [s.target.id for s in body[:len(FACTS)] if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)]
    assert sorted(first) == sorted(FACTS), f"{cls.__name__} opens with {first}"


@pytest.mark.parametrize("name", NAMES)
def test_every_card_name_parses_back(name: str) -> None:
    game = game_class(name)(game_class(name).min_players)
    codec = type(game).card_codec
    assert codec is not None
    for card in range(len(codec)):
        assert game.parse_card(game.card_name(card)) == card
        assert game.parse_card(f"  {game.card_name(card)} ") == card


@pytest.mark.parametrize("name", NAMES)
def test_every_bot_level_a_game_declares_can_be_built(name: str) -> None:
    levels = game_class(name).bot_levels
    assert list(levels)[:2] == ["random", "heuristic"]
    for spec in levels.values():
        make_bot(spec, 0)


@cache
def played(name: str) -> tuple[State, ...]:
    """A few finished random games of every player count."""
    cls = game_class(name)
    states = []
    for players in range(cls.min_players, cls.max_players + 1):
        for seed in range(2):
            state = cls(players).new_state(seed)
            random_playout(state, Rng(seed))
            states.append(state)
    return tuple(states)


@pytest.mark.parametrize("name", NAMES)
def test_event_kinds_are_snake_case_and_the_game_ends_with_game_over(name: str) -> None:
    kinds = {e.kind for state in played(name) for e in state.events}
    assert not sorted(k for k in kinds if not SNAKE.fullmatch(k)), "event kinds must be snake_case"
    for state in played(name):
        end = state.events[-1]
        assert end.kind == "game_over" and "scores" in end.data and "winners" in end.data, end


def plain_field(state: object, name: str) -> bool:
    """Whether ``name`` is a field of the state itself (not computed): in its ``__dict__``, or a native field
    of a class the compiled build compiled (mypyc lists those in ``__mypyc_attrs__``)."""
    return name in getattr(state, "__dict__", {}) or name in getattr(type(state), "__mypyc_attrs__", ())


@pytest.mark.parametrize("name", NAMES)
def test_every_game_uses_the_shared_names(name: str) -> None:
    phase_type = importlib.import_module(f"{package_of(name)}.phases").Phase
    cls = game_class(name)
    for state in (cls(cls.min_players).new_state(3), *played(name)):
        assert isinstance(state.phase, phase_type)
        assert plain_field(state, "players") and state.players == state.game.players
        assert isinstance(state.round_no, int) and state.round == state.round_no >= 1
        for attribute in ("hands", "trick", "leader"):
            assert hasattr(state, attribute), attribute


TEST_LAYOUT = ("{}_helpers.py", "test_{}_golden.py", "test_{}_properties.py", "test_{}_scoring.py",
               "test_{}_text_and_view.py")


@pytest.mark.parametrize("name", NAMES)
def test_every_games_tests_have_the_one_layout(name: str) -> None:
    # docs/architecture.md, "Tests, per game": the shared files, then one file per part of the rules
    folder = Path(__file__).parent / name
    missing = [f.format(name) for f in TEST_LAYOUT if not (folder / f.format(name)).is_file()]
    assert not missing, f"tests/{name} lacks {missing}"
    assert all(p.name.startswith((f"test_{name}_", f"{name}_")) for p in folder.glob("*.py")), "one prefix"


# --- what holds for every game already ------------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_every_state_keeps_players_as_a_plain_attribute(name: str) -> None:
    cls = game_class(name)
    state = cls(cls.max_players).new_state(1)
    assert plain_field(state, "players") and plain_field(state.clone(), "players")
    assert not isinstance(inspect.getattr_static(type(state), "players", None), property)


def test_a_game_without_facts_gets_the_engines_defaults() -> None:
    assert Game.higher_score_wins is True and Game.rollout_horizon == 1 and Game.card_codec is None
    assert set(Game.bot_levels) == {"random", "heuristic", "easy", "medium", "hard"}
