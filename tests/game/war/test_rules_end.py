"""War rulings [W9]-[W11], [G4] and [R7] on small hand-built positions: the card
for a conquest, elimination, victory, what a seat's view hides and the end on
time. The rulings before them are in test_rules.py."""

from __future__ import annotations

import pytest

import game
from game.war import records as R
from game.war.board import BOARD
from game.war.checks import check_view, invariants
from game.war.match import (
    PHASE_MOVE,
    PHASE_OCCUPY,
    PHASE_OVER,
    WarMatch,
)
from tests.game.war.helpers import new, own, position, rig_dice

EUROPA = list(BOARD.territories_of("Europa"))
OCEANIA = list(BOARD.territories_of("Oceania"))
SUL = list(BOARD.territories_of("América do Sul"))


# ---------------------------------------------------------------- W9


def test_one_card_per_turn_with_a_conquest_w9() -> None:
    m = new(3, 1)
    position(m, {"Brasil": 0}, default_owner=1, armies={"Brasil": 12})
    rig_dice(m, [(6, 6, 6), (1,), (6, 6, 6), (1,)])
    m.apply(0, R.Attack("Brasil", "Argentina", 3))
    m.apply(0, R.Occupy(1))
    m.apply(0, R.Attack("Brasil", "Peru", 3))
    m.apply(0, R.Occupy(1))
    events = m.apply(0, R.EndTurn())
    drawn = [e for e in events if isinstance(e, R.CardDrawn)]
    assert len(drawn) == 1 and drawn[0].seat == 0 and drawn[0].PRIVATE
    assert len(m.hands[0]) == 1 and m.hands[0][0] == drawn[0].card
    assert drawn[0].visible_to(0) and not drawn[0].visible_to(1)


def test_no_card_without_a_conquest_w9() -> None:
    m = new(3, 1)
    position(m, {"Brasil": 0}, default_owner=1, armies={"Brasil": 2, "Argentina": 6})
    rig_dice(m, [(1,), (6, 6, 6)])
    m.apply(0, R.Attack("Brasil", "Argentina", 1))
    events = m.apply(0, R.EndTurn())
    assert not any(isinstance(e, R.CardDrawn) for e in events)
    assert m.hands[0] == []


# ---------------------------------------------------------------- W10


def _elimination(own_cards: list[str], victim_cards: list[str]) -> tuple[WarMatch, list]:
    m = new(3, 4)
    owners = {t: 0 for t in BOARD.territories}
    owners["Argentina"] = 2
    owners["Peru"] = 1
    position(
        m,
        owners,
        armies={"Brasil": 6},
        hands={0: own_cards, 2: victim_cards},
        objectives={0: "territorios_24"},
    )
    m.objective_active[0] = m.objective_card[0] = "territorios_18_com_2"
    rig_dice(m, [(6, 6, 6), (1,)])
    events = m.apply(0, R.Attack("Brasil", "Argentina", 3))
    return m, events


def test_eliminator_takes_the_cards_w10() -> None:
    m, events = _elimination(["Alasca"], ["Egito", "Congo"])
    assert not m.alive[2] and m.eliminated_by[2] == 0
    assert sorted(m.hands[0]) == sorted(["Alasca", "Egito", "Congo"])
    tr = next(e for e in events if isinstance(e, R.CardsTransferred))
    assert (tr.count, tr.to_pile) == (2, 0)
    invariants(m)


def test_above_five_random_cards_until_five_rest_to_pile_w10() -> None:
    m, events = _elimination(
        ["Alasca", "Mackenzie", "Ottawa"], ["Egito", "Congo", "Sudão", "Japão"]
    )
    assert len(m.hands[0]) == 5
    got = [c for c in m.hands[0] if c not in ("Alasca", "Mackenzie", "Ottawa")]
    assert len(got) == 2 and set(got) <= {"Egito", "Congo", "Sudão", "Japão"}
    assert sorted(m.pile + got) == sorted(["Egito", "Congo", "Sudão", "Japão"])
    tr = next(e for e in events if isinstance(e, R.CardsTransferred))
    assert (tr.count, tr.to_pile) == (2, 2)
    rec = next(e for e in events if isinstance(e, R.CardsReceived))
    assert rec.PRIVATE and rec.seat == 0 and sorted(rec.cards) == sorted(got)
    assert m.hands[2] == []
    invariants(m)


def test_eliminated_player_is_skipped_w10() -> None:
    m, _ = _elimination([], [])
    m.apply(0, R.Occupy(1))
    m.apply(0, R.EndTurn())
    assert m.current == 1
    m.apply(1, R.Place({"Peru": m.pending_total}))
    m.apply(1, R.EndTurn())
    assert m.current == 0


# ---------------------------------------------------------------- W11


def test_victory_right_after_the_conquest_w11() -> None:
    m = new(3, 1)
    owners = {t: 0 for t in EUROPA + OCEANIA + SUL}
    owners["Argentina"] = 1
    position(
        m, owners, default_owner=2, armies={"Brasil": 5}, objectives={0: "europa_oceania_mais_um"}
    )
    rig_dice(m, [(6, 6, 6), (1,)])
    m.apply(0, R.Attack("Brasil", "Argentina", 3))
    assert m.phase == PHASE_OCCUPY and m.winner is None  # the conquest completes on occupying
    events = m.apply(0, R.Occupy(1))
    assert m.winner == 0 and m.is_over and m.phase == PHASE_OVER
    names = [type(e).__name__ for e in events]
    assert names[-3:] == ["ObjectiveAchieved", "ObjectivesRevealed", "MatchOver"]
    assert m.standings()[0] == [0]
    assert "objectives" in m.public_view()


