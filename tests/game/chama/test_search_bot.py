"""The hard Chama bot: anytime IS-MCTS over every decision of a turn, from its view."""

from __future__ import annotations

from collections import Counter

import game
from game.chama.bots import SearchBot, make_bot, resample
from game.chama.match import ATTACK, BATTLE, DISCARD, POOL, REALM, ChamaMatch
from game.chama.policy import phase_needs_search, turn_needs_search
from game.core import Match
from game.rng import Rng


def _position(phases: tuple[str, ...], seed: int = 3) -> tuple[Match, int]:
    """A match played by normal bots up to a decision in one of `phases` with choices."""
    m = game.new_match("chama", 2, seed=seed)
    bots = [make_bot("normal"), make_bot("normal")]
    rng = Rng(seed)
    for _ in range(5000):
        if m.is_over:
            break
        seat = m.to_move[0]
        legal = m.legal_actions(seat)
        assert isinstance(m, ChamaMatch)
        if m.phase in phases and len(legal) > 1:
            return m, seat
        m.apply(seat, bots[seat].choose(m.view(seat), legal, rng))
    raise AssertionError("no such position")


def _first_position(phases: tuple[str, ...]) -> tuple[Match, int]:
    for seed in range(3, 40):
        try:
            return _position(phases, seed)
        except AssertionError:
            continue
    raise AssertionError("no such position in any game")


def test_every_decision_of_the_turn_is_searched_by_default() -> None:
    """The hard bot searches realms, the pool and discards at the root as well as
    targets and battles; `search_all=False` leaves the first to rules of thumb."""
    for phase in (REALM, POOL, DISCARD):
        m, seat = _first_position((phase,))
        assert isinstance(m, ChamaMatch)
        assert turn_needs_search(m) and not phase_needs_search(m)
        view, legal = m.view(seat), m.legal_actions(seat)
        default = SearchBot(iterations=12, time_budget=60.0)
        action = default.choose(view, legal, Rng(1))
        assert action in legal or type(action).__name__ == "RebuildRealm"
        assert default.last_iterations == 12, phase
        narrow = SearchBot(iterations=12, time_budget=60.0, search_all=False)
        narrow.choose(view, legal, Rng(1))
        assert narrow.last_iterations == 0


def test_search_is_anytime_capped_only_by_budget_by_default() -> None:
    """No iteration cap by default: the time budget alone stops the search; a cap
    given for tests is honoured exactly."""
    assert make_bot("hard").iterations is None  # type: ignore[attr-defined]
    m, seat = _position((ATTACK, BATTLE))
    view, legal = m.view(seat), m.legal_actions(seat)
    capped = SearchBot(iterations=40, time_budget=60.0)
    capped.choose(view, legal, Rng(2))
    assert capped.last_iterations == 40
    quick = SearchBot(time_budget=0.0)  # an empty budget still gives one iteration
    assert quick.choose(view, legal, Rng(2)) in legal
    assert quick.last_iterations == 1


def test_determinisation_deals_only_what_the_seat_cannot_see() -> None:
    """Each sample keeps the seat's own hand and the table, and deals the others'
    hidden cards anew from the same unseen cards."""
    m, seat = _position((ATTACK, BATTLE, REALM, POOL))
    base = ChamaMatch.from_view(m.view(seat), Rng(4))
    other = 1 - seat
    seen = set()
    for k in range(6):
        s = resample(base, seat, Rng(k))
        assert s.hands[seat] == base.hands[seat]
        assert s.slot_card == base.slot_card and s.pool == base.pool
        assert Counter(s.hands[other] + s.draw[other]) == Counter(
            base.hands[other] + base.draw[other]
        )
        seen.add(tuple(sorted(map(str, s.hands[other]))))
    assert len(seen) > 1  # the hidden hand really is resampled


def test_normal_keeps_one_army_in_hand_and_attaches_the_rest() -> None:
    """Normal play keeps a single army back as a reinforcement (two idle armies
    in hand lost more games against easy than one attached to a commander)."""
    from game.chama import policy, rules
    from game.chama.actions import AttachArmy, PoolCommander

    for seed in range(1, 40):
        m = game.new_match("chama", 2, seed=seed)
        bots = [make_bot("normal"), make_bot("normal")]
        rng = Rng(seed)
        for _ in range(3000):
            if m.is_over:
                break
            seat = m.to_move[0]
            legal = m.legal_actions(seat)
            assert isinstance(m, ChamaMatch)
            armies = sum(1 for c in m.hands[seat] if rules.is_army(c))
            if (
                m.phase == POOL
                and armies == 2
                and len(m.hands[seat]) <= rules.HAND_LIMIT
                and any(isinstance(a, AttachArmy) for a in legal)
                and not any(isinstance(a, PoolCommander) for a in legal)
            ):
                assert policy.KEEP_ARMIES["normal"] == 1
                action = policy.choose(m, seat, legal, rng, "normal")
                assert isinstance(action, AttachArmy)
                return
            m.apply(seat, bots[seat].choose(m.view(seat), legal, rng))
    raise AssertionError("no pool step with two armies in hand found")


def test_search_horizon_is_a_whole_round() -> None:
    """The search plays on until every other seat still in has answered once: one
    turn at two seats, three at four (a seat that decked out no longer counts)."""
    two = game.new_match("chama", 2, seed=1)
    four = game.new_match("chama", 4, seed=1)
    assert isinstance(two, ChamaMatch) and isinstance(four, ChamaMatch)
    bot = SearchBot()
    assert bot._horizon(two) == 1
    assert bot._horizon(four) == 3
    four.alive[2] = False
    assert bot._horizon(four) == 2
    assert SearchBot(horizon=1)._horizon(four) == 1
