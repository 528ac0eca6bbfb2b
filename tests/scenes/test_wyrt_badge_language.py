"""A Wyrt seat's badge ("Call T$ 10", a showdown's category) is worded when drawn,
so a switch of language mid-hand rewords it with the new language's money format."""

from __future__ import annotations

from game.wyrt import records as R
from scenes.tables.face import SeatSetup
from scenes.tables.wyrt import WyrtTable
from tests.scenes.conftest import open_test_table, pump_past_curtains

_until = pump_past_curtains  # frames through the curtains


def test_a_call_badge_is_reworded_in_portuguese_after_a_switch(app) -> None:  # type: ignore[no-untyped-def]
    seats = [SeatSetup("Ana"), SeatSetup("Bo", "cliente_casual"), SeatSetup("Cy", "cliente_casual")]
    t = open_test_table(app, "wyrt", seats, seed=5, options={"straddle": False})
    assert isinstance(t, WyrtTable)
    _until(app, lambda: t.my_turn() and not t.playing_out())
    me = t.viewer
    assert me is not None
    call = next(a for a in t.legal_actions(me) if isinstance(a, R.Call))
    t.submit(call)
    _until(app, lambda: me in t.shown.last_act, 600)
    english = t.plate_info(me, t.view()).badge
    assert english.startswith("Call T$ ")
    app.set_language("pt")
    portuguese = t.plate_info(me, t.view()).badge
    amount = english.removeprefix("Call T$ ").replace(",", ".")  # pt groups with dots
    assert portuguese == f"Pagou T$ {amount}"


def test_a_showdown_category_badge_follows_the_language(app) -> None:  # type: ignore[no-untyped-def]
    """The category is kept as its id and worded by the plate."""
    seats = [SeatSetup("Ana"), SeatSetup("Bo", "cliente_casual")]
    t = open_test_table(app, "wyrt", seats, seed=5, options={"straddle": False})
    assert isinstance(t, WyrtTable)
    t.shown.status[1] = "playing"
    t.shown.shown_category[1] = "two_pair"  # as the showdown event leaves it
    assert t.plate_info(1, t.view()).badge == "Two pair"
    app.set_language("pt")
    assert t.plate_info(1, t.view()).badge == "Dois pares"
