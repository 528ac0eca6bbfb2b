"""Playing `FastState` games: policy actions applied, whole games, the engine twin.

- `apply_action` / `play_game`: the fast simulator's game loop.
- `to_action` / `from_action`: a fast action as the engine's action and back.
- `Recorder` and `ScriptedRng`: a fast state that notes every die face and
  shuffle it draws, and an `Rng` that plays them back, so that a `WarMatch`
  fed the same actions meets the same chance (the agreement test and the
  engine-only timing use them).
- `speed`: games per second of normal-like play in the simulator against
  normal bots through `WarMatch`, on the same deals (`taverna bench`).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, MutableSequence, Sequence
from functools import cache
from typing import Any

from game.core import Action
from game.rng import Rng
from game.war import records as R
from game.war.board import BOARD
from game.war.bots.fastpolicy import FastAction, FastPolicy
from game.war.bots.fastsim import CARD_INDEX, CARD_NAMES, OVER, FastState, N
from game.war.match import WarMatch
from game.war.odds import resolve_battle

T = BOARD.territories
IDX = BOARD.index


def apply_action(st: FastState, act: FastAction) -> None:
    """Apply one fast action tuple to `st` (no validation: see `fastsim`)."""
    kind = act[0]
    if kind == "attack":
        st.attack(act[1], act[2], act[3])
    elif kind == "occupy":
        st.occupy(act[1])
    elif kind == "move":
        st.move(act[1], act[2], act[3])
    elif kind == "trade":
        st.trade(act[1], act[2], act[3])
    elif kind == "place":
        st.place(act[1])
    elif kind == "end_attacks":
        st.end_attacks()
    elif kind == "end_turn":
        st.end_turn()
    else:
        raise ValueError(f"unknown fast action {kind!r}")


def play_game(st: FastState, policies: Sequence[FastPolicy], max_turns: int = 2000) -> int:
    """Play `st` until someone wins (or `max_turns` turns have started); the
    winner's seat, or -1."""
    while st.phase != OVER and st.turn < max_turns:
        apply_action(st, policies[st.current].decide(st))
    return st.winner


def to_action(act: FastAction) -> Action:
    """The engine's action for a fast action."""
    kind = act[0]
    if kind == "trade":
        return R.Trade((CARD_NAMES[act[1]], CARD_NAMES[act[2]], CARD_NAMES[act[3]]))
    if kind == "place":
        return R.Place({T[i]: c for i, c in enumerate(act[1]) if c > 0})
    if kind == "attack":
        return R.Attack(T[act[1]], T[act[2]], act[3])
    if kind == "occupy":
        return R.Occupy(act[1])
    if kind == "move":
        return R.Move(T[act[1]], T[act[2]], act[3])
    if kind == "end_attacks":
        return R.EndAttacks()
    if kind == "end_turn":
        return R.EndTurn()
    raise ValueError(f"unknown fast action {kind!r}")


def from_action(action: Action) -> FastAction:
    """The fast action for an engine action."""
    if isinstance(action, R.Trade):
        return ("trade", *(CARD_INDEX[c] for c in action.cards))
    if isinstance(action, R.Place):
        alloc = [0] * N
        for name, count in action.armies.items():
            alloc[IDX[name]] += count
        return ("place", alloc)
    if isinstance(action, R.Attack):
        return ("attack", IDX[action.source], IDX[action.target], action.dice)
    if isinstance(action, R.Occupy):
        return ("occupy", action.count)
    if isinstance(action, R.Move):
        return ("move", IDX[action.source], IDX[action.target], action.count)
    if isinstance(action, R.EndAttacks):
        return ("end_attacks",)
    if isinstance(action, R.EndTurn):
        return ("end_turn",)
    raise ValueError(f"no fast action for {action!r}")


# ----------------------------------------------------------- the engine twin


