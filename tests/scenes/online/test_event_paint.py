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
