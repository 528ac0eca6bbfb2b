"""Fixtures of the organizer's tests: fake games registered for one test."""

from __future__ import annotations

import pytest

from game.registry import GAMES, GameInfo
from tests.game.tournament.fakes import ALL, FAKE_CHAMA


@pytest.fixture
def fake_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the fake games for one test."""
    for info in ALL:
        monkeypatch.setitem(GAMES._loaded, info.name, info)


@pytest.fixture
def fake_chama(monkeypatch: pytest.MonkeyPatch) -> GameInfo:
    """A fake "chama" for one test (the real engine is not needed)."""
    monkeypatch.setitem(GAMES._loaded, "chama", FAKE_CHAMA)
    return FAKE_CHAMA
