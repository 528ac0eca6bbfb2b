"""Fuzzing of `new_match` with random option combinations, for every engine.

Any mix of known and unknown keys, good and bad values, and seat counts
either starts a playable match or is refused with `OptionsError` (a
translation key and a reason); nothing else escapes, and a started match
plays on with random bots and saves and loads again ([G1], [G3]).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from game import GAMES, OptionsError, get_info, load_match, new_match
from game.bots import RandomBot
from game.rng import Rng
from game.runner import play_out
from tests.fuzzing import FUZZ, json_values

ENGINES = sorted(GAMES)


def _value(spec: Any, n: int, hostile: bool) -> st.SearchStrategy[Any]:
    """Values the schema allows; with `hostile`, sometimes anything at all."""
    if spec.kind == "bool":
        good: st.SearchStrategy[Any] = st.booleans()
    elif spec.kind == "choice":
        good = st.sampled_from(spec.choices)
    elif spec.kind == "int":
        good = st.integers(spec.minimum, min(spec.maximum, spec.minimum + 200)) | st.sampled_from(
            [spec.minimum, spec.maximum]
        )
    elif spec.kind == "per_seat":
        good = st.lists(st.sampled_from(spec.choices), min_size=n, max_size=n)
    else:
        good = json_values
    return st.one_of(good, good, good, json_values) if hostile else good


@st.composite
def table(draw: st.DrawFn, game: str) -> tuple[int, dict[str, Any]]:
    info = get_info(game)
    hostile = draw(st.booleans())
    low, high = info.min_seats, info.max_seats
    n = draw(st.integers(low - 1, high + 1) if hostile else st.integers(low, high))
    options: dict[str, Any] = {}
    for spec in info.options:
        if not spec.internal and draw(st.booleans()):
            options[spec.key] = draw(_value(spec, n, hostile))
    if hostile and draw(st.integers(0, 9)) == 0:
        options[draw(st.text(max_size=6))] = draw(json_values)
    return n, options


@pytest.mark.parametrize("game", ENGINES)
@FUZZ
@given(data=st.data())
def test_random_options_start_a_match_or_are_refused_with_a_reason(game: str, data: Any) -> None:
    n, options = data.draw(table(game))
    try:
        match = new_match(
            game, max(n, 0) or 1, seed=data.draw(st.integers(0, 10**9)), options=options
        )
    except OptionsError as e:
        assert e.key.startswith(("core.options.", f"{game}.")) and str(e)
        event("refused")
        return
    event("started")
    res = play_out(match, [RandomBot()] * match.n_seats, Rng("fuzz"), max_actions=60)
    assert res.actions > 0 or match.is_over
    again = load_match(json.loads(json.dumps(match.save())))
    assert again.save() == match.save()
