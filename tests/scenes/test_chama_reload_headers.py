"""A Chama hot-seat save reopened: the hand counts in the area headers are the
held counts from the first frame drawn (a newcomer's walk saw them lag a few
frames behind after loading; issue 34)."""

from __future__ import annotations

from pathlib import Path

import pytest

import game as G
from game import saves
from game.rng import Rng
from scenes.curtain import Curtain
from scenes.i18n import tr
from scenes.main_menu import MainMenu
from scenes.tables.reopen import open_save
from tests.scenes.conftest import click_widget, pump, spy_texts


@pytest.mark.parametrize("moves", [15, 40, 80])
def test_reopened_hot_seat_headers_count_what_is_held(
    app, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, moves: int
) -> None:  # type: ignore[no-untyped-def]
    app.settings.animation_speed = "normal"
    m = G.new_match("chama", ["Ana", "Bia", "Caio"], seed=6)
    m.meta["players"] = [
        {"name": "Ana", "bot": None},
        {"name": "Bia", "bot": None},
        {"name": "Caio", "bot": "easy"},
    ]
    bot, rng = G.make_bot("chama", "easy"), Rng(2)
    for _ in range(moves):
        s = m.to_move[0]
        m.apply(s, bot.choose(m.view(s), m.legal_actions(s), rng))
    path = tmp_path / "hot.json"
    saves.write_document(path, saves.save_document(m))
    app.scenes.push(MainMenu(app), fade=False)
    table = open_save(app, path)
    assert table is not None
    drawn = spy_texts(monkeypatch)
    app.scenes.push(table, fade=False)
    seen_hand_lines = 0
    start = len(table.match.log)
    for frame in range(60):
        if isinstance(app.scenes.top, Curtain) and frame > 3:
            click_widget(app, app.scenes.top.button)
        counts = [p["hand_count"] for p in table.match.public_view()["players"]]
        held = {tr("chamatable.seat.hand", count=c) for c in counts}
        every = {tr("chamatable.seat.hand", count=c) for c in range(60)}
        hand_lines = [t for t in drawn if t in every]
        assert set(hand_lines) <= held, (frame, hand_lines, held)
        seen_hand_lines += len(hand_lines)
        drawn.clear()
        if len(table.match.log) != start:  # a move was made: later counts may differ
            break
        pump(app)
    assert seen_hand_lines >= 3
