""" "Attack until N left" on the War table rolls the dice its odds assume.

Every roll the table makes for the button is `until_dice(able, until_stop(N))`,
the policy `remaining_distribution` prices ([W12]): it never overshoots the stop.
"""

from __future__ import annotations

from game.registry import new_match
from game.war import BOARD, until_dice, until_stop
from game.war import records as R
from scenes.tables.face import SeatSetup
from tests.scenes.conftest import click_widget
from tests.scenes.test_war_table import _place_all_on, mine, my_phase, table, until


def test_attack_until_rolls_the_priced_dice_w12(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, [SeatSetup("Ana"), SeatSetup("Borin", "easy")], seed=4)
    until(app, my_phase(t, "reinforce"))
    _place_all_on(app, t, mine(t)[0])
    until(app, lambda: my_phase(t, "reinforce")() and t.view()["round"] >= 2)
    view = t.view()
    border = next(x for x in mine(t) if any(view["owners"][n] != 0 for n in BOARD.neighbors(x)))
    _place_all_on(app, t, border)
    until(app, my_phase(t, "attack"))
    target = next(n for n in BOARD.neighbors(border) if t.view()["owners"][n] != 0)
    t.until = 5
    t.click_territory(border)
    t.click_territory(target)
    start = len(t.match.log)
    click_widget(app, t.controls["until"])
    until(app, lambda: t.auto is None)
    # Replay the log: each roll of the button used the policy's dice at that moment.
    replay = new_match("war", t.match.seats, seed=t.match.seed, options=t.match.options)
    rolls = 0
    for i, (seat, action) in enumerate(t.match.log):
        if i >= start and isinstance(action, R.Attack) and action.source == border:
            able = replay.view(seat)["armies"][border] - 1
            assert action.dice == until_dice(able, until_stop(5))
            rolls += 1
        replay.apply(seat, action)
    assert rolls >= 1
    assert t.match.view(0)["armies"][border] >= 5 or t.match.view(0)["owners"][target] == 0


def test_the_attack_until_core_rolls_then_tells_why_it_stopped() -> None:
    """Without a table: the next roll while the source can, then the result."""
    from game.war import records as R
    from scenes.tables.war.until import AttackUntil, Stopped

    auto = AttackUntil("Brasil", "Argentina", stop_at=0, start=5)
    view = {
        "phase": "attack",
        "armies": {"Brasil": 5, "Argentina": 3},
        "owners": {"Brasil": 0, "Argentina": 1},
    }
    assert auto.next_roll(view, 0, [0]) == R.Attack("Brasil", "Argentina", 3)
    assert auto.next_roll(view, 0, [1]) == Stopped(False, 1, 0)  # no longer this seat's turn
    view["armies"] = {"Brasil": 4, "Argentina": 1}
    view["owners"] = {"Brasil": 0, "Argentina": 0}
    assert auto.next_roll(view, 0, [0]) == Stopped(True, 1, 1)
