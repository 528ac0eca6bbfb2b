"""Placeholder; replaced below."""

from __future__ import annotations

from typing import Any

from game.bots import RandomBot


def make_bot(bot_id: str) -> Any:
    """A bot for a persona id."""
    return RandomBot(name=bot_id, level=bot_id)
