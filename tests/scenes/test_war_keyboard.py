"""War played by the keyboard alone (issue 50): the focus ring walks the usable
territories continent by continent and the table's buttons; Enter uses what it
is on as a click would; Esc lets go of a choice one step at a time before it
pauses; F1 lists War's keys. A whole timed match against two bots by key
events only, at 1280x800 ([W3]-[W8], [W11], [R7])."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pygame
import pytest

from game.war import BOARD
from game.war import records as R
from scenes.app import App
from scenes.keyboard import FocusTarget, nearest
from scenes.keys_sheet import KeysSheet
from scenes.pause import PauseMenu
from scenes.tables.face import SeatSetup
from scenes.tables.war import WarTable
from scenes.tables.war.dialogs import ObjectiveOverlay, TradeDialog
from scenes.tables.war.focus import PREFIX
from scenes.tutorial import TUTORIALS
from scenes.victory import VictoryOverlay
from tests.scenes.conftest import key, make_app, open_test_table, pump, pump_until
from tests.scenes.keyboard_helpers import focused, tab_to, top_targets, use_focused

SEATS = [SeatSetup("Ana"), SeatSetup("Borin", "easy"), SeatSetup("Lis", "easy")]


@pytest.fixture
def wide() -> Iterator[App]:
    """The app at 1280x800, English, instant animations."""
    a = make_app("--lang", "en", "--size", "1280x800")
    a.settings.animation_speed = "instant"
    a.settings.guided_offered = sorted(p.stem for p in TUTORIALS.glob("*.json"))
    yield a
    pygame.quit()


def table(app: App, seed: int = 9, options: dict | None = None) -> WarTable:  # type: ignore[type-arg]
    t = open_test_table(app, "war", SEATS, seed, False, options)
    assert isinstance(t, WarTable)
    return t


def settled(t: WarTable) -> bool:
    return t.my_turn() and not t.events and not t.fx and t.turn_key != () and t.auto is None


def my_phase(t: WarTable, phase: str) -> Callable[[], bool]:
    return lambda: settled(t) and t.view().get("phase") == phase


def territory(name: str) -> Callable[[FocusTarget], bool]:
    return lambda f: f.key == PREFIX + name


def control(t: WarTable, name: str) -> Callable[[FocusTarget], bool]:
    """The ring on one of the table's buttons (by where it is)."""
    return lambda f: f.key.startswith("gui:") and f.rect == t.controls[name].rect


def named(targets: list[FocusTarget]) -> list[str]:
    return [f.key[len(PREFIX) :] for f in targets if f.key.startswith(PREFIX)]


def no_refusal(app: App) -> bool:
    """No message on screen or waiting says no (a refused click warns or errs)."""
    kinds = [k for _, k, _ in app.toast.queue] + ([app.toast.kind] if app.toast.text else [])
    return not any(k in ("error", "warn") for k in kinds)


def reach(app: App, t: WarTable, cond: Callable[[], bool]) -> None:
    """Play on (placements by keys, bots by frames) until `cond()` holds."""
    for _ in range(6000):
        if cond():
            return
        if isinstance(app.scenes.top, TradeDialog):
            trade_by_keys(app, app.scenes.top)
        elif my_phase(t, "reinforce")():
            place_by_keys(app, t)
        else:
            pump(app)
    assert cond()


# -- playing a turn by keys ---------------------------------------------------------------


def place_by_keys(app: App, t: WarTable) -> None:
    """Every army by Enter on a territory (bound armies on their continent),
    then the Place button."""
    assert t.buffer is not None
    view = t.view()
    while t.buffer.left:
        usable = named(top_targets(app))
        front = [x for x in usable if any(view["owners"][n] != 0 for n in BOARD.neighbors(x))]
        best = max(front or usable, key=lambda x: view["armies"][x])
        tab_to(app, territory(best))
        while t.buffer.left and best in named(top_targets(app)):
            use_focused(app, 0)
    assert no_refusal(app)
    tab_to(app, control(t, "place"))
    before = len(t.match.log)
    use_focused(app)
    assert any(isinstance(a, R.Place) for s, a in t.match.log[before:] if s == 0)


