"""Bot seat names: tavern names for levels, the persona's short name for characters."""

from __future__ import annotations

import pytest

from game.wyrt.personas import PERSONAS
from scenes import i18n, style
from scenes.names import BOT_NAMES, bot_label, bot_seat_name


@pytest.fixture(autouse=True)
def _lang():  # type: ignore[no-untyped-def]
    yield
    i18n.set_language("en")


def test_a_level_bot_gets_a_free_tavern_name() -> None:
    assert bot_seat_name("war", "hard", ["Ana"], 1) == BOT_NAMES[0]
    assert bot_seat_name("war", "hard", ["Ana", BOT_NAMES[0]], 2) == BOT_NAMES[1]


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_every_wyrt_persona_sits_under_a_short_name(lang: str) -> None:
    """[T10] personas are named after what they are, but a plate and a log line have
    no room for "Jogador nobre carteador invicto": the seat takes the short name."""
    import pygame

    pygame.init()
    i18n.set_language(lang)
    for pid in PERSONAS:
        short = bot_seat_name("wyrt", pid, [], 0)
        assert short and len(short) <= len(bot_label("wyrt", pid)), pid
        assert style.font(12, "bold").size(short)[0] <= 160, (pid, short)
    assert bot_seat_name("wyrt", "nobre_invicto", [], 0) in ("Nobre invicto", "Undefeated noble")


def test_a_second_bot_of_one_persona_gets_a_tavern_name_t10() -> None:
    """Two "Casual patron" seats (the second once read "Casual patron 2") could
    not be told apart: the second takes a free tavern name."""
    first = bot_seat_name("wyrt", "cliente_casual", ["Ana"], 1)
    assert first == "Casual patron"
    second = bot_seat_name("wyrt", "cliente_casual", ["Ana", first], 2)
    assert second == BOT_NAMES[0]
    third = bot_seat_name("wyrt", "cliente_casual", ["Ana", first, second], 3)
    assert third == BOT_NAMES[1]
