"""The lines said to the person at the screen (`scenes/tables/you_words.py`):
every `_self` twin in the translation files has its named line, in both
languages, with the same placeholders minus the person's own field."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from scenes.paths import TRANSLATIONS
from scenes.tables.you_words import SELF, self_key

LANGS = ("en", "pt")
PLACEHOLDER = re.compile(r"%\{(\w+)\}")
#: how a named line may name its actor (the person, in its `_self` twin)
ACTOR = {"seat", "name", "names"}


def _load(path_stem: str, lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (TRANSLATIONS / f"{path_stem}.{lang}.json").read_text("utf-8")
    )[lang]
    return data


def _namespaces() -> list[str]:
    return sorted({p.name.split(".")[0] for p in TRANSLATIONS.glob("*.en.json")})


def _self_sections(body: dict[str, Any]) -> Iterator[tuple[str, str, str]]:
    """(twin section, named section, field) for each `_self` section of a file."""
    for section in body:
        base, marker, field = section.partition(SELF)
        if marker and not base.endswith("_"):
            yield section, base, field.lstrip("_") or "seat"


def _entries(body: dict[str, Any], section: str) -> dict[str, Any]:
    """A section's lines by key (a bare line, such as `bet_log_self`, under "")."""
    value = body[section]
    if isinstance(value, dict) and not set(value) <= {"one", "many"}:
        return value
    return {"": value}


def _placeholders(entry: Any) -> set[str]:
    text = " ".join(entry.values()) if isinstance(entry, dict) else str(entry)
    return set(PLACEHOLDER.findall(text))


def test_there_are_twins_in_every_game_with_a_log() -> None:
    found = {ns for ns in _namespaces() if any(_self_sections(_load(ns, "en")))}
    assert {
        "wyr",
        "wyrtable",
        "wyrt",
        "wyrttable",
        "war",
        "chama",
        "wartable",
        "chamatable",
    } <= found


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ns", _namespaces())
def test_every_twin_has_its_named_line_and_its_placeholders_but_the_person(
    ns: str, lang: str
) -> None:
    body = _load(ns, lang)
    for section, base, field in _self_sections(body):
        assert base in body, f"{ns}.{section}: no {ns}.{base}"
        named = _entries(body, base)
        for key, entry in _entries(body, section).items():
            where = f"{ns}.{section}.{key}"
            assert key in named, f"{where}: no named line {ns}.{base}.{key}"
            # the actor is %{seat} in a log line, %{name}(s) in a banner's
            person = ACTOR if field == "seat" else {field}
            assert _placeholders(named[key]) - person == _placeholders(entry), where
            if field == "seat":  # (another field may be only implied: "attacks your Brasil")
                # the actor's twin stands for a line that names him
                assert person & _placeholders(named[key]), where
            if isinstance(named[key], dict):
                assert isinstance(entry, dict) and set(entry) == set(named[key]), where


@pytest.mark.parametrize("ns", _namespaces())
def test_the_twins_are_the_same_in_both_languages(ns: str) -> None:
    keys = {}
    for lang in LANGS:
        body = _load(ns, lang)
        keys[lang] = {
            (section, key)
            for section, _b, _f in _self_sections(body)
            for key in _entries(body, section)
        }
    assert keys["en"] == keys["pt"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ns", _namespaces())
def test_no_twin_hides_a_private_line(ns: str, lang: str) -> None:
    """A private line ("You draw 7♠") says more than its twin would: the
    private one is the person's, so no `events_self` stands before it."""
    body = _load(ns, lang)
    private = set(body.get("events_private", {}))
    for section, base, _field in _self_sections(body):
        if base == "events":
            assert not private & set(body[section]), f"{ns}.{section}"


def test_a_key_names_its_twin() -> None:
    assert self_key("wyr.events.BetPlaced") == "wyr.events_self.BetPlaced"
    assert self_key("chama.events.BattleStarted", "defender") == (
        "chama.events_self_defender.BattleStarted"
    )
    assert self_key("wyrttable.bet_log") == "wyrttable.bet_log_self"


#: log sections whose lines name their actor as %{seat}
LOGS = [
    ("war", "events"),
    ("chama", "events"),
    ("wyr", "events"),
    ("wyrt", "events"),
    ("wyrttable", "events"),
    ("wyrtable", "log"),
]
#: lines whose %{seat} is never the person: O Morto is the house's
NEVER_THE_PERSON = {("wyrt", "MortoDefeated")}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("ns", "section"), LOGS)
def test_every_line_naming_its_actor_has_the_persons_twin(ns: str, section: str, lang: str) -> None:
    """A new event's line is written for the person too (or is a private line,
    already his), so no log line reads "Ana passes" to Ana."""
    body = _load(ns, lang)
    twins = body.get(f"{section}{SELF}", {})
    private = body.get("events_private", {})
    missing = [
        key
        for key, entry in body[section].items()
        if "seat" in _placeholders(entry)
        and key not in twins
        and key not in private
        and (ns, key) not in NEVER_THE_PERSON
    ]
    assert not missing, f"{ns}.{section}: no {section}{SELF} line for {missing}"
