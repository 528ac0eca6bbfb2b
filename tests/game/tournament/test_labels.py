"""Every label a tournament screen shows exists in both languages."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from game.tournament import FORMATS, STAGES
from game.tournament.export import PAIRING_COLUMNS
from game.tournament.model import SOURCES
from game.tournament.naming import CHAMA_TYPES, CHAMA_VARIANTS
from game.tournament.standings import StandingRow
from tests.test_translations import load_all

ROOT = Path(__file__).resolve().parents[3]
PLACEHOLDER = re.compile(r"%\{(\w+)\}")


def _error_calls() -> list[tuple[str, str, set[str]]]:
    """(file, key, keyword names) of every TournamentError(...) with a literal key."""
    found = []
    for path in (ROOT / "game" / "tournament").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name != "TournamentError" or not node.args:
                continue
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                kws = {k.arg for k in node.keywords if k.arg}
                found.append((path.name, arg.value, kws))
    return found


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_every_error_is_translated_with_the_fields_it_passes(lang: str) -> None:
    table = load_all()[lang]
    calls = _error_calls()
    assert len(calls) > 20
    for file, key, kws in calls:
        assert key in table, f"{file}: {key} missing in {lang}"
        missing = set(PLACEHOLDER.findall(table[key])) - kws
        assert not missing, f"{file}: {key} uses {missing} that the code does not pass"


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_every_screen_label_exists(lang: str) -> None:
    table = load_all()[lang]
    want = [f"tournament.formats.{f}" for f in FORMATS]
    want += [f"tournament.formats_help.{f}" for f in FORMATS]
    want += [f"tournament.stages.{s}" for s in STAGES]
    want += [f"tournament.columns.{c}" for c in StandingRow.__dataclass_fields__]
    want += [f"tournament.columns.{c}" for c in PAIRING_COLUMNS]
    want += [f"tournament.sources.{s}" for s in SOURCES]
    want += [
        f"tournament.outcomes.{o}"
        for o in ("win", "timed_win", "draw", "timed_loss", "loss", "bye", "walkover", "place")
    ]
    want += [
        f"tournament.reached.{r}"
        for r in ("champion", "final", "semifinal", "quarterfinal", "round_of", "final_table")
    ]
    want += [f"tournament.bracket.{b}" for b in ("final", "semifinal", "quarterfinal", "round_of")]
    want += [f"tournament.chama.types.{t.lower()}" for t in CHAMA_TYPES]
    want += [f"tournament.chama.variants.{v.lower().replace(' ', '_')}" for v in CHAMA_VARIANTS]
    want += ["tournament.storage.corrupt", "tournament.labels.progress"]
    missing = [k for k in want if k not in table]
    assert missing == []


def test_rules_text_covers_every_ruling_in_both_languages() -> None:
    texts = {
        lang: (ROOT / "assets" / "rules" / f"tournament.{lang}.md").read_text(encoding="utf-8")
        for lang in ("en", "pt")
    }
    for lang, text in texts.items():
        assert text.startswith("# "), lang
        for n in range(1, 12):
            assert f"[R{n}]" in text, f"{lang} does not mention R{n}"
    en, pt = texts["en"], texts["pt"]
    # Same structure: sections, subsections, bullets and house rules line up.
    for marker in ("\n## ", "\n### ", "[house]"):
        assert en.count(marker) == pt.count(marker), marker
