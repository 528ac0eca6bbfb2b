"""Hot-seat keeps every secret ([G4], issue 11), as a property of the table base.

Whole matches with two or more humans are played on screen: the humans make
random legal moves, press the keys that open secret things (O, T, C …) at random
moments, and the curtain is opened for whoever it names. After every frame:

- the table reads a human's private view only while that human is the one the
  last curtain named and it is still their moment (they must act, or moves are
  still playing out on their screen) — never once the table waits for bots
  between humans, never under the curtain;
- no line of the log, as last painted on screen, is another seat's private
  line (it must read as the public line, or not at all);
- under the curtain the table shows nobody's secrets (`viewer` is None).

`play_hot_seat_match` is generic: it runs on any `TableScene`; below on War and
on the tiny test game.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import Event
from scenes.curtain import Curtain
from scenes.main_menu import MainMenu
from scenes.tables import open_table
from scenes.tables.base import TableScene
from scenes.tables.face import SeatSetup
from tests.scenes.conftest import make_app

#: keys a curious player may press at any moment (O objective, T cards, C map …)
PEEK_KEYS = (pygame.K_o, pygame.K_t, pygame.K_c, pygame.K_h, pygame.K_TAB)


class Watch:
    """Checks every read of a private view at the moment the table makes it."""

    def __init__(self, app: Any, table: TableScene) -> None:
        self.app = app
        self.table = table
        #: the human the last curtain named (the only one a table may show)
        self.named: int | None = None
        self.reads = 0
        match = table.match
        original = match.view

        def view(seat: int) -> dict[str, Any]:
            # A bot's own view goes to its worker, not the screen; at the end the
            # victory screen reveals everything.
            if table.is_human(seat) and not match.is_over:
                self.reads += 1
                looker = self.looker()
                assert seat == looker, f"seat {seat}'s private view was read while {looker} looks"
            return original(seat)

        match.view = view  # type: ignore[method-assign]

    def looker(self) -> int | None:
        """Whose secrets the screen may show right now."""
        return looker(self.table, self.app, self.named)


def looker(table: TableScene, app: Any, named: int | None) -> int | None:
    """The named human's moment lasts while they must act, and while moves are
    still playing out on their screen; once the table is idle and they are not
    to act (bots play, or another human is next), or the curtain is up, it is over."""
    if isinstance(app.scenes.top, Curtain) or table.match.is_over:
        return None
    playing_out = bool(table.events) or table.animating() or table.tweens.busy
    if named is not None and (named in table.match.to_move or playing_out):
        return named
    return None


def _private_line(table: TableScene, event: Event) -> str:
    """The log line `event` reads as for its owner."""
    keep = table.viewer
    table.viewer = getattr(event, "seat", None)
    try:
        return table.event_text(event)
    finally:
        table.viewer = keep


def check_frame(table: TableScene, app: Any, named: int | None) -> None:
    """The hot-seat invariants at the end of one frame (see the module docstring)."""
    if table.match.is_over:
        return  # the victory screen reveals everything
    if isinstance(app.scenes.top, Curtain):
        assert table.viewer is None, "the curtain is up but the table shows someone's secrets"
    may = looker(table, app, named)
    assert table.viewer in (None, may), (
        f"the table shows seat {table.viewer}'s secrets while {may} may look "
        f"(named {named}, to move {table.match.to_move}, last {table.match.log[-2:]})"
    )
    # Every line shown must be accounted for by an item the viewer may read.
    allowed: Counter[str] = Counter()
    for event, text, _colour, extra in table.history:
        if event is not None:
            text = table.event_text(event, **extra)
        allowed[text] += 1
    held = Counter(text for text, _ in table.log.entries)
    # and what the panel last painted while the table is on screen: a cached
    # picture of the last person's log once outlived the retelling for the next
    painted = Counter(text for text, _ in table.log.drawn)
    for shown in (held, painted) if app.scenes.top is table else (held,):
        for text, n in shown.items():
            if n > allowed[text]:
                owners = [
                    e
                    for e, _t, _c, _x in table.history
                    if e is not None and e.PRIVATE and _private_line(table, e) == text
                ]
                raise AssertionError(
                    f"another seat's private line is in the log: {text!r} {owners}"
                )


def play_hot_seat_match(
    app: Any, table: TableScene, rng: random.Random, max_frames: int = 6000
) -> int:
    """Play a whole match on screen, checking every frame; returns the frames used."""
    watch = Watch(app, table)
    for frame in range(max_frames):
        top = app.scenes.top
        events: list[pygame.event.Event] = []
        if isinstance(top, Curtain):
            if top.ready >= 0.4:
                watch.named = next(i for i, s in enumerate(table.seats) if s.name == top.name)
                top._open()
        elif top is not table:
            app.scenes.pop(fade=False)  # an overlay a key opened: close it
        elif table.match.is_over:
            return frame
        else:
            if rng.random() < 0.08:
                k = rng.choice(PEEK_KEYS)
                events.append(
                    pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
                )
            human = table.human_to_act()
            idle = not (table.events or table.animating() or table.tweens.busy)
            if human is not None and human == table.viewer and idle and rng.random() < 0.5:
                legal = table.match.legal_actions(human)
                table.submit(rng.choice(legal), human)
        app.step(1 / 30, events)
        check_frame(table, app, watch.named)
    raise AssertionError("the match did not end within the frame budget")


def _open(app: Any, game: str, seats: list[SeatSetup], seed: int, **options: Any) -> TableScene:
    app.scenes.push(MainMenu(app), fade=False)
    table = open_table(app, game, seats, seed=seed, options=options)
    app.scenes.push(table, fade=False)
    return table


def hot_seat_match(
    game: str,
    seats: list[SeatSetup],
    seed: int,
    options: dict[str, Any],
    size: str | None = "1024x640",
    max_frames: int = 6000,
) -> None:
    """A whole hot-seat match of `game` opened from the menu and played on
    screen in English (at `size`; None: the default), every frame checked ([G4])."""
    app = make_app("--lang", "en", *(("--size", size) if size else ()))
    app.settings.animation_speed = "instant"
    table = None
    try:
        table = _open(app, game, seats, seed, **options)
        play_hot_seat_match(app, table, random.Random(seed), max_frames)
    finally:
        if table is not None:
            table.worker.close()
        pygame.quit()


@pytest.mark.slow
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(1, 10_000))
def test_war_hot_seat_leaks_nothing_over_whole_matches(seed: int) -> None:
    seats = [SeatSetup("Ana"), SeatSetup("Bot", "easy"), SeatSetup("Bia"), SeatSetup("Caio")]
    hot_seat_match("war", seats, seed, {"turn_limit": 10})


@pytest.mark.slow
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(1, 10_000))
def test_tiny_game_hot_seat_leaks_nothing_over_whole_matches(seed: int) -> None:
    seats = [SeatSetup("Ana"), SeatSetup("Bot", "random"), SeatSetup("Bia")]
    hot_seat_match("alta", seats, seed, {}, size=None)
