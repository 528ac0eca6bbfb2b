"""Hard's turn search: Monte Carlo choice of the style that plays the turn."""

from __future__ import annotations

from dataclasses import replace

import pytest

import game
from game.rng import Rng
from game.war import records as R
from game.war.bots import LEVELS, WarBot
from game.war.bots import search as S
from game.war.bots.search import STYLES, search_turn, style_params
from game.war.match import WarMatch
from tests.game.war.bots.test_world import midgame

HARD = replace(LEVELS["hard"], search=False)
NORMAL = LEVELS["normal"]


def test_the_chosen_placement_is_legal_and_one_of_the_styles() -> None:
    """[W3]: the search's placement is a whole legal placement of its style."""
    m = midgame()
    view = m.view(m.current)
    choice = search_turn(view, HARD, NORMAL, Rng(1), 100.0)
    assert choice.style in STYLES and choice.worlds == S.MAX_WORLDS
    assert set(choice.scores) == set(STYLES)
    assert all(0.0 <= v <= 1.0 for v in choice.scores.values())
    assert choice.place == S.placement_for(view, style_params(HARD, choice.style))
    m.check(m.current, choice.place)


def test_out_of_time_the_usual_plan_plays() -> None:
    m = midgame()
    view = m.view(m.current)
    choice = search_turn(view, HARD, NORMAL, Rng(1), 0.0)
    assert choice.worlds == 0 and choice.style == "plan"
    assert choice.place == S.placement_for(view, HARD)


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
    one = search_turn(m.view(me), HARD, NORMAL, Rng(2), 100.0)
    two = search_turn(twin.view(me), HARD, NORMAL, Rng(2), 100.0)
    assert one == two


def test_the_turn_plays_on_with_the_style_its_placement_was_chosen_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    m = midgame()
    me = m.current
    bot = WarBot("hard")
    place = bot.choose(m.view(me), m.legal_actions(me), Rng(3))
    assert isinstance(place, R.Place)
    assert bot.turn_plan is not None
    turn, seat, params = bot.turn_plan
    assert (turn, seat) == (m.turn, me) and not params.search
    assert any(params == style_params(HARD, s) for s in STYLES)
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
    bot = WarBot("hard")
    action = bot.choose(m.view(m.current), m.legal_actions(m.current), Rng(1))
    assert isinstance(action, R.Place) and bot.turn_plan is None