def test_victory_on_another_players_turn_w11() -> None:
    """[W11] (revised): seat 1 meets its objective; it wins after the next action,
    though it is seat 0's turn."""
    m = new(3, 1)
    owners = {t: 1 for t in BOARD.territories_of("Ásia") + BOARD.territories_of("África")}
    owners["Brasil"] = 0
    position(
        m,
        owners,
        default_owner=2,
        armies={"Brasil": 3},
        current=0,
        objectives={1: "asia_africa", 0: "territorios_24", 2: "territorios_24"},
    )
    events = m.apply(0, R.EndAttacks())
    assert m.winner == 1 and m.is_over
    assert any(isinstance(e, R.ObjectiveAchieved) and e.seat == 1 for e in events)


def test_a_fallback_to_24_already_held_wins_at_once_w11_w1() -> None:
    """Seat 1 must destroy seat 2's colour and holds 24 territories; seat 0
    eliminates seat 2, seat 1's objective falls back to 24: seat 1 wins then."""
    m = new(3, 6)
    target = m.colors[2]
    owners = {t: 1 for t in BOARD.territories[:24]}
    owners.update({t: 0 for t in BOARD.territories[24:]})
    owners["Argentina"] = 2
    owners["Brasil"] = 0
    owners["Peru"] = 0
    owners["Venezuela"] = 0
    if sum(1 for o in owners.values() if o == 1) < 24:
        extra = [t for t, o in owners.items() if o == 0 and t not in ("Brasil", "Peru")]
        for t in extra[: 24 - sum(1 for o in owners.values() if o == 1)]:
            owners[t] = 1
    position(
        m,
        owners,
        armies={"Brasil": 6},
        objectives={1: f"destruir_{target}", 0: "asia_africa", 2: "territorios_24"},
    )
    assert sum(1 for o in m.owner if o == 1) >= 24
    rig_dice(m, [(6, 6, 6), (1,)])
    m.apply(0, R.Attack("Brasil", "Argentina", 3))
    assert m.objective_active[1] == "territorios_24"
    m.apply(0, R.Occupy(1))
    assert m.winner == 1


def test_eliminating_ones_destroy_target_wins_w11() -> None:
    m = new(3, 6)
    target = m.colors[2]
    owners = {t: 0 for t in BOARD.territories}
    owners["Argentina"] = 2
    owners["Peru"] = 1
    position(m, owners, armies={"Brasil": 6}, objectives={0: f"destruir_{target}"})
    rig_dice(m, [(6, 6, 6), (1,)])
    m.apply(0, R.Attack("Brasil", "Argentina", 3))
    assert m.winner is None
    m.apply(0, R.Occupy(1))
    assert m.winner == 0


def test_eighteen_with_two_armies_by_a_move_w11() -> None:
    m = new(3, 1)
    mine = list(BOARD.territories[:18])
    armies = {t: 2 for t in mine}
    armies[mine[0]] = 1
    armies[mine[1]] = 3
    position(
        m,
        {t: 0 for t in mine},
        default_owner=1,
        armies=armies,
        phase=PHASE_MOVE,
        objectives={0: "territorios_18_com_2"},
    )
    a, b = mine[1], mine[0]
    assert BOARD.are_neighbors(a, b)
    m.apply(0, R.Move(a, b, 1))
    assert m.winner == 0


# ---------------------------------------------------------------- views & results


def test_view_hides_other_objectives_and_cards_g4() -> None:
    m = new(4, 9)
    position(m, {"Brasil": 0}, hands={0: ["Alasca"], 1: ["Egito", "Congo"]})
    v = m.view(0)
    assert v["cards"] == [{"card": "Alasca", "territory": "Alasca", "figure": "triangulo"}]
    assert v["card_counts"] == [1, 2, 0, 0]
    assert v["objective"]["card"] == m.objective_card[0]
    assert "objectives" not in v and "Egito" not in str(v["cards"])
    for s in range(4):
        check_view(m, s, m.view(s))


def test_distance_to_victory_is_normalised_r7() -> None:
    m = new(3, 1)
    owners = {t: 0 for t in EUROPA + OCEANIA}
    position(
        m, owners, default_owner=1, objectives={0: "europa_oceania_mais_um", 1: "territorios_24"}
    )
    m.owner[BOARD.index["Argentina"]] = 2
    # seat 0 misses only the cheapest third continent: América do Sul (4)
    assert m.missing(0) == 4
    assert m.distance_to_victory(0) == pytest.approx(4 / 24)
    # seat 1 holds 42 - 11 - 1 = 30 territories: nothing missing
    assert m.distance_to_victory(1) == 0.0
    assert 0.0 <= m.distance_to_victory(2) <= 1.0


def test_turn_limit_ends_on_time_r7() -> None:
    m = game.new_match("war", 3, seed=2, options={"turn_limit": 3})
    for _ in range(3):
        s = m.current
        t = next(t for t in BOARD.territories if own(m, t) == s)
        events = m.apply(s, R.Place({t: m.pending_total}))
    assert m.is_over and m.timed_out
    assert any(isinstance(e, game.MatchOver) and e.timed for e in events)
    flat = [s for g in m.standings() for s in g]
    assert sorted(flat) == [0, 1, 2]
    d = [m.distance_to_victory(g[0]) for g in m.standings()]
    assert d == sorted(d)
