"""The Wyrt table by keys alone (issue 50): a whole match at 1280x800 with no
mouse event, every offered target usable, Esc backing out of a bet being sized
and of the steal's marks, the keys sheet and the arrow keys."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.wyrt import records as R
from scenes.app import App
from scenes.dialogs import ConfirmDialog
from scenes.keys_sheet import KeysSheet
from scenes.pause import PauseMenu
from scenes.tables.face import SeatSetup
from scenes.tables.wyrt import WyrtTable
from scenes.tables.wyrt.dialogs import SessionEnd, StealDialog
from scenes.tutorial import TUTORIALS
from tests.scenes.conftest import key, make_app, open_test_table, pump, pump_until
from tests.scenes.keyboard_helpers import (
    focused,
    key_named,
    key_starts,
    tab_and_use,
    tab_to,
    top_targets,
    use_focused,
)

ONE_BOT = [SeatSetup("Ana"), SeatSetup("Bo", "cliente_casual")]
TWO_BOTS = [*ONE_BOT, SeatSetup("Cy", "cliente_casual")]


@pytest.fixture
def big_app() -> Iterator[App]:
    a = make_app("--lang", "en", "--size", "1280x800")
    a.settings.animation_speed = "instant"
    a.settings.guided_offered = sorted(p.stem for p in TUTORIALS.glob("*.json"))
    yield a
    pygame.quit()


def decision(t: WyrtTable) -> bool:
    return t.my_turn() and t.controls is not None and t.controls.view is not None


def ours(app: App) -> list[str]:
    return [x.key for x in top_targets(app) if x.key.startswith("wyrt:")]


def test_a_whole_match_by_keys_alone_at_1280x800(big_app: App) -> None:
    app = big_app
    t = open_test_table(
        app, "wyrt", ONE_BOT, seed=5, options={"straddle": False, "hand_limit": 3, "stack_bb": 10}
    )
    assert isinstance(t, WyrtTable) and app.size == (1280, 800)
    used: list[str] = []
    for _ in range(6000):
        top = app.scenes.top
        if isinstance(top, SessionEnd):
            break
        if top is t and decision(t):
            names = ours(app)
            want = next(n for n in ("wyrt:stay", "wyrt:call", "wyrt:allin") if n in names)
            before = len(t.match.log)
            tab_and_use(app, key_named(want))
            assert len(t.match.log) > before, f"{want} was not taken"
            used.append(want)
            continue
        if top is t and not t.my_turn():
            assert not ours(app), "a target offered while the bot plays"
        pump(app)
    assert isinstance(app.scenes.top, SessionEnd), "the match did not end"
    # several hands, each decision taken by keys
    assert t.match.is_over and len(t.chip_history) >= 3 and used.count("wyrt:call") >= 3, used


def open_at_decision(app: App, seats: list[SeatSetup], seed: int, **options: object) -> WyrtTable:
    """A fresh table (over a fresh menu) at the person's first decision."""
    from scenes.main_menu import MainMenu

    app.scenes.reset(MainMenu(app), fade=False)
    pump(app)
    t = open_test_table(app, "wyrt", seats, seed=seed, options=dict(options))
    assert isinstance(t, WyrtTable)
    pump_until(app, lambda: decision(t), 3000, "no decision for the person")
    return t


CHEAT = {
    "straddle": False,
    "cheating": True,
    "personas": ["carteador_expert", "cliente_casual", "cliente_casual"],
}
POSITIONS = [
    # a bet to call with every size of raise, and getting up
    (TWO_BOTS, 3, {"straddle": False}, None),
    # a straddle to take or leave, before the cards
    (TWO_BOTS, 3, {"straddle": True}, None),
    # a cheat to try (asked first)
    (TWO_BOTS, 2, CHEAT, ["wyrt:cheat"]),
    # O Morto's relic to call on (a dialog of choices)
    ([SeatSetup("Ana"), SeatSetup("Bo", "morto")], 3, {"mode": "death_match"}, ["wyrt:relic"]),
]


@pytest.mark.parametrize("seats, seed, options, only", POSITIONS)
def test_every_offered_target_is_usable(
    big_app: App,
    monkeypatch: pytest.MonkeyPatch,
    seats: list[SeatSetup],
    seed: int,
    options: dict[str, object],
    only: list[str] | None,
) -> None:
    from scenes.tables.wyrt.dialogs import RelicDialog

    app = big_app
    warned: list[str] = []
    real = app.notify

    def spy(text: str, kind: str = "info") -> None:
        if kind in ("warn", "error"):
            warned.append(text)
        real(text, kind)

    monkeypatch.setattr(app, "notify", spy)
    t = open_at_decision(app, seats, seed, **options)
    names = ours(app)
    assert names and names[0] in ("wyrt:call", "wyrt:straddle", "wyrt:stay")
    for name in only or names:
        assert name in names
        t = open_at_decision(app, seats, seed, **options)
        c = t.controls
        assert c is not None
        before, raise_to = len(t.match.log), c.raise_to
        tab_and_use(app, key_named(name))
        top = app.scenes.top
        took = len(t.match.log) > before
        asked = isinstance(top, ConfirmDialog | RelicDialog)
        sized = c.raise_to != raise_to or c.widgets["amount"].is_focused
        assert took or asked or sized, f"{name} did nothing"
        assert not warned, f"{name} was refused: {warned}"
        if took:
            pump(app)
            assert decision(t) or not ours(app), "a target offered while the bots act"


