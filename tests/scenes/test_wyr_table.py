"""The Wyr table driven by real clicks: the secret bet, the Mão de Wyr, discard &
trade, the Hora da Verdade with a Thyatis reroll, hot-seat secrecy, practice aids
and whole games by bots for every variant ([Y2]-[Y11] on screen)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import parse_card
from game.wyr import records as R
from scenes import style
from scenes.curtain import Curtain
from scenes.i18n import tr
from scenes.main_menu import MainMenu
from scenes.tables import felt, open_table
from scenes.tables.base import SeatSetup
from scenes.tables.wyr import WyrTable
from scenes.tables.wyr.results import WyrResults
from scenes.tables.wyr.words import cards_text
from tests.scenes.conftest import (
    click,
    click_widget,
    key,
    make_app,
    open_test_table,
    pump,
    pump_until,
)
from tests.scenes.test_hot_seat_secrets import hot_seat_match


def table(
    app, seats: list[SeatSetup], seed: int = 3, practice: bool = False, options: dict | None = None
) -> WyrTable:  # type: ignore[no-untyped-def]
    t = open_test_table(app, "wyr", seats, seed, practice, options)
    assert isinstance(t, WyrTable)
    return t


def until(app, cond: Callable[[], bool], frames: int = 4000) -> None:  # type: ignore[no-untyped-def]
    pump_until(app, cond, frames)


def my(t: WyrTable, phase: str, **trade: object) -> Callable[[], bool]:
    """The person at the screen must act in `phase` (trade fields must match)."""

    def ok() -> bool:
        if not t.my_turn() or t.view()["phase"] != phase:
            return False
        info = t.view().get("trade") or {}
        return all(info.get(k) == v for k, v in trade.items())

    return ok


def last_action(t: WyrTable, seat: int) -> object:
    return next(a for s, a in reversed(t.match.log) if s == seat)


def click_card(app, t: WyrTable, index: int) -> None:  # type: ignore[no-untyped-def]
    rect = t.hand.sprites[index].rect
    click(app, (rect.left + 6, rect.centery))  # the left edge: overlapped cards show it


def click_table_card(app, t: WyrTable, position: int) -> None:  # type: ignore[no-untyped-def]
    rect = t.board_fan.sprites[position].rect
    click(app, (rect.left + 4, rect.top + 8))


def three(ana_at: int = 0) -> list[SeatSetup]:
    seats = [SeatSetup("Borin", "easy"), SeatSetup("Lis", "easy")]
    seats.insert(ana_at, SeatSetup("Ana"))
    return seats


def test_secret_bet_by_click_then_the_reveal_explains_the_table_bet_y2(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, three())
    until(app, my(t, "bet"))
    assert t.controls["bet20"].visible and not t.controls["pass"].visible
    # the hand stays face down until the bets are turned over
    assert t.hand.sprites and not any(s.face_up for s in t.hand.sprites)
    click_widget(app, t.controls["bet50"])
    assert last_action(t, 0) == R.PickBet(50)
    until(app, lambda: t.reveal is not None)
    picks = dict(t.match.revealed_bets)
    assert t.reveal.picks == picks and t.reveal.table_bet == t.match.current_bet
    values = list(picks.values())
    top = max(values.count(v) for v in values)
    expected = (
        "unanimous"
        if len(set(values)) == 1
        else "all_different"
        if top == 1
        else "majority"
        if len([v for v in set(values) if values.count(v) == top]) == 1
        else "tie_lowest"
    )
    assert t.reveal.reason == expected
    assert "T$" in t.banner.subtitle or t.banner.subtitle  # the why is spelled out
    until(app, lambda: any(s.face_up for s in t.hand.sprites))


def test_a_click_on_the_cards_during_the_bet_is_explained(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, three())
    until(app, my(t, "bet"))
    click_card(app, t, 0)
    assert app.toast.visible and all(s != 0 for s, _ in t.match.log)


def test_mao_de_wyr_offers_three_explicit_choices_y4(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, three(0))
    until(app, my(t, "bet"))
    click_widget(app, t.controls["bet10"])
    until(app, my(t, "trade", mao_de_wyr=True))
    assert all(t.controls[n].visible for n in ("mao1", "mao2", "mao3"))
    # nothing chosen yet: the options say what they take, not "2 · 0 from table"
    assert " 0 " not in t.controls["mao2"].text and " 0 " not in t.controls["mao3"].text
    assert t.controls["mao2"].text == tr("wyrtable.mao.option2_idle")
    assert not t.controls["pass"].visible  # the Mão de Wyr cannot pass
    assert len(t.hand.sprites) == 6 and len(t.board_fan.sprites) == 2
    # the extra card drawn is marked in the hand
    assert sum(1 for s in t.hand.sprites if s.highlighted) == 1
    click_card(app, t, 0)
    click_card(app, t, 1)
    assert not t.controls["mao1"].is_enabled  # option 1 discards exactly one
    click_card(app, t, 1)
    assert t.controls["mao1"].is_enabled
    click_widget(app, t.controls["mao1"])
    action = last_action(t, 0)
    assert isinstance(action, R.Trade) and action.source == "none" and len(action.discard) == 1
    until(app, lambda: not t.events and len(t.board_fan.sprites) >= 3)


def test_mao_de_wyr_option_three_draws_from_the_pile_y4(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, three(0), seed=8)
    until(app, my(t, "bet"))
    click_widget(app, t.controls["bet20"])
    until(app, my(t, "trade", mao_de_wyr=True))
    for i in (0, 1, 2):
        click_card(app, t, i)
    click_card(app, t, 3)  # a fourth discard is refused, in words
    assert app.toast.visible and len(t.choice.selected) == 3
    click_widget(app, t.controls["mao3"])
    action = last_action(t, 0)
    assert isinstance(action, R.Trade) and action.source == "pile" and len(action.discard) == 3
    until(app, lambda: not t.events and not t.animating())
    assert len(t.match.view(0)["hand"]) == 5


def test_discard_and_take_table_cards_then_pass_in_round_two_y3(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, three(1), seed=4)
    until(app, my(t, "bet"))
    click_widget(app, t.controls["bet20"])
    until(app, my(t, "trade", trade_round=1))
    assert t.controls["pass"].visible and t.controls["pass"].is_enabled
    click_widget(app, t.controls["table"])  # nothing selected: explained, nothing sent
    assert app.toast.visible
    click_card(app, t, 0)
    click_card(app, t, 1)
    assert not t.controls["pass"].is_enabled
    need = t.choice.need("table")
    assert need >= 1
    takeable = sorted(t.choice.takeable())
    assert all(t.board_fan.sprites[p].highlighted for p in takeable)
    for p in takeable[-need:]:
        click_table_card(app, t, p)
    before = list(t.match.view(1)["table"])
    click_widget(app, t.controls["table"])
    action = last_action(t, 1)
    assert isinstance(action, R.Trade) and action.source == "table"
    assert sorted(action.take) == sorted(takeable[-need:])
    taken = {before[p]["card"] for p in action.take}
    until(app, lambda: not t.events and not t.animating())
    assert taken <= set(t.match.view(1)["hand"]) or t.view()["phase"] != "trade"
    until(app, my(t, "trade", trade_round=2))
    click_widget(app, t.controls["pass"])
    assert isinstance(last_action(t, 1), R.Pass)


def test_discard_and_draw_from_the_pile_by_keys_y3(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, three(1), seed=5)
    until(app, my(t, "bet"))
    click_widget(app, t.controls["bet10"])
    until(app, my(t, "trade", trade_round=1))
    hand = list(t.choice.hand)
    click_card(app, t, 4)
    click_widget(app, t.controls["pile"])
    action = last_action(t, 1)
    assert action == R.Trade((hand[4],), "pile")


def to_my_thyatis_choice(app, t: WyrTable) -> None:  # type: ignore[no-untyped-def]
    """Bet 20, keep the hand through both turns of discards, up to Ana's reroll choice."""
    until(app, my(t, "bet"))
    click_widget(app, t.controls["bet20"])
    for _ in range(2):
        until(app, my(t, "trade"))
        if t.choice.mao:
            click_card(app, t, 0)
            click_widget(app, t.controls["mao1"])
        else:
            click_widget(app, t.controls["pass"])
    until(app, my(t, "thyatis"))


