"""The Chama table by keys alone (issue 50): a whole match for one person
against a bot at 1280x800 driven by Tab, Enter and Space only; every target
the ring offers does what a click on it does and is never refused; nothing
is offered while the bot plays; Esc drops one pick before it pauses; F1 lists
the table's keys; the arrows go the way they point."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from game import Action
from game.cards import Card, parse_card
from game.chama import actions as A
from game.chama.bots import make_bot
from scenes.app import App
from scenes.dialogs import ConfirmDialog
from scenes.i18n import tr
from scenes.keyboard import FocusTarget
from scenes.keys_sheet import KeysSheet
from scenes.pause import PauseMenu
from scenes.tables.chama import ChamaTable
from scenes.tables.chama.selection import SLOTS
from scenes.tables.face import SeatSetup
from scenes.tutorial import TUTORIALS
from scenes.victory import VictoryOverlay
from tests.scenes.chama_table_helpers import my_phase, setup_hand, table, until
from tests.scenes.conftest import key, make_app, pump
from tests.scenes.keyboard_helpers import (
    focused,
    key_named,
    tab_and_use,
    tab_to,
    top_targets,
    use_focused,
)


@pytest.fixture
def big() -> Iterator[App]:
    """The app at 1280x800, English, instant animations."""
    a = make_app("--lang", "en", "--size", "1280x800")
    a.settings.animation_speed = "instant"
    a.settings.guided_offered = sorted(p.stem for p in TUTORIALS.glob("*.json"))
    yield a
    pygame.quit()


def _button_rect(t: ChamaTable, action: Action) -> pygame.Rect | None:
    """Where the bar's button for `action` stands, if it has one."""
    assert t.row is not None
    entry = next((e for e in t.row.entries if e.action == action), None)
    if entry is None:
        return None
    for b in t.row.buttons + t.row.primary:
        if b.visible and b.text == entry.label:
            return pygame.Rect(b.rect)
    return None


def _gui_named(text: str) -> Callable[[FocusTarget], bool]:
    """A `wanted` for `tab_to`: the button with these words."""
    return lambda f: f.key.startswith("gui:") and f.label == text


def _press_button(app: App, rect: pygame.Rect) -> None:
    tab_and_use(app, lambda f: f.key.startswith("gui:") and f.rect == rect)


def _target_key(t: ChamaTable, action: Action) -> str | None:
    """The ring's key of the table thing an action names (its slot, commander
    or attacked realm), if any."""
    me = t.viewer
    if isinstance(action, A.Attack):
        return f"slot:{action.target}:{SLOTS.index(action.slot)}"
    if isinstance(action, A.CallXisum):
        return f"area:{action.target}:0"
    if hasattr(action, "slot"):
        return f"slot:{me}:{SLOTS.index(action.slot)}"
    if hasattr(action, "uid"):
        return f"unit:{me}:{action.uid}"
    return None


def play_by_keys(app: App, t: ChamaTable, action: Action) -> None:
    """Make `action` with the keyboard as a person would: its button, or the
    card and then its target, by Tab and Enter."""
    rect = _button_rect(t, action)
    if rect is not None:
        _press_button(app, rect)
        return
    card = getattr(action, "card", None)
    spoils = t.view().get("spoils_card")
    if isinstance(action, (A.PlaySpoilsRealm, A.AttachSpoilsArmy, A.PoolSpoilsCommander)):
        card_code = spoils
    else:
        card_code = card.code if isinstance(card, Card) else None
    target = _target_key(t, action)
    if isinstance(action, A.CallXisum):  # the commander first, then the player called on
        tab_and_use(app, key_named(f"unit:{t.viewer}:{action.uid}"))
    if card_code and (target is None or t.sel.selected != card_code):
        tab_and_use(app, key_named(f"hand:{card_code}"))
    if target is not None:
        tab_and_use(app, key_named(target))
    if isinstance(action, A.RebuildRealm):  # the slot opened the rebuild: confirm it
        _press_button(app, _confirm_rect(t))


def _confirm_rect(t: ChamaTable) -> pygame.Rect:
    """The rebuild's confirm button."""
    assert t.row is not None and t.sel.rebuild_slot is not None
    entry = t.row.first_primary()
    assert entry is not None
    return pygame.Rect(next(b.rect for b in t.row.primary if b.visible and b.text == entry.label))


