"""The Wyr table driven by real clicks: the secret bet, the Mão de Wyr, discard &
trade, the Hora da Verdade with a Thyatis reroll, hot-seat secrecy, practice aids
and whole games by bots for every variant ([Y2]-[Y11] on screen)."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.cards import parse_card
from game.wyr import records as R
from scenes.i18n import tr
from scenes.main_menu import MainMenu
from scenes.tables.face import SeatSetup
from scenes.tables.wyr import WyrTable
from scenes.tables.wyr.results import WyrResults
from tests.scenes.conftest import (
    click,
    click_widget,
    key,
    pump,
)
from tests.scenes.wyr_table_helpers import (
    click_card,
    click_table_card,
    last_action,
    my,
    table,
    three,
    until,
)


def test_secret_bet_by_click_then_the_reveal_explains_the_table_bet_y2(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, three())
    until(app, my(t, "bet"))
    assert t.controls["bet20"].visible and not t.controls["pass"].visible
    # the hand stays face down until the bets are turned over
    assert t.hand.sprites and not any(s.face_up for s in t.hand.sprites)
    click_widget(app, t.controls["bet50"])
    assert last_action(t, 0) == R.PickBet(50)
    until(app, lambda: t.shown.reveal is not None)
    picks = dict(t.match.revealed_bets)
    assert t.shown.reveal.picks == picks and t.shown.reveal.table_bet == t.match.current_bet
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
    assert t.shown.reveal.reason == expected
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
    board = t.shown.board
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
    until(app, lambda: t.shown.reveal is not None)
    assert (
        t.shown.reveal.reason in ("groups_agree", "groups_lowest")
        and len(t.shown.reveal.proposals) == 2
    )


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
    assert viewer.shown.view["money"] == list(viewer.match.public_view()["money"])
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
