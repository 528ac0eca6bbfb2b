"""The harness sees leaks that depend on hidden cards ([G4], [C10], [C17]).

A leak check that holds the leaking card fixed cannot see the spoils leak (the
match stopping to ask only when a spoils card is a realm). These tests put the
old behaviours back and require the harness to catch each of them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from game.cards import Card
from game.chama import rules
from game.chama.actions import Attack, EndStep, PresentPool, Stop
from game.chama.events import SpoilsDrawn
from game.chama.match import ATTACK, ChamaMatch
from game.core import Event
from game.harness import HiddenShapeLeak, check_hidden_shape, hidden_shape_leaks
from game.rng import Rng
from tests.game.chama.helpers import fresh, give


def _caught(options: dict[str, Any] | None = None, seats: int = 2) -> bool:
    return hidden_shape_leaks("chama", seats, range(1, 9), options, shape_every=1)


def _old_spoils(self: ChamaMatch, seat: int, helper: bool, ev: list[Event]) -> None:
    # Before [C10] was revised: the match stopped only for a playable realm.
    if not self.draw[seat] or not self.alive[seat]:
        ev.append(SpoilsDrawn(seat, 0, helper))
        return
    got: list[Card] = self._draw_cards(seat, 1, "spoils", ev)
    ev.append(SpoilsDrawn(seat, 1, helper))
    if not helper and rules.is_realm(got[0]) and self.fillable_slots(seat):
        self.spoils_pending.append((seat, got[0]))


def _old_may_present(self: ChamaMatch, seat: int) -> bool:
    # Before [C17]: a defender without a commander declined without a question.
    return self.can_present(seat)


def _old_ally(orig: Callable[..., bool]) -> Callable[..., bool]:
    def ally(self: ChamaMatch, seat: int, side: str) -> bool:
        # Before [C17]: bystanders without an army were never asked.
        return orig(self, seat, side) and any(rules.is_army(c) for c in self.hands[seat])

    return ally


def test_the_harness_passes_the_fixed_engine_g4() -> None:
    assert not _caught()


def test_the_harness_catches_the_spoils_realm_leak_c10(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ChamaMatch, "_spoils", _old_spoils)
    assert _caught()


def _battle(aliados: bool = False) -> ChamaMatch:
    """Seat 0 (a realm in hand, nothing to fight with) is about to present against
    seat 1's realm A; seat 1 holds two hidden cards and no pool; with Aliados, seat 2 stands by with two hidden cards."""
    m = fresh(3 if aliados else 2, aliados=aliados)
    give(m, 0, slots="A:J", hand="K")
    give(m, 0, pool="2")
    give(m, 1, slots="A:K", hand="9 5")
    if aliados:
        give(m, 2, hand="7 3")
    while m.phase != ATTACK:
        m.apply(0, EndStep())
    m.apply(0, Attack(1, "A"))
    return m


def _caught_here(m: ChamaMatch, seat: int, action: Any) -> bool:
    for k in range(12):
        try:
            check_hidden_shape(m, seat, action, Rng(f"probe/{k}"))
        except HiddenShapeLeak:
            return True
    return False


def test_the_harness_catches_a_forced_decline_c17(monkeypatch: pytest.MonkeyPatch) -> None:
    m = _battle()
    present = PresentPool(m.pool[0][0].uid)
    assert not _caught_here(m, 0, present)
    monkeypatch.setattr(ChamaMatch, "_may_present", _old_may_present)
    assert _caught_here(m, 0, present)


def test_the_harness_catches_skipped_aliados_bystanders_c17(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    m = _battle(aliados=True)
    m.apply(0, PresentPool(m.pool[0][0].uid))  # 2 vs seat 1's answer
    m.apply(1, m.legal_actions(1)[0])  # seat 1 presents the 5 from his hand
    assert m.battle is not None and m.to_move == [0]
    assert not _caught_here(m, 0, Stop())
    monkeypatch.setattr(ChamaMatch, "_ally_can_help", _old_ally(ChamaMatch._ally_can_help))
    assert _caught_here(m, 0, Stop())