def test_a_whole_match_by_keys_alone_at_1280x800(big: App) -> None:
    t = table(
        big, [SeatSetup("Ana"), SeatSetup("Borin", "easy")], seed=5, options={"turn_limit": 10}
    )
    bot = make_bot("normal")
    rng = random.Random(11)
    moves = 0
    made: list[str] = []
    for _ in range(6000):
        top = big.scenes.top
        if isinstance(top, VictoryOverlay):
            break
        if isinstance(top, ConfirmDialog):  # a redraw's or a decline's question: yes
            tab_and_use(big, _gui_named(top.yes_text))
            continue
        if top is t and t.my_turn() and t.turn_key != ():
            legal = t.legal()
            before = len(t.match.log)
            _check_targets(t)  # each offered target is a move or a pick, never refused
            action = bot.choose(t.match.view(0), legal, rng)  # type: ignore[arg-type]
            made.append(type(action).__name__)
            play_by_keys(big, t, action)
            pump(big, 2)
            if not isinstance(big.scenes.top, ConfirmDialog):
                assert len(t.match.log) > before, f"{action} was not made"
                assert not (big.toast.visible and big.toast.kind == "warn"), big.toast.text
            moves += 1
            continue
        assert t.table_targets() == []  # nothing while the bot plays or cards move
        key(big, pygame.K_SPACE)  # skip ahead to the person's next decision
        pump(big)
    assert isinstance(big.scenes.top, VictoryOverlay), "the match did not end"
    assert t.match.is_over and moves > 10
    # realms, the pool, an attack and its battle were all played by keys
    assert {"PlayRealm", "PoolCommander", "AttachArmy", "Attack", "PresentPool"} <= set(made)


def _check_targets(t: ChamaTable, depth: int = 2) -> int:
    """Use each offered target against a copy of the picks: it is an accepted
    move of the engine or a pick that lights its own targets, never a refusal."""
    sel = t.sel
    saved = (sel.selected, sel.rebuild_slot, list(sel.rebuild_pick), sel.xisum_unit)
    legal = t.legal()
    warned: list[str] = []
    made: list[Action] = []
    clicks: Any = t.clicks
    real = (clicks.submit, clicks.notify)
    clicks.submit, clicks.notify = made.append, lambda text, kind: warned.append(text)
    count = 0
    try:
        for target in t.table_targets():
            made.clear()
            target.use()
            count += 1
            assert not warned, f"{target.key}: {warned}"
            if made:
                assert made == [made[0]] and made[0] in legal, f"{target.key}: {made}"
            else:
                now = (sel.selected, sel.rebuild_slot, list(sel.rebuild_pick), sel.xisum_unit)
                assert now != saved, f"{target.key} did nothing"
                if depth > 1:
                    count += _check_targets(t, depth - 1)
            sel.selected, sel.rebuild_slot, pick, sel.xisum_unit = saved
            sel.rebuild_pick = list(pick)
    finally:
        clicks.submit, clicks.notify = real
    return count


def test_every_offered_target_is_usable_and_none_while_the_bot_plays_c5_c7_c8_c10(
    big: App,
) -> None:
    t = table(big, [SeatSetup("Ana"), SeatSetup("Borin", "easy")], seed=3)
    until(big, my_phase(t, "realm"))
    m = t.match
    m.slot_card[1][0] = parse_card("KH")  # Borin holds a realm in A and no fighter
    m.hands[1] = [c for c in m.hands[1] if c.rank >= 11]
    setup_hand(t, 0, "KS QS 5S 9S 8S")
    # the realm step: only the realms in hand (a click on the others is refused)
    assert [f.key for f in t.table_targets()] == ["hand:KS", "hand:QS"]
    assert _check_targets(t) >= 4
    tab_and_use(big, key_named("hand:KS"))
    # picked: the hand, then the one slot a first realm may go to (A, the apex) [C5]
    assert [f.key for f in t.table_targets()] == ["hand:KS", "hand:QS", "slot:0:0"]
    tab_and_use(big, key_named("slot:0:0"))
    assert m.log[-1] == (0, A.PlayRealm(parse_card("KS"), "A"))
    until(big, my_phase(t, "pool"))
    keys = [f.key for f in t.table_targets()]
    assert "hand:5S" in keys and "hand:QS" not in keys
    _check_targets(t)
    tab_and_use(big, key_named("hand:5S"))  # the commander goes straight into the pool [C7]
    until(big, my_phase(t, "pool"))
    (unit,) = m.pool[0]
    tab_and_use(big, key_named("hand:9S"))  # the army is picked: its commander is offered
    assert f"unit:0:{unit.uid}" in [f.key for f in t.table_targets()]
    tab_and_use(big, key_named(f"unit:0:{unit.uid}"))
    assert m.pool[0][0].army == parse_card("9S")
    until(big, lambda: my_phase(t, "pool")() or my_phase(t, "attack")())
    if t.view()["phase"] == "pool":
        assert t.row is not None
        tab_and_use(big, lambda f: f.key.startswith("gui:") and f.rect == t.row.primary[0].rect)
    until(big, my_phase(t, "attack"))
    # the attack: Borin's realm A is the one table target [C8]
    assert [f.key for f in t.table_targets()] == ["slot:1:0"]
    _check_targets(t)
    tab_and_use(big, key_named("slot:1:0"))
    assert isinstance(m.log[-1][1], A.Attack)
    until(big, lambda: t.my_turn() and t.view()["battle"]["stage"] == "present_attacker")
    jack = parse_card("JS")  # the spoils will be a realm
    m.draw[0].remove(jack)
    m.draw[0].append(jack)
    assert f"unit:0:{unit.uid}" in [f.key for f in t.table_targets()]
    _check_targets(t)
    tab_and_use(big, key_named(f"unit:0:{unit.uid}"))
    assert (0, A.PresentPool(unit.uid)) in m.log
    # Borin declines: nothing is offered to Ana while he decides
    for _ in range(3000):
        if my_phase(t, "spoils")():
            break
        assert t.table_targets() == []
        pump(big)
    # the spoils realm is picked already: the slots it may go to are offered [C10]
    keys = [f.key for f in t.table_targets()]
    assert "slot:0:1" in keys and "slot:0:2" in keys
    _check_targets(t)
    tab_and_use(big, key_named("slot:0:1"))
    assert m.log[-1] == (0, A.PlaySpoilsRealm("B"))