def test_hora_da_verdade_dice_land_on_the_engine_values_and_thyatis_rerolls_y7_y11(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, three(0), seed=7, options={"thyatis": True})
    rolled: list[R.DiceRolled] = []
    play = t.play_event

    def spy(ev):  # type: ignore[no-untyped-def]
        if isinstance(ev, R.DiceRolled):
            rolled.append(ev)
        play(ev)

    t.play_event = spy  # type: ignore[method-assign]
    to_my_thyatis_choice(app, t)
    assert t.controls["reroll"].visible and t.controls["keep"].visible
    board = t.board
    assert board is not None and [r.seat for r in board.rows] == t.view()["show"]["order"]
    mine = board.row(0)
    assert mine is not None and mine.dice == t.view()["show"]["dice"][0]
    # the tray shows exactly what the engine rolled, row by row
    shown = [[d.value for d in row.dice.dice] for row in t.tray.rows if not row.struck]
    assert [list(e.dice) for e in rolled if e.kind == "main"][-1] in shown
    before = list(mine.dice)
    click_widget(app, t.controls["reroll"])
    assert last_action(t, 0) == R.ThyatisChoice(True)
    until(app, lambda: mine.rerolled is not None)
    old, new = mine.rerolled
    expected = list(before)
    expected[expected.index(min(expected))] = new  # the lowest die, once ([Y11])
    assert old == min(before) and mine.dice == expected
    until(app, lambda: board.winners != () and not t.events and not t.animating())
    assert sum(r.payout for r in board.rows) == board.pot


