"""The player's permanent life points for O Morto's tables ([T11]), on disk.

The profile lives in `storage.data_dir() / "profile.json"` under the key "wyrt"
(other keys of the file are kept as they are). Writes are atomic; a file that
cannot be read as a profile is moved aside and a fresh character is used, with a
message key for the user. The engine never calls these functions: the app loads
the profile, passes `profile_pv` to the match, and afterwards stores
`profile_result(match)` with `record_result`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game import storage
from game.wyrt.results import ProfileResult

PROFILE_FILE = "profile.json"
SECTION = "wyrt"
#: life points of a new character (an ordinary adventurer: Resistência 4 x 5)
DEFAULT_PV = 20
HISTORY_KEEP = 50


@dataclass(frozen=True)
class Profile:
    """A character's life as O Morto sees it."""

    pv: int = DEFAULT_PV
    dead: bool = False
    wishes: int = 0
    sessions: int = 0
    history: tuple[dict[str, Any], ...] = field(default_factory=tuple)

    @property
    def can_wager(self) -> bool:
        """Only a living character with life points may sit at O Morto's tables."""
        return not self.dead and self.pv > 0

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return {
            "pv": self.pv,
            "dead": self.dead,
            "wishes": self.wishes,
            "sessions": self.sessions,
            "history": [dict(h) for h in self.history],
        }

    @staticmethod
    def from_dict(data: Any) -> Profile:
        """Rebuild a profile; raises ValueError when the data is not one."""
        if not isinstance(data, dict):
            raise ValueError("a profile must be an object")
        pv = data.get("pv", DEFAULT_PV)
        dead = data.get("dead", False)
        wishes = data.get("wishes", 0)
        sessions = data.get("sessions", 0)
        history = data.get("history", [])
        for name, value in (("pv", pv), ("wishes", wishes), ("sessions", sessions)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"profile field {name} must be a whole number >= 0")
        if not isinstance(dead, bool):
            raise ValueError("profile field dead must be true or false")
        if not isinstance(history, list) or not all(isinstance(h, dict) for h in history):
            raise ValueError("profile history must be a list of objects")
        return Profile(pv, dead, wishes, sessions, tuple(history[-HISTORY_KEEP:]))


def profile_path() -> Path:
    """Where the profile is kept."""
    return storage.data_dir() / PROFILE_FILE


def _read_file() -> tuple[dict[str, Any], str]:
    path = profile_path()
    result = storage.read_json(path, {})
    data = result.data
    if not isinstance(data, dict):
        if path.exists():
            storage.move_aside(path)
        return {}, "core.storage.corrupt"
    return data, result.problem


def load_profile() -> tuple[Profile, str]:
    """The stored profile (or a new character) and a problem key ("" if none)."""
    data, problem = _read_file()
    if SECTION not in data:
        return Profile(), problem
    try:
        return Profile.from_dict(data[SECTION]), problem
    except ValueError:
        path = profile_path()
        if path.exists():
            storage.move_aside(path)
        return Profile(), "core.storage.corrupt"


def save_profile(profile: Profile) -> None:
    """Write the profile atomically, keeping the file's other sections."""
    data, _ = _read_file()
    data[SECTION] = profile.to_dict()
    storage.atomic_write_json(profile_path(), data)


def apply_result(profile: Profile, result: ProfileResult) -> Profile:
    """The profile after a session with O Morto (pure: nothing is written)."""
    entry = {
        "mode": result.mode,
        "start_pv": result.start_pv,
        "pv": result.pv,
        "dead": result.dead,
        "wish": result.wish,
        "expelled": result.expelled,
    }
    history = (*profile.history, entry)[-HISTORY_KEEP:]
    pv = 0 if result.dead else (result.pv if result.mode == "life_cassino" else profile.pv)
    return replace(
        profile,
        pv=pv,
        dead=profile.dead or result.dead,
        wishes=profile.wishes + (1 if result.wish else 0),
        sessions=profile.sessions + 1,
        history=history,
    )


def record_result(result: ProfileResult | None) -> Profile:
    """Load the profile, apply a session's result, save it, and return it."""
    profile, _ = load_profile()
    if result is None:
        return profile
    updated = apply_result(profile, result)
    save_profile(updated)
    return updated


def new_character(pv: int = DEFAULT_PV) -> Profile:
    """A fresh living character (after a soul was taken, for instance)."""
    return Profile(pv=pv)
