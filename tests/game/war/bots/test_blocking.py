"""Hard stops an opponent about to win ([W11]).
Beliefs are fixed by hand so the tests read one position."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.rng import Rng
from game.war import records as R
from game.war.board import BOARD
from game.war.bots import LEVELS, WarBot, inference
from game.war.bots.inference import urgency
from game.war.match import WarMatch
from tests.game.war.helpers import new, position

HARD = LEVELS["hard"]
GOAL = set(BOARD.territories_of("América do Norte")) | set(BOARD.territories_of("Oceania"))


def believe(monkeypatch: pytest.MonkeyPatch, probs: dict[int, dict[str, float]]) -> None:
    """Every brain believes `probs` about the opponents' objectives."""
    monkeypatch.setattr(inference, "beliefs", lambda brain: probs)


def one_short(monkeypatch: pytest.MonkeyPatch, *, phase: str = "attack") -> WarMatch:
    """Seat 1 holds América do Norte and Oceania but Nova Guiné (mine): one
    conquest from victory. I (seat 0) also face a lone army of seat 2 in China,
    the easy conquest a player without the block in mind takes first."""
    owners = {t: 1 for t in GOAL}
    owners |= {"Nova Guiné": 0, "Vietnã": 0, "Índia": 0, "China": 2}
    m = position(
        new(3, seed=1),
        owners,
        current=0,
        phase=phase,
        armies={"Bornéu": 5, "Austrália": 4, "Vietnã": 9, "Sumatra": 2, "Índia": 3, "China": 1},
        objectives={0: "asia_africa", 1: "america_do_norte_oceania", 2: "territorios_24"},
    )
    assert m.missing(1) == 1
    believe(
        monkeypatch,
        {1: {"america_do_norte_oceania": 0.9, "territorios_24": 0.1}, 2: {"territorios_24": 1.0}},
    )
    return m


def test_hard_strikes_the_piece_of_an_opponent_one_territory_from_winning(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """[W11] he would win on his next turn: hard throws its stack at his
    Bornéu instead of taking the lone army in China, as normal does."""
    m = one_short(monkeypatch)
    hard = WarBot("hard").choose(m.view(0), m.legal_actions(0), Rng(1))
    assert isinstance(hard, R.Attack)
    assert hard.target in GOAL and m.owner[BOARD.index[hard.target]] == 1
    normal = WarBot("normal").choose(m.view(0), m.legal_actions(0), Rng(1))
    assert normal == R.Attack("Vietnã", "China", 3)


def test_without_urgency_the_same_position_is_not_a_block(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The strike comes from `block_urgent`: with it off, hard too takes China."""
    m = one_short(monkeypatch)
    calm = WarBot("hard", replace(HARD, block_urgent=0.0))
    assert calm.choose(m.view(0), m.legal_actions(0), Rng(1)) == R.Attack("Vietnã", "China", 3)


def test_urgency_falls_with_the_territories_missing() -> None:
    assert urgency(1) == 1.0 > urgency(2) > urgency(3) > urgency(4) == 0.0
