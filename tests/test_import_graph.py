"""No import circles in game/, scenes/ and main.py (issue 33).

The graph is read with `ast`, so nothing is imported: every `import` and
`from ... import` counts, at module level or inside a function (a lazy import
still ties the two modules together). Those under `if TYPE_CHECKING:` never
run; a second test counts them too (issue 51: no circle even for types). Importing a package's submodule is an edge to the submodule
only (not to the package's `__init__`, which Python runs first but which is not
what the importer needs).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Edges (importer, imported) of circles allowed to stay: none. (The last ones
#: went when a table's way to the menu, pause, end and rematch screens moved to
#: `scenes.screens`, and reopening a save to `scenes.tables.reopen`.)
KNOWN_CIRCLE_EDGES: frozenset[tuple[str, str]] = frozenset()

Graph = dict[str, set[str]]


def module_files() -> dict[str, Path]:
    """Module name -> file, for every module of game/, scenes/ and main.py."""
    out = {"main": ROOT / "main.py"}
    for top in ("game", "scenes"):
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def _is_type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _imports(node: ast.AST, typed: bool = False) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import under `node`, skipping the bodies of `if TYPE_CHECKING:`
    unless `typed` (then an import for types counts like any other)."""
    for child in ast.iter_child_nodes(node):
        if not typed and isinstance(child, ast.If) and _is_type_checking(child.test):
            for sub in child.orelse:
                yield from _imports_in(sub, typed)
            continue
        yield from _imports_in(child, typed)


def _imports_in(node: ast.AST, typed: bool) -> Iterator[ast.Import | ast.ImportFrom]:
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        yield node
    else:
        yield from _imports(node, typed)


def _targets(
    node: ast.Import | ast.ImportFrom, module: str, is_package: bool, known: set[str]
) -> set[str]:
    """The known modules one import statement loads for what it names."""
    if isinstance(node, ast.Import):
        return {a.name for a in node.names if a.name in known}
    base = node.module or ""
    if node.level:
        package = module.split(".") if is_package else module.split(".")[:-1]
        package = package[: len(package) - (node.level - 1)]
        base = ".".join(package + ([base] if base else []))
    out = set()
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        if sub in known:
            out.add(sub)
        elif base in known:
            out.add(base)
    return out


def import_graph(typed: bool = False) -> Graph:
    """Module -> the modules it imports (outside `if TYPE_CHECKING:`, or
    everywhere when `typed`)."""
    files = module_files()
    known = set(files)
    graph: Graph = {}
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        is_package = path.name == "__init__.py"
        edges: set[str] = set()
        for node in _imports(tree, typed):
            edges |= _targets(node, name, is_package, known)
        edges.discard(name)
        graph[name] = edges
    return graph


def circles(graph: Graph) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        # Iterative depth-first search: the graph is deep enough to hit the
        # recursion limit on some layouts.
        work = [(v, iter(sorted(graph.get(v, ()))))]
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        while work:
            node, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    group.append(w)
                    if w == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def test_circles_finds_a_circle_and_ignores_a_chain() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_type_checking_imports_do_not_count_but_function_level_ones_do() -> None:
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from game.a import A\n"
        "else:\n"
        "    import game.c\n"
        "def f():\n"
        "    from game import b\n"
    )
    known = {"game", "game.a", "game.b", "game.c"}
    found = set()
    for node in _imports(tree):
        found |= _targets(node, "game.x", False, known)
    assert found == {"game.b", "game.c"}


def test_relative_imports_resolve_against_the_package() -> None:
    node = ast.parse("from .b import c\n").body[0]
    assert isinstance(node, ast.ImportFrom)
    known = {"pkg", "pkg.b", "pkg.b.c"}
    assert _targets(node, "pkg.a", False, known) == {"pkg.b.c"}
    assert _targets(node, "pkg", True, known) == {"pkg.b.c"}


def test_no_import_circles() -> None:
    graph = import_graph()
    assert "main" in graph and "game.core" in graph and "scenes.app" in graph
    for edge in KNOWN_CIRCLE_EDGES:
        assert edge[1] in graph.get(edge[0], set()), f"{edge} is gone: drop it from the list"
    for importer, imported in KNOWN_CIRCLE_EDGES:
        graph[importer] = graph[importer] - {imported}
    assert circles(graph) == []


def test_no_circles_even_through_imports_for_types() -> None:
    """Issue 51: no file imports, even under `if TYPE_CHECKING:`, a file that
    imports it (a Protocol owned by the reader, or the type moved a floor down)."""
    assert circles(import_graph(typed=True)) == []


if __name__ == "__main__":  # python tests/test_import_graph.py: the circles, types counted
    for group in circles(import_graph(typed=True)):
        print(len(group), " ".join(group))
