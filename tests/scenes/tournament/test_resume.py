"""A tournament saved mid-round and reopened in a fresh App continues exactly."""

from __future__ import annotations

import pygame
import pytest

from game.tournament import Result, create_tournament, open_store, simulate_round
from scenes.main_menu import MainMenu
from scenes.tables.base import TableScene
from scenes.tournament import TournamentHome, TournamentHub
from tests.scenes.conftest import click_widget, make_app, pump
from tests.scenes.tournament.helpers import bots, run_until


def _app():  # type: ignore[no-untyped-def]
    app = make_app("--lang", "en")
    app.settings.animation_speed = "instant"
    app.settings.confirm_quit = False
    app.scenes.push(MainMenu(app), fade=False)
    pump(app)
    return app


@pytest.mark.slow
def test_closing_mid_round_and_reopening_continues_exactly() -> None:
    entrants = ["Ana", *bots(6)]
    # -- first session: create, pair, let the bots play, start Ana's match, quit
    app = _app()
    app.scenes.push(TournamentHome(app), fade=False)
    pump(app)
    from scenes.tournament import CreateTournament

    create = CreateTournament(app, "alta")
    app.scenes.push(create, fade=False)
    pump(app)
    create.editor["name"].set_text("Ana")
    while len(create.form.entrants) > len(entrants):
        create.select_entrant(len(create.form.entrants) - 1)
        click_widget(app, create.editor["remove"])
    create.settings.fields["seed"].set_text("77")
    create.settings.fields["name"].set_text("Copa Interrompida")
    click_widget(app, create.start)
    pump(app, 20)
    hub = app.scenes.top
    assert isinstance(hub, TournamentHub)
    click_widget(app, hub.buttons["next"])
    click_widget(app, hub.buttons["simulate"])
    run_until(app, lambda: hub.worker is None, 3000)
    ana_table = next(tb for tb in hub.t.current_round.tables if hub.humans(tb))
    click_widget(app, hub.buttons["play"])
    pump(app, 20)
    table = next(s for s in app.scenes.stack if isinstance(s, TableScene))
    run_until(app, lambda: table.human_to_act() is not None)
    table.submit(table.match.legal_actions(table.human_to_act())[0])
    pump(app, 5)
    log = list(table.match.log)
    table.quit_to_menu()  # keeps the half-played match
    pump(app, 30)
    state = hub.t.to_dict()
    tid = hub.t.id
    pygame.quit()

    # -- the same tournament, in memory, for comparison
    ref = create_tournament(
        "alta",
        [*(e.name if e.bot is None else (e.name, e.bot) for e in hub.t.entrants)],
        format="swiss",
        name="Copa Interrompida",
        seed=77,
        created=state["created"],
    )
    ref.start_round()
    simulate_round(ref)
    assert ref.to_dict() == state

    # -- second session: open it from the history, resume Ana's match, go on
    app = _app()
    home = TournamentHome(app)
    app.scenes.push(home, fade=False)
    pump(app)
    assert home.chosen is not None and home.chosen.id == tid
    click_widget(app, home.open)
    pump(app, 20)
    hub = app.scenes.top
    assert isinstance(hub, TournamentHub) and hub.t.to_dict() == state
    assert hub.kept == {ana_table.number}
    click_widget(app, hub.buttons["play"])
    pump(app, 20)
    table = next(s for s in app.scenes.stack if isinstance(s, TableScene))
    assert table.match.log == log
    table.quit_to_menu()
    pump(app, 30)
    # the organizer enters Ana's result by hand; both continue the same way
    a, b = ana_table.seats
    click_widget(app, hub.buttons["result"])
    dialog = app.scenes.top
    click_widget(app, dialog.choice_buttons[a])
    click_widget(app, dialog.ok)
    click_widget(app, hub.buttons["next"])
    click_widget(app, hub.buttons["simulate"])
    run_until(app, lambda: hub.worker is None, 3000)
    ref.record_result(1, ana_table.number, Result.win(a, b))
    ref.start_round()
    simulate_round(ref)
    got = hub.t.to_dict()
    want = ref.to_dict()
    assert got == want
    with open_store() as store:
        assert store.load(tid).to_dict() == got
    pygame.quit()
