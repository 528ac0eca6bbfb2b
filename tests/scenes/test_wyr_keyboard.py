"""The Wyr table by keys alone (issue 50): the focus ring over the hand, the
table cards and the buttons, Esc backing out of a discard, the keys sheet,
and a whole match against bots with no mouse event at all."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest

from game.wyr import records as R
from scenes.app import App
from scenes.i18n import tr
from scenes.keyboard import FocusTarget
from scenes.keys_sheet import KeysSheet
from scenes.pause import PauseMenu
from scenes.tables.face import SeatSetup
from scenes.tables.wyr import WyrTable
from scenes.tables.wyr.results import WyrResults
from scenes.tutorial import TUTORIALS
from tests.scenes.conftest import key, make_app, pump
from tests.scenes.keyboard_helpers import (
    focused,
    key_named,
    key_starts,
    tab_and_use,
    tab_to,
    top_targets,
)
from tests.scenes.wyr_table_helpers import last_action, my, table, three, until


@pytest.fixture
def big() -> Iterator[App]:
    """The app at 1280x800, English, instant animations."""
    a = make_app("--lang", "en", "--size", "1280x800")
    a.settings.animation_speed = "instant"
    a.settings.guided_offered = sorted(p.stem for p in TUTORIALS.glob("*.json"))
    yield a
    pygame.quit()


def button(t: WyrTable, name: str) -> Callable[[FocusTarget], bool]:
    """A `wanted` for `tab_to`: the ring on the table's control `name`."""
    return lambda f: f.rect == t.controls[name].rect and t.controls[name].visible


def table_keys(app: App) -> list[str]:
    return [f.key for f in top_targets(app) if f.key.startswith(("hand:", "board:"))]


def offered_controls(t: WyrTable, app: App) -> set[str]:
    rects = {tuple(f.rect) for f in top_targets(app)}
    return {n for n, w in t.controls.items() if w.visible and tuple(w.rect) in rects}


def play_my_turn(app: App, t: WyrTable, traded: list[str]) -> None:
    """One decision of the person at the screen, by Tab and Enter only."""
    phase = t.view()["phase"]
    if phase == "bet":
        tab_and_use(app, button(t, "bet20"))
    elif phase == "trade" and t.choice is not None and t.choice.mao:
        tab_and_use(app, key_named("hand:0"))
        tab_and_use(app, button(t, "mao1"))
        traded.append("mao")
    elif phase == "trade" and not traded:
        tab_and_use(app, key_named("hand:0"))
        if any(k.startswith("board:") for k in table_keys(app)):
            tab_and_use(app, key_starts("board:"))
            tab_and_use(app, button(t, "table"))
            traded.append("table")
        else:
            tab_and_use(app, button(t, "pile"))
            traded.append("pile")
    elif phase == "trade":
        tab_and_use(app, button(t, "pass"))
        traded.append("pass")
    else:
        raise AssertionError(f"unexpected decision {phase}")


def test_a_whole_match_by_keys_alone_at_1280x800(big: App) -> None:
    app = big
    seats = [SeatSetup("Borin", "easy"), SeatSetup("Ana"), SeatSetup("Lis", "easy")]
    t = table(app, seats, seed=4, options={"turn_limit": 1})
    ana = 1
    assert app.size == (1280, 800)
    real_click = t._click
    clicked: list[object] = []
    t._click = lambda pos: bool(clicked.append(pos)) or real_click(pos)  # type: ignore[method-assign]
    traded: list[str] = []
    decisions = 0
    for _ in range(6000):
        if isinstance(app.scenes.top, WyrResults):
            break
        if app.scenes.top is t and t.my_turn():
            n = len(t.match.log)
            play_my_turn(app, t, traded)
            assert len(t.match.log) > n, "the keys took no action"
            decisions += 1
        else:
            assert not table_keys(app)  # nothing of the table while the bots act
            pump(app)
    assert isinstance(app.scenes.top, WyrResults)
    assert t.match.over and decisions >= 2 and not clicked
    # a discard that took a table card, then a pass: both trade turns by keys
    assert traded == ["table", "pass"] and isinstance(last_action(t, ana), R.Pass)


def to_trade(app: App, seed: int = 4, ana_at: int = 1, **trade: object) -> WyrTable:
    t = table(app, three(ana_at), seed=seed)
    until(app, my(t, "bet"))
    tab_and_use(app, button(t, "bet10"))
    until(app, my(t, "trade", **trade))
    return t


