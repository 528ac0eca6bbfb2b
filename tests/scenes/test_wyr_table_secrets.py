"""The Wyr table keeps secrets at one screen [G4]: each person's hand, unrevealed
bets and Tenebra's face-down discards, on screen, in the log told again and
through a whole hot-seat game."""

from __future__ import annotations

import random

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import parse_card
from game.wyr import records as R
from scenes.curtain import Curtain
from scenes.main_menu import MainMenu
from scenes.tables import open_table
from scenes.tables.face import SeatSetup
from scenes.tables.wyr.words import cards_text
from tests.scenes.conftest import (
    click,
    click_widget,
    make_app,
    open_curtain,
    pump,
)
from tests.scenes.test_hot_seat_secrets import hot_seat_match
from tests.scenes.wyr_table_helpers import (
    click_card,
    my,
    table,
    three,
    until,
)


def test_two_people_hot_seat_hide_hands_and_unrevealed_bets_g4(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, [SeatSetup("Ana"), SeatSetup("Bia"), SeatSetup("Borin", "easy")], seed=2)
    name = open_curtain(app)
    first = t.viewer
    assert first is not None and t.seats[first].name == name
    until(app, my(t, "bet"))
    click_widget(app, t.controls["bet50"])
    until(app, lambda: isinstance(app.scenes.top, Curtain))
    second = 1 - first
    assert app.scenes.top.name == t.seats[second].name
    pump(app, 30)
    click(app, app.scenes.top.button.rect.center)
    assert t.viewer == second
    # the second person sees neither the first one's pick nor any hand yet
    assert t.shown.view["my_pick"] is None and t.shown.view["bets"][first] is None
    assert t.shown.bet_marks.get(first) is None
    assert not any(s.face_up for s in t.hand.sprites)
    # and the log never carried the first person's cards
    assert not any("hand" in text.lower() and ":" in text for text, _ in t.log.entries)


def test_tenebra_shows_a_lord_his_own_face_down_discard_y11_g4(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, three(0), seed=7, options={"tenebra": True})
    until(app, my(t, "bet"))
    click_widget(app, t.controls["bet20"])
    until(app, my(t, "trade"))
    if t.choice.mao:
        click_card(app, t, 0)
        click_widget(app, t.controls["mao1"])
    else:
        click_card(app, t, 0)
        click_widget(app, t.controls["pile"])
    until(app, lambda: not t.events and not t.animating())
    table_cards = t.view()["table"]
    mine = [i for i, c in enumerate(table_cards) if c["by"] == 0]
    assert mine, table_cards
    for i, (sprite, c) in enumerate(zip(t.board_fan.sprites, table_cards, strict=True)):
        if i in mine:  # his own: face up to him, the card his view names
            assert sprite.face_up and sprite.card is not None and sprite.card.code == c["card"]
        else:  # everyone else's stays face down, unknown
            assert not sprite.face_up and c["card"] is None
    # and his log names it; the public line only counts it
    lines = [text for text, _ in t.log.entries]
    laid = [c["card"] for i, c in enumerate(table_cards) if i in mine and c["card"]]
    said = [x for x in lines if x.startswith("You laid")]
    assert laid and said and cards_text([parse_card(laid[-1])]) in said[-1], (laid, said)


def test_log_told_again_keeps_round_headings_and_secrets_g4(app) -> None:  # type: ignore[no-untyped-def]
    # For a base that keeps its log as events and tells it again for a new viewer.
    t = table(app, three(0), seed=3)
    events = []
    for seat, pick in ((0, 20), (1, 20), (2, 10)):
        events += t.match.apply(seat, R.PickBet(pick))
    t.history = [(e, "", (0, 0, 0), {}) for e in [*t.match.start_events, *events]]
    t.viewer = 0
    t.rebuild_log()
    lines = [text for text, _ in t.log.entries]
    assert len(t.log.hands) == 1 and any("Your hand" in x for x in lines)
    t.viewer = 1  # someone else looks now: only his own cards are told
    t.rebuild_log()
    told = [text for text, _ in t.log.entries if "Your hand" in text]
    own = next(e for e in events if isinstance(e, R.HandRevealed) and e.seat == 1)
    assert told == [f"Your hand: {cards_text(own.cards)}."]


# -- the new base and the practice/saves/replays work, adopted ---------------------


@pytest.mark.slow
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(1, 10_000))
def test_wyr_hot_seat_leaks_nothing_g4(seed: int) -> None:
    """Two humans and a bot: the generic hot-seat property over a whole game."""
    seats = [SeatSetup("Ana"), SeatSetup("Borin", "easy"), SeatSetup("Bia")]
    hot_seat_match("wyr", seats, seed, {}, max_frames=9000)


def test_tenebra_hot_seat_shows_each_person_only_their_own_discard_y11_g4() -> None:
    """A face-down discard shows face up to the one who laid it, and to nobody
    else: not to the next person after the curtain, not under it."""
    app = make_app("--lang", "en", "--size", "1024x640")
    app.settings.animation_speed = "instant"
    rng = random.Random(4)
    t = None
    try:
        seats = [SeatSetup("Ana"), SeatSetup("Borin", "easy"), SeatSetup("Bia")]
        app.scenes.push(MainMenu(app), fade=False)
        t = open_table(app, "wyr", seats, seed=4, options={"tenebra": True})
        app.scenes.push(t, fade=False)
        shown_own = 0
        for _ in range(6000):
            if t.match.is_over or t.match.public_view()["rounds_played"] >= 1:
                break
            top = app.scenes.top
            if isinstance(top, Curtain):
                assert t.viewer is None or not any(s.face_up for s in t.board_fan.sprites)
                click_widget(app, top.button)
                continue
            pump(app)
            table_cards = t.match.public_view()["table"]
            settled = not t.events and not t.animating()
            if settled and len(t.board_fan.sprites) == len(table_cards):
                for sprite, c in zip(t.board_fan.sprites, table_cards, strict=True):
                    if sprite.face_up and not c["face_up"]:
                        assert c["by"] == t.viewer and t.viewer is not None, (c, t.viewer)
                        shown_own += 1
            if t.viewer is not None and t.my_turn() and settled:
                t.submit(rng.choice(t.match.legal_actions(t.viewer)))
        assert shown_own  # someone did see their own discard
    finally:
        if t is not None:
            t.worker.close()
        pygame.quit()
