from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

import game
from game.cards import Card
from game.core import Action, Event, Record
from game.dice import roll_off
from game.registry import OptionsError
from game.rng import Rng
from tests.game.tiny_game import Pick


@dataclass(frozen=True)
class _Sample(Event):
    cards: tuple[Card, ...]
    maybe: int | None
    table: dict[int, str]
    names: list[str]


def test_record_round_trip_with_nested_types() -> None:
    ev = _Sample((Card(14, "S"), Card(0)), None, {1: "a"}, ["x"])
    data = json.loads(json.dumps(ev.to_dict()))
    assert data["type"].endswith("._Sample")
    assert Record.from_dict(data) == ev


def test_unknown_record_type_is_an_error() -> None:
    with pytest.raises(ValueError):
        Record.from_dict({"type": "nope.Nothing"})


def test_bad_field_types_are_errors() -> None:
    with pytest.raises(ValueError):
        Action.parse({"type": Pick.TYPE, "card": 12})


def test_new_match_validates_options_and_seats() -> None:
    with pytest.raises(OptionsError):
        game.new_match("alta", 1, seed=1)
    with pytest.raises(OptionsError):
        game.new_match("alta", 2, seed=1, options={"hand": 99})
    with pytest.raises(OptionsError):
        game.new_match("alta", 2, seed=1, options={"colour": "red"})
    with pytest.raises(OptionsError):
        game.new_match("alta", ["Ana", " "], seed=1)


def test_illegal_action_names_rule_and_leaves_match_untouched() -> None:
    """[G3]"""
    m = game.new_match("alta", ["Ana", "Bia"], seed=3)
    before = m.fingerprint()
    not_held = next(
        Card(r, s) for r in range(2, 15) for s in "SHDC" if Card(r, s) not in m.hands[0]
    )
    with pytest.raises(game.IllegalAction) as err:
        m.apply(0, Pick(not_held))
    assert err.value.rule == "alta" and err.value.key == "tiny.illegal.not_in_hand"
    with pytest.raises(game.IllegalAction):
        m.apply(7, Pick(m.hands[0][0]))
    assert m.fingerprint() == before and m.log == []


def test_simultaneous_moves_listed_together() -> None:
    m = game.new_match("alta", 3, seed=1)
    assert m.to_move == [0, 1, 2]
    m.apply(1, m.legal_actions(1)[0])
    assert m.to_move == [0, 2]
    with pytest.raises(game.IllegalAction):
        m.apply(1, m.legal_actions(0)[0])


def test_same_seed_same_deal_g1() -> None:
    """[G1]"""
    a = game.new_match("alta", 2, seed=42)
    b = game.new_match("alta", 2, seed=42)
    c = game.new_match("alta", 2, seed=43)
    assert a.snapshot() == b.snapshot()
    assert a.snapshot() != c.snapshot()


@pytest.mark.parametrize(
    ("mutate", "fragment"),
    [
        (lambda d: d.update(format=99), "format"),
        (lambda d: d.update(game="xadrez"), "game"),
        (lambda d: d.update(seed="x"), "seed"),
        (lambda d: d.update(seats="Ana"), "seats"),
        (lambda d: d["actions"].append([0, {"type": "alta.Nope"}]), "cannot be read"),
        (lambda d: d["actions"].append("junk"), "malformed"),
        (
            lambda d: (
                d["actions"].insert(0, [0, {"type": Pick.TYPE, "card": "AS"}]) if True else None
            ),
            "action 1",
        ),
        (lambda d: d.update(options={"hand": 0}), "cannot be set up"),
    ],
)
def test_broken_saves_give_clear_errors(mutate, fragment: str) -> None:  # type: ignore[no-untyped-def]
    m = game.new_match("alta", 2, seed=5)
    m.apply(0, m.legal_actions(0)[0])
    data = m.save()
    # Make the inserted action certainly illegal: a card seat 0 does not hold.
    data = json.loads(json.dumps(data))
    mutate(data)
    if fragment == "action 1":
        held = {c.code for c in m.hands[0]} | {m.log[0][1].card.code}  # type: ignore[attr-defined]
        missing = next(
            c for c in ("AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S") if c not in held
        )
        data["actions"][0][1]["card"] = missing
    with pytest.raises(game.SaveError) as err:
        game.load_match(data)
    assert fragment in str(err.value)


