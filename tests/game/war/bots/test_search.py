"""Hard's turn search: whole turns weighed on the fast simulator."""

from __future__ import annotations

import math
from dataclasses import replace
from types import SimpleNamespace

import pytest

import game
from game.rng import Rng
from game.war import records as R
from game.war.bots import LEVELS, WarBot
from game.war.bots import search as S
from game.war.bots.brain import Brain
from game.war.bots.fastpolicy import FastPolicy
from game.war.bots.inference import beliefs
from game.war.bots.search import STYLES, search_turn, style_params
from game.war.match import WarMatch
from tests.game.war.bots.test_world import midgame

HARD = replace(LEVELS["hard"], search=False)
#: the hard level as it plays: its turn search on
SEARCHING = LEVELS["hard"]


def test_hard_searches_its_turns() -> None:
    assert SEARCHING.search


def test_the_chosen_placement_is_legal_and_one_of_the_candidates() -> None:
    """[W3]: the search's placement is a whole legal placement of a candidate plan."""
    m = midgame()
    view = m.view(m.current)
    choice = search_turn(view, HARD, Rng(1), 100.0, max_worlds=20)
    assert choice.worlds == 20
    assert {"plan", "block", "rush", "careful"} <= set(choice.scores)
    assert choice.style in choice.scores
    assert all(0.0 <= v <= 1.0 for v in choice.scores.values())
    if choice.style in STYLES:
        assert choice.place == S.placement_for(view, style_params(HARD, choice.style))
        assert choice.params == style_params(HARD, choice.style)
    m.check(m.current, choice.place)


def test_every_candidate_is_a_legal_placement() -> None:
    """[W3]: all the free armies and every continent bonus inside its continent."""
    m = midgame(seed=7, rounds=5)
    view = m.view(m.current)
    maps = S.inferred_maps(Brain(view, HARD))
    cands = S.candidates(view, HARD, maps)
    assert cands[0][0] == "plan" and cands[0][2] == S.placement_for(view, HARD)
    assert len(cands) >= 5
    for _, _, place in cands:
        m.check(m.current, place)


def test_out_of_time_the_usual_plan_plays() -> None:
    m = midgame()
    view = m.view(m.current)
    choice = search_turn(view, HARD, Rng(1), 0.0)
    assert choice.worlds == 0 and choice.style == "plan"
    assert choice.place == S.placement_for(view, HARD)


def test_the_search_is_anytime_more_time_more_worlds() -> None:
    m = midgame()
    view = m.view(m.current)
    few = search_turn(view, HARD, Rng(1), 100.0, max_worlds=3)
    more = search_turn(view, HARD, Rng(1), 100.0, max_worlds=12)
    assert (few.worlds, more.worlds) == (3, 12)
    # the first worlds are the same ones: the same seed draws them in order
    assert len(more.scores) == len(few.scores)


def test_every_candidate_meets_the_same_dice() -> None:
    """Common random numbers: two candidates that play alike in a world score
    alike there, so a difference between plans is never the dice's."""
    m = midgame()
    me = m.current
    view = m.view(me)
    bel = beliefs(Brain(view, HARD))
    world = S.sample_world(view, bel, Rng(5))
    others = S.opponent_policies(4, me, Rng(6))
    alloc = S.place_alloc(S.placement_for(view, HARD))
    got = []
    for _ in range(2):
        st = world.copy(1234)
        st.place(alloc)
        got.append(S.rollout(st, me, FastPolicy(HARD), others))
    assert got[0] == got[1]


def test_the_opponents_are_a_mix_of_temperaments_not_copies_of_normal() -> None:
    seen: set[int] = set()
    rng = Rng(3)
    for _ in range(200):
        for pol in S.opponent_policies(4, 0, rng):
            if pol is not None:
                seen.add(next(k for k, (_, p) in enumerate(S.OPPONENTS) if p == pol.p))
    assert seen == set(range(len(S.OPPONENTS)))
    assert sum(w for w, _ in S.OPPONENTS) == pytest.approx(1.0)


def test_the_search_sees_only_the_view() -> None:
    """[G4]: matches that look the same to me get the same choice, whatever
    the others' hidden objectives and cards."""
    m = midgame()
    twin = midgame()
    me = m.current
    others = [s for s in range(4) if s != me]
    a, b = others[0], others[2]
    twin.objective_card[a], twin.objective_card[b] = twin.objective_card[b], twin.objective_card[a]
    twin.objective_active[a], twin.objective_active[b] = (
        twin.objective_active[b],
        twin.objective_active[a],
    )
    twin.deck.reverse()
    assert m.view(me) == twin.view(me)
    one = search_turn(m.view(me), HARD, Rng(2), 100.0, max_worlds=8)
    two = search_turn(twin.view(me), HARD, Rng(2), 100.0, max_worlds=8)
    assert one == two


