"""The reinforcement buffer of the War table ([W3] continent-bound armies)."""

from __future__ import annotations

from scenes.tables.war.placement import PlacementBuffer

CONT = {"Brasil": "América do Sul", "Peru": "América do Sul", "Egito": "África"}


def make(free: int = 3, bound: dict[str, int] | None = None) -> PlacementBuffer:
    return PlacementBuffer(free, bound or {}, lambda t: t in CONT, CONT.__getitem__)


def test_bound_armies_go_first_inside_their_continent_w3() -> None:
    b = make(2, {"América do Sul": 2})
    assert b.add("Egito", 5) == 2  # only free armies may leave América do Sul
    assert b.left == 2 and b.left_for("Egito") == 0 and b.left_for("Brasil") == 2
    assert b.add("Brasil", 5) == 2
    assert b.left == 0 and b.placed == {"Egito": 2, "Brasil": 2}


def test_taking_back_returns_to_the_right_pool_w3() -> None:
    b = make(1, {"América do Sul": 1})
    b.add("Brasil", 2)  # one bound, then one free
    assert b.remove("Brasil") == 1 and b.free == 1 and b.bound["América do Sul"] == 0
    assert b.remove("Brasil") == 1 and b.bound["América do Sul"] == 1
    assert b.remove("Brasil") == 0


def test_not_owned_is_refused_and_clear_resets() -> None:
    b = make(3)
    assert b.add("Japão") == 0
    b.add("Peru", 3)
    b.clear()
    assert b.left == 3 and b.placed == {}
