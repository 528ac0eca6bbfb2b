"""Small things the fourth newcomer walk saw on screen, each kept: the menu's
footer follows the language (and says HP in English), counts agree with their
nouns, a new Wyrt table seats three different personas, two tournaments never
get one default name, every 0 that means something says so, and the host's
port is the player's to choose."""

from __future__ import annotations

import socket

import pygame_gui

from scenes.i18n import tr
from scenes.main_menu import MainMenu
from tests.scenes.conftest import pump


def test_the_menu_footer_follows_the_language(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from tests.scenes.conftest import spy_texts

    drawn = spy_texts(monkeypatch)
    app.scenes.push(MainMenu(app), fade=False)
    pump(app, 3)
    assert "Your character: 20 HP" in drawn
    app.set_language("pt")
    drawn.clear()
    pump(app, 2)
    assert "Seu personagem: 20 PV" in drawn and not any("Your character" in t for t in drawn)


def test_counts_agree_with_their_nouns(app) -> None:  # type: ignore[no-untyped-def]
    app.set_language("pt")
    assert tr("life.stats.matches_axis", count=1) == "1 partida"
    assert tr("life.stats.matches_axis", count=2) == "2 partidas"
    app.set_language("en")
    assert tr("life.stats.reset_done", count=1).count("match ") == 1


def test_a_new_wyrt_table_seats_different_personas(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.new_match import NewMatchScene

    nm = NewMatchScene(app, "wyrt")
    bots = [r["kind"] for r in nm.rows[1:]]
    assert len(bots) == len(set(bots)) >= 2 and "morto" not in bots
    app.scenes.push(nm, fade=False)
    pump(app)
    for _ in range(2):  # "Add a seat" takes another one each time
        nm.handle_event(_press(nm.add))
    bots = [r["kind"] for r in nm.rows[1:]]
    assert len(bots) == len(set(bots))


def _press(button: object) -> object:
    import pygame

    return pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)


def test_a_zero_that_means_something_says_so(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.new_match import NewMatchScene

    nm = NewMatchScene(app, "wyrt")
    app.scenes.push(nm, fade=False)
    pump(app)
    notes = {nm.zero_keys[e]: label.text for e, label in nm.zero_notes.items()}
    assert notes["hand_limit"] == tr("ui.table_base.no_limit")
    assert notes["stack_bb"] == tr("ui.new_match.zero_table_own")


def test_two_tournaments_never_get_one_default_name() -> None:
    from game.tournament.organizer import create_tournament
    from game.tournament.persistence import open_store
    from scenes.tournament.create_form import TournamentForm

    first = TournamentForm.first("war")
    name = first.event_name()
    assert name == "War tournament"
    entrants = [("Borin", "easy"), ("Lisandra", "easy")]
    with open_store() as store:
        store.save(create_tournament("war", entrants, name=name, rounds=1, seed=1))
    second = TournamentForm.first("war")
    assert second.event_name() == "War tournament 2"


def test_the_hosts_port_is_the_players_to_choose(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.online.lobby import open_lobby
    from scenes.settings_scene import SettingsScene
    from scenes.tables.face import SeatSetup

    settings = SettingsScene(app)
    app.scenes.push(MainMenu(app), fade=False)
    app.scenes.push(settings, fade=False)
    pump(app)
    settings.host_port.set_text("80")  # a port that needs special rights: refused in words
    settings.handle_event(_finished(settings.host_port))
    assert app.settings.host_port == 47474 and settings.host_port.get_text() == "47474"
    with socket.socket() as probe:  # a port free on this machine
        probe.bind(("127.0.0.1", 0))
        free = probe.getsockname()[1]
    settings.host_port.set_text(str(free))
    settings.handle_event(_finished(settings.host_port))
    assert app.settings.host_port == free
    lobby = open_lobby(
        app, "war", [SeatSetup("Ana"), SeatSetup("?", elsewhere=True)], {}, bind="127.0.0.1"
    )
    try:
        assert lobby.port == free
    finally:
        lobby.server.stop()


def _finished(entry: object) -> object:
    import pygame

    return pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=entry, text="")


def test_pot_lines_and_banners_speak_to_the_person(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """ "Pot 1 goes to Ana with Two pair" was said to Ana herself (and to a joiner
    about his own seat): it is "you", in both languages, names and amounts too."""
    from game.wyrt import records as R
    from scenes.tables.face import SeatSetup
    from tests.scenes.wyrt_table_helpers import table

    t = table(app, [SeatSetup("Ana"), SeatSetup("Borin", "cliente_casual")], straddle=False)
    pump(app, 2)
    alone = R.PotWon(pot=1, amount=1860, winners=(0,), shares=(1860,), category="two_pair")
    shared = R.PotWon(pot=1, amount=1860, winners=(1, 0), shares=(930, 930), category="pair")
    assert "goes to you with" in t.event_text(alone) and "1,860" in t.event_text(alone)
    assert "goes to Borin and you with" in t.event_text(shared)
    shown: list[str] = []
    monkeypatch.setattr(t.banner, "show", lambda title, sub="", *a, **k: shown.append(sub))
    t.hand.on_PotWon(alone)
    t.hand.on_PotWon(shared)
    assert shown[0].startswith("You take") and shown[1].startswith("Borin and you share")
    app.set_language("pt")
    assert "vai para você com" in t.event_text(alone) and "1.860" in t.event_text(alone)
    assert "Borin e você" in t.event_text(shared)
