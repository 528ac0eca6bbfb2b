"""Games that stall: rounds without getting closer to the objective make normal
and hard bolder, as rounds without any conquest make every bot bolder, so a
standoff of huge stacks breaks instead of dragging on (issue 32's first
complaint)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.rng import Rng
from game.war import records as R
from game.war.board import BOARD
from game.war.bots import LEVELS, WarBot
from game.war.bots import search as S
from game.war.bots.brain import GOAL_PUSH, STALL_GRACE, Brain
from game.war.bots.fastpolicy import FastPolicy
from game.war.bots.fastsim import FastState
from game.war.bots.policy import placement_base
from game.war.match import WarMatch
from tests.game.war.bots.test_army_cost import brazil_before
from tests.game.war.bots.test_world import midgame
from tests.game.war.helpers import new, position

HARD = LEVELS["hard"]
SEARCH_FREE = replace(HARD, search=False)


def at(view: dict[str, Any], turn: int, missing: int, active: str = "x") -> dict[str, Any]:
    """`view` moved to `turn`, with my objective `active` missing `missing`."""
    return {
        **view,
        "turn": turn,
        "objective": {**view["objective"], "missing": missing, "active": active},
    }


def test_stall_counts_my_rounds_since_my_objective_last_came_closer() -> None:
    view = brazil_before(2).view(0)  # three seats playing
    bot = WarBot("hard")
    assert bot._stall(at(view, 10, 8)) == 0
    assert bot._stall(at(view, 13, 8)) == 1
    assert bot._stall(at(view, 22, 9)) == 4  # further off: still counting from turn 10
    assert bot._stall(at(view, 25, 7)) == 0  # closer than ever: a new start
    assert bot._stall(at(view, 31, 7)) == 2
    assert bot._stall(at(view, 34, 7, active="other")) == 0  # a new objective
    assert bot._stall(at(view, 5, 7, active="other")) == 0  # a new game


def stalled(bot: WarBot, view: dict[str, Any], rounds: int) -> WarBot:
    """`bot` told that my objective has not come closer for `rounds` rounds."""
    obj = view["objective"]
    alive = sum(1 for a in view["alive"] if a)
    bot.progress = (view["seat"], obj["active"], obj["missing"], view["turn"] - rounds * alive)
    return bot


def card_won(bulk: int, peru: int = 6) -> WarMatch:
    """Seat 0 (North America and Oceania) has won its card this turn; Brasil's
    40 make Argentina's 30 no attack, and Venezuela's 6 against México's 6 are
    no attack either, until the objective has stalled. Seat 2 holds the rest
    with `bulk` each: 6 make it the strongest seat, 1 leaves seat 0 the
    strongest when Peru holds 10."""
    armies = dict.fromkeys(BOARD.territories, bulk)
    armies.update({"Argentina": 30, "Brasil": 40, "México": 6, "Venezuela": 6, "Peru": peru})
    owners = {"Argentina": 0, "Peru": 0, "Venezuela": 0, "Brasil": 1}
    m = position(new(3, seed=1), owners, default_owner=2, armies=armies)
    m.conquered = True
    return m


def test_normal_counts_its_stall_and_grinds_into_its_objective_easy_does_not() -> None:
    m = card_won(6)
    view, legal = m.view(0), m.legal_actions(0)
    push = STALL_GRACE + GOAL_PUSH
    assert WarBot("normal").choose(view, legal, Rng("s")) == R.EndAttacks()
    assert stalled(WarBot("normal"), view, push).choose(view, legal, Rng("s")) == R.Attack(
        "Venezuela", "México", 3
    )
    assert stalled(WarBot("normal"), view, push - 1).choose(view, legal, Rng("s")) == (
        R.EndAttacks()
    )
    assert stalled(WarBot("easy"), view, 3 * push).choose(view, legal, Rng("s")) == (R.EndAttacks())


def test_the_strongest_normal_waits_a_standoff_out_hard_does_not() -> None:
    m = card_won(1, peru=10)
    view, legal = m.view(0), m.legal_actions(0)
    push = STALL_GRACE + GOAL_PUSH
    assert stalled(WarBot("normal"), view, push).choose(view, legal, Rng("s")) == R.EndAttacks()
    normal = LEVELS["normal"]
    assert Brain(view, replace(normal, stall=push)).desperate_attack() is None
    goal = (BOARD.index["Venezuela"], BOARD.index["México"])
    assert Brain(view, replace(normal, stall=push, leader_waits=False)).desperate_attack() == goal
    assert Brain(view, replace(SEARCH_FREE, stall=push)).desperate_attack() == goal
    # the rollout policy waits the same way
    st = FastState.from_view(view, Rng(1), 0, None)
    assert FastPolicy(replace(normal, stall=push)).stall(st, 0) == 0
    assert FastPolicy(replace(SEARCH_FREE, stall=push)).stall(st, 0) == push
    weaker = FastState.from_view(card_won(6).view(0), Rng(1), 0, None)
    assert FastPolicy(replace(normal, stall=push)).stall(weaker, 0) == push


def test_the_rollout_policy_counts_stalled_rounds_as_the_bot_does() -> None:
    view = brazil_before(2).view(0)  # three seats playing
    st = FastState.from_view(view, Rng(1), 0, None)
    pol, bot = FastPolicy(replace(HARD, stall=2)), WarBot("normal")
    bot.progress = (0, view["objective"]["active"], view["objective"]["missing"], 10 - 2 * 3)
    missing = st.missing(0)
    assert missing == view["objective"]["missing"]
    for turn in (10, 13, 19, 22):
        st.turn = turn
        assert pol.stall(st, 0) == bot._stall(at(view, turn, missing, view["objective"]["active"]))
    assert pol.stall(st, 0) == 6
    st.owner[BOARD.index["México"]] = 0  # a step closer: the count starts again
    st.cc[0][BOARD.cont_idx[BOARD.index["México"]]] += 1
    assert st.missing(0) == missing - 1
    st.turn = 25
    assert pol.stall(st, 0) == 0
    pol.reset()  # another position: back to the count it was given
    assert pol.stall(st, 0) == 2


def test_a_stall_past_the_grace_makes_the_brain_bolder_but_cards_no_dearer() -> None:
    view = brazil_before(1).view(0)
    calm = Brain(view, replace(HARD, stall=STALL_GRACE + 1))
    base = Brain(view, HARD)
    assert (calm.p.min_odds, calm.p.army_cost) == (base.p.min_odds, base.p.army_cost)
    bold = Brain(view, replace(HARD, stall=STALL_GRACE + 3))
    assert bold.p.min_odds == base.p.min_odds - 0.2
    assert bold.p.army_cost == base.p.army_cost * 0.25
    assert bold.card_value() == base.card_value()
    assert base.desperate_attack() is None
    assert Brain(view, replace(HARD, stall=STALL_GRACE + 5)).desperate_attack() is not None


def test_the_rollout_policy_is_as_bold_as_the_brain() -> None:
    view = brazil_before(1).view(0)
    st = FastState.from_view(view, Rng(1), 0, None)
    for stall in (0, STALL_GRACE + 1, STALL_GRACE + 3, STALL_GRACE + 9):
        params = replace(HARD, stall=stall)
        pol, brain = FastPolicy(params), Brain(view, replace(params, army_cost_scaled=False))
        pol._prepare(st, 0)
        assert (pol.min_odds, pol.army_cost) == (brain.p.min_odds, brain.p.army_cost)
        assert pol.bold == brain.bold


def test_late_in_a_standoff_hard_spends_the_stack_it_kept_while_the_game_moved() -> None:
    m = brazil_before(6)
    view = m.view(0)
    assert isinstance(WarBot("hard").choose(view, m.legal_actions(0), Rng("s")), R.EndAttacks)
    stuck = WarBot("hard")
    # my objective has not come closer for eight rounds
    stuck.progress = (
        0,
        view["objective"]["active"],
        view["objective"]["missing"],
        view["turn"] - 8 * 3,
    )
    assert isinstance(stuck.choose(view, m.legal_actions(0), Rng("s")), R.Attack)


def test_a_long_stall_grinds_into_the_objective_even_after_the_turns_card() -> None:
    # Seat 0 wants North America and Oceania: from Venezuela (6) it can grind
    # into México (6, a goal territory); Argentina's 30 against Brasil's 8 is
    # a better ratio but off the objective.
    view = {**brazil_before(6).view(0), "conquered_this_turn": True}
    idx = BOARD.index
    goal = (idx["Venezuela"], idx["México"])
    pushing = Brain(view, replace(HARD, stall=STALL_GRACE + GOAL_PUSH))
    assert pushing.desperate_attack() == goal
    assert Brain(view, replace(HARD, stall=STALL_GRACE + GOAL_PUSH - 1)).desperate_attack() is None
    # with the card still to win, a bot stale enough throws the best ratio anywhere
    fresh = {**view, "conquered_this_turn": False}
    assert Brain(fresh, replace(HARD, stall=STALL_GRACE + 5)).desperate_attack() == goal
    assert Brain(
        fresh, replace(HARD, stall=STALL_GRACE + 5, objective=False)
    ).desperate_attack() == (
        idx["Argentina"],
        idx["Brasil"],
    )
    # the rollout policy grinds the same way
    st = FastState.from_view(view, Rng(1), 0, None)
    pol = FastPolicy(replace(HARD, stall=STALL_GRACE + GOAL_PUSH))
    pol._prepare(st, 0)
    assert pol._grind(st, 0, pol._goal_target) == goal
    assert pol._grind(st, 0, None) == (idx["Argentina"], idx["Brasil"])


def test_a_long_stall_adds_a_placement_that_masses_on_the_objective() -> None:
    m = midgame(seed=7, rounds=5)
    view = m.view(m.current)
    maps = S.inferred_maps(Brain(view, SEARCH_FREE))
    assert "push" not in [c[0] for c in S.candidates(view, SEARCH_FREE, maps)]
    stalled = replace(SEARCH_FREE, stall=STALL_GRACE + GOAL_PUSH)
    cands = {c[0]: c for c in S.candidates(view, stalled, maps)}
    _, params, place = cands["push"]
    assert params == S.style_params(stalled, "rush")
    m.check(m.current, place)  # [W3]: a whole legal placement
    base, free = placement_base(Brain(view, params))
    extra = {t: c - base[BOARD.index[t]] for t, c in place.armies.items()}
    (front,) = [t for t, c in extra.items() if c == free]
    goal = Brain(view, params).goal_targets()
    assert any(BOARD.index[t] in goal for t in BOARD.neighbors(front))
