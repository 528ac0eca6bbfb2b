"""What each piece of a screen reaches through `self` (issue 51's measure).

    python tools/self_reach.py [PATH ...]   (default: scenes/tables)

For every class, three counts of distinct names read or written as `self.X` in
its methods: all of them; the host's (named in the Protocol its methods annotate
`self` with, i.e. declared); and the undeclared ones, which the class neither
defines (method, class attribute, `self.X =` in its own methods) nor declares.
A component reaches only its own; a mix-in with a host Protocol reaches the
host's, declared; an undeclared name is one a reader must hunt for elsewhere.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Reach:
    """One class's reach through `self`."""

    module: str
    name: str
    reached: int
    host: int
    undeclared: int


def _methods(cls: ast.ClassDef) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The methods that take `self` (a static method's first parameter is not it)."""
    for node in cls.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not any(
            isinstance(d, ast.Name) and d.id == "staticmethod" for d in node.decorator_list
        ):
            yield node


def _self_name(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[str, str | None]:
    """The first parameter's name and the name of its annotation, if any."""
    if not fn.args.args:
        return "", None
    first = fn.args.args[0]
    note = first.annotation
    if isinstance(note, ast.Constant) and isinstance(note.value, str):
        return first.arg, note.value
    if isinstance(note, ast.Name):
        return first.arg, note.id
    return first.arg, None


def _members(cls: ast.ClassDef) -> set[str]:
    """Names a class body defines: methods, annotated or assigned attributes."""
    out: set[str] = set()
    for node in cls.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out.add(node.target.id)
        elif isinstance(node, ast.Assign):
            out |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return out


def _bases(cls: ast.ClassDef) -> list[str]:
    return [b.id if isinstance(b, ast.Name) else ast.unparse(b) for b in cls.bases]


def _written(cls: ast.ClassDef) -> set[str]:
    """Names a class's methods assign through their first parameter."""
    out: set[str] = set()
    for fn in _methods(cls):
        me, _ = _self_name(fn)
        for node in ast.walk(fn):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.ctx, ast.Store)
                and isinstance(node.value, ast.Name)
                and node.value.id == me
            ):
                out.add(node.attr)
    return out


def _inherited(name: str, index: dict[str, ast.ClassDef], seen: set[str]) -> set[str]:
    """What a class gets from its bases among the files read (by simple name)."""
    cls = index.get(name)
    if cls is None or name in seen:
        return set()
    seen.add(name)
    out = _members(cls) | _written(cls)
    for base in _bases(cls):
        out |= _inherited(base, index, seen)
    return out


def reach_of(path: Path, module: str, index: dict[str, ast.ClassDef]) -> list[Reach]:
    """The reach of every class defined in one file (Protocols left out).
    `index` holds every class read, so a subclass's inherited names are its own."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    classes = [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]
    protocols = {c.name: _members(c) for c in classes if "Protocol" in _bases(c)}
    out = []
    for cls in classes:
        if cls.name in protocols:
            continue
        inherited: set[str] = set()
        for base in _bases(cls):
            inherited |= _inherited(base, index, set())
        reached: set[str] = set()
        written: set[str] = set()
        declared: set[str] = set()
        for fn in _methods(cls):
            me, note = _self_name(fn)
            if note in protocols:
                declared |= protocols[note]
            for node in ast.walk(fn):
                if (
                    isinstance(node, ast.Attribute)
                    and isinstance(node.value, ast.Name)
                    and node.value.id == me
                ):
                    reached.add(node.attr)
                    if isinstance(node.ctx, ast.Store):
                        written.add(node.attr)
        own = _members(cls) | (written - declared) | inherited
        host = reached & declared
        undeclared = reached - own - declared
        out.append(Reach(module, cls.name, len(reached), len(host), len(undeclared)))
    return out


def main(argv: list[str]) -> int:
    """Print one row per class: reached, host (declared), undeclared."""
    roots = [Path(a) for a in argv] or [Path("scenes/tables")]
    files = sorted(p for r in roots for p in ([r] if r.is_file() else r.rglob("*.py")))
    # every class of scenes/, so a table's base classes are found wherever they live
    index: dict[str, ast.ClassDef] = {}
    for f in sorted(Path("scenes").rglob("*.py")):
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                index.setdefault(node.name, node)
    rows = [r for f in files for r in reach_of(f, str(f), index)]
    total = sum(r.undeclared for r in rows)
    for r in rows:
        if r.reached:
            print(f"{r.module}:{r.name}\t{r.reached}\t{r.host}\t{r.undeclared}")
    print(f"classes {len(rows)}; undeclared names reached through self: {total}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