@cache
def faces_for(
    na: int, nd: int, lost_a: int, lost_d: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Some dice of `na` attacker and `nd` defender dice with that outcome ([W6])."""
    for faces in itertools.product(range(1, 7), repeat=na + nd):
        if resolve_battle(faces[:na], faces[na:]) == (lost_a, lost_d):
            return faces[:na], faces[na:]
    raise ValueError(f"no roll of {na} against {nd} dice loses {lost_a}/{lost_d}")


class Recorder(FastState):
    """A fast state that notes its chance as dice faces and shuffled card orders."""

    __slots__ = ("script",)
    script: list[tuple[str, Any]]

    def _battle(self, na: int, nd: int) -> tuple[int, int]:
        la, ld = FastState._battle(self, na, nd)
        att, dfn = faces_for(na, nd, la, ld)
        self.script.append(("roll", att))
        self.script.append(("roll", dfn))
        return la, ld

    def _shuffle(self, cards: list[int]) -> None:
        FastState._shuffle(self, cards)
        self.script.append(("shuffle", [CARD_NAMES[c] for c in cards]))


class ScriptedRng(Rng):
    """An `Rng` that plays back a `Recorder`'s script, and fails loudly when the
    engine asks for chance the simulator did not draw."""

    def __init__(self, script: list[tuple[str, Any]]) -> None:
        super().__init__("scripted")
        self.script = script
        self.at = 0

    def _next(self, kind: str) -> Any:
        if self.at >= len(self.script):
            raise AssertionError(f"the engine wants a {kind}, the simulator drew none")
        got, value = self.script[self.at]
        self.at += 1
        if got != kind:
            raise AssertionError(f"the engine wants a {kind}, the simulator drew a {got}")
        return value

    def roll(self, n: int, sides: int = 6) -> tuple[int, ...]:
        """The next recorded dice; their number must be `n`."""
        faces: tuple[int, ...] = self._next("roll")
        if len(faces) != n:
            raise AssertionError(f"the engine rolls {n} dice, the simulator {len(faces)}")
        return faces

    def shuffle(self, seq: MutableSequence[Any]) -> None:
        """Put `seq` in the recorded order (the same cards, or a failure)."""
        order: list[str] = self._next("shuffle")
        if sorted(seq) != sorted(order):
            raise AssertionError(f"shuffling {sorted(seq)}, the simulator had {sorted(order)}")
        seq[:] = order


def twin(match: WarMatch, seed: int | str) -> Recorder:
    """A recording fast copy of `match`, whose chance `match` will replay."""
    st = Recorder.from_match(match, seed)
    assert isinstance(st, Recorder)
    st.script = []
    match.rng = ScriptedRng(st.script)
    return st


def play_twins(
    match: WarMatch,
    st: Recorder,
    choose: Callable[[Recorder, WarMatch], FastAction],
    steps: int,
    after: Callable[[Recorder, WarMatch, FastAction], None] | None = None,
) -> int:
    """Up to `steps` actions chosen by `choose`, applied to both; `after` runs
    after each (a comparison). Returns the actions applied."""
    done = 0
    while done < steps and not match.is_over:
        act = choose(st, match)
        seat = match.to_move[0]
        apply_action(st, act)
        match.apply(seat, to_action(act))
        done += 1
        if after is not None:
            after(st, match, act)
    return done


# ----------------------------------------------------------------- speed


def _normal_game(seed: int, seats: int, max_actions: int) -> tuple[float, int]:
    # the normal bot's decisions (`WarBot("normal")`, its stall count too),
    # without importing the package that holds the search, which plays on this module
    from game.war.bots.brain import Brain, Params, Progress, stall_rounds
    from game.war.bots.decide import decide

    match = WarMatch([f"s{i}" for i in range(seats)], seed, {"turn_limit": 0})
    rng = Rng(f"fastsim/{seed}")
    progress: list[Progress | None] = [None] * seats
    start = time.process_time()
    for _ in range(max_actions):
        if match.is_over:
            break
        seat = match.to_move[0]
        view = match.view(seat)
        progress[seat], stall = stall_rounds(progress[seat], view)
        brain = Brain(view, Params(stall=stall))
        match.apply(seat, decide(brain, match.legal_actions(seat), rng))
    return time.process_time() - start, match.turn


def _fast_game(seed: int, seats: int, max_turns: int) -> tuple[float, int, list[Any]]:
    match = WarMatch([f"s{i}" for i in range(seats)], seed, {"turn_limit": 0})
    policies = [FastPolicy() for _ in range(seats)]
    start = time.process_time()
    st = FastState.from_match(match, seed)
    play_game(st, policies, max_turns)
    return time.process_time() - start, st.turn, []


def _engine_replay(seed: int, seats: int, max_turns: int) -> tuple[float, float, int]:
    """The rules alone: one fast-policy game recorded, then its actions applied
    by a plain `FastState` and by `WarMatch` (the same dice): their seconds."""
    names = [f"s{i}" for i in range(seats)]
    rec = twin(WarMatch(names, seed, {"turn_limit": 0}), seed)
    policies = [FastPolicy() for _ in range(seats)]
    acts: list[tuple[int, FastAction]] = []
    while rec.phase != OVER and rec.turn < max_turns:
        act = policies[rec.current].decide(rec)
        acts.append((rec.current, act))
        apply_action(rec, act)
    plain = FastState.from_match(WarMatch(names, seed, {"turn_limit": 0}), seed)
    start = time.process_time()
    for _, act in acts:
        apply_action(plain, act)
    fast = time.process_time() - start
    match = WarMatch(names, seed, {"turn_limit": 0})
    match.rng = ScriptedRng(rec.script)
    actions = [(seat, to_action(a)) for seat, a in acts]
    start = time.process_time()
    for seat, action in actions:
        match.apply(seat, action)
    slow = time.process_time() - start
    if plain.differences(match):  # pragma: no cover - the agreement tests guard this
        raise AssertionError("the simulator and the engine parted ways")
    return fast, slow, len(acts)


def speed(games: int, seed: int = 4100, seats: int = 4, max_turns: int = 600) -> dict[str, Any]:
    """Games per second on the same `games` deals (seeds `seed`...): normal
    bots through `WarMatch` against the fast policy in the simulator; and the
    rules alone (the same fast-policy actions and dice applied by each).
    Process CPU time, so that other programs on the machine do not count."""
    # One untimed game each first: odds tables and value caches are warm in a
    # running program, for the normal bots and the fast policy alike.
    _normal_game(seed - 1, seats, 200_000)
    _fast_game(seed - 1, seats, max_turns)
    normal_s = normal_turns = fast_s = fast_turns = 0.0
    sim_s = engine_s = 0.0
    actions = 0
    for g in range(games):
        s, turns = _normal_game(seed + g, seats, 200_000)
        normal_s += s
        normal_turns += turns
        s, turns, _ = _fast_game(seed + g, seats, max_turns)
        fast_s += s
        fast_turns += turns
        a, b, n_act = _engine_replay(seed + g, seats, max_turns)
        sim_s += a
        engine_s += b
        actions += n_act
    return {
        "games": games,
        "normal_games_per_s": games / normal_s,
        "fast_games_per_s": games / fast_s,
        "speedup": normal_s / fast_s,
        "normal_turns": normal_turns / games,
        "fast_turns": fast_turns / games,
        "rules_speedup": engine_s / sim_s,
        "actions": actions,
    }
