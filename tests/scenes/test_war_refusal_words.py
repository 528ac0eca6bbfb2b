"""An engine refusal at the War table names places in the player's language:
"Germany is not yours." in English, "Alemanha não é seu." in Portuguese ([W3],
[W6]) -- the engine's params are Portuguese board ids."""

from __future__ import annotations

import pytest

from game.core import IllegalAction
from game.war import records as R
from scenes import i18n
from scenes.tables.face import SeatSetup
from scenes.tables.war import WarTable
from scenes.tables.war.places import territory_name
from tests.scenes.conftest import open_test_table, pump_until


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Middle East and Germany do not share a border."),
        ("pt", "Oriente Médio e Alemanha não fazem fronteira."),
    ],
)
def test_tr_error_words_war_places(lang: str, expected: str) -> None:
    """[W6]: both ends of a refused attack are named in the language."""
    import scenes.tables.war.places  # noqa: F401  (the War names are registered with it)

    i18n.set_language(lang)
    try:
        exc = IllegalAction(
            "W6", "war.illegal.not_neighbors", source="Oriente Médio", target="Alemanha"
        )
        assert i18n.tr_error(exc) == expected
    finally:
        i18n.set_language("en")


def test_other_games_params_are_left_alone() -> None:
    """Only war.* refusals are worded with place names: a Wyr card param that
    happened to equal a board id stays itself."""
    import scenes.tables.war.places  # noqa: F401

    i18n.set_language("en")
    exc = IllegalAction("W2", "wyr.illegal.not_in_hand", card="Alemanha")
    assert i18n.tr_error(exc) == "You do not hold Alemanha."


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_placing_on_an_enemy_territory_names_it_in_the_language_w3(app, lang: str) -> None:  # type: ignore[no-untyped-def]
    seats = [SeatSetup("Ana"), SeatSetup("Borin", "easy"), SeatSetup("Lis", "easy")]
    t = open_test_table(app, "war", seats, 5)
    assert isinstance(t, WarTable)
    ready = lambda: t.my_turn() and t.view().get("phase") == "reinforce" and not t.events  # noqa: E731
    pump_until(app, ready, 3000)
    # an enemy territory whose English name differs from its board id
    enemy = next(
        n for n, o in t.view()["owners"].items() if o != t.viewer and territory_name(n) != n
    )
    app.set_language(lang)
    assert not t.submit(R.Place({enemy: 1}))
    expected = {"en": f"{territory_name(enemy)} is not yours.", "pt": f"{enemy} não é seu."}
    assert app.toast.text == expected[lang]
