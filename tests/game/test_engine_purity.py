"""The engine layer never imports pygame (ARCHITECTURE.md)."""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[2] / "game"


def test_no_module_under_game_imports_pygame() -> None:
    offenders = []
    for path in GAME.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(n == "pygame" or n.startswith(("pygame.", "pygame_gui")) for n in names):
                offenders.append(str(path.relative_to(GAME.parent)))
    assert offenders == []
