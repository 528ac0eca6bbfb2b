"""War's translations and rules texts cover every event, objective and ruling."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from game.core import Event
from game.war import INFO, OBJECTIVES
from game.war import records as R
from game.war.board import FIGURES
from game.war.objectives import COLORS

ROOT = Path(__file__).resolve().parents[3]


def _load(lang: str) -> dict:
    return json.loads((ROOT / "assets" / "translations" / f"war.{lang}.json").read_text("utf-8"))[
        lang
    ]


EVENTS = [
    cls
    for cls in vars(R).values()
    if isinstance(cls, type) and issubclass(cls, Event) and cls.__module__ == R.__name__
]


#: private events whose mere mention would tell the table a secret ([G4])
SILENT_TO_THE_TABLE = {"ObjectiveChecked"}
#: words the War table derives from an event's fields for its line (its `event_extra`:
#: a count with its plural, "1 army"), and the field each is made from
TABLE_WORDS = {"armies": "count", "cards": "count"}


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_every_event_has_a_log_line_with_its_fields(lang: str) -> None:
    t = _load(lang)
    for cls in EVENTS:
        if cls.__name__ in SILENT_TO_THE_TABLE:
            continue
        line = t["events"][cls.__name__]
        fields = {f.name for f in dataclasses.fields(cls)}
        fields |= {word for word, field in TABLE_WORDS.items() if field in fields}
        assert set(re.findall(r"%\{(\w+)\}", line)) <= fields, cls.__name__
        if cls.PRIVATE and cls.__name__ in t["events_private"]:
            private = t["events_private"][cls.__name__]
            assert set(re.findall(r"%\{(\w+)\}", private)) <= fields


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_objectives_figures_colours_bots_options_are_named(lang: str) -> None:
    t = _load(lang)
    for o in OBJECTIVES:
        assert t["objectives"][o.id].strip()
    for f in FIGURES:
        assert t["figures"][f]
    assert t["figures"]["joker"]
    for c in COLORS:
        assert t["colors"][c]
        assert t["options"]["colors"]["choices"][c]
    for b in INFO.bot_ids:
        assert t["bots"][b]
    for opt in INFO.options:
        assert t["options"][opt.key]["label"]


def test_objective_texts_name_continents_in_their_own_language() -> None:
    """Issue 34 reversed the old choice of Portuguese names in English: "Conquer
    Europa and Ásia" is now "Conquer Europe and Asia"; Portuguese keeps the board's."""
    en, pt = _load("en")["objectives"], _load("pt")["objectives"]
    assert "Europe" in en["europa_oceania_mais_um"] and "Oceania" in en["europa_oceania_mais_um"]
    assert "Asia" in en["asia_africa"] and "Africa" in en["asia_africa"]
    assert not re.search(r"Europa|Ásia|África|América", " ".join(en.values()))
    assert "Ásia" in pt["asia_africa"] and "África" in pt["asia_africa"]


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_rules_text_mentions_every_war_ruling(lang: str) -> None:
    text = (ROOT / "assets" / "rules" / f"war.{lang}.md").read_text("utf-8")
    assert text.startswith("# War")
    for k in range(1, 13):
        assert f"[W{k}]" in text, f"W{k} missing from the {lang} rules"
    assert "[R7]" in text and "[R8]" in text


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_changed_objective_is_not_announced_to_the_table_g4(lang: str) -> None:
    """The fallback to 24 territories happens only to holders of "destroy <colour>":
    any public line about it tells everyone what that objective was ([G4]). Only
    the seat checking its objective reads a line (events_private), and that line
    reads the same whether its objective changed or not."""
    t = _load(lang)
    assert "ObjectiveChecked" not in t["events"]
    line = t["events_private"]["ObjectiveChecked"]
    assert line and "%{changed}" not in line and "%{active}" not in line
    assert R.ObjectiveChecked.PRIVATE
