"""The hub: pairing rounds, the bots' matches in a worker, human matches at the
real table (hot-seat too), results by hand and overrides, drops and late entries."""

from __future__ import annotations

import dataclasses

import pytest

from game.registry import GAMES
from game.tournament import create_tournament, open_store
from scenes.curtain import Curtain
from scenes.dialogs import ConfirmDialog, MessageDialog
from scenes.tables import TABLES
from scenes.tournament import TournamentHub
from scenes.tournament.dialogs import DropDialog, LateEntryDialog, ResultDialog
from scenes.victory import VictoryOverlay
from tests.game.tiny_game import INFO as ALTA
from tests.scenes.alta_table import AltaTable
from tests.scenes.conftest import click, click_widget, pump
from tests.scenes.tournament.helpers import bots, choose, open_scene, run_until, saved, swiss


def _stored(t):  # type: ignore[no-untyped-def]
    with open_store() as store:
        return store.load(t.id)


def _select(app, hub, table_no: int) -> None:  # type: ignore[no-untyped-def]
    i = next(i for i, tb in enumerate(hub.shown_round.tables) if tb.number == table_no)
    hub.list.select(i)
    click(app, hub.list.row_rect(i).center)
    assert hub.selected_table.number == table_no


def _human_table(hub):  # type: ignore[no-untyped-def]
    return next(tb for tb in hub.t.current_round.tables if hub.humans(tb))


