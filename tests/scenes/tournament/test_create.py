"""The create screen: entrants, format, settings, validation in words, Chama names."""

from __future__ import annotations

import pygame
import pytest

from game.registry import GAMES
from game.tournament import open_store
from scenes.tournament import CreateTournament, TournamentHub
from tests.game.tournament.fakes import FAKE_CHAMA
from tests.scenes.conftest import click, click_widget, key, pump
from tests.scenes.tournament.helpers import choose, open_scene


@pytest.mark.slow
def test_create_with_humans_and_bots_opens_the_hub(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_scene(app, CreateTournament(app, "alta"))
    assert len(scene.form.entrants) == 8  # you and seven bots
    scene.editor["name"].set_text("Ana")
    click_widget(app, scene.add_human)
    assert len(scene.form.entrants) == 9 and scene.form.entrants[0].name == "Ana"
    assert scene.entrants.selected == 8 and scene.editor["name"].get_text() == "Player 2"
    scene.editor["name"].set_text("Bia")
    scene.bot_count.set_text("3")
    click_widget(app, scene.add_bots)
    assert len(scene.form.entrants) == 12
    choose(app, scene.settings.fields["top_cut"], "4")
    scene.settings.fields["turn_limit"].set_text("2")
    scene.settings.fields["name"].set_text("Copa da Taverna")
    click_widget(app, scene.start)
    pump(app, 20)
    hub = app.scenes.top
    assert isinstance(hub, TournamentHub)
    t = hub.t
    assert t.name == "Copa da Taverna" and t.top_cut == 4 and t.turn_limit == 2
    assert [e.name for e in t.entrants if not e.is_bot] == ["Ana", "Bia"]
    assert t.rounds_planned == 4  # recommended for 12
    with open_store() as store:
        assert [s.name for s in store.history()] == ["Copa da Taverna"]


@pytest.mark.slow
def test_errors_are_shown_in_words(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_scene(app, CreateTournament(app, "alta"))
    click(app, scene.entrants.row_rect(1).center)
    assert scene.entrants.selected == 1
    while len(scene.form.entrants) > 1:
        click_widget(app, scene.editor["remove"])
    assert scene.form.entrants[0].name == "Player"
    click_widget(app, scene.start)
    assert scene.error == "This tournament needs at least 2 entrants."
    assert app.toast.text == scene.error and isinstance(app.scenes.top, CreateTournament)
    click_widget(app, scene.add_human)
    scene.editor["name"].set_text("Player")
    click_widget(app, scene.start)
    assert "Two entrants are called" in scene.error


@pytest.mark.slow
def test_format_choices_follow_the_game_and_rounds_follow_the_field(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_scene(app, CreateTournament(app, "alta"))
    menu = scene.settings.fields["format"]
    assert [o[1] for o in menu.options_list] == ["swiss", "melee", "elimination"]
    choose(app, scene.settings.fields["format"], "melee")
    assert "top_cut" not in scene.settings.fields and "final_table" in scene.settings.fields
    assert scene.settings.fields["rounds"].get_text() == "2"
    click_widget(app, scene.settings.fields["final_table"])
    assert scene.form.final_table is False
    choose(app, scene.settings.fields["format"], "elimination")
    assert not scene.settings.fields["rounds"].is_enabled
    click_widget(app, scene.start)
    t = app.scenes.top.t
    assert t.format == "elimination" and t.rounds_planned == 0


@pytest.mark.slow
def test_entrant_kind_switches_between_human_and_bot(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_scene(app, CreateTournament(app, "alta"))
    click(app, scene.entrants.row_rect(1).center)
    choose(app, scene.editor["kind"], "human")
    assert not scene.form.entrants[1].is_bot and scene.editor["name"].is_enabled
    scene.editor["name"].set_text("Caio")
    click(app, scene.entrants.row_rect(0).center)  # the typed name is kept
    assert scene.form.entrants[1].name == "Caio"
    choose(app, scene.editor["kind"], "random")
    assert scene.form.entrants[0].is_bot and not scene.editor["name"].is_enabled
    for _ in range(5):
        key(app, pygame.K_DELETE)
    assert len(scene.form.entrants) == 3


@pytest.fixture
def chama(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES._loaded, "chama", FAKE_CHAMA)


def test_chama_is_named_per_r10_and_ranked_needs_eight(app, chama) -> None:  # type: ignore[no-untyped-def]
    scene = open_scene(app, CreateTournament(app, "chama"))
    assert "name" not in scene.settings.fields and "chama_type" in scene.settings.fields
    choose(app, scene.settings.fields["chama_type"], "Duplas")
    scene.settings.fields["chama_event"].set_text("Fluminenses")
    scene.settings.fields["chama_year"].set_text("2026")
    click_widget(app, scene.settings.variant_buttons["Xisum"])
    assert scene.settings.fields["preview"].text == "Name: Chama: Duplas Fluminenses (Xisum) 2026"
    click_widget(app, scene.settings.fields["ranked"])
    click_widget(app, scene.editor["remove"])  # 7 entrants
    click_widget(app, scene.start)
    assert scene.error.startswith("A ranked Chama tournament needs at least 8 entrants")
    click_widget(app, scene.add_bots)
    click_widget(app, scene.start)
    pump(app, 20)
    t = app.scenes.top.t
    assert t.name == "Chama: Duplas Fluminenses (Xisum) 2026" and t.ranked


@pytest.mark.slow
def test_resize_and_language_keep_the_form(app) -> None:  # type: ignore[no-untyped-def]
    from tests.scenes.tournament.helpers import resize

    scene = open_scene(app, CreateTournament(app, "alta"))
    scene.editor["name"].set_text("Ana")
    click_widget(app, scene.add_human)
    resize(app, (1024, 640))
    app.set_language("pt")
    pump(app, 2)
    assert app.size == (1024, 640) and scene.start.text == "Começar o torneio"
    assert scene.form.entrants[0].name == "Ana" and len(scene.form.entrants) == 9
    assert scene.editor["name"].get_text() == "Player 2"


def test_the_first_person_is_named_like_on_the_new_match_screen(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.i18n import tr
    from scenes.new_match import NewMatchScene
    from scenes.tournament.create_form import TournamentForm

    for lang, line in (("en", "Player wins"), ("pt", "Jogador vence")):
        app.set_language(lang)
        first = TournamentForm.first("alta").entrants[0].name
        assert first == str(NewMatchScene(app, "alta").rows[0]["name"])
        assert tr("tournament.result.wins", name=first) == line  # not "You wins"
    app.set_language("en")


def test_a_refused_setting_is_named_as_the_form_labels_it(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.i18n import tr

    scene = open_scene(app, CreateTournament(app, "wyr"))
    scene.settings.fields["turn_limit"].set_text("99999")
    click_widget(app, scene.start)
    assert isinstance(app.scenes.top, CreateTournament)
    assert "turn_limit" not in scene.error
    assert tr("tournament.labels.turn_limit") in scene.error


def test_a_year_of_zero_is_refused_not_swapped_for_the_last_one_r10(app, chama) -> None:  # type: ignore[no-untyped-def]
    scene = open_scene(app, CreateTournament(app, "chama"))
    scene.settings.fields["chama_event"].set_text("Fluminenses")
    scene.settings.fields["chama_year"].set_text("0")
    click_widget(app, scene.start)
    assert isinstance(app.scenes.top, CreateTournament)
    assert scene.form.chama_year == 0 and "four digits" in scene.error


def test_the_form_opens_on_the_game_played_last_else_war(app) -> None:  # type: ignore[no-untyped-def]
    """It opened on Wyr, the first game registered, whatever the person plays."""
    from game import history, new_match

    assert CreateTournament(app).form.game == "war"
    m = new_match("chama", 2, seed=1)
    history.record_match(m, [0])
    assert CreateTournament(app).form.game == "chama"


def test_the_wyrt_persona_lists_open_wider_than_their_boxes() -> None:
    """At 1024x640 the persona boxes of the create screen are narrow; their open
    lists name every persona whole, inside the window (issue 34)."""
    from scenes.widgets.wide_dropdown import WideDropDown
    from tests.scenes.conftest import make_app

    app = make_app("--lang", "pt", "--size", "1024x640")
    try:
        scene = open_scene(app, CreateTournament(app, "wyrt"))
        click(app, scene.entrants.row_rect(1).center)  # a bot: the editor's kind box
        window = pygame.Rect((0, 0), app.size)
        for menu in (scene.bot_kind, scene.editor["kind"]):
            assert isinstance(menu, WideDropDown)
            click_widget(app, menu)
            lst = menu.option_list()
            assert lst is not None and window.contains(lst.rect)
            assert lst.rect.width >= min(menu.list_width, window.width - 12)
            click_widget(app, menu)
    finally:
        pygame.quit()
