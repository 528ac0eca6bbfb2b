"""Chama bots (placeholder while the engine is tested)."""

from __future__ import annotations

from game.bots import Bot, RandomBot


def make_bot(bot_id: str) -> Bot:
    """A bot of level `bot_id`."""
    return RandomBot(bot_id, bot_id)