def attack_by_keys(app: App, t: WarTable) -> None:
    """Attack from the strongest border with more armies than the weakest
    enemy neighbour, roll a few times, occupy, then end the attacks."""
    view = t.view()
    sources = named(top_targets(app))
    if sources:
        src = max(sources, key=lambda x: view["armies"][x])
        tab_to(app, territory(src))
        use_focused(app)
        assert t.source == src
        enemies = [x for x in named(top_targets(app)) if x != src]
        dst = min(enemies, key=lambda x: view["armies"][x])
        tab_to(app, territory(dst))
        use_focused(app)  # chosen
        assert t.target == dst
        for _ in range(6):  # Enter again on the target: roll
            now = focused(app)
            if now is None or now.key != PREFIX + dst:  # taken, or the source is spent
                break
            use_focused(app)
            pump_until(app, lambda: not t.events and not t.fx, 600)
        assert any(isinstance(a, R.Attack) for s, a in t.match.log if s == 0)
        if t.view().get("phase") == "occupy":
            pump_until(app, my_phase(t, "occupy"), 600)
            tab_to(app, control(t, "occupy"))
            use_focused(app)
            assert isinstance(t.match.log[-1][1], R.Occupy)
    pump_until(app, my_phase(t, "attack"), 600)
    for _ in range((t.source is not None) + (t.target is not None)):
        key(app, pygame.K_ESCAPE)  # let go of what is chosen: one step at a time
    assert t.source is None and t.target is None and app.scenes.top is t
    tab_to(app, control(t, "end_attacks"))
    use_focused(app)


def move_by_keys(app: App, t: WarTable) -> None:
    """One move if there is one (Enter on source, target, target again), then end the turn."""
    sources = named(top_targets(app))
    if sources:
        src = sources[0]
        tab_to(app, territory(src))
        use_focused(app)
        dst = next(x for x in named(top_targets(app)) if x != src)
        tab_to(app, territory(dst))
        use_focused(app)
        assert (t.source, t.target) == (src, dst)
        use_focused(app)  # Enter again: move
        assert isinstance(t.match.log[-1][1], R.Move)
    pump_until(app, my_phase(t, "move"), 600)
    tab_to(app, control(t, "end_turn"))
    use_focused(app)
    assert isinstance(t.match.log[-1][1], R.EndTurn)


def trade_by_keys(app: App, dialog: TradeDialog) -> None:
    """Pick the first legal set card by card, then Trade."""
    chosen = list(dialog.view["sets"][0])
    for i, card in enumerate(dialog.cards):
        if card in chosen:
            chosen.remove(card)
            tab_to(app, lambda f, i=i: f.key == f"card:{i}")  # type: ignore[misc]
            use_focused(app)
    tab_to(app, lambda f: f.key.startswith("gui:") and f.rect == dialog.trade.rect)
    use_focused(app)


def test_a_whole_match_by_keys_alone_at_1280x800_w3_w11_r7(wide: App) -> None:
    app = wide
    start = time.monotonic()
    t = table(app, seed=9, options={"turn_limit": 6})
    turns = 0
    for _ in range(20000):
        top = app.scenes.top
        if isinstance(top, VictoryOverlay):
            break
        if isinstance(top, TradeDialog):
            trade_by_keys(app, top)
        elif top is t and settled(t):
            assert top_targets(app), "a person to act always has something to use"
            phase = t.view().get("phase")
            if phase == "reinforce":
                place_by_keys(app, t)
                turns += 1
            elif phase == "attack":
                attack_by_keys(app, t)
            elif phase == "move":
                move_by_keys(app, t)
            elif phase == "occupy":
                tab_to(app, control(t, "occupy"))
                use_focused(app)
        else:
            if top is t and not t.my_turn():
                assert t.table_targets() == [], "nothing of the table while the bots play"
            pump(app)
    assert isinstance(app.scenes.top, VictoryOverlay) and t.match.is_over
    assert turns >= 2
    mine = [a for s, a in t.match.log if s == 0]
    assert any(isinstance(a, R.Attack) for a in mine) and any(
        isinstance(a, R.EndTurn) for a in mine
    )
    assert time.monotonic() - start < 60


