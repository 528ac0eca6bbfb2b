"""One or more tests per War ruling [W1]-[W8], on small hand-built positions
(the rulings from [W9] on are in test_rules_end.py)."""

from __future__ import annotations

from collections import Counter

import pytest

from game.war import records as R
from game.war.board import BOARD, JOKER
from game.war.checks import invariants
from game.war.match import (
    PHASE_ATTACK,
    PHASE_MOVE,
    PHASE_OCCUPY,
    PHASE_REINFORCE,
    WarMatch,
)
from game.war.objectives import COLORS
from tests.game.war.helpers import OPTS, arm, illegal, new, own, position, rig_dice

SUL = list(BOARD.territories_of("América do Sul"))


# ---------------------------------------------------------------- W1


def test_objectives_of_absent_colours_are_removed_w1() -> None:
    m = WarMatch(["a", "b", "c"], 5, {**OPTS, "colors": ["azul", "verde", "preto"]})
    ev = next(e for e in m.start_events if isinstance(e, R.ObjectivesPrepared))
    absent = {c for c in COLORS if c not in ("azul", "verde", "preto")}
    assert set(ev.removed) == {f"destruir_{c}" for c in absent}
    assert ev.in_deck == 14 - 3
    for card in m.objective_card:
        assert card not in ev.removed


def test_destroy_own_colour_falls_back_to_24_w1() -> None:
    hits = 0
    for seed in range(60):
        m = new(6, seed)
        for s in range(6):
            card = m.objective_card[s]
            if card == f"destruir_{m.colors[s]}":
                hits += 1
                assert m.objective_active[s] == "territorios_24"
                dealt = [
                    e for e in m.start_events if isinstance(e, R.ObjectiveDealt) and e.seat == s
                ]
                assert dealt[0].active == "territorios_24" and dealt[0].PRIVATE
                assert m.view(s)["objective"]["fallback"] is True
            else:
                assert m.objective_active[s] == card
    assert hits > 0


def test_target_eliminated_by_someone_else_falls_back_w1() -> None:
    m = new(3, 2)
    target_color = m.colors[2]
    owners = {t: 0 for t in BOARD.territories}
    owners["Argentina"] = 2
    owners["Brasil"] = 1
    position(
        m,
        owners,
        armies={"Brasil": 5},
        current=1,
        objectives={0: f"destruir_{target_color}", 1: "territorios_24"},
    )
    rig_dice(m, [(6, 6, 6), (1,)])
    events = m.apply(1, R.Attack("Brasil", "Argentina", 3))
    assert not m.alive[2]
    checked = [e for e in events if isinstance(e, R.ObjectiveChecked)]
    assert len(checked) == 1 and checked[0].seat == 0 and checked[0].PRIVATE
    assert checked[0].changed and checked[0].active == "territorios_24"
    assert m.objective_active[0] == "territorios_24"
    assert m.objective_card[0] == f"destruir_{target_color}"


# ---------------------------------------------------------------- W2


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_deal_from_dealers_left_and_first_player_w2(n: int) -> None:
    m = new(n, 11 + n)
    chosen = next(e for e in m.start_events if isinstance(e, R.DealerChosen))
    last_round = chosen.rolls[-1]
    assert max(last_round.values()) == last_round[chosen.dealer]
    assert list(last_round.values()).count(last_round[chosen.dealer]) == 1
    dealt = next(e for e in m.start_events if isinstance(e, R.TerritoriesDealt))
    assert len(dealt.order) == 42
    for k, t in enumerate(dealt.order):
        assert dealt.owners[t] == (chosen.dealer + 1 + k) % n
    last = dealt.owners[dealt.order[-1]]
    assert m.first_player == dealt.first_player == (last + 1) % n
    assert all(a == 1 for a in m.armies)
    counts = Counter(m.owner)
    assert max(counts.values()) - min(counts.values()) <= 1
    assert len(m.deck) == 44 and m.deck.count(JOKER) == 2
    assert m.current == m.first_player and m.round == 1


def test_dealer_roll_offs_repeat_among_tied_w2() -> None:
    for seed in range(40):
        m = new(6, seed)
        ev = next(e for e in m.start_events if isinstance(e, R.DealerChosen))
        for rnd in ev.rolls[:-1]:
            top = max(rnd.values())
            assert list(rnd.values()).count(top) > 1
        for prev, nxt in zip(ev.rolls, ev.rolls[1:], strict=False):
            top = max(prev.values())
            assert set(nxt) == {s for s, v in prev.items() if v == top}


# ---------------------------------------------------------------- W3


