"""An online event's standings cells in the player's words (a bot's level was
shown as its id, "easy", in the Portuguese standings)."""

from __future__ import annotations

from typing import Any

from scenes.i18n import tr
from scenes.online.event_paint import cell


def test_a_bot_entrants_level_is_said_in_words_and_people_show_none(app: Any) -> None:
    assert cell({"bot": "easy"}, "bot", "chama") == tr("chama.bots.easy") != "easy"
    assert cell({"bot": None}, "bot", "chama") == ""
    assert cell({"points": 6}, "points") == "6" and cell({"dropped": True}, "dropped") == "✓"


def _bracket_texts(monkeypatch: Any, winner: int | None) -> list[str]:
    import pygame

    from game.net.lobby_events import parse_event_view
    from scenes import style
    from scenes.online import event_paint

    raw = {
        "event": "AB", "name": "Liga", "game": "chama", "format": "swiss", "status": "running",
        "seats": 4, "entrants": 4,
        "entrants_list": [{"number": i, "name": n} for i, n in enumerate(["Caio", "Ana"], 1)],
        "bracket": [{"label": "final", "matches": [{"top": 1, "bottom": 2, "winner": winner}]}],
    }  # fmt: skip
    view = parse_event_view(raw)
    assert view is not None
    said: list[str] = []
    real = style.blit_text

    def spy(surface: Any, text: str, *args: Any, **kw: Any) -> Any:
        said.append(text)
        return real(surface, text, *args, **kw)

    monkeypatch.setattr(style, "blit_text", spy)
    event_paint.draw_bracket(pygame.Surface((1000, 500)), pygame.Rect(0, 0, 1000, 500), view)
    return said


def test_the_bracket_names_the_champion_once_the_final_is_won(app: Any, monkeypatch: Any) -> None:
    won = _bracket_texts(monkeypatch, 1)
    assert tr("tournament.bracket_view.champion") in won and won[-1] == "Caio"
    open_ = _bracket_texts(monkeypatch, None)
    assert open_[-1] == tr("tournament.bracket.to_be_decided")
