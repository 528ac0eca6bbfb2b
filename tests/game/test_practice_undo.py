"""Undo and redo by replaying the log ([G1]): for every registered engine, the
state after an undo equals the state the match had at that point, and redo
walks back to the states it had before, over random legal play."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game
from game.practice import UndoHistory


def _games() -> list[str]:
    return sorted(game.GAMES)


@pytest.mark.parametrize("name", _games())
@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_undo_redo_equal_the_states_replayed_to_that_point(name: str, data: st.DataObject) -> None:
    info = game.get_info(name)
    n = data.draw(st.integers(info.min_seats, min(info.max_seats, 4)), label="seats")
    match = game.new_match(name, n, seed=data.draw(st.integers(1, 10**6), label="seed"))
    humans = set(data.draw(st.sets(st.integers(0, n - 1), min_size=1), label="humans"))

    def is_human(seat: int) -> bool:
        return seat in humans

    history = UndoHistory()
    trace = [match.fingerprint()]  # trace[k]: the state after k actions on the current line
    for _ in range(data.draw(st.integers(5, 40), label="steps")):
        op = data.draw(st.sampled_from(["play", "play", "play", "undo", "redo"]), label="op")
        if op == "undo":
            back = history.undo(match, is_human)
            if back is None:
                assert not any(is_human(s) for s, _ in match.log)
                continue
            k = len(back.log)
            assert is_human(match.log[k][0]), "undo stops just before a person's action"
            assert back.log == match.log[:k]
            assert back.fingerprint() == trace[k]
            assert back.fingerprint() == game.load_match(match.save(), upto=k).fingerprint()
            match = back
        elif op == "redo":
            forward = history.redo(match, is_human)
            if forward is None:
                assert not history.can_redo(match)
                continue
            k = len(forward.log)
            assert k > len(match.log) and forward.log[: len(match.log)] == match.log
            assert forward.fingerprint() == trace[k]
            match = forward
        else:
            if match.is_over:
                continue
            seat = data.draw(st.sampled_from(match.to_move), label="seat")
            legal = match.legal_actions(seat)
            action = legal[data.draw(st.integers(0, len(legal) - 1), label="action")]
            diverges = not (
                history.can_redo(match) and history.path[len(match.log)] == (seat, action)
            )
            match.apply(seat, action)
            if diverges:
                del trace[len(match.log) :]
                trace.append(match.fingerprint())
            else:
                assert match.fingerprint() == trace[len(match.log)]


def test_undo_goes_through_bot_replies_and_redo_comes_back() -> None:
    match = game.new_match("alta", ["Ana", "Bot"], seed=5)
    history = UndoHistory()
    states = [match.fingerprint()]
    for _ in range(4):  # Ana, Bot, Ana, Bot
        seat = match.to_move[0]
        match.apply(seat, match.legal_actions(seat)[0])
        states.append(match.fingerprint())
    human = lambda s: s == 0  # noqa: E731
    first = history.undo(match, human)
    assert first is not None and len(first.log) == 2 and first.fingerprint() == states[2]
    second = history.undo(first, human)
    assert second is not None and len(second.log) == 0 and second.fingerprint() == states[0]
    assert history.undo(second, human) is None
    again = history.redo(second, human)
    assert again is not None and len(again.log) == 2 and again.fingerprint() == states[2]
    end = history.redo(again, human)
    assert end is not None and len(end.log) == 4 and end.fingerprint() == states[4]
    assert history.redo(end, human) is None
    # a different move after an undo ends the redo path
    back = history.undo(end, human)
    assert back is not None
    other = [a for a in back.legal_actions(0) if (0, a) != history.path[len(back.log)]]
    back.apply(0, other[0])
    assert not history.can_redo(back) and history.redo(back, human) is None
