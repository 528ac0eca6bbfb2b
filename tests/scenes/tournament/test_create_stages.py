"""The create screen offers the melee semifinal stage and Chama's pontuação dupla
only where they apply, and says in words why an impossible field is refused
([R6] seed 004's semifinal tables, [R9] double points)."""

from __future__ import annotations

import pytest

from game.registry import GAMES
from scenes.tournament import CreateTournament, TournamentHub
from tests.game.tournament.fakes import FAKE_CHAMA
from tests.scenes.conftest import click_widget, pump
from tests.scenes.tournament.helpers import choose, open_scene


@pytest.mark.slow
def test_the_semifinal_row_follows_a_melee_with_a_final_table_r6(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_scene(app, CreateTournament(app, "alta"))
    assert "semifinal" not in scene.settings.fields  # Swiss: no final table, no semifinal
    choose(app, scene.settings.fields["format"], "melee")
    assert "semifinal" in scene.settings.fields and scene.form.semifinal is False
    click_widget(app, scene.settings.fields["final_table"])
    assert scene.form.final_table is False and "semifinal" not in scene.settings.fields
    click_widget(app, scene.settings.fields["final_table"])
    assert scene.form.final_table is True and "semifinal" in scene.settings.fields
    click_widget(app, scene.settings.fields["semifinal"])
    assert scene.form.semifinal is True
    # Eight entrants cannot fill four tables of four: said at once, and at Start.
    short = "A semifinal stage needs 16 entrants; this field has 8."
    assert app.toast.text.startswith(short) and app.toast.kind == "warn"
    click_widget(app, scene.start)
    assert scene.error.startswith(short) and isinstance(app.scenes.top, CreateTournament)
    scene.bot_count.set_text("8")
    click_widget(app, scene.add_bots)
    click_widget(app, scene.start)
    pump(app, 20)
    hub = app.scenes.top
    assert isinstance(hub, TournamentHub)
    assert hub.t.format == "melee" and hub.t.semifinal and len(hub.t.entrants) == 16


@pytest.mark.slow
def test_a_hidden_semifinal_is_not_asked_for(app) -> None:  # type: ignore[no-untyped-def]
    """Switched on, then the final table switched off: the row goes, and so does the stage."""
    scene = open_scene(app, CreateTournament(app, "alta"))
    choose(app, scene.settings.fields["format"], "melee")
    click_widget(app, scene.settings.fields["semifinal"])
    click_widget(app, scene.settings.fields["final_table"])
    assert "semifinal" not in scene.settings.fields
    click_widget(app, scene.start)
    pump(app, 20)
    t = app.scenes.top.t
    assert not t.final_table and not t.semifinal


@pytest.fixture
def chama(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES._loaded, "chama", FAKE_CHAMA)


def test_double_points_are_offered_for_a_ranked_chama_event_r9(app, chama) -> None:  # type: ignore[no-untyped-def]
    scene = open_scene(app, CreateTournament(app, "chama"))
    assert "double_points" not in scene.settings.fields
    click_widget(app, scene.settings.fields["ranked"])
    assert scene.form.ranked and "double_points" in scene.settings.fields
    click_widget(app, scene.settings.fields["double_points"])
    assert scene.form.double_points is True
    click_widget(app, scene.settings.fields["ranked"])  # an unranked event has no points at all
    assert not scene.form.ranked and "double_points" not in scene.settings.fields
    click_widget(app, scene.settings.fields["ranked"])
    assert scene.settings.fields["double_points"].text == scene.settings.on_off(True)
    click_widget(app, scene.start)
    pump(app, 20)
    t = app.scenes.top.t
    assert t.ranked and t.double_points


def test_an_unranked_chama_event_never_doubles_r9(app, chama) -> None:  # type: ignore[no-untyped-def]
    scene = open_scene(app, CreateTournament(app, "chama"))
    click_widget(app, scene.settings.fields["ranked"])
    click_widget(app, scene.settings.fields["double_points"])
    click_widget(app, scene.settings.fields["ranked"])
    click_widget(app, scene.start)
    pump(app, 20)
    t = app.scenes.top.t
    assert not t.ranked and not t.double_points


@pytest.mark.slow
def test_no_semifinal_row_for_a_game_without_tables_of_four(  # type: ignore[no-untyped-def]
    app, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.game.tournament.fakes import UP_TO_THREE

    monkeypatch.setitem(GAMES._loaded, UP_TO_THREE.name, UP_TO_THREE)
    scene = open_scene(app, CreateTournament(app, UP_TO_THREE.name))
    choose(app, scene.settings.fields["format"], "melee")
    assert "final_table" in scene.settings.fields and "semifinal" not in scene.settings.fields
