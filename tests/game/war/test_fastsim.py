"""The fast simulator agrees with `WarMatch` exactly.

Both play the same actions with the same chance: the simulator draws its battle
outcomes and shuffles from its own seeded stream (`Recorder` notes them as dice
faces and card orders) and the match replays them (`ScriptedRng`), so every
position after every action must be identical: owners, armies, hands, deck,
pile, trade count, phase, pending armies, who is out, who won ([W3]-[W11]).
A simulator that rolled the wrong number of defence dice, drew a card without
a conquest or shuffled different cards fails inside the script, before the
comparison.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rng import Rng
from game.war.board import BOARD, JOKER
from game.war.bots.fastplay import (
    Recorder,
    apply_action,
    from_action,
    play_game,
    play_twins,
    to_action,
    twin,
)
from game.war.bots.fastpolicy import FastAction, FastPolicy
from game.war.bots.fastsim import OVER, FastState
from game.war.match import PHASE_ATTACK, PHASE_MOVE, WarMatch
from game.war.objectives import FALLBACK_ID
from tests.game.war.helpers import OPTS, new, position

IDX = BOARD.index


def same(st: Recorder, m: WarMatch, act: FastAction) -> None:
    """Every field of both positions, after `act`."""
    diff = st.differences(m)
    assert not diff, f"after {act}: " + "; ".join(diff[:4])


@settings(max_examples=60, deadline=None)
@given(
    seats=st.integers(2, 6),
    seed=st.integers(0, 10**6),
    sim_seed=st.integers(0, 10**6),
)
def test_policy_games_agree_with_the_engine(seats: int, seed: int, sim_seed: int) -> None:
    """Whole games of the fast policy: every position equal, the same winner ([W11])."""
    m = WarMatch([f"P{i}" for i in range(seats)], seed, {**OPTS})
    sim = twin(m, sim_seed)
    same(sim, m, ("start",))
    policies = [FastPolicy() for _ in range(seats)]
    play_twins(m, sim, lambda s, _m: policies[s.current].decide(s), 6000, same)
    assert m.is_over == (sim.phase == OVER)
    assert m.winner == (None if sim.winner < 0 else sim.winner)


@settings(max_examples=60, deadline=None)
@given(
    seats=st.integers(2, 6),
    seed=st.integers(0, 10**6),
    choices=st.integers(0, 10**6),
)
def test_random_legal_actions_agree_with_the_engine(seats: int, seed: int, choices: int) -> None:
    """Any legal action of the engine (few dice, partial occupations and moves,
    trades at odd times), applied to both ([W4]-[W8])."""
    m = WarMatch([f"P{i}" for i in range(seats)], seed, {**OPTS})
    sim = twin(m, seed + 1)
    pick = random.Random(choices)

    def choose(_s: Recorder, match: WarMatch) -> FastAction:
        legal = match.legal_actions(match.to_move[0])
        attacks = [a for a in legal if type(a).__name__ == "Attack"]
        # Lean on attacking so that conquests, eliminations and cards happen.
        if attacks and pick.random() < 0.8:
            return from_action(pick.choice(attacks))
        return from_action(pick.choice(legal))

    play_twins(m, sim, choose, 400, same)


def _mirror(m: WarMatch, sim: Recorder, acts: list[FastAction]) -> None:
    seat = m.to_move[0]
    for act in acts:
        apply_action(sim, act)
        m.apply(seat, to_action(act))
        same(sim, m, act)


def _attack_until_conquest(m: WarMatch, sim: Recorder, s: str, t: str) -> None:
    while m.phase == PHASE_ATTACK:
        _mirror(m, sim, [("attack", IDX[s], IDX[t], 3)])


def test_elimination_hands_over_cards_and_turns_destroy_objectives() -> None:
    """[W10] the victim's six cards: the eliminator takes them up to 5, the rest
    go to the pile (the shuffle is replayed); [W1] a third player's "destroy"
    objective aimed at the victim falls back to 24 territories."""
    m = new(3, seed=5)
    victim_color = m.colors[1]
    victim_hand = ["Brasil", "Venezuela", "Peru", "México", "Egito", JOKER]
    position(
        m,
        {"Argentina": 1},
        default_owner=0,
        armies={"Brasil": 30},
        hands={0: ["Alasca", "Vancouver"], 1: victim_hand},
        objectives={0: f"destruir_{m.colors[2]}", 2: f"destruir_{victim_color}"},
    )
    m.owner[IDX["Groenlândia"]] = 2  # seat 2 stays in the game
    sim = twin(m, 11)
    same(sim, m, ("start",))
    _attack_until_conquest(m, sim, "Brasil", "Argentina")
    assert not m.alive[1] and m.eliminated_by[1] == 0
    assert len(m.hands[0]) == 5 and len(m.pile) == 3
    assert m.objective_active[2] == FALLBACK_ID
    assert any(kind == "shuffle" for kind, _ in sim.script)
    _mirror(m, sim, [("occupy", 1)])


def test_eliminating_ones_destroy_target_wins() -> None:
    """[W11] the eliminator of the colour his objective names wins at once
    (after occupying, never mid-conquest)."""
    m = new(3, seed=6)
    position(
        m,
        {"Argentina": 1, "Groenlândia": 2},
        default_owner=0,
        armies={"Brasil": 30},
        objectives={0: f"destruir_{m.colors[1]}", 2: "territorios_24"},
    )
    sim = twin(m, 12)
    _attack_until_conquest(m, sim, "Brasil", "Argentina")
    assert m.winner is None and sim.winner < 0
    _mirror(m, sim, [("occupy", 3)])
    assert m.winner == 0 == sim.winner


def test_the_pile_is_reshuffled_for_a_conquests_card() -> None:
    """[W9] one card after a turn with a conquest; [W5] an empty deck is refilled
    from the trade pile, reshuffled."""
    m = new(2, seed=7)
    position(
        m,
        {"Argentina": 1, "Groenlândia": 1},
        default_owner=0,
        armies={"Brasil": 30},
        objectives={0: f"destruir_{m.colors[1]}", 1: "territorios_24"},
    )
    m.pile, m.deck = m.deck, []
    sim = twin(m, 13)
    _attack_until_conquest(m, sim, "Brasil", "Argentina")
    _mirror(m, sim, [("occupy", 2), ("end_turn",)])
    assert len(m.hands[0]) == 1 and len(m.deck) == 43 and not m.pile
    assert [k for k, _ in sim.script].count("shuffle") == 1


def test_eighteen_with_two_is_met_by_a_move() -> None:
    """[W11] a fortifying move that lifts the 18th territory to 2 armies wins."""
    m = new(2, seed=8)
    mine = list(BOARD.territories[:18])
    armies = {t: 2 for t in mine}
    armies[mine[0]] = 1
    nb = next(
        BOARD.territories[j] for j in BOARD.adj_idx[IDX[mine[0]]] if BOARD.territories[j] in mine
    )
    armies[nb] = 5
    position(
        m,
        {t: 0 for t in mine},
        default_owner=1,
        armies=armies,
        phase=PHASE_MOVE,
        objectives={0: "territorios_18_com_2", 1: f"destruir_{m.colors[0]}"},
    )
    sim = twin(m, 14)
    same(sim, m, ("start",))
    _mirror(m, sim, [("move", IDX[nb], IDX[mine[0]], 1)])
    assert m.winner == 0 == sim.winner


def test_a_copy_is_independent_and_replays_the_same_chance() -> None:
    """`copy` shares nothing mutable and continues the same dice stream."""
    base = FastState.from_match(new(4, seed=9), 3)
    a, b = base.copy(), base.copy()
    play_game(a, [FastPolicy() for _ in range(4)], 60)
    play_game(b, [FastPolicy() for _ in range(4)], 60)
    assert a.owner == b.owner and a.armies == b.armies and a.hands == b.hands
    assert base.turn == 1 and sum(base.armies) == 42


def test_from_view_keeps_what_the_seat_sees() -> None:
    """A position sampled from a view: the map, my cards and objective as shown;
    the others' hands of the shown sizes, every card once."""
    m = new(4, seed=10)
    m.hands[0] = ["Brasil", JOKER]
    m.deck = [c for c in m.deck if c not in ("Brasil", JOKER)] + [JOKER]
    view = m.view(0)
    sim = FastState.from_view(view, Rng("w"), 1)
    assert sim.owner == m.owner and sim.armies == m.armies
    assert sim.obj_card[0] == m.objective_card[0]
    assert [len(h) for h in sim.hands] == [len(h) for h in m.hands]
    cards = sorted(c for h in sim.hands for c in h) + sorted(sim.deck + sim.pile)
    assert len(cards) == 44