def test_reinforcements_half_territories_minimum_3_w3() -> None:
    m = new(3, 1)
    # 11 territories for seat 0 -> 5; no continent held
    mine = list(BOARD.territories_of("Ásia"))[:11]
    position(m, {t: 0 for t in mine}, default_owner=1, current=2, phase=PHASE_ATTACK)
    m.owner[BOARD.index["Argentina"]] = 2
    events = m.apply(2, R.EndTurn())
    rec = next(e for e in events if isinstance(e, R.ReinforcementsReceived))
    assert rec.seat == 0 and rec.territories == 11 and rec.base == 5 and rec.total == 5
    assert rec.continents == {}


def test_minimum_three_armies_w3() -> None:
    m = new(3, 1)
    position(m, {"Argentina": 2, "Brasil": 0}, default_owner=1, current=1)
    events = m.apply(1, R.EndTurn())
    rec = next(e for e in events if isinstance(e, R.ReinforcementsReceived))
    assert rec.seat == 2 and rec.territories == 1 and rec.base == 3 and rec.total == 3
    assert m.pending_total == 3


def test_continent_bonus_must_stay_in_continent_w3() -> None:
    m = new(3, 1)
    owners = {t: 0 for t in SUL}
    owners.update({t: 0 for t in ("Alasca", "Mackenzie", "Groenlândia", "Vancouver")})
    position(m, owners, default_owner=1, current=0, phase=PHASE_REINFORCE)
    assert m.pending_free == 4 and m.pending_continents == {"América do Sul": 2}
    err = illegal(m, 0, R.Place({"Alasca": 6}), "W3")
    assert err.key == "war.illegal.continent_bonus"
    illegal(m, 0, R.Place({"Alasca": 4, "Brasil": 1}), "W3")  # total short
    illegal(m, 0, R.Place({"Alasca": 4, "Brasil": 3}), "W3")  # total over
    illegal(m, 0, R.Place({"Egito": 4, "Brasil": 2}), "W3")  # not his
    m.apply(0, R.Place({"Alasca": 3, "Brasil": 1, "Peru": 2}))
    assert arm(m, "Alasca") == 4 and arm(m, "Peru") == 3
    assert m.phase == PHASE_ATTACK


def test_free_armies_may_also_go_into_the_continent_w3() -> None:
    m = new(3, 1)
    position(m, {t: 0 for t in SUL}, default_owner=1, current=0, phase=PHASE_REINFORCE)
    total = m.pending_total
    m.apply(0, R.Place({"Brasil": total}))
    assert arm(m, "Brasil") == 1 + total


# ---------------------------------------------------------------- W4


def test_first_round_is_placement_only_w4() -> None:
    m = new(4, 3)
    first = m.current
    assert m.round == 1 and m.phase == PHASE_REINFORCE
    assert all(isinstance(a, (R.Place, R.Trade)) for a in m.legal_actions(first))
    some = next(t for t in BOARD.territories if own(m, t) == first)
    enemy = (
        next(n for n in BOARD.neighbors(some) if own(m, n) != first)
        if any(own(m, n) != first for n in BOARD.neighbors(some))
        else None
    )
    if enemy:
        illegal(m, first, R.Attack(some, enemy, 1), "W4")
    illegal(m, first, R.Move(some, some, 1), "W4")
    m.apply(first, R.Place({some: m.pending_total}))
    # the turn passed at once: no attack, no move, no card
    assert m.current != first and m.phase == PHASE_REINFORCE
    assert len(m.hands[first]) == 0
    for _ in range(3):
        s = m.current
        t = next(t for t in BOARD.territories if own(m, t) == s)
        m.apply(s, R.Place({t: m.pending_total}))
    assert m.round == 2 and m.current == first
    m.apply(first, R.Place({some: m.pending_total}))
    assert m.phase == PHASE_ATTACK


# ---------------------------------------------------------------- W5


def _reinforce_with_cards(cards: list[str], trades: int = 0) -> WarMatch:
    m = new(3, 1)
    position(
        m,
        {t: 0 for t in ("Alasca", "Brasil", "Peru")},
        default_owner=1,
        current=0,
        phase=PHASE_REINFORCE,
        hands={0: cards},
    )
    m.trades = trades
    return m


def test_sets_equal_different_or_joker_w5() -> None:
    # triangles: Alasca, Vancouver, Peru; squares: México, Argentina; circles: Brasil
    m = _reinforce_with_cards(["Alasca", "Vancouver", "México", "Brasil"])
    illegal(m, 0, R.Trade(("Alasca", "Vancouver", "Brasil")), "W5")
    m.apply(0, R.Trade(("Alasca", "México", "Brasil")))  # all different
    m = _reinforce_with_cards(["Alasca", "Vancouver", "Peru"])
    m.apply(0, R.Trade(("Alasca", "Vancouver", "Peru")))  # all triangles
    m = _reinforce_with_cards(["Alasca", "Brasil", JOKER])
    m.apply(0, R.Trade(("Alasca", "Brasil", JOKER)))  # joker completes anything
    m = _reinforce_with_cards(["Alasca", "Vancouver"])
    illegal(m, 0, R.Trade(("Alasca", "Vancouver", "Peru")), "W5")  # not held