def test_the_panel_names_only_a_lord_still_deciding_on_thyatis_y11(app) -> None:  # type: ignore[no-untyped-def]
    # it said "Ana decides whether to reroll" while Lis's roll played out after Ana chose
    from tests.scenes.conftest import pump

    app.settings.animation_speed = "fast"  # at "instant" nothing is ever still playing out
    t = table(app, three(0), seed=7, options={"thyatis": True})
    to_my_thyatis_choice(app, t)
    click_widget(app, t.controls["reroll"])
    named = 0
    for _ in range(6000):
        lines = [line[0] for line in t._panel_lines(t.view())]
        for seat in range(3):
            if tr("wyrtable.thyatis.waiting", name=t.name(seat)) in lines:
                named += 1
                assert seat in t.match.to_move and not t.animating(), (seat, lines)
        if t.match.is_over or t.view()["phase"] not in ("show", "thyatis"):
            break
        pump(app)
    assert named  # the bots' decisions were announced when they were theirs


def test_two_people_hot_seat_hide_hands_and_unrevealed_bets_g4(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, [SeatSetup("Ana"), SeatSetup("Bia"), SeatSetup("Borin", "easy")], seed=2)
    until(app, lambda: isinstance(app.scenes.top, Curtain))
    curtain = app.scenes.top
    pump(app, 30)
    click(app, curtain.button.rect.center)
    first = t.viewer
    assert first is not None and t.seats[first].name == curtain.name
    until(app, my(t, "bet"))
    click_widget(app, t.controls["bet50"])
    until(app, lambda: isinstance(app.scenes.top, Curtain))
    second = 1 - first
    assert app.scenes.top.name == t.seats[second].name
    pump(app, 30)
    click(app, app.scenes.top.button.rect.center)
    assert t.viewer == second
    # the second person sees neither the first one's pick nor any hand yet
    assert t.shown["my_pick"] is None and t.shown["bets"][first] is None
    assert t.bet_marks.get(first) is None
    assert not any(s.face_up for s in t.hand.sprites)
    # and the log never carried the first person's cards
    assert not any("hand" in text.lower() and ":" in text for text, _ in t.log.entries)


