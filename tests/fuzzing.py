"""Shared pieces of the fuzz tests: strategies for damaged files and a budget.

Every fuzz test is bounded (`FUZZ` settings: few examples, no deadline) so the
whole fuzz set runs in well under a minute in CI; `TAVERNA_FUZZ_EXAMPLES`
raises the count for a long run by hand.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

EXAMPLES = int(os.environ.get("TAVERNA_FUZZ_EXAMPLES", "60"))

#: the settings of every fuzz test
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
)

#: any JSON document (NaN and Infinity included: Python's json writes and reads them)
json_values = st.recursive(
    _scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def damaged(original: bytes) -> st.SearchStrategy[bytes]:
    """Ways a file goes bad: cut short, bytes flipped, garbage, emptied, nested too deep."""
    n = max(1, len(original))
    cut = st.integers(0, n).map(lambda k: original[:k])
    flip = st.tuples(st.integers(0, n - 1), st.integers(0, 255)).map(
        lambda t: original[: t[0]] + bytes([t[1]]) + original[t[0] + 1 :]
    )
    return st.one_of(
        cut,
        flip,
        st.binary(max_size=64),
        st.just(b""),
        st.just(b"\xff\xfe\x00garbage"),
        st.just(b"[" * 5000),
        st.just(b"null"),
    )


def fresh_home() -> Path:
    """Empty the private data folder of the running test (one per example)."""
    home = Path(os.environ["TAVERNA_HOME"])
    shutil.rmtree(home, ignore_errors=True)
    home.mkdir(parents=True)
    return home


def aside_copies(path: Path) -> list[Path]:
    """The files a damaged `path` was moved or copied to."""
    return sorted(path.parent.glob(f"{path.name}.corrupt-*"))


def kept_aside(path: Path, original: bytes) -> bool:
    """True when some file next to `path` holds exactly the player's original bytes."""
    return any(p.read_bytes() == original for p in aside_copies(path))


def json_bytes(value: Any) -> bytes:
    """A JSON document as the app would find it on disk."""
    import json

    return json.dumps(value).encode("utf-8")
