"""What an action shows each seat does not depend on others' objectives or cards
([G4], [W1]): the harness deals them anew and compares."""

from __future__ import annotations

from typing import Any

import pytest

import game.war.match as war_match
from game.core import Event
from game.harness import HiddenShapeLeak, check_hidden_shape, random_playthrough
from game.rng import Rng
from game.war import records as R
from game.war.board import BOARD
from game.war.match import FALLBACK_ID, WarMatch
from tests.game.war.helpers import new, position


@pytest.fixture
def sure_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Attackers roll sixes and defenders ones, in every copy of the match."""
    monkeypatch.setattr(war_match, "roll", lambda rng, n: (6,) * n if n == 3 else (1,) * n)


def _elimination() -> tuple[WarMatch, R.Attack]:
    """Seat 1 is about to wipe out seat 2 (its last territory); seats 0 and 3 look on."""
    m = new(4, 2)
    owners = {t: 0 for t in BOARD.territories}
    owners.update({"Argentina": 2, "Brasil": 1, "Alasca": 3})
    position(
        m,
        owners,
        armies={"Brasil": 5},
        current=1,
        objectives={0: "asia_africa", 1: "territorios_24", 3: "asia_africa"},
    )
    return m, R.Attack("Brasil", "Argentina", 3)


def _caught(m: WarMatch, seat: int, action: Any) -> bool:
    for k in range(16):
        try:
            check_hidden_shape(m, seat, action, Rng(f"probe/{k}"))
        except HiddenShapeLeak:
            return True
    return False


def test_every_player_still_in_checks_his_objective_privately_w1_g4(sure_dice: None) -> None:
    m, attack = _elimination()
    target = m.colors[2]
    m.objective_card[3] = m.objective_active[3] = f"destruir_{target}"
    events = m.apply(1, attack)
    checked = [e for e in events if isinstance(e, R.ObjectiveChecked)]
    # Not the eliminator (1) nor the eliminated (2): seats 0 and 3, in seat order.
    assert [e.seat for e in checked] == [0, 3]
    assert all(e.PRIVATE and e.color == target for e in checked)
    assert [e.changed for e in checked] == [False, True]
    assert checked[1].active == FALLBACK_ID and m.objective_active[3] == FALLBACK_ID
    assert checked[0].active == "asia_africa"


def test_the_harness_sees_no_one_told_only_when_hunting_the_fallen_colour_g4(
    sure_dice: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    m, attack = _elimination()
    assert not _caught(m, 1, attack)

    def old_eliminate(self: WarMatch, victim: int, by: int) -> list[Event]:
        # Before the fix: only a holder of "destroy <colour>" got an event.
        self.alive[victim] = False
        self.eliminated_by[victim] = by
        self.eliminated_order.append(victim)
        events: list[Event] = [R.PlayerEliminated(victim, by)]
        self.hands[by].extend(self.hands[victim])
        self.hands[victim] = []
        color = self.colors[victim]
        for seat in range(self.n_seats):
            if seat != by and self.alive[seat] and self.objective_of(seat).destroy == color:
                self.objective_active[seat] = FALLBACK_ID
                card = self.objective_card[seat]
                events.append(R.ObjectiveChecked(seat, card, FALLBACK_ID, color, True))
        return events

    monkeypatch.setattr(WarMatch, "_eliminate", old_eliminate)
    assert _caught(m, 1, attack)


@pytest.mark.parametrize(("seats", "seed"), [(3, 1), (5, 2)])
def test_random_play_shows_nothing_hidden_g4(seats: int, seed: int) -> None:
    """Bounded random play with the shape check every few steps (objectives shown at
    the end are a reveal by rule and skipped)."""
    _m, report = random_playthrough(
        "war",
        seats,
        seed=seed,
        options={"turn_limit": 24},
        probe_every=0,
        views_every=0,
        shape_every=3,
        max_actions=900,
    )
    assert report.actions > 40
