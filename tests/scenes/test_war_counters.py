"""The War map's counters at every size: no two overlap, a click on a counter
picks its own territory (a click on the star over Germany selected Portugal at
1024x640), a click between counters the land under the pointer, and the
move step's badges hide no counter and no other badge."""

from __future__ import annotations

import itertools
import math

import pygame
import pytest

from scenes.widgets.map_counters import place_badges, spread
from tests.scenes.conftest import make_app, pump

SIZES = ["1024x640", "1280x800"]


@pytest.mark.parametrize("size", SIZES)
def test_no_two_counters_overlap_and_a_click_on_each_picks_its_own(size: str) -> None:
    view = _table_map(size)
    r = view.counter_radius()
    placed = view.counters()
    assert set(placed) == set(view.data.territories)
    for (a, pa), (b, pb) in itertools.combinations(placed.items(), 2):
        assert math.dist(pa, pb) >= 2 * r, (size, a, b)
    for name, (x, y) in placed.items():
        for dx, dy in ((0, 0), (r - 2, 0), (0, 1 - r), (-(r // 2), r // 2)):
            assert view.territory_at((x + dx, y + dy)) == name, (size, name, dx, dy)


@pytest.mark.parametrize("size", SIZES)
def test_between_counters_a_click_picks_the_land_under_the_pointer(size: str) -> None:
    view = _table_map(size)
    r = view.counter_radius()
    counters = list(view.counters().values())
    mr = view.map_rect
    checked = 0
    for x in range(mr.left, mr.right, 9):  # a grid over the whole map
        for y in range(mr.top, mr.bottom, 9):
            if any(math.dist((x, y), c) <= r + 1 for c in counters):
                continue
            lands = [
                n for n, t in view.data.territories.items() if t.contains(*view.to_map((x, y)))
            ]
            if len(lands) == 1:
                assert view.territory_at((x, y)) == lands[0], (size, x, y)
                checked += 1
    assert checked > 500


@pytest.mark.parametrize("size", SIZES)
def test_every_badge_hides_no_counter_and_no_other_badge(size: str) -> None:
    view = _table_map(size)
    r = view.counter_radius()
    counters = view.counters()
    mr = view.map_rect
    # every territory carrying the widest badge the table draws ("<-> 12") at that size
    widest = (36, 18) if r < 16 else (40, 20)
    boxes = place_badges(
        counters, r, {n: widest for n in counters}, (mr.left, mr.top, mr.width, mr.height)
    )
    rects = {n: pygame.Rect(*(round(v) for v in b)) for n, b in boxes.items()}
    hidden = [
        (a, b)
        for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2)
        if ra.colliderect(rb)
    ]
    assert not hidden, hidden[:5]
    on_counters = [
        (n, m)
        for n, rect in rects.items()
        for m, (x, y) in counters.items()
        if m != n and rect.colliderect(pygame.Rect(x - r + 2, y - r + 2, 2 * r - 4, 2 * r - 4))
    ]
    assert not on_counters, on_counters[:5]


def test_spread_moves_only_what_overlaps() -> None:
    out = spread({"a": (10, 10), "b": (10, 10), "c": (200, 200)}, 10, (0, 0, 400, 400), gap=2)
    assert out["c"] == (200, 200)
    assert math.dist(out["a"], out["b"]) >= 22 - 1e-6


def _table_map(size: str):  # type: ignore[no-untyped-def]
    """The map exactly as the War table lays it out at `size`."""
    from scenes.tables.face import SeatSetup
    from tests.scenes.conftest import open_test_table

    app = make_app("--lang", "en", "--size", size)
    app.settings.animation_speed = "instant"
    t = open_test_table(app, "war", [SeatSetup("Ana"), SeatSetup("Borin", "easy")], seed=3)
    pump(app, 2)
    view = t.map
    view.counters()  # laid out at this size (pure geometry from here on)
    pygame.quit()
    return view