def test_every_territory_offered_is_usable_w3_w6_w8(wide: App) -> None:
    """Each target the ring offers is taken by the table (an army placed, a
    source or target chosen), never refused; none is offered while bots play."""
    app = wide
    t = table(app, seed=9, options={"turn_limit": 12})
    pump_until(app, my_phase(t, "reinforce"), 3000)
    assert t.buffer is not None
    offered = top_targets(app)
    mine = [n for n, o in t.view()["owners"].items() if o == 0]
    assert named(offered) == [x for x in BOARD.territories if x in mine]  # by continent
    assert all(f.round for f in offered if f.key.startswith(PREFIX))
    for f in offered:
        if not f.key.startswith(PREFIX):
            continue
        app.toast.clear()
        left = t.buffer.left
        f.use()
        assert no_refusal(app) and t.buffer.left == left - 1, f.key
        assert t.back_out() and t.buffer.left == left  # Esc's step: the army comes back
    # round two: the attack's sources, then one source's targets
    reach(app, t, lambda: my_phase(t, "attack")())
    view = t.view()
    sources = named(top_targets(app))
    assert sources
    for src in sources:
        assert view["armies"][src] >= 2
        assert any(view["owners"][n] != 0 for n in BOARD.neighbors(src))
        app.toast.clear()
        t.source = t.target = None
        next(f for f in top_targets(app) if f.key == PREFIX + src).use()
        assert no_refusal(app) and t.source == src
        targets = [x for x in named(top_targets(app)) if x != src]
        assert targets and all(BOARD.are_neighbors(src, x) for x in targets)
        for dst in targets:
            next(f for f in top_targets(app) if f.key == PREFIX + dst).use()
            assert no_refusal(app) and t.target == dst
            assert t.back_out() and t.target is None and t.source == src
    t.source = t.target = None
    t.refresh_controls()
    attack_by_keys(app, t)  # an attack, a conquest, its occupation: armies free to move
    pump_until(app, my_phase(t, "move"), 600)
    movable = t.view().get("movable") or {}
    assert named(top_targets(app))
    for src in named(top_targets(app)):
        assert movable.get(src, 0) > 0
        app.toast.clear()
        next(f for f in top_targets(app) if f.key == PREFIX + src).use()
        assert no_refusal(app) and t.source == src
        for dst in [x for x in named(top_targets(app)) if x != src]:
            next(f for f in top_targets(app) if f.key == PREFIX + dst).use()
            assert no_refusal(app) and t.target == dst
            assert t.back_out() and t.target is None
        assert t.back_out() and t.source is None
    t.submit(R.EndTurn())
    for _ in range(400):  # the bots' turns: nothing of the map to focus
        if t.my_turn():
            break
        assert t.table_targets() == []
        pump(app)


def test_esc_lets_go_step_by_step_before_it_pauses(wide: App) -> None:
    app = wide
    t = table(app, seed=9, options={"turn_limit": 12})
    pump_until(app, my_phase(t, "reinforce"), 3000)
    assert t.buffer is not None
    first, second = named(top_targets(app))[:2]
    tab_to(app, territory(first))
    use_focused(app)
    tab_to(app, territory(second))
    use_focused(app)
    key(app, pygame.K_ESCAPE)  # the army placed last comes back first
    assert t.buffer.placed == {first: 1} and app.scenes.top is t
    key(app, pygame.K_ESCAPE)
    assert t.buffer.placed == {} and app.scenes.top is t
    reach(app, t, lambda: my_phase(t, "attack")())
    src = named(top_targets(app))[0]
    tab_to(app, territory(src))
    use_focused(app)
    dst = next(x for x in named(top_targets(app)) if x != src)
    tab_to(app, territory(dst))
    use_focused(app)
    assert (t.source, t.target) == (src, dst)
    key(app, pygame.K_ESCAPE)
    assert (t.source, t.target) == (src, None) and app.scenes.top is t
    key(app, pygame.K_ESCAPE)
    assert (t.source, t.target) == (None, None) and app.scenes.top is t
    key(app, pygame.K_ESCAPE)
    pump(app, 2)
    assert isinstance(app.scenes.top, PauseMenu)