def test_the_turn_plays_on_with_the_style_its_placement_was_chosen_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    m = midgame()
    me = m.current
    bot = WarBot("hard", SEARCHING)
    place = bot.choose(m.view(me), m.legal_actions(me), Rng(3))
    assert isinstance(place, R.Place)
    assert bot.turn_plan is not None
    turn, seat, params = bot.turn_plan
    assert (turn, seat) == (m.turn, me) and not params.search
    assert any(params == replace(style_params(SEARCHING, s), search=False) for s in STYLES)
    m.apply(me, place)

    # the attacks of this turn read the remembered style, not a new search
    def no_search(*args: object, **kwargs: object) -> S.Choice:
        raise AssertionError("searched again in the middle of the turn")

    monkeypatch.setattr(S, "search_turn", no_search)
    while m.current == me and not m.is_over:
        m.apply(me, bot.choose(m.view(me), m.legal_actions(me), Rng(4)))


def test_round_one_places_without_searching() -> None:
    """[W4]: round 1 is placement only, nothing to search for."""
    m = game.new_match("war", 4, seed=5)
    assert isinstance(m, WarMatch) and m.round == 1
    bot = WarBot("hard", SEARCHING)
    action = bot.choose(m.view(m.current), m.legal_actions(m.current), Rng(1))
    assert isinstance(action, R.Place) and bot.turn_plan is None


def one_from_winning(monkeypatch: pytest.MonkeyPatch) -> WarMatch:
    """Seat 1 holds América do Norte and Oceania but Nova Guiné (mine): one
    conquest from [W11] victory; I (seat 0) believe his objective is that."""
    from game.war.board import BOARD
    from game.war.bots import inference
    from tests.game.war.helpers import new, position

    owners = {t: 1 for t in BOARD.territories_of("América do Norte")}
    owners |= {t: 1 for t in BOARD.territories_of("Oceania")}
    owners |= {"Nova Guiné": 0, "Vietnã": 0, "Índia": 0}
    m = position(
        new(3, seed=1),
        owners,
        current=0,
        phase="reinforce",
        armies={"Bornéu": 6, "Austrália": 4, "Vietnã": 8, "Sumatra": 2, "Índia": 3},
        objectives={0: "asia_africa", 1: "america_do_norte_oceania", 2: "territorios_24"},
    )
    assert m.missing(1) == 1

    def believed(brain: object) -> dict[int, dict[str, float]]:
        return {
            1: {"america_do_norte_oceania": 0.9, "territorios_24": 0.1},
            2: {"territorios_24": 1.0},
        }

    monkeypatch.setattr(inference, "beliefs", believed)
    monkeypatch.setattr(S, "beliefs", believed)
    return m


def test_an_opponent_close_to_winning_draws_a_strike(monkeypatch: pytest.MonkeyPatch) -> None:
    """The placements that strike mass the free armies on one of my fronts
    facing a territory of his likely objective."""
    from game.war.board import BOARD
    from game.war.bots.brain import Brain
    from game.war.bots.policy import placement_base

    m = one_from_winning(monkeypatch)
    view = m.view(0)
    params = style_params(HARD, "block")
    brain = Brain(view, params)
    maps = S.inferred_maps(brain)
    assert brain.block_weight[1] >= S.STRIKE_DANGER > brain.block_weight[2]
    strikes = S.strike_placements(view, params, maps)
    assert len(strikes) == 1
    base, free = placement_base(brain)
    goal = set(BOARD.territories_of("América do Norte")) | set(BOARD.territories_of("Oceania"))
    extra = {t: c - base[BOARD.index[t]] for t, c in strikes[0].armies.items()}
    (front,) = [t for t, c in extra.items() if c == free]
    assert any(m.owner[BOARD.index[t]] == 1 and t in goal for t in BOARD.neighbors(front))
    m.check(0, strikes[0])


def test_a_candidate_replaces_the_plan_only_on_clear_evidence() -> None:
    plan = [0.30, 0.50, 0.20, 0.40, 0.35, 0.45]
    assert S.beats([v + 0.05 for v in plan], plan)
    # better on average but all over the place: not enough
    noisy = [0.90, 0.10, 0.60, 0.05, 0.70, 0.10]
    assert sum(noisy) > sum(plan) and not S.beats(noisy, plan)
    assert not S.beats([0.9], [0.1])  # one world proves nothing
    assert not S.beats(plan, plan)


