"""The bots' tempo: a person never waits long on the bots (issue 34, "Pace")."""

from __future__ import annotations

from scenes.pace import WAIT_GOAL, measure_pace
from scenes.tables.face import SeatSetup
from scenes.tables.tempo import BotTempo
from tests.scenes.conftest import open_test_table, pump


def test_the_bots_play_at_the_chosen_speed_through_the_grace_then_quicken() -> None:
    tempo = BotTempo()
    tempo.tick(BotTempo.GRACE, waiting=True)
    assert tempo.factor() == 1.0
    tempo.tick(BotTempo.RAMP, waiting=True)
    assert tempo.factor() == 2.0
    tempo.tick(60.0, waiting=True)
    assert tempo.factor() == BotTempo.MOST
    tempo.tick(1 / 60, waiting=False)  # the person's turn: back to his speed
    assert tempo.factor() == 1.0


def test_a_person_waits_on_the_bots_but_a_table_of_bots_never_hurries(app) -> None:  # type: ignore[no-untyped-def]
    app.settings.animation_speed = "normal"
    table = open_test_table(
        app, "chama", [SeatSetup("Bot 1", "easy"), SeatSetup("Bot 2", "easy")], seed=3
    )
    pump(app, 600)
    assert not table.waits_on_bots() and table.tempo.factor() == 1.0
    person = open_test_table(app, "chama", [SeatSetup("Bot", "easy"), SeatSetup("Ana")], seed=3)
    pump(app, 30)
    assert person.waits_on_bots()


def test_chamas_deal_and_three_bot_turns_keep_within_the_goal() -> None:
    """Three normal bots played their whole first turns before the person's first
    decision: 17.6 game seconds at the normal speed before the tempo."""
    report = measure_pace("chama", seed=7, decisions=6)
    assert report.first > 0, "the person never came to decide"
    assert report.longest <= WAIT_GOAL
