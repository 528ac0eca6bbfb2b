"""Issue 11's text items on screen: plurals, the first person's name, what a 0
turn limit means, Portuguese names explained in English tooltips, the
not-ready notice inside its panel."""

from __future__ import annotations

from game import get_info
from scenes import style
from scenes.i18n import set_language, tr
from scenes.main_menu import MainMenu
from scenes.new_match import NewMatchScene
from scenes.option_words import option_help
from scenes.tables.face import SeatSetup
from tests.scenes.conftest import make_app, pump
from tests.scenes.test_war_table import table


def test_war_counts_agree_with_their_number(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, [SeatSetup("Ana"), SeatSetup("Borin", "easy"), SeatSetup("Lis", "easy")])
    for lang, one, many in (("en", "1 card", "2 cards"), ("pt", "1 carta", "2 cartas")):
        set_language(lang)
        assert tr("wartable.n_cards", count=1) == one and tr("wartable.n_cards", count=2) == many
    set_language("en")
    assert (
        tr("wartable.n_rolls", count=1) == "1 roll" and tr("wartable.n_armies", count=1) == "1 army"
    )
    line = t.seat_lines(0)[0]
    assert "0 cards" in line and "1 cards" not in line and "1 armies" not in line
    set_language("pt")
    assert "1 rolagens" not in tr(
        "wartable.until_won",
        target="X",
        rolls=tr("wartable.n_rolls", count=1),
        lost=tr("wartable.n_armies", count=1),
    )
    set_language("en")


def test_first_person_is_not_named_you(app) -> None:  # type: ignore[no-untyped-def]
    app.scenes.push(MainMenu(app), fade=False)
    nm = NewMatchScene(app, "war")
    app.scenes.push(nm, fade=False)
    pump(app)
    name = nm.rows[0]["name"]
    assert name != "You" and tr("war.events.ObjectiveAchieved", seat=name).startswith(name)


def test_zero_turn_limit_says_no_limit(app) -> None:  # type: ignore[no-untyped-def]
    app.scenes.push(MainMenu(app), fade=False)
    nm = NewMatchScene(app, "war")
    app.scenes.push(nm, fade=False)
    pump(app)
    entry = nm.opt_widgets["turn_limit"]
    assert nm.zero_notes[entry].text == tr("ui.table_base.no_limit")


def test_portuguese_option_names_are_explained_in_english() -> None:
    info = get_info("chama")
    set_language("en")
    allies = next(o for o in info.options if tr(f"chama.options.{o.key}.label") == "Aliados")
    assert "Portuguese" in (option_help("chama", allies) or "")
    set_language("pt")
    assert "português" not in (option_help("chama", allies) or "")
    set_language("en")


def test_not_ready_notice_stays_in_its_panel(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from scenes import tables

    # every game has a table now: take Chama's away to see the notice
    monkeypatch.delitem(tables.TABLES, "chama")
    app = make_app("--lang", "pt", "--size", "1024x640")
    app.scenes.push(MainMenu(app), fade=False)
    nm = NewMatchScene(app, "chama")
    app.scenes.push(nm, fade=False)
    pump(app)
    text = nm._notice_text()
    assert text
    for line in style.wrap_text(text, 18, nm.panel.width - 60, "bold"):
        assert style.font(18, "bold").size(line)[0] <= nm.panel.width - 60
    import pygame

    pygame.quit()


def test_rules_viewer_glues_punctuation_to_bold_words() -> None:
    from scenes.widgets.richtext import _tokens

    tokens = _tokens("O **Ás**: vale 1 e **Reis de Arton**.")
    assert (":", False, False) in tokens and (".", False, False) in tokens
    assert ("vale", False, True) in tokens and ("Reis", True, True) in tokens


def test_no_english_reason_inside_portuguese_messages() -> None:
    import errno

    from game.core import SaveError
    from scenes.reasons import reason_words

    set_language("pt")
    try:
        broken = reason_words(SaveError("the save's seed is not a whole number"))
        full = reason_words(OSError(errno.ENOSPC, "No space left on device"))
        other = reason_words(OSError(errno.EIO, "Input/output error"))
        assert "seed" not in broken and "danificado" in broken
        assert "No space" not in full and "disco" in full
        assert "Input/output" not in other
    finally:
        set_language("en")
    assert "seed" in reason_words(SaveError("the save's seed is not a whole number"))