def test_a_player_about_to_win_is_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    """[W11] Seat 1 is one conquest (Nova Guiné, mine) from victory: the search
    weighs that in its worlds and plays a placement that piles armies on the
    piece he lacks, which its rollouts find far better than the plan's."""
    m = one_from_winning(monkeypatch)
    view = m.view(0)
    for seed in (1, 2):
        choice = search_turn(view, HARD, Rng(seed), 100.0, max_worlds=100)
        assert choice.place.armies.get("Nova Guiné", 0) >= 3
        assert choice.scores[choice.style] > 2 * choice.scores["plan"]
        m.check(0, choice.place)


def test_the_worlds_come_from_the_budget_not_the_clock() -> None:
    """A decision does not depend on how busy the machine is: the budget fixes
    the number of worlds; a full second affords over a hundred for 8 plans."""
    assert S.worlds_for(1.0, 8) >= 100
    assert S.worlds_for(0.25, 8) == S.worlds_for(0.25, 8) < S.worlds_for(1.0, 8)
    assert S.worlds_for(0.0, 8) == 0
    assert S.worlds_for(math.inf, 8) == S.MAX_WORLDS


def nearly_won(conquered: bool = True) -> WarMatch:
    """I (seat 0) hold América do Norte and Oceania but Nova Guiné, one army
    facing my ten in Austrália, in my attack phase: one conquest from [W11]."""
    from game.war.board import BOARD
    from tests.game.war.helpers import new, position

    owners = {t: 0 for t in BOARD.territories_of("América do Norte")}
    owners |= {t: 0 for t in BOARD.territories_of("Oceania")}
    owners["Nova Guiné"] = 1
    m = position(
        new(3, seed=1),
        owners,
        current=0,
        armies={"Austrália": 10},
        objectives={0: "america_do_norte_oceania", 1: "asia_africa", 2: "territorios_24"},
    )
    assert m.missing(0) == 1
    m.conquered = conquered
    return m


def test_an_attack_that_wins_the_game_is_never_given_up() -> None:
    """[W11]: attacking on wins at once in nearly every world; stopping there
    to keep the armies can never beat it."""
    m = nearly_won()
    view = m.view(0)
    assert not S.search_stop(view, HARD, Rng(1), 1.0)
    action = WarBot("hard").choose(view, m.legal_actions(0), Rng(1))
    assert isinstance(action, R.Attack) and action.target == "Nova Guiné"


def test_stopping_is_weighed_once_per_conquest(monkeypatch: pytest.MonkeyPatch) -> None:
    """After a conquest the bot weighs stopping once; if the search says stop,
    it ends its attacks. The next decision of that same conquest is not weighed again."""
    calls: list[int] = []

    def stop(view: dict[str, object], params: object, rng: Rng, budget: float) -> bool:
        calls.append(1)
        return True

    monkeypatch.setattr(S, "search_stop", stop)
    m = nearly_won()
    bot = WarBot("hard")
    view = m.view(0)
    assert isinstance(bot.choose(view, m.legal_actions(0), Rng(1)), R.EndAttacks)
    assert isinstance(bot.choose(view, m.legal_actions(0), Rng(1)), R.Attack)
    assert len(calls) == 1


def test_no_stop_is_weighed_before_the_card_is_won(monkeypatch: pytest.MonkeyPatch) -> None:
    """[W10]: without a conquest this turn there is no card yet; the plan's
    attacks go on without a stop search (and normal never searches)."""

    def fail(*args: object) -> bool:
        raise AssertionError("searched")

    monkeypatch.setattr(S, "search_stop", fail)
    m = nearly_won(conquered=False)
    for level in ("hard", "normal"):
        action = WarBot(level).choose(m.view(0), m.legal_actions(0), Rng(1))
        assert isinstance(action, R.Attack)
    m = nearly_won()
    action = WarBot("normal").choose(m.view(0), m.legal_actions(0), Rng(1))
    assert isinstance(action, R.Attack)


def test_the_stop_search_follows_its_seed_and_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same view and seed give the same answer; the worlds follow the budget."""
    from game.war.bots import make_bot

    m = midgame(seed=9, rounds=4)
    me = m.current
    normal = make_bot("normal")
    while m.phase != "attack":
        m.apply(me, normal.choose(m.view(me), m.legal_actions(me), Rng(2)))
    view = m.view(me)
    view["conquered_this_turn"] = True
    seen: list[int] = []
    real = S.rollout

    def counted(*args: object) -> float:
        seen.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(S, "rollout", counted)
    # The clock only guards the budget on a busy machine (GUARD): frozen here, so
    # the count is the planned one however loaded the machine running the test is.
    monkeypatch.setattr(S, "time", SimpleNamespace(perf_counter=lambda: 0.0))
    first = S.search_stop(view, HARD, Rng(3), 0.2)
    assert len(seen) == 2 * S.worlds_for(0.2 * S.STOP_SHARE, 2)
    assert S.search_stop(view, HARD, Rng(3), 0.2) == first
