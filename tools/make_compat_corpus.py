"""Write the compatibility corpus: the files this version writes, kept so that
every later version proves it still opens them (tests/test_compat.py).

    python tools/make_compat_corpus.py

Writes tests/data/compat/<version>/: a data folder (`data/`: a save of every
game mid-match, a hosted match's save, a finished replay of every game, the
profile, the statistics and a tournament in taverna.sqlite3), a config folder
(`config/settings.json`) and `expected.json`, what the test must read back.
Seeds and bots are fixed; run it once per released version (never over an
older version's folder).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

#: every game, a short set-up and how many actions its saved match has
GAMES: dict[str, tuple[dict[str, Any], int]] = {
    "wyr": ({}, 12),
    "wyrt": ({"hand_limit": 3}, 8),
    "war": ({"turn_limit": 24}, 60),
    "chama": ({"turn_limit": 8}, 40),
}
SEATS = ["Ana", "Borin", "Lisandra"]


def _play(match: Any, steps: int | None, seed: str) -> None:
    """Bots (the random one, seeded) play `steps` actions, or to the end."""
    from game.registry import make_bot
    from game.rng import Rng

    bot, rng = make_bot(match.game_name, "random"), Rng(seed)
    done = 0
    while not match.is_over and (steps is None or done < steps):
        seat = match.to_move[0]
        legal = [a for a in match.legal_actions(seat) if not a.TYPE.endswith(".Leave")]
        match.apply(seat, bot.choose(match.view(seat), legal or match.legal_actions(seat), rng))
        done += 1


def state_hash(match: Any) -> str:
    """A hash of the whole state (hidden parts too), not of how the generator
    stores its position: the same match whatever a later version's generator
    keeps in memory (tests/test_compat.py computes the same)."""
    import hashlib

    blob = json.dumps(match.snapshot(), sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def _meta(match: Any, remote: int | None = None) -> None:
    match.meta = {
        "players": [
            {"name": n, "bot": None if i == 0 or i == remote else "easy"}
            | ({"remote": True} if i == remote else {})
            for i, n in enumerate(match.seats)
        ],
        "practice": False,
    }


def write(out: Path) -> dict[str, Any]:
    """Write the corpus under `out` (a fresh folder); returns what to expect."""
    from game import history, replays, saves, storage
    from game.net import tickets
    from game.registry import new_match
    from game.rng import secret_seed_from
    from game.tournament.organizer import create_tournament
    from game.tournament.persistence import open_store
    from game.tournament.play import simulate_tournament
    from game.version import VERSION
    from game.wyrt.profile import Profile, save_profile
    from scenes.prefs import Settings, save_settings

    os.environ["TAVERNA_HOME"] = str(out)
    expected: dict[str, Any] = {"version": VERSION, "saves": {}, "replays": {}}
    for game, (options, steps) in GAMES.items():
        match = new_match(game, SEATS, seed=20261207, options=options)
        _meta(match)
        _play(match, steps, f"compat/{game}")
        assert not match.is_over, f"{game}: a save of a match still being played"
        path = saves.write_save(match, saves.autosave_path(game), "auto")
        expected["saves"][path.name] = {
            "game": game,
            "actions": len(match.log),
            "state": state_hash(match),
        }
        done = new_match(game, SEATS, seed=1207, options=options)
        _meta(done)
        _play(done, None, f"compat/{game}/end")
        rpath = replays.write_replay(done)
        history.record_match(done, [0], replay=rpath.name)
        expected["replays"][rpath.name] = {
            "game": game,
            "winners": done.winners(),
            "turns": int(done.turn),
            "actions": len(done.log),
        }
    hosted = new_match("war", SEATS, seed=secret_seed_from(77), options={"turn_limit": 24})
    _meta(hosted, remote=1)
    _play(hosted, 50, "compat/hosted")
    hpath = storage.saves_dir() / "host-war-0a1b2c3d4e5f.json"
    saves.write_save(hosted, hpath, "auto", "host")
    expected["saves"][hpath.name] = {
        "game": "war",
        "actions": len(hosted.log),
        "state": state_hash(hosted),
    }
    settings = Settings(language="pt", animation_speed="fast", music_volume=0.3)
    save_settings(settings)
    expected["settings"] = {"language": "pt", "animation_speed": "fast", "music_volume": 0.3}
    save_profile(Profile(pv=17, wishes=1, sessions=3))
    tickets.remember_form("192.168.0.12:47474", "KMPT-RXCA", "Bia")
    expected["profile"] = {"pv": 17, "wishes": 1, "sessions": 3}
    expected["join_form"] = {"address": "192.168.0.12:47474", "code": "KMPT-RXCA", "name": "Bia"}
    expected["history"] = {
        "matches": len(history.matches()),
        "games": sorted({r.game for r in history.matches()}),
    }
    t = create_tournament(
        "wyr",
        [("Borin", "easy"), ("Lisandra", "easy"), ("Thorgrim", "easy"), ("Mirela", "easy")],
        format="swiss",
        name="Compat cup",
        rounds=2,
        seed=5,
        created="2026-12-07T12:00:00",
    )
    simulate_tournament(t)
    with open_store() as store:
        tid = store.save(t)
    champion = t.champion()
    expected["tournament"] = {
        "id": tid,
        "name": t.name,
        "finished": t.is_finished,
        "champion": champion.name if champion else None,
        "rounds": len(t.rounds),
    }
    (out / "expected.json").write_text(json.dumps(expected, indent=2, ensure_ascii=False) + "\n")
    return expected


def main() -> None:
    """Write tests/data/compat/<version>/ (refusing to overwrite a version's corpus)."""
    from game.version import VERSION

    target = ROOT / "tests" / "data" / "compat" / VERSION
    if target.exists():
        raise SystemExit(f"{target} exists: a version's corpus is written once")
    with tempfile.TemporaryDirectory() as tmp:
        write(Path(tmp))
        shutil.copytree(tmp, target, ignore=shutil.ignore_patterns("logs", "*.corrupt-*"))
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
