"""Fuzzing of match saves for every engine in `game.GAMES` ([G1]).

A damaged or hand-edited save either loads into a playable match or is
refused with `SaveError` and a reason in words; nothing else escapes.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from game import GAMES, SaveError, get_info, load_match, new_match
from game.bots import RandomBot
from game.rng import Rng
from game.runner import play_out
from tests.fuzzing import FUZZ, json_values

ENGINES = sorted(GAMES)


@cache
def base_save(game: str) -> str:
    """A half-played save of `game` (random bots), as JSON text."""
    n = max(2, get_info(game).min_seats)
    match = new_match(game, n, seed=5)
    play_out(match, [RandomBot()] * n, Rng("fuzz"), max_actions=80)
    return json.dumps(match.save())


_junk = st.one_of(
    st.sampled_from([None, -1, 0, 1, 99, True, 1.5, "0", "", "x", [], {}, {"type": "Nope"}]),
    json_values,
)

# (where, value): top-level field, an action's seat, an action's body, one field of an action
_edit = st.one_of(
    st.tuples(
        st.sampled_from(["format", "game", "seats", "seed", "options", "actions", "meta"]), _junk
    ).map(lambda t: ("top", *t)),
    st.tuples(st.integers(0, 10**6), _junk).map(lambda t: ("seat", *t)),
    st.tuples(st.integers(0, 10**6), _junk).map(lambda t: ("body", *t)),
    st.tuples(st.integers(0, 10**6), st.integers(0, 10**6), _junk).map(lambda t: ("field", *t)),
    st.tuples(st.integers(0, 10**6), st.integers(0, 10**6)).map(lambda t: ("swap", *t)),
    st.integers(0, 10**6).map(lambda k: ("cut", k, None)),
)


def _apply(save: dict[str, Any], edit: tuple[Any, ...]) -> None:
    kind, where, *rest = edit
    if kind == "top":
        save[where] = rest[0]
        return
    acts = save.get("actions")
    if not isinstance(acts, list) or not acts:
        return  # an earlier edit already broke the log
    entry = acts[where % len(acts)]
    well_formed = isinstance(entry, list) and len(entry) == 2
    if kind == "seat" and well_formed:
        entry[0] = rest[0]
    elif kind == "body" and well_formed:
        entry[1] = rest[0]
    elif kind == "field" and well_formed:
        body = entry[1]
        keys = [k for k in body if k != "type"] if isinstance(body, dict) else []
        if keys:
            body[keys[rest[0] % len(keys)]] = rest[1]
    elif kind == "swap":
        i, j = where % len(acts), rest[0] % len(acts)
        acts[i], acts[j] = acts[j], acts[i]
    elif kind == "cut":
        del acts[where % len(acts) :]


@pytest.mark.parametrize("game", ENGINES)
@FUZZ
@given(edits=st.lists(_edit, min_size=1, max_size=3))
def test_a_damaged_save_loads_or_is_refused_in_words(game: str, edits: list[Any]) -> None:
    save = json.loads(base_save(game))
    for e in edits:
        _apply(save, e)
    try:
        match = load_match(copy.deepcopy(save))
    except SaveError as e:
        assert str(e)  # a reason in words
        event("refused")
        return
    event("loaded")
    # It loaded: it must be a playable match that saves again to the same log.
    for seat in match.to_move:
        match.legal_actions(seat)
    match.public_view()
    assert (
        load_match(json.loads(json.dumps(match.save()))).save()["actions"]
        == match.save()["actions"]
    )


@pytest.mark.parametrize("game", ENGINES)
def test_a_truncated_save_text_is_refused_by_the_json_reader_not_the_engine(game: str) -> None:
    text = base_save(game)
    for cut in (0, 1, len(text) // 2, len(text) - 1):
        with pytest.raises(ValueError):
            load_match(json.loads(text[:cut]))
