"""Every user-visible string exists in pt-BR and English.

Translation files are `assets/translations/<namespace>.<lang>.json` holding
`{"<lang>": {...nested keys...}}`; a key is `<namespace>.<path>`.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "assets" / "translations"
LANGS = ("en", "pt")
PLACEHOLDER = re.compile(r"%\{(\w+)\}")


def _flatten(d: dict, prefix: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for k, v in d.items():
        key = f"{prefix}.{k}"
        if isinstance(v, dict):
            out.update(_flatten(v, key))
        else:
            out[key] = v
    return out


def load_all() -> dict[str, dict[str, str]]:
    """lang -> full key -> text."""
    table: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}
    for path in sorted(TRANSLATIONS.glob("*.json")):
        namespace, lang, _ = path.name.rsplit(".", 2)
        data = json.loads(path.read_text(encoding="utf-8"))
        assert list(data) == [lang], f"{path.name} must hold exactly one language, {lang!r}"
        table[lang].update(_flatten(data[lang], namespace))
    return table


def test_every_file_has_its_twin() -> None:
    names = {p.name for p in TRANSLATIONS.glob("*.json")}
    for name in names:
        namespace, lang, _ = name.rsplit(".", 2)
        assert lang in LANGS, f"{name}: unknown language"
        for other in LANGS:
            assert f"{namespace}.{other}.json" in names, f"{name} has no {other} twin"


def test_key_parity_between_languages() -> None:
    table = load_all()
    only_en = sorted(set(table["en"]) - set(table["pt"]))
    only_pt = sorted(set(table["pt"]) - set(table["en"]))
    assert only_en == [] and only_pt == []


def test_placeholders_match_between_languages() -> None:
    table = load_all()
    for key, text in table["en"].items():
        assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(table["pt"][key])), key


def test_no_empty_strings() -> None:
    for lang, keys in load_all().items():
        for key, text in keys.items():
            assert isinstance(text, str) and text.strip(), f"{lang}: {key} is empty"


def _keys_raised_in_code() -> list[tuple[str, str]]:
    """(file, key) for every literal key given to IllegalAction / OptionsError."""
    found = []
    for base in ("game", "scenes"):
        for path in (ROOT / base).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call):
                    continue
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                pos = {"IllegalAction": 1, "OptionsError": 0}.get(name or "")
                if pos is None or len(node.args) <= pos:
                    continue
                arg = node.args[pos]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    found.append((str(path.relative_to(ROOT)), arg.value))
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_every_error_key_in_code_is_translated(lang: str) -> None:
    table = load_all()[lang]
    missing = sorted({f"{f}: {k}" for f, k in _keys_raised_in_code() if k not in table})
    assert missing == []


def test_the_war_table_names_the_joker_as_the_rules_do() -> None:
    """The English War table wrote "Coringa" on trade cards while the rules said
    "Joker": one card, one word, in each language."""
    from scenes.i18n import set_language, tr

    for lang in ("pt", "en"):
        set_language(lang)
        assert tr("wartable.joker") == tr("war.figures.joker"), lang
    set_language("en")


def test_every_tooltip_is_drawable_by_the_widgets_font() -> None:
    """Tooltips are drawn by pygame-gui with Noto Sans, not by our text code (which
    takes suit signs and arrows from the symbols font): a sign there showed as an
    empty box ("Go back one action (←)")."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from scenes.style import sans_path

    pygame.font.init()
    font = pygame.font.Font(str(sans_path()), 16)

    def face(ch: str) -> bytes:
        return pygame.image.tobytes(font.render(ch, True, (0, 0, 0), (255, 255, 255)), "RGB")

    empty_box = face("\ue000")  # what the font draws for a glyph it lacks
    assert face("←") == empty_box and face("a") != empty_box  # the check can tell
    missing = {
        key: ch
        for lang, table in load_all().items()
        for key, text in table.items()
        if key.endswith(("_tip", ".tip", "scroll_left", "scroll_right"))
        for ch in set(PLACEHOLDER.sub("x", text)) - {" "}
        if face(ch) == empty_box
    }
    assert not missing, missing
