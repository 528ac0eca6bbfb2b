"""Ratings of finished tables with OpenSkill's Plackett-Luce (issue 46)."""

from __future__ import annotations

from game.net.server.ratings import MU, Rating, bot_rating_id, ranks_of, rate


def test_ranks_group_ties() -> None:
    assert ranks_of([[2], [0, 1], [3]], 4) == [2, 2, 1, 3]


def test_the_winner_goes_up_and_the_loser_down() -> None:
    new = rate(["ana", "bia", "bot:alta:random"], [[1], [0], [2]], {})
    assert new["bia"].mu > MU > new["bot:alta:random"].mu
    assert all(r.games == 1 and r.sigma < 25 / 3 for r in new.values())


def test_a_tie_moves_two_equals_alike() -> None:
    new = rate(["ana", "bia"], [[0, 1]], {})
    assert abs(new["ana"].mu - new["bia"].mu) < 1e-9


def test_beating_a_strong_rating_is_worth_more() -> None:
    weak = rate(["ana", "x"], [[0], [1]], {"x": Rating(mu=15.0, sigma=3.0)})["ana"]
    strong = rate(["ana", "x"], [[0], [1]], {"x": Rating(mu=35.0, sigma=3.0)})["ana"]
    assert strong.mu > weak.mu


def test_one_bot_level_in_two_seats_is_rated_once() -> None:
    bot = bot_rating_id("wyr", "easy")
    new = rate(["ana", bot, bot], [[1], [0], [2]], {})
    assert set(new) == {"ana", bot} and new[bot].games == 1 and new[bot].mu > MU