def test_pair_and_simulate_the_bot_matches_in_a_worker(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import threading

    from scenes.tournament import simulation

    gate = threading.Event()
    threads: list[str] = []
    real = simulation.simulate_round

    def held(*args, **kw):  # type: ignore[no-untyped-def]
        threads.append(threading.current_thread().name)
        gate.wait(10)  # the bots "think" until the test lets them go
        return real(*args, **kw)

    monkeypatch.setattr(simulation, "simulate_round", held)
    t = swiss(["Ana"], 11)
    hub = open_scene(app, TournamentHub(app, t))
    assert hub.buttons["next"].text == "Pair round 1" and not hub.buttons["simulate"].is_enabled
    click_widget(app, hub.buttons["next"])
    rnd = hub.t.current_round
    assert rnd is not None and len(rnd.tables) == 6 and _stored(t).current_round is not None
    click_widget(app, hub.buttons["simulate"])
    pump(app, 10)  # the window keeps drawing while the bots play
    assert hub.worker is not None and hub.buttons["simulate"].text == "Stop the bots"
    assert not hub.buttons["next"].is_enabled and not hub.buttons["play"].is_enabled
    assert threads == ["tournament-bots"]
    gate.set()
    run_until(app, lambda: hub.worker is None, 3000)
    rnd = hub.t.current_round
    assert [tb.done for tb in rnd.tables].count(False) == 1  # Ana's table waits
    assert hub.sim_done == hub.sim_total == 5
    assert all(tb.result.source == "simulated" for tb in rnd.tables if tb.done)
    assert _stored(t).to_dict() == hub.t.to_dict()  # saved as it went
    assert "5 matches" in app.toast.text


def test_stopping_the_bots_keeps_what_they_played(app) -> None:  # type: ignore[no-untyped-def]
    t = saved(create_tournament("alta", bots(40), format="swiss", seed=3))
    hub = open_scene(app, TournamentHub(app, t))
    click_widget(app, hub.buttons["next"])
    click_widget(app, hub.buttons["simulate"])
    click_widget(app, hub.buttons["simulate"])  # stop
    run_until(app, lambda: hub.worker is None, 3000)
    done = sum(tb.done for tb in hub.t.current_round.tables)
    assert 1 <= done <= 20
    assert _stored(t).to_dict() == hub.t.to_dict()


def _play_at_table(app, table) -> None:  # type: ignore[no-untyped-def]
    """Click cards for every human turn until the victory overlay shows."""
    for _ in range(2000):
        top = app.scenes.top
        if isinstance(top, VictoryOverlay):
            return
        if isinstance(top, Curtain):
            pump(app, 25)
            click_widget(app, top.button)
            continue
        seat = table.human_to_act()
        if top is table and seat is not None and seat == table.viewer and table.sprites:
            click(app, table.sprites[0].rect.center)
        else:
            pump(app)
    raise AssertionError("the match did not end")


def test_play_my_match_at_the_real_table_and_come_back(app) -> None:  # type: ignore[no-untyped-def]
    t = swiss(["Ana"], 3, turn_limit=0)
    hub = open_scene(app, TournamentHub(app, t))
    click_widget(app, hub.buttons["next"])
    table = _human_table(hub)
    _select(app, hub, table.number)
    assert hub.buttons["play"].is_enabled
    click_widget(app, hub.buttons["play"])
    pump(app, 20)
    scene = app.scenes.top
    assert isinstance(scene, AltaTable) and scene.on_result is not None
    assert [s.name for s in scene.seats] == [hub.t.entrant(n).name for n in table.seats]
    _play_at_table(app, scene)
    overlay = app.scenes.top
    # the hub under the table keeps its round arrows to itself: they floated,
    # live, over the results screen
    assert not hub.buttons["prev"].visible and not hub.buttons["next_view"].visible
    click_widget(app, overlay.back_to_caller)
    pump(app, 30)
    assert app.scenes.top is hub
    assert hub.buttons["prev"].visible and hub.buttons["next_view"].visible  # back home
    recorded = hub.t.current_round.table(table.number)
    assert recorded.result is not None and recorded.result.source == "played"
    assert _stored(t).current_round.table(table.number).result == recorded.result
    with open_store() as store:
        assert store.load_match(hub.t, 1, table.number) is not None  # the match is kept


def test_two_humans_meet_hot_seat_leave_and_resume(app) -> None:  # type: ignore[no-untyped-def]
    app.settings.confirm_quit = False
    t = saved(create_tournament("alta", ["Ana", "Bia"], format="swiss", seed=1))
    hub = open_scene(app, TournamentHub(app, t))
    click_widget(app, hub.buttons["next"])
    click_widget(app, hub.buttons["play"])
    pump(app, 20)
    table = next(s for s in app.scenes.stack if isinstance(s, AltaTable))
    run_until(app, lambda: isinstance(app.scenes.top, Curtain))  # hot-seat: the curtain
    curtain = app.scenes.top
    pump(app, 25)
    click_widget(app, curtain.button)
    seat = table.viewer
    assert seat is not None
    table.submit(table.match.legal_actions(seat)[0])
    pump(app, 3)
    log = list(table.match.log)
    while app.scenes.top is not table:
        app.scenes.pop(fade=False)
        pump(app)
    table.quit_to_menu()
    pump(app, 30)
    assert app.scenes.top is hub and hub.t.current_round.tables[0].result is None
    assert hub.kept == {1}  # shown as "Match under way"
    click_widget(app, hub.buttons["play"])
    pump(app, 20)
    again = next(s for s in app.scenes.stack if isinstance(s, AltaTable))
    assert again is not table and again.match.log == log


def test_result_by_hand_then_override_with_confirmation(app) -> None:  # type: ignore[no-untyped-def]
    t = swiss(["Ana"], 3)
    hub = open_scene(app, TournamentHub(app, t))
    click_widget(app, hub.buttons["next"])
    table = _human_table(hub)
    _select(app, hub, table.number)
    assert hub.buttons["result"].text == "Enter result"
    click_widget(app, hub.buttons["result"])
    dialog = app.scenes.top
    assert isinstance(dialog, ResultDialog)
    a, b = table.seats
    click_widget(app, dialog.choice_buttons[a])
    click_widget(app, dialog.ok)
    assert hub.t.current_round.table(table.number).result.winners == [a]
    assert hub.buttons["result"].text == "Change result"
    click_widget(app, hub.buttons["result"])
    dialog = app.scenes.top
    click_widget(app, dialog.choice_buttons[0])  # a draw this time
    click_widget(app, dialog.timed_button)
    click_widget(app, dialog.ok)
    confirm = app.scenes.top
    assert isinstance(confirm, ConfirmDialog) and "Draw (on time)" in confirm.message
    click_widget(app, confirm.yes)
    pump(app, 3)
    res = hub.t.current_round.table(table.number).result
    assert res.is_draw and res.timed and res.source == "override"
    assert _stored(t).current_round.table(table.number).result == res


def test_override_is_refused_in_words_once_later_stages_exist(app) -> None:  # type: ignore[no-untyped-def]
    from game.tournament import simulate_round

    t = create_tournament("alta", bots(4), format="swiss", rounds=1, top_cut=4, seed=2)
    t.start_round()
    simulate_round(t)
    t.start_round()  # the top cut is built on round 1
    saved(t)
    hub = open_scene(app, TournamentHub(app, t))
    click_widget(app, hub.buttons["prev"])
    assert hub.shown_round.number == 1
    _select(app, hub, 1)
    click_widget(app, hub.buttons["result"])
    assert app.scenes.top is hub
    assert app.toast.text == "Later rounds were built on this result, so it can no longer change."


def test_melee_places_by_hand(app) -> None:  # type: ignore[no-untyped-def]
    t = saved(create_tournament("alta", ["Ana", *bots(2)], format="melee", seed=2))
    hub = open_scene(app, TournamentHub(app, t))
    click_widget(app, hub.buttons["next"])
    click_widget(app, hub.buttons["result"])
    dialog = app.scenes.top
    seats = hub.t.current_round.tables[0].seats
    choose(app, dialog.place_menus[seats[2]], "1")
    choose(app, dialog.place_menus[seats[0]], "2")
    choose(app, dialog.place_menus[seats[1]], "2")
    click_widget(app, dialog.ok)
    res = hub.t.current_round.tables[0].result
    assert res.order == [[seats[2]], [seats[0], seats[1]]]


def test_drop_and_late_entry(app) -> None:  # type: ignore[no-untyped-def]
    t = swiss(["Ana"], 3)
    hub = open_scene(app, TournamentHub(app, t))
    click_widget(app, hub.buttons["late"])
    dialog = app.scenes.top
    assert isinstance(dialog, LateEntryDialog)
    dialog.name_entry.set_text("Caio")
    click_widget(app, dialog.ok)
    assert hub.t.entrants[-1].name == "Caio" and len(_stored(t).entrants) == 5
    click_widget(app, hub.buttons["late"])
    dialog = app.scenes.top
    choose(app, dialog.kind_menu, "random")
    click_widget(app, dialog.ok)
    assert hub.t.entrants[-1].bot == "random"
    click_widget(app, hub.buttons["drop"])
    dialog = app.scenes.top
    assert isinstance(dialog, DropDialog)
    choose(app, dialog.menu, "2")
    click_widget(app, dialog.ok)
    confirm = app.scenes.top
    assert isinstance(confirm, ConfirmDialog)
    click_widget(app, confirm.yes)
    pump(app, 3)
    assert hub.t.entrant(2).dropped and _stored(t).entrant(2).dropped
    click_widget(app, hub.buttons["next"])
    assert all(2 not in tb.seats for tb in hub.t.current_round.tables)


def test_a_game_without_a_table_gets_its_result_by_hand(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setitem(GAMES._loaded, "alta_paper", dataclasses.replace(ALTA, name="alta_paper"))
    t = saved(create_tournament("alta_paper", ["Ana", "Bia"], format="swiss", seed=1))
    hub = open_scene(app, TournamentHub(app, t))
    click_widget(app, hub.buttons["next"])
    click_widget(app, hub.buttons["play"])
    box = app.scenes.top
    assert isinstance(box, MessageDialog) and "no table on screen yet" in box.message
    click_widget(app, box.yes)
    pump(app, 3)
    assert isinstance(app.scenes.top, ResultDialog)


def test_the_organizer_stops_a_game_without_its_own_turn_limit(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from tests.game.tournament.fakes import UNTIMED

    monkeypatch.setitem(GAMES._loaded, UNTIMED.name, UNTIMED)
    monkeypatch.setitem(TABLES, UNTIMED.name, "tests.scenes.alta_table:AltaTable")
    t = saved(create_tournament(UNTIMED.name, ["Ana", ("B", "random")], turn_limit=1, seed=4))
    hub = open_scene(app, TournamentHub(app, t))
    click_widget(app, hub.buttons["next"])
    click_widget(app, hub.buttons["play"])
    pump(app, 20)
    table = app.scenes.top
    assert type(table).__name__ == "LimitWatchedAltaTable"
    table.submit(table.match.legal_actions(table.viewer)[0])
    run_until(app, lambda: app.scenes.top is hub, 2000)
    res = hub.t.current_round.tables[0].result
    assert res is not None and res.timed and res.turns == 1


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_export_writes_standings_and_pairings(app, fmt: str) -> None:  # type: ignore[no-untyped-def]
    import csv
    import json

    t = swiss(["Ana"], 3)
    hub = open_scene(app, TournamentHub(app, t))
    click_widget(app, hub.buttons["next"])
    click_widget(app, hub.buttons[f"export_{fmt}"])
    from scenes.tournament.export_files import exports_dir

    files = sorted(exports_dir().glob(f"*.{fmt}"))
    assert [f.name.split("-")[-1] for f in files] == [f"pairings.{fmt}", f"standings.{fmt}"]
    assert files[0].name in app.toast.text
    for f in files:
        if fmt == "csv":
            with open(f, encoding="utf-8", newline="") as fh:
                rows = list(csv.DictReader(fh))
            assert rows and "name" in rows[0]
        else:
            data = json.loads(f.read_text(encoding="utf-8"))
            assert data["tournament"]["name"] == t.name


def test_a_drawn_knockout_match_is_played_again(app) -> None:  # type: ignore[no-untyped-def]
    from game.tournament import new_table_match
    from scenes.tournament.match_play import TournamentMatch

    def drawn_seed() -> tuple[object, object]:
        for seed in range(200):
            t = create_tournament("alta", ["Ana", "Bia"], format="elimination", seed=seed)
            t.start_round()
            m = new_table_match(t, 1, 1)
            while m.to_move:
                for s in list(m.to_move):
                    m.apply(s, m.legal_actions(s)[0])
            if len(m.standings()[0]) == 2:
                return t, m
        raise AssertionError("no drawn match found")

    t, match = drawn_seed()
    saved(t)
    hub = open_scene(app, TournamentHub(app, t))
    click_widget(app, hub.buttons["result"])
    dialog = app.scenes.top
    assert isinstance(dialog, ResultDialog)
    assert not dialog.choice_buttons[0].is_enabled and dialog.timed_button is None  # [R4]
    click_widget(app, dialog.cancel)
    table = hub.t.current_round.tables[0]
    TournamentMatch(app, hub.t, 1, table, hub.refresh).finished(match)
    assert table.result is None and table.attempt == 1
    assert "attempt 2" in app.toast.text
    assert _stored(t).current_round.tables[0].attempt == 1


def test_every_stage_has_its_start_button_text_in_both_languages() -> None:
    from game.tournament import STAGES
    from scenes.i18n import set_language, tr

    for lang in ("en", "pt"):
        set_language(lang)
        for stage in STAGES:
            key = f"tournament.hub.start.{stage}"
            assert tr(key, number=2) != key, (lang, stage)
    set_language("en")


def test_a_melee_tables_names_keep_inside_their_row_and_keep_their_number(app) -> None:  # type: ignore[no-untyped-def]
    from game.tournament import create_tournament
    from scenes import style
    from scenes.tournament.hub_paint import name_widths, short_name

    long = [(f"Brilliant back-room card sharp {i}", "random") for i in range(1, 9)]
    t = create_tournament("alta", long, format="melee", seed=3)
    table = t.start_round().tables[0]
    sep = "  ·  "
    for room in (300, 520, 900):
        widths = name_widths(t, table, set(), sep, room)
        seps = style.font(17).size(sep)[0] * (len(widths) - 1)
        assert sum(w for _, w in widths) + seps <= max(room, 24 * len(widths) + seps)
        for n, w in widths:
            text = short_name(t.entrant(n).name, w, "sans")
            assert style.text_width(text, 17) <= w
            assert text.endswith(t.entrant(n).name.rsplit(" ", 1)[1])


def test_simulated_matches_are_counted_in_the_singular_too() -> None:
    from scenes.i18n import set_language, tr

    set_language("en")
    assert tr("tournament.hub.simulated", count=1) == "The bots played 1 match."
    set_language("pt")
    assert tr("tournament.hub.simulated", count=1) == "Os bots jogaram 1 partida."
    assert tr("tournament.hub.simulated", count=3) == "Os bots jogaram 3 partidas."
    set_language("en")
