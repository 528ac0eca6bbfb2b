"""What a session with O Morto did to the profile player's life ([T11]).

The engine does no I/O: the app passes the profile's PV in the options
(`profile_seat`, `profile_pv`), reads the outcome back with `profile_result`
and stores it with `game.wyrt.profile.apply_result`.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core import TableMatch


@dataclass(frozen=True)
class ProfileResult:
    """The profile seat's outcome of a session."""

    mode: str
    seat: int
    start_pv: int
    #: permanent PV after the session (Life Cassino: the stack; Death Match: unchanged)
    pv: int
    #: O Morto took the soul
    dead: bool
    #: won the Death Match and its Wish
    wish: bool
    #: caught cheating and expelled
    expelled: bool

    @property
    def changed(self) -> bool:
        """Whether the profile must be written back."""
        return self.dead or self.wish or self.pv != self.start_pv


def profile_result(match: TableMatch) -> ProfileResult | None:
    """The profile seat's result, or None in a plain session or without a profile seat.

    May be called at any time; chips still in a pot of an unfinished hand are not
    counted (a player who got up has already left them behind).
    """
    from game.wyrt.match import WyrtMatch
    from game.wyrt.statuses import DEAD, EXPELLED

    if not isinstance(match, WyrtMatch) or match.profile_seat < 0 or match.mode == "standard":
        return None
    s = match.profile_seat
    dead = match.status[s] == DEAD
    start = match.start_stacks[s]
    # Death Match life points are the fight's, not permanent; only death is.
    kept = match.stacks[s] if match.mode == "life_cassino" else start
    pv = 0 if dead else kept
    return ProfileResult(
        mode=match.mode,
        seat=s,
        start_pv=start,
        pv=pv,
        dead=dead,
        wish=match.wish_winner == s,
        expelled=match.status[s] == EXPELLED,
    )
