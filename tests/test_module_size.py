"""No Python module of the repository grows past 600 lines (the house rule): a
file that long holds more than one idea, and the next engineer opens it to find
one. A module that reaches the line is split by idea, its tests unchanged."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The most lines a module may have.
MAX_LINES = 600
#: Folders of our own code (tests included; the CI's venv and caches are not ours).
FOLDERS = ("game", "scenes", "tests", "assets")


def python_files() -> list[Path]:
    """Every .py file of our own: main.py and those under `FOLDERS`."""
    files = [ROOT / "main.py"]
    for folder in FOLDERS:
        files.extend(sorted((ROOT / folder).rglob("*.py")))
    return files


def test_the_files_are_found() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in python_files()}
    assert {"main.py", "game/runner.py", "tests/test_module_size.py"} <= names
    assert "assets/war/build_map.py" in names


def test_no_module_is_longer_than_the_house_allows() -> None:
    too_long = {
        p.relative_to(ROOT).as_posix(): n
        for p in python_files()
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not too_long, f"split these modules (at most {MAX_LINES} lines): {too_long}"