def test_practice_hint_gives_a_reason_and_the_bots_cards_can_be_seen(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, three(1), seed=6, practice=True)
    until(app, my(t, "bet"))
    click_widget(app, t.controls["bet20"])
    until(app, my(t, "trade"))
    # the trade turn's complete list is worked out once per position, for the
    # controls, the bots and the hint alike
    calls = []
    engine_legal = t.match.legal_actions
    t.match.legal_actions = lambda seat: calls.append(seat) or engine_legal(seat)  # type: ignore[method-assign]
    t._legal = None
    assert t.legal(0) == t.legal_actions(0) == engine_legal(0)
    assert calls == [0]
    t.match.legal_actions = engine_legal  # type: ignore[method-assign]
    t.hint()
    until(app, lambda: "Hint" in (app.toast.text or ""), 900)
    assert "." in app.toast.text.split("Hint:", 1)[1]  # action, then the one-line reason
    assert "peek" not in t.controls  # one switch: the pause menu's
    assert not any(s.face_up for s in t.fans[0].sprites)
    t.pause()
    pump(app)
    click_widget(app, app.scenes.top.buttons["reveal"])
    pump(app)
    assert t.revealed_seats() == [0, 2]
    assert all(s.face_up for s in t.fans[0].sprites)
    assert [s.card for s in t.fans[0].sprites] == [
        c for c in map(parse_card, t.match.view(0)["hand"])
    ]
    assert t._aid_lines(t.view())  # the odds panel speaks


def test_practice_undo_takes_back_the_trade(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, three(1), seed=6, practice=True)
    until(app, my(t, "bet"))
    click_widget(app, t.controls["bet20"])
    until(app, my(t, "trade", trade_round=1))
    hand = list(t.view()["hand"])
    click_card(app, t, 0)
    click_widget(app, t.controls["pile"])
    until(app, lambda: not t.events and not t.animating())
    t.undo()
    pump(app, 3)
    assert t.view()["hand"] == hand and t.view()["trade"]["seat"] == 1


def test_group_game_colours_totals_and_group_bet_y1_y2(app) -> None:  # type: ignore[no-untyped-def]
    seats = [SeatSetup("Ana")] + [SeatSetup(f"Bot {i}", "easy") for i in range(3)]
    t = table(app, seats, options={"groups": "pairs"})
    until(app, my(t, "bet"))
    # [Y1] A1 B1 A2 B2: partners share colour and emblem
    assert t.seat_look(0) == t.seat_look(2) and t.seat_look(1) == t.seat_look(3)
    assert t.seat_look(0) != t.seat_look(1)
    click_widget(app, t.controls["bet20"])
    until(app, lambda: t.reveal is not None)
    assert t.reveal.reason in ("groups_agree", "groups_lowest") and len(t.reveal.proposals) == 2


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


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"hyninn": 4},
        {"nimb": True},
        {"azgher": True},
        {"thyatis": True},
        {"tenebra": True},
        {"groups": "pairs"},
        {"groups": "trios"},
        {"tournament": True},
    ],
    ids=lambda o: "-".join(f"{k}-{v}" for k, v in o.items()) or "plain",
)
@pytest.mark.slow
def test_autoplay_finishes_a_game_for_each_variant_y11(options: dict) -> None:
    import main
    from scenes.app import App
    from scenes.tables import open_table_from_args

    n = 6 if options.get("groups") == "trios" else 4
    argv = ["play", "wyr", "--autoplay", "--seed", "11", "--size", "1024x640", "--lang", "pt"]
    argv += ["--seats", ",".join(["Ana"] + ["bot:easy"] * (n - 1))]
    for k, v in options.items():
        argv += ["-o", f"{k}={json.dumps(v)}"]
    args = main.build_parser().parse_args(argv)
    app = App(args)
    app.settings.animation_speed = "instant"
    t = open_table_from_args(app, args)
    app.scenes.push(MainMenu(app), fade=False)
    app.scenes.push(t, fade=False)
    until(app, lambda: isinstance(app.scenes.top, WyrResults), 20000)
    results = app.scenes.top
    rounds = t.match.public_view()["rounds_played"]
    assert len(results.rows) == rounds + 1  # the chart: the start and every round
    assert results.rows[-1] == t.match.public_view()["money"]
    assert t.victory_lines()
    # every lord's line can be told apart, partners too (they share a colour) [Y1]
    series = results.chart_series()
    assert len({(x.colour, x.emblem) for x in series}) == n
    pump(app, 2)
    pygame.quit()


def test_tournament_new_hand_choice_by_click_r8(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, three(0), seed=12, options={"tournament": True})
    until(app, my(t, "bet"))
    click_widget(app, t.controls["bet20"])
    until(app, my(t, "mulligan"))
    assert t.controls["mull_yes"].visible and t.controls["mull_no"].visible
    click_widget(app, t.controls["mull_yes"])
    assert last_action(t, 0) == R.MulliganChoice(True)
    until(app, lambda: not t.events and not t.animating())
    assert t.match.mulligan_used[0] and len(t.match.view(0)["hand"]) == 5


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