def test_the_steal_by_keys_and_esc_undoing_its_marks(big_app: App) -> None:
    app = big_app
    t = open_at_decision(app, TWO_BOTS, 2, **CHEAT)
    tab_and_use(app, key_named("wyrt:cheat"))
    assert isinstance(app.scenes.top, ConfirmDialog)
    key(app, pygame.K_RETURN)  # yes
    pump_until(app, lambda: isinstance(app.scenes.top, StealDialog), 600)
    dialog = app.scenes.top
    assert isinstance(dialog, StealDialog)

    def taken() -> list[str]:
        return [str(c) for c in dialog.take]

    def marked(name: str) -> bool:
        pool = [str(c) for c in dialog.hand + dialog.take]
        return pool.index(name.removeprefix("steal:hand:")) in dialog.discard

    tab_and_use(app, key_starts("steal:deck:"))
    assert len(dialog.take) == 1
    key(app, pygame.K_ESCAPE)  # the taken card goes back; the dialog stays
    assert dialog.take == [] and app.scenes.top is dialog
    for _ in range(dialog.count):
        tab_to(app, lambda x: x.key.startswith("steal:deck:") and x.key[11:] not in taken())
        use_focused(app)
    assert len(dialog.take) == dialog.count
    # only the taken cards stay on offer in the deck (a click on another is refused)
    assert all(x.key[11:] in taken() for x in top_targets(app) if x.key.startswith("steal:deck:"))
    for _ in range(dialog.count):
        tab_to(app, lambda x: x.key.startswith("steal:hand:") and not marked(x.key))
        use_focused(app)
    assert len(dialog.discard) == dialog.count and dialog.confirm.is_enabled
    key(app, pygame.K_ESCAPE)
    assert len(dialog.discard) == dialog.count - 1 and not dialog.confirm.is_enabled
    tab_and_use(app, lambda x: x.key.startswith("steal:hand:") and not marked(x.key))
    tab_and_use(app, lambda x: x.rect == dialog.confirm.rect)
    stolen = [a for s, a in t.match.log if s == 0 and isinstance(a, R.Steal)]
    assert stolen and len(stolen[0].take) == dialog.count


def test_esc_drops_the_bet_being_sized_before_it_pauses(big_app: App) -> None:
    app = big_app
    t = open_at_decision(app, TWO_BOTS, 3, straddle=False)
    c = t.controls
    assert c is not None
    lo = c.raise_to
    key(app, pygame.K_UP)  # the slider keeps Up/Down: one big blind more
    assert c.raise_to == lo + 10
    key(app, pygame.K_ESCAPE)
    assert c.raise_to == lo and app.scenes.top is t
    tab_and_use(app, key_named("wyrt:half"))
    assert c.raise_to != lo
    key(app, pygame.K_ESCAPE)
    assert c.raise_to == lo and app.scenes.top is t
    key(app, pygame.K_ESCAPE)
    pump(app, 2)
    assert isinstance(app.scenes.top, PauseMenu)


def test_f1_lists_the_tables_keys(big_app: App) -> None:
    from scenes.i18n import tr

    app = big_app
    t = open_at_decision(app, TWO_BOTS, 3, straddle=False)
    key(app, pygame.K_F1)
    sheet = app.scenes.top
    assert isinstance(sheet, KeysSheet)
    for line in t.KEY_LINES:
        assert (tr(f"{line}.keys"), tr(f"{line}.does")) in sheet.rows
    key(app, pygame.K_F1)
    pump(app, 2)
    assert app.scenes.top is t


def test_arrows_move_the_ring_that_way(big_app: App) -> None:
    app = big_app
    t = open_at_decision(app, TWO_BOTS, 3, straddle=False)
    tab_to(app, key_named("wyrt:call"))
    key(app, pygame.K_RIGHT)  # the raise button lies right of the call
    assert (now := focused(app)) is not None and now.key == "wyrt:raise"
    tab_to(app, key_named("wyrt:call"))
    key(app, pygame.K_LEFT)  # and the fold left of it
    assert (now := focused(app)) is not None and now.key == "wyrt:fold"
    key(app, pygame.K_UP)  # Up stays the slider's while it shows
    assert (now := focused(app)) is not None and now.key == "wyrt:fold"
    assert t.controls is not None and t.controls.raise_to == t.view()["min_raise_to"] + 10