def test_load_not_a_dict() -> None:
    with pytest.raises(game.SaveError):
        game.load_match(["not", "a", "save"])


def test_load_upto_replays_a_prefix() -> None:
    m = game.new_match("alta", 2, seed=9)
    for _ in range(4):
        s = m.to_move[0]
        m.apply(s, m.legal_actions(s)[0])
    part = game.load_match(m.save(), upto=2)
    assert len(part.log) == 2


def test_roll_off_repeats_until_one_winner() -> None:
    winner, rounds = roll_off(Rng(1), [0, 1, 2])
    assert winner in (0, 1, 2)
    last = rounds[-1]
    assert sum(last[winner]) == max(sum(v) for v in last.values())
    assert sorted(sum(v) for v in last.values()).count(sum(last[winner])) == 1


def test_rng_fork_is_independent_and_stable() -> None:
    a = Rng(5)
    f1 = a.fork("bot").random()
    a.random()
    assert a.fork("bot").random() == f1


def test_turn_limit_convention_ends_on_time_r7() -> None:
    """[R7] a game with turn_limit ends at the limit, standings by distance."""
    m = game.new_match("alta", 2, seed=4, options={"turn_limit": 1})
    for s in (0, 1):
        m.apply(s, m.legal_actions(s)[0])
    assert m.is_over and m.timed_out
    assert m.standings()[0] == [s for s in range(2) if m.distance_to_victory(s) == 0]


def test_per_seat_option_kind() -> None:
    from game.registry import OptionSpec

    spec = OptionSpec("persona", "per_seat", "a", choices=("a", "b"))
    assert spec.default_for(3) == ["a", "a", "a"]
    assert spec.validate(["a", "b"], 2) == ["a", "b"]
    for bad in (["a"], ["a", "c"], "a"):
        with pytest.raises(OptionsError):
            spec.validate(bad, 2)


def test_per_seat_option_through_new_match() -> None:
    import dataclasses

    from game.registry import GAMES, OptionSpec
    from tests.game.tiny_game import INFO

    info = dataclasses.replace(
        INFO,
        name="alta_ps",
        options=INFO.options + (OptionSpec("persona", "per_seat", "a", choices=("a", "b")),),
    )
    GAMES.register(info)
    assert info.resolve_options(3, None)["persona"] == ["a", "a", "a"]
    assert info.resolve_options(2, {"persona": ["b", "a"]})["persona"] == ["b", "a"]
    with pytest.raises(OptionsError):
        info.resolve_options(2, {"persona": ["b"]})


def test_bot_seats_fill_the_games_bot_option() -> None:
    import dataclasses

    from game.registry import OptionSpec, with_bot_choices
    from tests.game.tiny_game import INFO

    info = dataclasses.replace(
        INFO,
        options=INFO.options
        + (OptionSpec("persona", "per_seat", "auto", choices=("auto", "x", "y")),),
        bot_ids=("x", "y"),
        extra={"bot_option": "persona"},
    )
    assert with_bot_choices(info, [None, "y", "x"], {})["persona"] == ["auto", "y", "x"]
    # an explicit choice is kept
    assert with_bot_choices(info, [None, "y"], {"persona": ["x", "x"]})["persona"] == ["x", "x"]
    assert "persona" not in with_bot_choices(INFO, [None, "y"], {})


def test_local_match_names_the_hosts_match_for_what_it_is() -> None:
    """A joiner's table holds a RemoteMatch (a TableMatch, not a Match): what needs
    the local state (saves, undo, replays) gets a clear TypeError, never a match."""
    import pytest

    from game import new_match
    from game.core import local_match
    from game.net.remote_match import RemoteMatch

    class Quiet:
        def send(self, text: str) -> None:
            pass

        def poll(self) -> list[str]:
            return []

    here = new_match("war", ["Ana", "Bia", "Caio"], seed=3, options={})
    assert local_match(here) is here
    with pytest.raises(TypeError, match="kept by its host"):
        local_match(RemoteMatch(Quiet(), name="Ana", code="KMPTRXCA", game="war"))