def visible_controls(t: WyrTable) -> set[str]:
    return {n for n, w in t.controls.items() if w.visible}


def test_pause_then_resume_shows_only_the_phase_controls(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, three())
    until(app, my(t, "bet"))
    t.pause()
    pump(app)
    assert not isinstance(app.scenes.top, WyrTable)
    key(app, pygame.K_ESCAPE)
    pump(app, 2)
    assert app.scenes.top is t
    assert visible_controls(t) == {"bet10", "bet20", "bet50"}
    click_widget(app, t.controls["bet20"])
    until(app, my(t, "trade"))
    t.pause()
    pump(app)
    key(app, pygame.K_ESCAPE)
    pump(app, 2)
    assert visible_controls(t) in ({"pass", "pile", "table"}, {"mao1", "mao2", "mao3"})
    # a hidden button cannot be clicked: a bet is no move in the trade
    click(app, t.controls["bet50"].rect.center)
    pump(app)
    assert t.view()["phase"] == "trade" and t.view()["my_pick"] == 20


def test_space_skips_ahead_to_the_next_decision(app) -> None:  # type: ignore[no-untyped-def]
    app.settings.animation_speed = "normal"
    t = table(app, three())
    until(app, my(t, "bet"))
    click_widget(app, t.controls["bet20"])
    pump(app)
    key(app, pygame.K_SPACE)
    assert t.skipping and not t.animating() and t.tray.settled
    frames = 0
    while not my(t, "trade")() and frames < 400:
        pump(app)
        frames += 1
    assert my(t, "trade")()
    assert frames < 200  # the bots' bets and turns went by without their pauses


def test_save_then_continue_tells_the_log_again(app) -> None:  # type: ignore[no-untyped-def]
    from game import saves

    t = table(app, three())
    until(app, my(t, "bet"))
    click_widget(app, t.controls["bet20"])
    until(app, my(t, "trade"))
    lines = [text for text, _ in t.log.entries]
    t.autosave()
    t.autosaver.wait()
    saved_log = saves.load_save(saves.autosave_path("wyr")).log
    menu = MainMenu(app)
    app.scenes.reset(menu, fade=False)
    pump(app)
    click(app, menu.buttons["continue"].rect.center)
    pump(app, 3)
    again = app.scenes.top
    assert isinstance(again, WyrTable) and again is not t
    assert again.match.log[: len(saved_log)] == saved_log
    told = [text for text, _ in again.log.entries]
    assert told[: len(lines)] == lines  # the same log, told again from the actions
    assert any("T$ 20" in line for line in told)


def test_a_finished_game_replays_forward_and_back(app) -> None:  # type: ignore[no-untyped-def]
    from game import make_bot, new_match
    from game.rng import Rng
    from scenes.replay import ReplayMixin, open_replay

    m = new_match("wyr", ["Ana", "Borin", "Lis"], seed=4)
    m.meta = {"players": [{"name": n, "bot": "easy"} for n in ("Ana", "Borin", "Lis")]}
    bot, rng = make_bot("wyr", "easy"), Rng(1)
    while not m.is_over:
        s = m.to_move[0]
        m.apply(s, bot.choose(m.view(s), m.legal_actions(s), rng))
    app.scenes.push(MainMenu(app), fade=False)
    viewer = open_replay(app, m.save())
    assert isinstance(viewer, ReplayMixin) and isinstance(viewer, WyrTable)
    app.scenes.push(viewer, fade=False)
    viewer.replay_speed_index = 5
    until(app, lambda: viewer.replay_position >= 12, 3000)
    viewer.replay_toggle_play()
    at = viewer.replay_position
    viewer.replay_step_back()
    pump(app, 3)
    assert viewer.replay_position == at - 1
    assert viewer.shown["money"] == list(viewer.match.public_view()["money"])
    viewer.replay_step_forward()
    until(app, lambda: not viewer.events and not viewer.animating())
    assert viewer.replay_position == at
    viewer.replay_toggle_play()
    until(app, lambda: viewer.replay_position == len(m.log), 6000)
    pump(app, 5)
    assert viewer.match.fingerprint() == m.fingerprint()


