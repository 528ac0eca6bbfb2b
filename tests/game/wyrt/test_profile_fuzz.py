"""Fuzzing of profile.json (O Morto's life points, [T11]): any bytes, any JSON.

Loading always gives a usable profile; an unusable file is moved aside with
the player's bytes intact, and saving afterwards never raises.
"""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from game.wyrt.profile import Profile, load_profile, profile_path, save_profile
from tests.fuzzing import FUZZ, damaged, fresh_home, json_values, kept_aside

_GOOD = json.dumps(
    {"wyrt": {"pv": 12, "dead": False, "wishes": 1, "sessions": 3, "history": []}, "other": [1]}
).encode()


def _write(raw: bytes) -> None:
    fresh_home()
    path = profile_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)


@FUZZ
@given(
    st.one_of(
        damaged(_GOOD),
        json_values.map(lambda v: json.dumps({"wyrt": v}).encode()),
        st.dictionaries(
            st.sampled_from(["pv", "dead", "wishes", "sessions", "history"]), json_values
        ).map(lambda d: json.dumps({"wyrt": d}).encode()),
    )
)
def test_any_profile_file_loads_to_a_usable_profile(raw: bytes) -> None:
    _write(raw)
    profile, problem = load_profile()
    assert isinstance(profile, Profile) and profile.pv >= 0
    if problem:
        assert problem in ("core.storage.corrupt", "core.storage.unreadable")
        assert kept_aside(profile_path(), raw)
    else:
        assert profile_path().read_bytes() == raw
    save_profile(profile)
    assert load_profile()[0] == profile