def test_every_offered_target_is_accepted_and_none_while_bots_act(big: App) -> None:
    app = big
    t = table(app, three(1), seed=4)
    until(app, lambda: not t.my_turn() and bool(t.match.to_move))
    assert not table_keys(app) and not offered_controls(t, app)
    until(app, my(t, "bet"))
    assert offered_controls(t, app) == {"bet10", "bet20", "bet50"}
    tab_and_use(app, button(t, "bet10"))
    until(app, my(t, "trade", trade_round=1))
    # nothing chosen: the hand, then Pass; "draw"/"take" would only explain
    assert table_keys(app) == [f"hand:{i}" for i in range(len(t.hand.sprites))]
    assert offered_controls(t, app) == {"pass"}
    # each card offered toggles without a refusal, with one, two and three marked
    for marked in range(3):
        for k in table_keys(app):
            target = next(f for f in top_targets(app) if f.key == k)
            before = (list(t.choice.selected), list(t.choice.takes))
            target.use()
            assert not app.toast.visible, k
            assert (list(t.choice.selected), list(t.choice.takes)) != before, k
            target.use()  # and back
            assert not app.toast.visible, k
        tab_and_use(app, key_named(f"hand:{marked}"))
    # three marked: a fourth card is not offered, the marked ones are
    assert [k for k in table_keys(app) if k.startswith("hand:")] == ["hand:0", "hand:1", "hand:2"]
    assert "pass" not in offered_controls(t, app) and "pile" in offered_controls(t, app)
    for ctl in offered_controls(t, app):
        assert t.choice.build({"table": "table", "pile": "pile"}[ctl]) in t.choice.legal
    tab_and_use(app, button(t, "pile"))
    action = last_action(t, 1)
    assert isinstance(action, R.Trade) and action.source == "pile" and len(action.discard) == 3
    assert not table_keys(app)


def test_the_mao_de_wyr_offers_only_the_option_the_selection_fits(big: App) -> None:
    app = big
    t = to_trade(app, seed=4, ana_at=0, mao_de_wyr=True)
    assert table_keys(app) == [f"hand:{i}" for i in range(6)]
    assert not offered_controls(t, app)  # nothing marked: every option would only explain
    tab_and_use(app, key_named("hand:5"))
    assert offered_controls(t, app) == {"mao1"}
    tab_and_use(app, key_named("hand:4"))
    assert "mao1" not in offered_controls(t, app)
    for k in [k for k in table_keys(app) if k.startswith("board:")]:
        target = next(f for f in top_targets(app) if f.key == k)
        target.use()
        assert not app.toast.visible and t.choice.takes, k
        target.use()
    key(app, pygame.K_ESCAPE)
    assert t.choice.selected == [5] and offered_controls(t, app) == {"mao1"}
    tab_and_use(app, button(t, "mao1"))
    action = last_action(t, 0)
    assert isinstance(action, R.Trade) and action.source == "none"


def test_table_cards_follow_the_hand_in_tab_order(big: App) -> None:
    app = big
    t = to_trade(app, seed=4, ana_at=1, trade_round=1)
    for i in range(len(t.hand.sprites)):
        tab_and_use(app, key_named(f"hand:{i}"))
        boards = [k for k in table_keys(app) if k.startswith("board:")]
        if boards:
            break
        tab_and_use(app, key_named(f"hand:{i}"))  # unmark: that one takes nothing
    keys = table_keys(app)
    assert boards, "no discard could take a table card"
    assert keys == sorted(keys, key=lambda k: (k.startswith("board:"), int(k.split(":")[1])))
    tab_and_use(app, key_named(boards[0]))
    assert t.choice.takes == [int(boards[0].split(":")[1])] and not app.toast.visible


def test_esc_backs_out_of_the_discard_before_it_pauses(big: App) -> None:
    app = big
    t = to_trade(app, seed=4, ana_at=1, trade_round=1)
    tab_and_use(app, key_named("hand:1"))
    tab_and_use(app, key_named("hand:3"))
    assert t.choice.selected == [1, 3] and t.hand.sprites[3].selected
    key(app, pygame.K_ESCAPE)
    assert t.choice.selected == [1] and not t.hand.sprites[3].selected
    assert app.scenes.top is t
    key(app, pygame.K_ESCAPE)
    assert t.choice.selected == [] and app.scenes.top is t
    key(app, pygame.K_ESCAPE)
    pump(app, 2)
    assert isinstance(app.scenes.top, PauseMenu)


def test_f1_lists_the_wyr_keys_and_arrows_move_along_the_hand(big: App) -> None:
    app = big
    t = to_trade(app, seed=4, ana_at=1, trade_round=1)
    tab_to(app, key_named("hand:0"))
    key(app, pygame.K_RIGHT)
    assert focused(app) is not None and focused(app).key == "hand:1"
    key(app, pygame.K_LEFT)
    assert focused(app).key == "hand:0"
    key(app, pygame.K_F1)
    sheet = app.scenes.top
    assert isinstance(sheet, KeysSheet)
    pump(app)
    words = [k for k, _ in sheet.rows] + [d for _, d in sheet.rows]
    for line in WyrTable.KEY_LINES:
        assert tr(f"{line}.keys") in words and tr(f"{line}.does") in words
    key(app, pygame.K_F1)
    assert app.scenes.top is t
