"""Damaged saves met through the new-match screen's "continue saved match".

Whatever is in the newest save file, the screen either opens the table or
says why on the notification line and moves the file aside with its bytes
intact; it never raises and never opens a table of another game.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game import new_match, saves, storage
from game.bots import RandomBot
from game.rng import Rng
from game.runner import play_out
from scenes.new_match import NewMatchScene
from scenes.tables.base import TableScene
from tests.fuzzing import kept_aside
from tests.scenes.conftest import pump


def _save(game: str = "alta", n: int = 2, players: Any = None) -> dict[str, Any]:
    """A save file's document as the table writes it (versioned, with its checksum)."""
    m = new_match(game, n, seed=3)
    play_out(m, [RandomBot()] * n, Rng("s"), max_actions=2)
    m.meta = {
        "players": [{"name": "Ana", "bot": None}, {"name": "Bot", "bot": "random"}]
        if players is None
        else players
    }
    return saves.save_document(m)


def _edit(fn: Callable[[dict[str, Any]], Any]) -> bytes:
    data = _save()
    fn(data)
    return json.dumps(data).encode()


DAMAGES: dict[str, bytes] = {
    "cut short": json.dumps(_save()).encode()[:40],
    "not utf-8": b"\xff\xfe{}",
    "nested too deep": b"[" * 50_000,
    "null": b"null",
    "an unknown bot": _edit(lambda d: d["meta"]["players"][1].update(bot="grandmaster")),
    "a bot that is a number": _edit(lambda d: d["meta"]["players"][1].update(bot=7)),
    "a player without a name": _edit(lambda d: d["meta"]["players"][0].pop("name")),
    "an illegal action": _edit(lambda d: d["actions"].append([0, {"type": "Pick", "card": "ZZ"}])),
    "a seat out of range": _edit(lambda d: d["actions"].__setitem__(0, [9, d["actions"][0][1]])),
    "no seed": _edit(lambda d: d.pop("seed")),
}


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_a_damaged_save_is_explained_and_kept_aside(app, damage: str) -> None:  # type: ignore[no-untyped-def]
    raw = DAMAGES[damage]
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    path = folder / "alta-20250101-000000.json"
    path.write_bytes(raw)
    scene = NewMatchScene(app, "alta")
    app.scenes.push(scene, fade=False)
    pump(app)
    scene.load_latest()
    pump(app, 3)
    assert not isinstance(app.scenes.top, TableScene), damage
    assert app.toast.text and path.name in app.toast.text
    assert kept_aside(path, raw) and not path.exists()
    assert scene.load_btn is not None  # the screen rebuilt itself and still works
    pygame.event.get()


def test_another_games_save_is_not_continued_here_and_stays(app) -> None:  # type: ignore[no-untyped-def]
    """A sound Wyr save under an Alta name: offered with Wyr's saves, never opened here."""
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    path = folder / "alta-20250101-000000.json"
    raw = json.dumps(_save("wyr", 3)).encode()
    path.write_bytes(raw)
    scene = NewMatchScene(app, "alta")
    app.scenes.push(scene, fade=False)
    pump(app)
    scene.load_latest()
    pump(app, 3)
    assert not isinstance(app.scenes.top, TableScene)
    assert path.read_bytes() == raw
    assert [s.game for s in saves.list_saves()[0]] == ["wyr"]


@pytest.mark.parametrize("players", ["as saved", "not a list"])
def test_a_good_save_still_continues(app, players: str) -> None:  # type: ignore[no-untyped-def]
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    # "not a list": the seats' names stand; everyone is a person
    data = _save(players=5 if players == "not a list" else None)
    (folder / "alta-20250101-000000.json").write_text(json.dumps(data), encoding="utf-8")
    scene = NewMatchScene(app, "alta")
    app.scenes.push(scene, fade=False)
    pump(app)
    scene.load_latest()
    pump(app, 3)
    # (two people at a game of secrets: the curtain may already stand over the table)
    top = next(s for s in app.scenes.stack if isinstance(s, TableScene))
    assert top.match.game_name == "alta"
    expected = [None, "random"] if players == "as saved" else [None, None]
    assert [s.bot for s in top.seats] == expected
    top.worker.close()
