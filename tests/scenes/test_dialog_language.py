"""A dialog left open across a language switch says everything again in the new
language: its title, its message and its buttons (scenes/dialogs.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from scenes import i18n
from scenes.app import App
from scenes.dialogs import ConfirmDialog, MessageDialog
from scenes.i18n import later, tr
from tests.scenes.conftest import key, open_test_table, pump, spy_texts


@pytest.fixture
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")  # the language every other test starts from


@pytest.mark.usefixtures("english_after")
def test_the_quit_dialog_rewords_itself_when_the_language_switches(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scenes.tables.face import SeatSetup

    seats = [SeatSetup("Ana"), SeatSetup("Borin", "easy"), SeatSetup("Cora", "easy")]
    open_test_table(app, "war", seats, seed=3)
    app.step(1 / 60, [pygame.event.Event(pygame.QUIT)])  # the window's close button
    pump(app)
    dialog = app.scenes.top
    assert isinstance(dialog, ConfirmDialog)
    english = (tr("ui.confirm.quit_title"), tr("ui.confirm.quit_match"), tr("ui.confirm.quit_yes"))
    assert (dialog.title, dialog.message, dialog.yes.text) == english
    no_en = dialog.no.text
    drawn = spy_texts(monkeypatch)
    app.set_language("pt")
    pump(app)
    dialog = app.scenes.top
    assert isinstance(dialog, ConfirmDialog)
    portuguese = ("Sair da Taverna?", tr("ui.confirm.quit_match"), "Sair")
    assert (dialog.title, dialog.message, dialog.yes.text) == portuguese
    assert dialog.no.text == tr("ui.common.no") != no_en
    assert "Sair da Taverna?" in drawn and english[0] not in drawn  # and so it is painted
    assert dialog.message != english[1]
    key(app, pygame.K_ESCAPE)  # still answers: No keeps the match
    assert app.running and not isinstance(app.scenes.top, ConfirmDialog)


@pytest.mark.usefixtures("english_after")
def test_a_message_with_a_game_name_in_it_rewords_the_name_too(app: App) -> None:
    from scenes.main_menu import MainMenu

    app.scenes.push(MainMenu(app), fade=False)
    box = MessageDialog(app, later("ui.menu.tournaments"), later("ui.games.war"))
    tutorial = ConfirmDialog(
        app,
        later("life.tutorial.offer_title"),
        later("life.tutorial.offer", game=later("ui.games.chama")),
        lambda: None,
    )
    app.scenes.push(box, fade=False)
    app.scenes.push(tutorial, fade=False)
    pump(app)
    before = (box.title, tutorial.message)
    app.set_language("pt")
    pump(app)
    assert box.title == tr("ui.menu.tournaments") and box.title != before[0]
    assert tutorial.message == tr("life.tutorial.offer", game=tr("ui.games.chama"))
    assert tutorial.message != before[1]


def test_plain_text_stays_as_given() -> None:
    assert i18n.said("as is") == "as is"
    assert i18n.said(later("ui.common.yes")) == tr("ui.common.yes")
