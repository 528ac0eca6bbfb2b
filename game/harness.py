"""A generic test harness every game plugs into.

Given a game name (and seat count, options) it plays random legal actions to the
end and checks after every step: the game's invariants, that views are JSON and
leak nothing (the game's `check_view` hook), that what an action shows a seat
does not depend on cards hidden from it (the `scramble` hook, dealt anew, not
held fixed), that an illegal action leaves the match untouched ([G3]); and at the end that the same seed and actions give the
same match ([G1]) and that save -> load gives the same state.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from game.core import Action, Event, IllegalAction, Match
from game.registry import get_info, load_match, new_match
from game.rng import Rng


@dataclass
class HarnessReport:
    """Summary of one harness run."""

    actions: int
    finished: bool
    illegal_probes: int


def check_views(match: Match) -> None:
    """Every view is JSON-serialisable and passes the game's leak check."""
    info = get_info(match.game_name)
    json.dumps(match.public_view())
    for seat in range(match.n_seats):
        view = match.view(seat)
        json.dumps(view)
        if info.check_view is not None:
            info.check_view(match, seat, view)


_CARD_CODE = re.compile(r"^(?:10|[2-9AJQK])[SHDC]$|^JK$")


def _mask(value: Any) -> Any:
    """The shape of JSON data: every card code becomes "?" (which card is not the
    point; whether the match stops, asks or skips is)."""
    if isinstance(value, str):
        return "?" if _CARD_CODE.match(value) else value
    if isinstance(value, list):
        return [_mask(v) for v in value]
    if isinstance(value, dict):
        return {k: _mask(v) for k, v in value.items()}
    return value


def exposed_shape(
    match: Match,
    seat: int,
    events: list[Event],
    mask: Callable[[int, Any], Any] | None = None,
) -> Any:
    """What `seat` learns from an action: its view, who moves, and the events it
    may read (the others' private events only by kind and seat), cards masked
    (playing-card codes here, the rest by the game's `mask` hook)."""
    seen: list[Any] = []
    for ev in events:
        if ev.visible_to(seat):
            seen.append(ev.to_dict())
        else:
            seen.append({"type": type(ev).__name__, "seat": getattr(ev, "seat", None)})
    shown = {"view": match.view(seat), "to_move": match.to_move, "events": seen}
    if mask is not None:
        shown = mask(seat, shown)
    return _mask(shown)


class HiddenShapeLeak(AssertionError):
    """A seat's view depends on cards it cannot see (`check_hidden_shape`)."""


def check_hidden_shape(match: Match, seat: int, action: Action, rng: Rng) -> bool:
    """Vary what each observer cannot see, apply the same action, and compare what
    the observer is then shown ([G4], [C17]).

    Holding the hidden cards fixed cannot see a leak that depends on them (a
    match that stops to ask only when a spoils card is a realm): here every card
    hidden from the observer is dealt anew (the actor keeps his hand so that the
    action stays legal) and the two outcomes must look the same to him, up to
    which card is which. Returns True when a comparison was made: the game has a
    `scramble` hook, and the action shows no hidden card by rule (the game's
    `reveals` hook, asked before the action and again, in each world, with what
    the action did there: a showdown in one world only is a reveal, not a leak).
    """
    info = get_info(match.game_name)
    if info.scramble is None or (info.reveals is not None and info.reveals(match, action, None)):
        return False
    for observer in range(match.n_seats):
        keep = frozenset({observer, seat})
        real = info.scramble(match, keep, Rng(f"shape/{len(match.log)}/{observer}/a"))
        twin = info.scramble(match, keep, rng)
        real_events = real.apply(seat, action)
        twin_events = twin.apply(seat, action)
        if info.reveals is not None and (
            info.reveals(real, action, real_events) or info.reveals(twin, action, twin_events)
        ):
            return False
        got = exposed_shape(real, observer, real_events, info.mask)
        other = exposed_shape(twin, observer, twin_events, info.mask)
        if got != other:
            raise HiddenShapeLeak(
                f"seat {observer} can tell hidden cards apart after {action}: "
                f"what it is shown depends on cards it cannot see"
            )
    return True


def probe_illegal(match: Match, rng: Rng) -> bool:
    """Try an action that must be refused and check nothing changed.

    Returns True when a probe was made. The probe is a legal action of a seat
    that is not to move, or any action by a seat when the match is over.
    """
    before = match.fingerprint()
    movers = set(match.to_move)
    idle = [s for s in range(match.n_seats) if s not in movers]
    candidates: list[tuple[int, Action]] = []
    for seat in movers:
        for action in match.legal_actions(seat)[:5]:
            for other in idle:
                candidates.append((other, action))
    if not candidates:
        return False
    seat, action = rng.choice(candidates)
    try:
        match.apply(seat, action)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"seat {seat} was allowed {action} out of turn")
    if match.fingerprint() != before:
        raise AssertionError("an illegal action changed the match")
    return True