def test_every_tutorial_step_points_at_a_real_target(app) -> None:  # type: ignore[no-untyped-def]
    steps = json.loads((Path("assets") / "tutorials" / "wyr.json").read_text(encoding="utf-8"))
    t = table(app, three())
    until(app, my(t, "bet"))
    targets = t.tutorial_targets()
    for step in steps["steps"]:
        assert step["target"] in targets, step["id"]
    first = targets[steps["steps"][0]["target"]]
    # the welcome (the secret bet) frames the three bet buttons, and only them
    bets = [t.controls[n].rect for n in ("bet10", "bet20", "bet50")]
    assert first == bets[0].unionall(bets[1:])
    assert targets["hand"].contains(t.hand.sprites[0].rect.clip(targets["hand"]))


def test_a_persons_trade_turn_builds_the_legal_list_once(app) -> None:  # type: ignore[no-untyped-def]
    """The complete list (every discard with every choice of table cards) takes
    tens of milliseconds: the render thread builds it once per position."""
    t = table(app, three())
    calls: list[tuple[int, int]] = []
    real = t.match.legal_actions

    def counting(seat: int) -> list:  # type: ignore[type-arg]
        calls.append((len(t.match.log), seat))
        return real(seat)

    t.match.legal_actions = counting  # type: ignore[method-assign]
    until(app, my(t, "bet"))
    click_widget(app, t.controls["bet20"])
    until(app, my(t, "trade"))
    pump(app, 30)  # the person looks a while
    click_card(app, t, 0)
    t.pause()
    pump(app)
    key(app, pygame.K_ESCAPE)
    pump(app, 5)
    mine = [c for c in calls if c[1] == t.viewer]
    assert mine and len(mine) == len(set(mine))