def test_f1_lists_wars_keys_and_the_arrows_go_by_the_map(wide: App) -> None:
    from scenes.i18n import tr

    app = wide
    t = table(app, seed=9)
    pump_until(app, my_phase(t, "reinforce"), 3000)
    key(app, pygame.K_F1)
    pump(app, 2)
    sheet = app.scenes.top
    assert isinstance(sheet, KeysSheet)
    rows = [does for _, does in sheet.rows]
    for line in WarTable.KEY_LINES:
        assert tr(f"{line}.does") in rows
    key(app, pygame.K_F1)
    pump(app, 2)
    assert app.scenes.top is t
    # the arrows: from the westernmost territory, Right goes east to the
    # territory `nearest` picks, never to a button
    offered = [f for f in top_targets(app) if f.key.startswith(PREFIX)]
    west = min(offered, key=lambda f: f.rect.centerx)
    tab_to(app, lambda f: f.key == west.key)
    key(app, pygame.K_RIGHT)
    now = focused(app)
    assert now is not None and now.key.startswith(PREFIX)
    assert now.rect.centerx > west.rect.centerx
    everything = top_targets(app)
    pick = nearest(everything, west.rect, (1, 0))
    assert pick is not None and everything[pick].key == now.key
    dx, dy = now.rect.centerx - west.rect.centerx, now.rect.centery - west.rect.centery
    assert abs(dy) <= 2 * dx  # ahead, within the cone (60 degrees either side)


def test_trade_dialog_and_objective_by_keys_w5(wide: App) -> None:
    app = wide
    t = table(app, seed=9, options={"turn_limit": 12})
    pump_until(app, my_phase(t, "reinforce"), 3000)
    key(app, pygame.K_o)
    pump(app, 2)
    assert isinstance(app.scenes.top, ObjectiveOverlay)
    key(app, pygame.K_TAB)  # the ring on OK
    assert focused(app) is not None
    use_focused(app)
    assert app.scenes.top is t
    place_by_keys(app, t)
    pump_until(app, lambda: t.view()["round"] >= 2 and my_phase(t, "reinforce")(), 3000)
    triangles = [c for c, f in BOARD.figures.items() if f == "triangulo"][:4]
    t.match.hands[0] = [*triangles, next(c for c, f in BOARD.figures.items() if f == "circulo")]
    t._view_cache = None
    t.turn_key = ()
    pump(app, 3)
    dialog = app.scenes.top
    assert isinstance(dialog, TradeDialog) and dialog.forced
    # the table's buttons stay hidden under the dialog (they stood over its Trade)
    assert not t.controls["place"].visible and not t.controls["unplace"].visible
    cards = [f.key for f in top_targets(app) if f.key.startswith("card:")]
    assert cards == [f"card:{i}" for i in range(5)]  # left to right, before the buttons
    for i in range(3):
        tab_to(app, lambda f, i=i: f.key == f"card:{i}")  # type: ignore[misc]
        use_focused(app)
    assert dialog.selected == [0, 1, 2]
    # three picked: only they stay (to put one back); then the buttons
    assert [f.key for f in top_targets(app) if f.key.startswith("card:")] == cards[:3]
    tab_to(app, lambda f: f.key.startswith("gui:") and f.rect == dialog.trade.rect)
    use_focused(app)
    assert isinstance(t.match.log[-1][1], R.Trade) and app.scenes.top is t
