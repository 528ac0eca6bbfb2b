"""The log speaks to the person at the screen (issue 34): his own moves read
"You receive 7 armies" / "Você recebe 7 exércitos", never his name with a
verb for someone else; a bot's moves keep the bot's name; in hot-seat the log
is told again at each hand-over, so "You" is always the one who looks now."""

from __future__ import annotations

import pytest

from scenes.curtain import Curtain
from scenes.tables.base import TableScene
from scenes.tables.face import SeatSetup
from tests.scenes.conftest import click_widget, open_test_table, pump

#: a person (Ana) and two bots of each game
SEATS = {
    "wyr": [SeatSetup("Ana"), SeatSetup("Bo", "easy"), SeatSetup("Cy", "easy")],
    "wyrt": [
        SeatSetup("Ana"),
        SeatSetup("Bo", "cliente_casual"),
        SeatSetup("Cy", "cliente_casual"),
    ],
    "war": [SeatSetup("Ana"), SeatSetup("Bo", "easy"), SeatSetup("Cy", "easy")],
    "chama": [SeatSetup("Ana"), SeatSetup("Bo", "easy"), SeatSetup("Cy", "easy")],
}

#: how the person's own lines begin, and a bot's, in each language
YOU = {"en": ("You ", "Your "), "pt": ("Você ", "Sua ", "Seu ")}


def _lines(t: TableScene) -> list[str]:
    return [text for text, _ in t.log.entries]


def _play(app, t: TableScene, until, frames: int = 6000) -> None:  # type: ignore[no-untyped-def]
    """Frames, the people at the screen playing their first legal move (and
    opening every curtain), until `until()` holds."""
    for _ in range(frames):
        if until():
            return
        if isinstance(app.scenes.top, Curtain):
            click_widget(app, app.scenes.top.button)
            continue
        human = t.human_to_act()
        if human is not None and human == t.viewer and not t.playing_out() and app.scenes.top is t:
            t.submit(t.legal_actions(human)[0])
        pump(app)
    assert until(), "timed out"


def _said_to_you(t: TableScene, lang: str) -> list[str]:
    return [line for line in _lines(t) if line.startswith(YOU[lang])]


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize("game", sorted(SEATS))
def test_the_persons_own_moves_are_said_to_him_and_the_bots_keep_their_names(
    app, game: str, lang: str
) -> None:  # type: ignore[no-untyped-def]
    app.set_language(lang)
    t = open_test_table(app, game, SEATS[game], seed=5)
    assert t.you() == 0

    def enough() -> bool:
        lines = _lines(t)
        return (
            len(_said_to_you(t, lang)) >= 2
            and any(line.startswith("Bo") for line in lines)
            and not t.playing_out()
        )

    _play(app, t, enough)
    lines = _lines(t)
    # the person is never named as the doer of his own moves ("Ana passes")
    assert not [line for line in lines if line.startswith("Ana ")], lines
    # and nothing reads as if "You" were somebody's name
    bad = ("You has", "You's", "You receives", "You wins", "Você recebe as cartas de Você")
    assert not [line for line in lines if any(b in line for b in bad)], lines
    assert not [line for line in lines if "de Você" in line or "of You" in line], lines


def test_wyr_the_bet_is_picked_in_the_persons_words(app) -> None:  # type: ignore[no-untyped-def]
    t = open_test_table(app, "wyr", SEATS["wyr"], seed=5)
    mine, bot = (
        "You pick a bet in secret.",
        "Bo has picked a bet in secret.",
    )  # a bot keeps his name
    _play(app, t, lambda: mine in _lines(t) and bot in _lines(t))
    app.set_language("pt")  # told again, in the other language, still to the person
    pump(app)
    assert "Você escolheu uma aposta em segredo." in _lines(t)


def test_war_a_bot_attacking_the_person_attacks_you(app) -> None:  # type: ignore[no-untyped-def]
    seats = [SeatSetup("Ana"), SeatSetup("Bo", "hard")]
    t = open_test_table(app, "war", seats, seed=3)
    _play(app, t, lambda: any("attacks you in" in line for line in _lines(t)), frames=20_000)
    line = next(line for line in _lines(t) if "attacks you in" in line)
    assert line.startswith("Bo attacks you in ")


def test_a_table_of_bots_only_says_you_to_nobody(app) -> None:  # type: ignore[no-untyped-def]
    seats = [SeatSetup("Bo", "easy"), SeatSetup("Cy", "easy")]
    t = open_test_table(app, "war", seats, seed=5)
    assert t.viewer is None and t.you() is None
    pump(app, 300)
    assert _lines(t)
    assert not _said_to_you(t, "en"), _lines(t)


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_hot_seat_you_follows_the_one_who_looks_now(app, lang: str) -> None:  # type: ignore[no-untyped-def]
    app.set_language(lang)
    seats = [SeatSetup("Ana"), SeatSetup("Bia"), SeatSetup("Bo", "easy")]
    t = open_test_table(app, "war", seats, seed=5)
    receive = {"en": ("You receive ", "{} receives "), "pt": ("Você recebe ", "{} recebe ")}[lang]
    you, named = receive

    def looks(seat: int) -> bool:
        return t.viewer == seat and t.you() == seat and not t.playing_out()

    # Ana looks: her reinforcements are hers ("You receive"), Bia's are Bia's
    _play(app, t, lambda: looks(0) and any(line.startswith(you) for line in _lines(t)))
    lines = _lines(t)
    assert not any(line.startswith(named.format("Ana")) for line in lines)
    mine_for_ana = [line for line in lines if line.startswith(you)]
    # the hand-over to Bia: the same lines, told again for her
    _play(
        app, t, lambda: looks(1) and any(line.startswith(named.format("Ana")) for line in _lines(t))
    )
    lines = _lines(t)
    for line in mine_for_ana:
        assert line.replace(you, named.format("Ana"), 1) in lines, (line, lines)
    assert not any(line.startswith(named.format("Bia")) for line in lines), lines
    # between the two, the curtain's log names everybody
    t.set_viewer(None)
    assert t.you() is None
    assert not _said_to_you(t, lang), _lines(t)


@pytest.mark.parametrize(
    ("lang", "you", "bot"),
    [("en", "You are out!", "Bo is out!"), ("pt", "Você está fora!", "Bo está fora!")],
)
def test_a_banner_about_the_person_is_said_to_him(app, lang: str, you: str, bot: str) -> None:  # type: ignore[no-untyped-def]
    app.set_language(lang)
    t = open_test_table(app, "war", [SeatSetup("Ana"), SeatSetup("Bo", "easy")], seed=5)
    assert t.said_of("wartable.eliminated", 0, name="Ana") == you
    assert t.said_of("wartable.eliminated", 1, name="Bo") == bot


def test_wyr_hot_seat_retells_the_bets_for_the_next_person(app) -> None:  # type: ignore[no-untyped-def]
    seats = [SeatSetup("Ana"), SeatSetup("Bia"), SeatSetup("Bo", "easy")]
    t = open_test_table(app, "wyr", seats, seed=5)
    mine = "You pick a bet in secret."
    _play(app, t, lambda: t.you() is not None and mine in _lines(t))
    first = t.you()
    assert first is not None
    _play(app, t, lambda: t.you() not in (None, first) and mine in _lines(t))
    lines = _lines(t)
    # the first person's bet now bears her name; the one who looks reads her own
    assert f"{seats[first].name} has picked a bet in secret." in lines, lines
    assert lines.count(mine) == 1, lines