@pytest.mark.parametrize("n", [3, 4, 5])
def test_small_window_dice_tray_and_board_keep_off_the_lords_cards(n: int) -> None:
    """1024x640: while the dice roll, the tray and the score board stand clear of
    every lord's cards and of the round plaque; the board's texts fit their columns
    and it is tall enough for every row and the winner line."""
    from scenes.tables.wyr.paint import _cells, _need, board_least_height

    app = make_app("--lang", "pt", "--size", "1024x640")
    app.settings.animation_speed = "instant"
    t = None
    try:
        seats = [SeatSetup(f"Lorde {i + 1}", "easy") for i in range(n)]
        t = table(app, seats, seed=7, options={"thyatis": True})
        until(app, lambda: bool(t.tray.rows) and t._board_shown(), 6000)
        fans = [f.rect for s, f in t.fans.items() if f.sprites and s != t.viewer]
        tray = t._tray_rect()
        assert not any(tray.colliderect(r) for r in fans), (tray, fans)
        board = t._board_rect()
        assert not any(board.colliderect(r) for r in fans), (board, fans)
        assert not board.colliderect(t._plaque_rect)
        plates = [t.ring.plate_rect(s) for s in range(n)]
        assert not any(board.colliderect(p) for p in plates), (board, plates)
        assert not any(tray.colliderect(p) for p in plates), (tray, plates)
        assert t.board is not None
        rows = [_cells(r, t.name) for r in t.board.rows]
        assert _need(rows, 11)[1] <= board.width - 40  # legible: 11 px or more
        # every lord's row and the winner line under them (with four lords the
        # winner line was written over the last row)
        assert board.height >= board_least_height(len(t.board.rows)), board
    finally:
        if t is not None:
            t.worker.close()
        pygame.quit()


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_six_seat_groups_plaque_clear_of_the_plates_at_1024x640_y1(lang: str) -> None:
    """The groups plaque (top right) shows one whole line a group and leaves the
    top-right lord's plate in sight ([Y1] pairs at six seats)."""
    a = make_app("--lang", lang, "--size", "1024x640")
    try:
        seats = [SeatSetup("Ana")] + [SeatSetup(f"Lorde {i}", "easy") for i in range(5)]
        t = table(a, seats, options={"groups": "pairs"})
        t.draw(a.screen)
        r = t._groups_rect
        assert r.height == 12 + (15 + 4) + 3 * (12 + 4), r  # no group's line wraps
        for s in range(6):
            assert not r.colliderect(t.ring.plate_rect(s)), (s, r, t.ring.plate_rect(s))
    finally:
        pygame.quit()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("size", "n", "options"),
    [
        ((1280, 800), 2, {}),
        ((1280, 800), 4, {}),
        ((1280, 800), 5, {}),
        ((1024, 640), 2, {}),
        ((1024, 640), 3, {"nimb": True, "thyatis": True}),
        ((1024, 640), 4, {}),
        ((1024, 640), 5, {}),
    ],
)
def test_hora_da_verdade_banner_and_tray_read_whole(
    size: tuple[int, int], n: int, options: dict[str, bool]
) -> None:
    """The pot's banner lies in the free band between the score board (and tray) and
    the cards below (it covered the bottom lord's cards and his combination; at
    1024x640 with four lords there was no band at all: the board now gives up
    height, stands right of the round plaque, and the banner trims its padding),
    the pot and every lord's badge stay clear of the banner and the cards, and a
    tray note is never cut ("sc…" for "score 11"): the tray widens to it, or
    says the short form ("→ 11"). With three lords and Nimb's three dice at
    1024x640 the tray beside the board was 90 px wide ("Bo…", "=…", notes over a
    lord's cards): it stands under that lord's cards instead, and the banner
    beside it rather than pushed onto the bottom lord's plate."""
    app = make_app("--size", f"{size[0]}x{size[1]}", "--lang", "en")
    names = ["Borin", "Lisandra", "Thorgrim", "Yara", "Kael"]
    seats = [SeatSetup(names[i], "normal") for i in range(n)]
    t = table(app, seats, seed=4, options=options)
    until(
        app,
        lambda: bool(t.banner.visible and t._board_shown() and t.tray.rows and t.tray.settled),
        6000,
    )
    pump(app, 2)  # a note set this frame resizes the tray at the next draw
    centre, width, compact = t._banner_place()
    banner = pygame.Rect(0, 0, width, t.banner.height(width, compact=compact))
    banner.center = centre
    board = t._board_rect()
    # the board and the dice stay readable
    assert banner.top >= board.bottom and not banner.colliderect(t.tray.rect), (banner, t.tray)
    if options:  # three dice: a row reads whole at the smallest dice
        assert t.tray.rect.width >= t.tray.least_width(), (t.tray.rect, t.tray.least_width())
    below = [t.ring.plate_rect(s) for s in range(n)]
    below += [t.fans[s].rect for s in range(n) if t.fans[s].sprites]
    assert not any(banner.colliderect(r) for r in below), (banner, below)
    assert width >= int(t.ring.oval.width * 0.45)  # its letters still read
    # The pot stands beside the banner's band (its words lay over the chips),
    # and every lord's badge -- his combination now -- stays clear of the
    # cards (the bottom lord's cards hid the one on his plate's top edge).
    pot = t._pot_footprint(t._pot_spot())
    assert not pot.colliderect(t._banner_rect(subtitle=True, words=True)), pot
    if (size, n) in (((1280, 800), 2), ((1280, 800), 4), ((1024, 640), 2)):  # room beside it
        assert not pot.colliderect(t._banner_rect(subtitle=True)), (pot, t._banner_rect(True))
    fans = [t.fans[s].rect for s in range(n) if t.fans[s].sprites]
    for s in range(n):
        info = t._plate(s, t.shown)
        assert info.badge, s
        badge = felt.badge_rect(t.ring.plate_rect(s), info.badge, below=t._cards_over_plate(s))
        assert badge.collidelist(fans) < 0, (s, badge, fans)
        assert t.felt_area.contains(badge), (s, badge, t.felt_area)
    if compact:  # only when the full banner finds no room
        span = pygame.Rect(banner.left, banner.top, banner.width, 400)
        room = min(r.top for r in below if r.top > banner.top and r.colliderect(span))
        assert room - banner.top < t.banner.height(width), (room, banner)
    size_ = t.tray.text_size
    for row in t.tray.rows:
        if not row.note:
            continue
        last = row.dice.dice[-1]
        free = t.tray.rect.right - round(last.x + last.size + 8) - 6
        shown = row.note if style.text_width(row.note, size_, "bold") <= free else row.short_note
        assert shown and style.text_width(shown, size_, "bold") <= free, (row.note, free)
    if size == (1280, 800) and n == 2:
        assert t.tray.rect.width >= t.tray.content_width(), (t.tray.rect, t._tray_rect())


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_five_lords_round_plaque_and_pot_stay_clear_of_the_seats(size: tuple[int, int]) -> None:
    """At five lords the top-left lord's plate covered the round plaque's last
    lines and the right lord's cards hid the pot under the dice tray: the plaque
    narrows (and grows taller) left of the plate, the pot moves left along its
    line to the first free place."""
    app = make_app("--size", f"{size[0]}x{size[1]}", "--lang", "pt")
    names = ["Borin", "Lisandra", "Thorgrim", "Yara", "Kael"]
    t = table(app, [SeatSetup(name, "normal") for name in names], seed=4)
    until(app, lambda: bool(t._board_shown() and t.tray.rows and t.tray.settled), 6000)
    pump(app, 2)
    seats = [t.ring.plate_rect(s) for s in range(5)]
    tags = [pygame.Rect(r.left, r.top - 14, r.width, r.height + 14) for r in seats]
    fans = [t.fans[s].rect for s in range(5) if t.fans[s].sprites]
    plaque = t._plaque_rect
    assert plaque.collidelist(tags) < 0, (plaque, tags)
    assert plaque.collidelist(fans) < 0, (plaque, fans)
    pot = t._pot_footprint(t._pot_spot())
    assert pot.collidelist(seats + fans) < 0, (pot, seats, fans)
    assert not pot.colliderect(t._board_rect())


