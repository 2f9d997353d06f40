"""The shape of the web client (issue #38): its modules import one another without a cycle, and never upward.

The imports are read from the source (static ``import … from`` and dynamic ``import(…)``), relative paths
resolved; the vendored modules are left out.
"""

from __future__ import annotations

import re
from functools import cache

from test_shape_games import JS, js_modules

# --- the web client's imports ---------------------------------------------------------------------

JS_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^;'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)""",
                       re.M)


@cache
def js_graph() -> dict[str, frozenset[str]]:
    """Web client module -> the client modules it imports (static and dynamic ``import``)."""
    known = js_modules()
    edges = {}
    for name, path in known.items():
        targets = set()
        for match in JS_IMPORT.finditer(path.read_text(encoding="utf-8")):
            spec = match.group(1) or match.group(2)
            if spec.startswith("."):
                target = f"js/{(path.parent / spec).resolve().relative_to(JS.resolve()).as_posix()}"
                if target in known:
                    targets.add(target)
        edges[name] = frozenset(targets)
    return edges


def js_cycles(edges: dict[str, frozenset[str]]) -> list[list[str]]:
    """Every module that reaches itself, with the path back (a depth-first walk from each module)."""
    found = []
    for start in edges:
        todo, seen = [(start, [start])], set()
        while todo:
            node, path = todo.pop()
            for nxt in edges[node]:
                if nxt == start:
                    found.append([*path, start])
                elif nxt not in seen:
                    seen.add(nxt)
                    todo.append((nxt, [*path, nxt]))
    return found


def test_the_js_reader_sees_the_clients_imports() -> None:
    edges = js_graph()
    assert "js/games/index.js" in edges["js/board.js"] and "js/dom.js" in edges["js/games/trickster.js"]
    assert js_cycles({"a": frozenset({"b"}), "b": frozenset({"a"})})


def test_the_web_client_has_no_import_cycle() -> None:
    assert not js_cycles(js_graph())


def pages() -> set[str]:
    """The client's page modules: each exports a ``…Page`` function that draws a whole page."""
    page = re.compile(r"^export (?:async )?function \w+Page\(", re.M)
    return {name for name, path in js_modules().items() if page.search(path.read_text(encoding="utf-8"))}


def test_no_js_module_imports_upward() -> None:
    # the entry point imports the pages; a page the shared modules (and other pages' shared state); a shared
    # module or a game's drawing module never a page, and nothing imports the entry point
    edges, top = js_graph(), pages()
    assert {"js/lobby.js", "js/table.js", "js/account.js"} <= top
    wrong = [f"{m} imports {t}" for m, targets in edges.items() for t in targets
             if t == "js/app.js" or (t in top and m not in top and m != "js/app.js")]
    assert not wrong, "\n".join(wrong)