def test_trade_sequence_is_global_w5() -> None:
    m = _reinforce_with_cards(["Vancouver", "México", "Mackenzie"], trades=2)
    before = m.pending_free
    ev = m.apply(0, R.Trade(("Vancouver", "México", "Mackenzie")))
    traded = ev[0]
    assert isinstance(traded, R.CardsTraded)
    assert traded.trade_number == 3 and traded.value == 8
    assert m.pending_free == before + 8
    m = _reinforce_with_cards(["Vancouver", "México", "Mackenzie"], trades=7)
    m.apply(0, R.Trade(("Vancouver", "México", "Mackenzie")))
    assert m.pending_free - max(3, 3 // 2) == 25  # 8th trade


def test_two_extra_on_owned_pictured_territory_w5() -> None:
    m = _reinforce_with_cards(["Alasca", "Brasil", "México"])
    ev = m.apply(0, R.Trade(("Alasca", "Brasil", "México")))[0]
    assert isinstance(ev, R.CardsTraded)
    assert set(ev.bonus_territories) == {"Alasca", "Brasil"}  # México is seat 1's
    assert arm(m, "Alasca") == 3 and arm(m, "Brasil") == 3 and arm(m, "México") == 1
    assert m.pending_free == 3 + 4  # the +2s are already on the map


def test_five_cards_force_a_trade_w5() -> None:
    m = _reinforce_with_cards(["Alasca", "Vancouver", "Peru", "Brasil", "México"])
    assert m.must_trade and m.view(0)["must_trade"]
    illegal(m, 0, R.Place({"Alasca": 3}), "W5")
    assert all(isinstance(a, R.Trade) for a in m.legal_actions(0))
    m.apply(0, R.Trade(("Alasca", "Vancouver", "Peru")))
    assert not m.must_trade
    m.apply(0, R.Place({"Alasca": m.pending_total}))


def test_four_cards_do_not_force_w5() -> None:
    m = _reinforce_with_cards(["Alasca", "Vancouver", "Peru", "Brasil"])
    assert not m.must_trade
    m.apply(0, R.Place({"Alasca": 3}))


def test_trades_only_while_reinforcing_w5() -> None:
    m = _reinforce_with_cards(["Alasca", "Vancouver", "Peru"])
    m.apply(0, R.Place({"Alasca": 3}))
    illegal(m, 0, R.Trade(("Alasca", "Vancouver", "Peru")), "W5")


def test_pile_is_reshuffled_when_the_deck_runs_out_w5() -> None:
    m = new(3, 1)
    position(m, {"Brasil": 0}, default_owner=1, armies={"Brasil": 5}, current=0)
    m.owner[BOARD.index["Argentina"]] = 2
    m.owner[BOARD.index["Peru"]] = 2
    m.pile = list(m.deck)
    m.deck = []
    rig_dice(m, [(6, 6, 6), (1,)])
    m.apply(0, R.Attack("Brasil", "Argentina", 3))
    m.apply(0, R.Occupy(1))
    events = m.apply(0, R.EndTurn())
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("DeckReshuffled") < kinds.index("CardDrawn")
    assert len(m.pile) == 0 and len(m.deck) == 43 and len(m.hands[0]) == 1
    invariants(m)


# ---------------------------------------------------------------- W6


def test_attack_dice_limits_w6() -> None:
    m = new(3, 1)
    position(m, {"Brasil": 0, "Peru": 0}, default_owner=1, armies={"Brasil": 3, "Argentina": 4})
    illegal(m, 0, R.Attack("Brasil", "Argentina", 3), "W6")  # only 2 armies may attack
    illegal(m, 0, R.Attack("Brasil", "Argentina", 0), "W6")
    illegal(m, 0, R.Attack("Peru", "Argentina", 1), "W6")  # a single army cannot attack
    illegal(m, 0, R.Attack("Brasil", "Peru", 1), "W6")  # own territory
    illegal(m, 0, R.Attack("Brasil", "México", 1), "W6")  # not a neighbour
    illegal(m, 1, R.Attack("Argentina", "Brasil", 1), "G3")  # not his turn
    dice = {a.dice for a in m.legal_actions(0) if isinstance(a, R.Attack) and a.source == "Brasil"}
    assert dice == {1, 2}


def test_defender_rolls_up_to_three_automatically_w6() -> None:
    m = new(3, 1)
    position(m, {"Brasil": 0}, default_owner=1, armies={"Brasil": 10, "Argentina": 5, "Peru": 2})
    ev = m.apply(0, R.Attack("Brasil", "Argentina", 1))[0]
    assert isinstance(ev, R.BattleFought)
    assert len(ev.attack_dice) == 1 and len(ev.defense_dice) == 3
    assert list(ev.defense_dice) == sorted(ev.defense_dice, reverse=True)
    ev = m.apply(0, R.Attack("Brasil", "Peru", 3))[0]
    assert isinstance(ev, R.BattleFought) and len(ev.defense_dice) == 2


def test_battle_applies_losses_and_ties_to_defender_w6() -> None:
    m = new(3, 1)
    position(m, {"Brasil": 0}, default_owner=1, armies={"Brasil": 4, "Argentina": 3})
    rig_dice(m, [(5, 4, 1), (6, 3, 1)])
    ev = m.apply(0, R.Attack("Brasil", "Argentina", 3))[0]
    assert isinstance(ev, R.BattleFought)
    assert (ev.attacker_losses, ev.defender_losses) == (2, 1)
    assert arm(m, "Brasil") == 2 and arm(m, "Argentina") == 2
    assert m.view(1)["last_battle"]["attack_dice"] == [5, 4, 1]
    invariants(m)


# ---------------------------------------------------------------- W7


def test_conquest_moves_one_to_dice_of_last_roll_w7() -> None:
    m = new(3, 1)
    position(m, {"Brasil": 0}, default_owner=1, armies={"Brasil": 8, "Argentina": 1})
    rig_dice(m, [(6, 5), (1,)])
    events = m.apply(0, R.Attack("Brasil", "Argentina", 2))
    conq = [e for e in events if isinstance(e, R.TerritoryConquered)]
    assert conq and conq[0].max_armies == 2
    assert m.phase == PHASE_OCCUPY and own(m, "Argentina") == 0 and arm(m, "Argentina") == 0
    illegal(m, 0, R.Occupy(3), "W7")
    illegal(m, 0, R.Occupy(0), "W7")
    illegal(m, 0, R.Attack("Brasil", "Peru", 1), "W7")  # must occupy first
    illegal(m, 0, R.EndTurn(), "W7")
    m.apply(0, R.Occupy(2))
    assert arm(m, "Argentina") == 2 and arm(m, "Brasil") == 6 and m.phase == PHASE_ATTACK
    # attack on from the conquered territory
    assert any(isinstance(a, R.Attack) and a.source == "Argentina" for a in m.legal_actions(0))
    m.apply(0, R.Attack("Argentina", "Peru", 1))


# ---------------------------------------------------------------- W8


def test_each_army_moves_once_w8() -> None:
    m = new(3, 1)
    position(
        m,
        {"Brasil": 0, "Venezuela": 0, "México": 0},
        default_owner=1,
        armies={"Brasil": 5, "Venezuela": 1, "México": 1},
        phase=PHASE_MOVE,
    )
    m.apply(0, R.Move("Brasil", "Venezuela", 4))
    assert arm(m, "Venezuela") == 5
    # the armies that arrived cannot go on; Venezuela's own occupier never moves
    illegal(m, 0, R.Move("Venezuela", "México", 1), "W8")
    illegal(m, 0, R.Move("Brasil", "Venezuela", 1), "W8")  # Brasil keeps its last army
    assert m.view(0)["movable"] == {}


def test_moves_only_between_own_neighbours_w8() -> None:
    m = new(3, 1)
    position(m, {"Brasil": 0, "México": 0}, default_owner=1, armies={"Brasil": 5}, phase=PHASE_MOVE)
    illegal(m, 0, R.Move("Brasil", "México", 1), "W8")  # not neighbours
    illegal(m, 0, R.Move("Brasil", "Peru", 1), "W8")  # not his
    illegal(m, 0, R.Move("Brasil", "Brasil", 1), "W8")


def test_armies_that_entered_by_conquest_may_move_once_w8() -> None:
    m = new(3, 1)
    position(m, {"Brasil": 0, "Peru": 0}, default_owner=1, armies={"Brasil": 8, "Argentina": 1})
    rig_dice(m, [(6, 6, 6), (1,)])
    m.apply(0, R.Attack("Brasil", "Argentina", 3))
    m.apply(0, R.Occupy(3))
    m.apply(0, R.EndAttacks())
    assert m.view(0)["movable"]["Argentina"] == 2
    m.apply(0, R.Move("Argentina", "Peru", 2))
    assert arm(m, "Argentina") == 1 and arm(m, "Peru") == 3
    illegal(m, 0, R.Move("Peru", "Brasil", 1), "W8")  # Peru's occupier stays; arrivals too


def test_no_moves_during_attacks_w8() -> None:
    m = new(3, 1)
    position(m, {"Brasil": 0, "Peru": 0}, default_owner=1, armies={"Brasil": 5})
    illegal(m, 0, R.Move("Brasil", "Peru", 1), "W8")