def test_with_a_person_and_three_bots_the_board_holds_every_row_at_1024x640() -> None:
    """Ana and three bots at 1024x640: at the Hora da Verdade the winner line was
    written over the fourth lord's row (the board was cut below its least height)."""
    import random

    from scenes.tables.wyr.paint import board_least_height

    app = make_app("--lang", "pt", "--size", "1024x640")
    app.settings.animation_speed = "instant"
    t = None
    try:
        seats = [SeatSetup("Ana"), SeatSetup("Normal1", "normal"), SeatSetup("Hard2", "hard")]
        t = table(app, [*seats, SeatSetup("Easy3", "easy")], seed=7)
        rng = random.Random(7)
        for _ in range(6000):
            if t.board is not None and t._board_shown() and t.board.winners:
                break
            idle = not (t.events or t.animating() or t.tweens.busy)
            if t.human_to_act() == 0 and idle:
                t.submit(rng.choice(t.match.legal_actions(0)), 0)
            pump(app)
        assert t.board is not None and t.board.winners
        assert t._board_rect().height >= board_least_height(len(t.board.rows))
    finally:
        if t is not None:
            t.worker.close()
        pygame.quit()


@pytest.mark.parametrize("n", [3, 4, 5, 6])
@pytest.mark.parametrize("size", ["1024x640", "1280x800"])
def test_the_variant_badges_keep_off_every_lord_y11(n: int, size: str) -> None:
    """With five or six lords at 1024x640 the lower-left lord's plate and cards
    covered the variant badges (their corner was thought free of seats)."""
    a = make_app("--lang", "en", "--size", size)
    a.settings.animation_speed = "instant"
    t = None
    try:
        seats = [SeatSetup("Ana")] + [SeatSetup(f"Lorde {i}", "easy") for i in range(1, n)]
        options = {"hyninn": 4, "nimb": True, "azgher": True, "thyatis": True, "tenebra": True}
        if n >= 4 and n % 2 == 0:
            options["groups"] = "pairs"
        t = table(a, seats, options=options)
        until(a, lambda: any(f.sprites for s, f in t.fans.items() if s != t.viewer), 3000)
        t.draw(a.screen)
        badges = t._badges_rect
        assert badges.height > 0 and t.felt_area.contains(badges), (badges, t.felt_area)
        blocks = [t.ring.plate_rect(s) for s in range(n)]
        blocks += [f.rect for f in t.fans.values() if f.sprites]
        assert badges.collidelist(blocks) < 0, (badges, blocks)
    finally:
        if t is not None:
            t.worker.close()
        pygame.quit()