#: the default shape check thins out by one step per this many steps played
SHAPE_RAMP = 32


def random_playthrough(
    name: str,
    seats: int | list[str],
    *,
    seed: int,
    options: dict[str, Any] | None = None,
    max_actions: int = 20_000,
    probe_every: int = 7,
    views_every: int = 1,
    shape_every: int | None = None,
    chooser: Any = None,
) -> tuple[Match, HarnessReport]:
    """Play random legal actions, checking invariants and views after each.

    `chooser(match, seat, legal, rng) -> Action` may replace the uniform choice
    (to steer random games towards rarer situations). Every `shape_every` steps
    (0 = never) the action is also tried on copies with the hidden cards dealt
    anew (`check_hidden_shape`); by default every step at first, then ever more
    sparsely (every `1 + steps // 32`-th), so that a long game costs a few hundred
    comparisons, not thousands.
    """
    info = get_info(name)
    match = new_match(name, seats, seed=seed, options=options)
    rng = Rng(f"harness/{seed}")
    # Its own generator: the shape check must not change which actions are played.
    shape_rng = Rng(f"harness-shape/{seed}")
    probes = 0
    steps = 0
    if info.invariants is not None:
        info.invariants(match)
    check_views(match)
    while not match.is_over and steps < max_actions:
        seat = rng.choice(match.to_move)
        legal = match.legal_actions(seat)
        if not legal:
            raise AssertionError(f"seat {seat} must move but has no legal action")
        action = chooser(match, seat, legal, rng) if chooser else rng.choice(legal)
        # Round-trip every action through its dict form, as a save would.
        again = Action.parse(json.loads(json.dumps(action.to_dict())))
        if again != action:
            raise AssertionError(f"{action} does not survive to_dict/from_dict")
        stride = 1 + steps // SHAPE_RAMP if shape_every is None else shape_every
        if stride and steps % stride == 0:
            check_hidden_shape(match, seat, action, shape_rng)
        events = match.apply(seat, action)
        for ev in events:
            json.dumps(ev.to_dict())
        steps += 1
        if info.invariants is not None:
            info.invariants(match)
        if views_every and steps % views_every == 0:
            check_views(match)
        if probe_every and steps % probe_every == 0 and probe_illegal(match, rng):
            probes += 1
    return match, HarnessReport(actions=steps, finished=match.is_over, illegal_probes=probes)


def hidden_shape_leaks(
    name: str,
    seats: int,
    seeds: Iterable[int],
    options: dict[str, Any] | None = None,
    **kwargs: Any,
) -> bool:
    """Whether random play of `name` over `seeds` catches a seat telling hidden
    cards apart (`HiddenShapeLeak`); other failures propagate. `kwargs` go to
    `random_playthrough` (probes are off: this asks one question)."""
    for seed in seeds:
        try:
            random_playthrough(name, seats, seed=seed, options=options, probe_every=0, **kwargs)
        except HiddenShapeLeak:
            return True
    return False


def check_determinism(match: Match) -> None:
    """A fresh match with the same seed and actions ends in the same state."""
    again = new_match(match.game_name, match.seats, seed=match.seed, options=match.options)
    for seat, action in match.log:
        again.apply(seat, action)
    if again.save() != match.save():
        raise AssertionError("same seed and actions gave a different save")
    if again.fingerprint() != match.fingerprint():
        raise AssertionError("same seed and actions gave a different state")


def check_save_load(match: Match) -> Match:
    """Save, write to JSON text, load: the loaded match equals the original."""
    text = json.dumps(match.save())
    loaded = load_match(json.loads(text))
    if loaded.fingerprint() != match.fingerprint():
        raise AssertionError("save -> load changed the state")
    if loaded.save() != match.save():
        raise AssertionError("save -> load -> save changed the save")
    return loaded


def full_check(
    name: str,
    seats: int | list[str],
    *,
    seed: int,
    options: dict[str, Any] | None = None,
    max_actions: int = 20_000,
    require_finish: bool = True,
) -> Match:
    """Random playthrough plus determinism and save/load checks, mid-game too."""
    match, report = random_playthrough(
        name, seats, seed=seed, options=options, max_actions=max_actions
    )
    if require_finish and not report.finished:
        raise AssertionError(f"{name} did not finish in {max_actions} random actions")
    check_determinism(match)
    check_save_load(match)
    # A mid-game save must also load, and continue identically.
    half = len(match.log) // 2
    partial = load_match(match.save(), upto=half)
    for seat, action in match.log[half:]:
        partial.apply(seat, action)
    if partial.fingerprint() != match.fingerprint():
        raise AssertionError("loading half the log and replaying the rest diverged")
    return match
