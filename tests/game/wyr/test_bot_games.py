"""Bot games checked after every action: invariants, leak-free views, save/load."""

from __future__ import annotations

from typing import Any

import pytest

from game.core import Event, Match
from game.harness import check_determinism, check_save_load, check_views
from game.registry import make_bot, new_match
from game.rng import Rng
from game.runner import play_out
from game.wyr import INFO
from game.wyr.match import WyrMatch


@pytest.mark.parametrize(
    ("levels", "options"),
    [
        (["hard", "normal", "easy"], {}),
        (["hard", "easy"], {"tenebra": True, "hyninn": 2}),
        (["normal", "hard", "easy", "hard"], {"groups": "pairs", "thyatis": True, "nimb": True}),
        (["hard", "normal", "hard"], {"azgher": True, "tournament": True}),
    ],
)
def test_bot_games_keep_every_law(levels: list[str], options: dict[str, Any]) -> None:
    m = new_match("wyr", len(levels), seed=21, options=options)
    assert isinstance(m, WyrMatch)
    bots = [make_bot("wyr", level) for level in levels]

    def after(match: Match, seat: int, events: list[Event]) -> None:
        assert INFO.invariants is not None
        INFO.invariants(match)
        check_views(match)

    res = play_out(m, bots, Rng("t"), after_action=after)
    assert m.is_over and not res.capped
    check_determinism(m)
    check_save_load(m)
