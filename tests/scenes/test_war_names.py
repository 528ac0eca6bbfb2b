"""War's geography in the player's language (issue 34): the English table said
"Groenlândia", "Alemanha" and "América do Norte +5". The engine keeps its
Portuguese ids; everything drawn names them through `warmap.*.json`."""

from __future__ import annotations

import json
import re

import pytest

from game.war import BOARD, JOKER
from game.war import records as R
from scenes.paths import ASSETS, TRANSLATIONS
from scenes.tables.face import SeatSetup
from scenes.tables.war import WarTable
from scenes.tables.war.dialogs import objective_text
from scenes.tables.war.panel_words import short_objective
from scenes.tables.war.places import card_name, place_fields
from tests.scenes.conftest import open_test_table, pump, pump_until, spy_texts

KINDS = ("territories", "continents", "continents_compact", "continents_short")


def warmap(lang: str) -> dict[str, dict[str, str]]:
    data = json.loads((TRANSLATIONS / f"warmap.{lang}.json").read_text(encoding="utf-8"))
    return data[lang]


def ids(kind: str) -> set[str]:
    return set(BOARD.territories) if kind == "territories" else set(BOARD.continents)


#: the Portuguese ids whose English name differs ("Peru" and "Congo" read the same)
PORTUGUESE = sorted(
    {i for k in ("territories", "continents") for i in ids(k) if warmap("en")[k][i] != i},
    key=len,
    reverse=True,
)
_PT_WORD = re.compile(r"(?<!\w)(" + "|".join(re.escape(n) for n in PORTUGUESE) + r")(?!\w)")


def portuguese_in(texts: list[str]) -> list[str]:
    return sorted({m for t in texts for m in _PT_WORD.findall(t)})


@pytest.mark.parametrize("kind", KINDS)
def test_every_territory_and_continent_id_has_both_names(kind: str) -> None:
    for lang in ("pt", "en"):
        names = warmap(lang)[kind]
        assert set(names) == ids(kind), (lang, kind, set(names) ^ ids(kind))
        assert all(v.strip() for v in names.values())
        assert len(set(names.values())) == len(names), (lang, kind)  # no two read alike
    if kind in ("territories", "continents"):
        # Portuguese is the board's own spelling
        assert warmap("pt")[kind] == {i: i for i in ids(kind)}
    assert len(PORTUGUESE) > 30  # the English names are really English


def play_a_while(app, lang: str, monkeypatch) -> tuple[WarTable, list[str]]:  # type: ignore[no-untyped-def]
    from scenes.i18n import set_language

    set_language(lang)
    drawn = spy_texts(monkeypatch)
    seats = [SeatSetup("Ana", "easy"), SeatSetup("Bo", "easy"), SeatSetup("Cy", "easy")]
    t = open_test_table(app, "war", seats, 4, True, None)  # practice: bots' secrets shown
    assert isinstance(t, WarTable)
    pump_until(
        app,
        lambda: any(isinstance(e, R.TerritoryConquered) for e, *_ in t.history),
        6000,
        "no conquest",
    )
    # point at a battle so the panel names source and target, and show the legend
    view = t.view()
    src = next(s for s in BOARD.territories if view["owners"][s] == view["current"])
    t.source = src
    t.target = next(iter(BOARD.neighbors(src)))
    t.hover = t.target
    texts = [line for line, *_ in t._panel_text(view)]
    pump(app, 3)
    texts += drawn
    texts += [t.event_text(e, **x) for e, _, _, x in t.history if e is not None]
    texts += [t.map.label(n) for n in BOARD.territories]  # what the map writes
    texts += [line for seat in range(3) for line in t.seat_lines(seat)]
    return t, texts


def test_english_table_draws_no_portuguese_place_name(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    t, texts = play_a_while(app, "en", monkeypatch)
    assert any("Greenland" in x for x in texts) and any("Asia" in x for x in texts)
    assert portuguese_in(texts) == []
    # what is not on screen in this deal: every card, objective and continent line
    extra = [card_name(c) for c in BOARD.territories] + [card_name(JOKER)]
    extra += [objective_text({"id": o}) for o in warmap_objectives("en")]
    extra += [short_objective({"continents": list(BOARD.continents)})]
    extra += [t.describe_action(R.Trade(("Alasca", "Brasil", JOKER)))]
    extra += [t.describe_action(R.Place({"Groenlândia": 2}))]
    assert portuguese_in(extra) == []
    rules = (ASSETS / "rules" / "war.en.md").read_text(encoding="utf-8")
    assert portuguese_in([rules]) == []


def warmap_objectives(lang: str) -> list[str]:
    data = json.loads((TRANSLATIONS / f"war.{lang}.json").read_text(encoding="utf-8"))
    return list(data[lang]["objectives"])


def test_portuguese_table_keeps_the_board_names(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from scenes.i18n import set_language

    t, texts = play_a_while(app, "pt", monkeypatch)
    try:
        assert "Groenlândia" in texts and any("América do Norte" in x for x in texts)
        assert not any(re.search(r"\b(Greenland|North America)\b", x) for x in texts)
        battle = R.BattleFought(0, 1, "Alemanha", "Polônia", (6,), (1,), 0, 1)
        assert "Alemanha" in t.event_text(battle) and "Polônia" in t.event_text(battle)
        # the language switched mid-match: the log and the map are told again
        set_language("en")
        t.relabel()
        assert "Germany" in t.event_text(battle) and t.map.label("Alemanha") == "Germany"
        assert portuguese_in([text for text, *_ in t.log.entries]) == []
    finally:
        set_language("en")


def test_place_fields_names_only_places() -> None:
    from scenes.i18n import set_language

    set_language("en")
    out = place_fields(
        {"seat": 1, "source": "Brasil", "cards": ("Japão", JOKER), "continent": "Ásia", "n": 3}
    )
    assert out == {
        "seat": 1,
        "source": "Brazil",
        "cards": f"Japan, {card_name(JOKER)}",
        "continent": "Asia",
        "n": 3,
    }
