from __future__ import annotations

import game
from game import history, storage


def test_record_and_summarise() -> None:
    m = game.new_match("alta", ["Ana", "Bia"], seed=2)
    while not m.is_over:
        s = m.to_move[0]
        m.apply(s, m.legal_actions(s)[0])
    history.record_match(m, humans=[0])
    history.record_match(m, humans=[0, 1], practice=True)
    out = history.summary()
    # the practice match is in the history but not in the ranked numbers
    assert out["total"] == 2 and out["games"]["alta"]["matches"] == 1
    assert out["players"]["Ana"]["played"] == 1


def test_corrupt_database_is_moved_aside() -> None:
    path = storage.database_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"this is not sqlite" * 100)
    assert history.summary()["total"] == 0
    assert list(path.parent.glob("taverna.sqlite3.corrupt-*"))
