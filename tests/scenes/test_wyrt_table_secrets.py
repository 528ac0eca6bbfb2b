"""What one seat of the Wyrt table may see ([G4]): private lines, hot-seat
sessions, the log and practice numbers never carry another seat's cards."""

from __future__ import annotations

import pygame
import pytest

from game.cards import Card
from game.wyrt import records as R
from scenes.main_menu import MainMenu
from scenes.tables import open_table
from scenes.tables.face import SeatSetup
from scenes.tables.wyrt import WyrtTable
from tests.scenes.conftest import make_app, pump
from tests.scenes.wyrt_table_helpers import BOTS, my_decision, table, until


def test_private_lines_never_read_by_another_seat_g4(app) -> None:  # type: ignore[no-untyped-def]
    seats = [SeatSetup("Ana"), SeatSetup("Bo"), SeatSetup("Cy", "cliente_casual")]
    t = table(app, seats, seed=4, straddle=False)
    hole = next(e for e in t.match.start_events if isinstance(e, R.HoleCards) and e.seat == 0)
    t.viewer = 0
    assert "Your cards" in t.event_text(hole, cards="x")
    t.viewer = 1  # Bo looks: Ana's cards are not his to read, even in a retold log
    assert t.event_text(hole, cards="x") == ""
    t.viewer = None
    assert t.event_text(hole, cards="x") == ""
    # a steal that went unnoticed ([T9]) is unnoticed in the log too: the others
    # read nothing ("Ana tidies up the hand." told them all)
    stolen = R.CardsStolen(0, (Card.from_code("AS"),), (Card.from_code("2C"),))
    for looker in (1, None):
        t.viewer = looker
        assert t.event_text(stolen) == ""
    t.viewer = 0
    assert t.event_text(stolen)


@pytest.mark.parametrize("seed", [11, 4242])
def test_hot_seat_leaks_nothing_over_whole_sessions_g4(seed: int) -> None:
    """The generic hot-seat property ([G4]) on the Wyrt table: two people and a bot,
    random legal moves and peeking keys, two hands to the end of the session."""

    from tests.scenes.test_hot_seat_secrets import hot_seat_match

    seats = [SeatSetup("Ana"), SeatSetup("Bo", "cliente_casual"), SeatSetup("Bia")]
    hot_seat_match("wyrt", seats, seed, {"hand_limit": 2, "cheating": True}, max_frames=8000)


@pytest.mark.slow
def test_the_next_person_never_sees_the_last_ones_cards_in_the_log_g4() -> None:
    """Ana and Bia side by side in hot-seat: Ana calls and passes the screen to Bia.
    The log is retold for Bia with as many lines and the same last one, and the
    panel kept its picture of Ana's, "Your cards: 8♠ 6♦ …" in it, for Bia's whole
    decision. What the panel last painted must be Bia's own log."""
    a = make_app("--lang", "en", "--size", "1024x640")  # normal speed, as players have it
    t = None
    try:
        seats = [SeatSetup("Ana"), SeatSetup("Bia"), SeatSetup("Cy", "clandestino")]
        t = table(a, seats, seed=4)
        looked = []
        for _ in range(3000):
            if len(looked) == 3:
                break
            until(a, lambda: my_decision(t)() and not t.events and not t.animating())
            pump(a, 3)
            looked.append(t.viewer)
            assert t.log.drawn == t.log.entries, (t.viewer, t.log.drawn[-4:])
            mine = [e for e in t.match.legal_actions(t.viewer) if isinstance(e, R.NoStraddle)]
            t.submit(
                mine[0]
                if mine
                else next(
                    e for e in t.match.legal_actions(t.viewer) if isinstance(e, R.Call | R.Check)
                )
            )
        assert {0, 1} <= set(looked)
    finally:
        if t is not None:
            t.worker.close()
        pygame.quit()


def test_practice_numbers_never_outlive_their_decision_g4(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The practice panel showed the last decision's pot odds (and, in hot-seat,
    could show the last person's hand and equity) until the new numbers were
    worked out. Numbers belong to one decision: while the next one's are not
    ready, the panel shows none."""
    import scenes.tables.wyrt.practice as practice

    app.scenes.push(MainMenu(app), fade=False)
    t = open_table(app, "wyrt", BOTS, seed=3, options={"straddle": False}, practice=True)
    app.scenes.push(t, fade=False)
    assert isinstance(t, WyrtTable)
    until(app, lambda: my_decision(t)() and t.aids.aids is not None)
    # drawn while nobody looks (a hot-seat save's picture): no numbers either
    t.viewer, looker = None, t.viewer
    assert t.aids.aids is None
    t.viewer = looker
    assert t.aids.aids is not None
    first = len(t.match.log)

    class Never:  # threads that never get to work: the next numbers never come
        def __init__(self, *args: object, **kwargs: object) -> None:
            pass

        def start(self) -> None:
            pass

    monkeypatch.setattr(practice.threading, "Thread", Never)
    legal = t.match.legal_actions(0)
    t.submit(next(a for a in legal if isinstance(a, R.Call | R.Check)))
    until(app, lambda: len(t.match.log) > first)
    pump(app, 30)
    assert t.aids.aids is None
    t.hide_secrets()
    assert t.aids.aids is None