def test_esc_backs_out_before_it_pauses_f1_lists_the_keys_and_arrows_point(big: App) -> None:
    t = table(big, [SeatSetup("Ana"), SeatSetup("Borin", "easy")], seed=3)
    until(big, my_phase(t, "realm"))
    setup_hand(t, 0, "KS QS 5S 9S 8S")
    # the arrows: right along the hand, up from a picked realm to its slot
    tab_to(big, key_named("hand:KS"))
    key(big, pygame.K_RIGHT)
    assert focused(big) is not None and focused(big).key == "hand:QS"  # type: ignore[union-attr]
    key(big, pygame.K_LEFT)
    use_focused(big)
    assert t.sel.selected == "KS"
    key(big, pygame.K_UP)
    assert focused(big) is not None and focused(big).key == "slot:0:0"  # type: ignore[union-attr]
    # Esc puts the picked realm back, and only then pauses
    key(big, pygame.K_ESCAPE)
    assert t.sel.selected is None and big.scenes.top is t
    assert "slot:0:0" not in [f.key for f in top_targets(big)]
    # F1: the sheet lists the table's own keys (and closes again with F1)
    key(big, pygame.K_F1)
    sheet = big.scenes.top
    assert isinstance(sheet, KeysSheet)
    pump(big)
    rows = t.keys_sheet()
    assert ("H", tr("chamatable.keys.reveal.does")) in rows
    assert ("Esc", tr("chamatable.keys.back.does")) in rows
    key(big, pygame.K_F1)
    pump(big)
    assert big.scenes.top is t
    key(big, pygame.K_ESCAPE)
    pump(big, 2)
    assert isinstance(big.scenes.top, PauseMenu)


def test_a_rebuild_and_a_xisum_by_keys_each_backed_out_by_esc_c5_c15(big: App) -> None:
    t = table(big, [SeatSetup("Ana"), SeatSetup("Borin", "easy")], seed=3, options={"xisum": True})
    until(big, my_phase(t, "realm"))
    m = t.match
    m.slot_card[0][0], m.slot_razed[0][0] = parse_card("KS"), True  # A lies razed
    m.pool[0].append(m._new_unit(parse_card("5S")))
    uid = m.pool[0][0].uid
    setup_hand(t, 0, "3S 4S 6S 7S")
    keys = [f.key for f in t.table_targets()]
    # no realm in hand: the razed A (a rebuild) and the commander (a Xisum)
    assert keys == ["slot:0:0", f"unit:0:{uid}"]
    assert _check_targets(t) >= 4
    # the Xisum: the commander, then Borin's area; Esc drops the commander [C15]
    tab_and_use(big, key_named(f"unit:0:{uid}"))
    assert t.sel.xisum_unit == uid and "area:1:0" in [f.key for f in t.table_targets()]
    key(big, pygame.K_ESCAPE)
    assert t.sel.xisum_unit is None and big.scenes.top is t
    # the rebuild: the slot, then the cards to discard; Esc backs out [C5]
    tab_and_use(big, key_named("slot:0:0"))
    assert t.sel.rebuild_slot == 0
    # the three suggested discards are picked: each may be put back (then any other picked)
    picked = [f"hand:{c}" for c in t.hand_codes() if c in t.sel.rebuild_pick]
    assert len(picked) == 3 and [f.key for f in t.table_targets()] == picked
    tab_and_use(big, key_named(picked[0]))
    assert len(t.sel.rebuild_pick) == 2 and len(t.table_targets()) == 4
    key(big, pygame.K_ESCAPE)
    assert t.sel.rebuild_slot is None and big.scenes.top is t
    tab_and_use(big, key_named("slot:0:0"))
    _press_button(big, _confirm_rect(t))
    assert isinstance(m.log[-1][1], A.RebuildRealm) and not m.slot_razed[0][0]
    until(big, my_phase(t, "realm"))
    tab_and_use(big, key_named(f"unit:0:{uid}"))
    tab_and_use(big, key_named("area:1:0"))
    assert m.log[-1] == (0, A.CallXisum(uid, 1))
