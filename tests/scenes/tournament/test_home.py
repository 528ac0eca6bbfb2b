"""The tournaments' home: the history list, open, delete with confirmation."""

from __future__ import annotations

from game.tournament import open_store
from scenes.dialogs import ConfirmDialog
from scenes.tournament import CreateTournament, TournamentHome, TournamentHub
from scenes.tournament_entry import open_tournaments
from tests.scenes.conftest import click, click_widget, pump
from tests.scenes.tournament.helpers import open_scene, swiss


def test_the_menu_entry_opens_the_home(app) -> None:  # type: ignore[no-untyped-def]
    open_scene(app, CreateTournament(app))
    open_tournaments(app)
    pump(app, 20)
    assert isinstance(app.scenes.top, TournamentHome)


def test_history_lists_tournaments_and_opens_one(app) -> None:  # type: ignore[no-untyped-def]
    first = swiss(["Ana"], 3, name="Copa Um")
    swiss(["Bia"], 5, name="Copa Dois")
    home = open_scene(app, TournamentHome(app))
    assert [s.name for s in home.summaries] == ["Copa Dois", "Copa Um"]
    click(app, home.list.row_rect(1).center)
    assert home.chosen is not None and home.chosen.id == first.id
    assert home.open.text == "Resume"
    click_widget(app, home.open)
    pump(app, 20)
    hub = app.scenes.top
    assert isinstance(hub, TournamentHub) and hub.t.name == "Copa Um"
    assert hub.t.to_dict() == first.to_dict()


def test_delete_asks_first(app) -> None:  # type: ignore[no-untyped-def]
    swiss(["Ana"], 3, name="Copa Um")
    home = open_scene(app, TournamentHome(app))
    click_widget(app, home.delete)
    dialog = app.scenes.top
    assert isinstance(dialog, ConfirmDialog)
    click_widget(app, dialog.no)  # changed my mind
    pump(app, 5)
    with open_store() as store:
        assert len(store.history()) == 1
    click_widget(app, home.delete)
    click_widget(app, app.scenes.top.yes)
    pump(app, 5)
    with open_store() as store:
        assert store.history() == []
    assert home.summaries == [] and not home.open.is_enabled
    assert "deleted" in app.toast.text


def test_new_opens_the_create_screen(app) -> None:  # type: ignore[no-untyped-def]
    home = open_scene(app, TournamentHome(app))
    click_widget(app, home.new)
    pump(app, 20)
    assert isinstance(app.scenes.top, CreateTournament)


def test_a_tournament_of_a_missing_game_says_so(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import dataclasses

    from game.registry import GAMES
    from game.tournament import create_tournament
    from tests.game.tiny_game import INFO
    from tests.scenes.tournament.helpers import saved

    with monkeypatch.context() as m:
        m.setitem(GAMES._loaded, "xadrez", dataclasses.replace(INFO, name="xadrez"))
        saved(create_tournament("xadrez", ["Ana", "Bia"], seed=1))
    home = open_scene(app, TournamentHome(app))
    click_widget(app, home.open)
    assert app.scenes.top is home and "xadrez" in app.toast.text
    click_widget(app, home.delete)
    click_widget(app, app.scenes.top.yes)
    assert home.summaries == []


def test_a_damaged_database_is_put_aside_and_said(app) -> None:  # type: ignore[no-untyped-def]
    from game import storage

    path = storage.database_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"this is not a database" * 100)
    home = open_scene(app, TournamentHome(app))
    assert home.summaries == [] and "damaged" in app.toast.text
    assert list(path.parent.glob("*.corrupt-*"))
