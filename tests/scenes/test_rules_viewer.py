from __future__ import annotations

import pygame

from game import GAMES
from scenes.rules_viewer import TABS, rules_text
from scenes.widgets.richtext import parse_blocks, render_markdown


def test_markdown_blocks() -> None:
    blocks = parse_blocks("# T\n\nA para\nline two\n\n- one\n- [house] two\n## S\n")
    assert blocks == [
        ("h1", "T"),
        ("p", "A para line two"),
        ("li", "one"),
        ("li", "[house] two"),
        ("h2", "S"),
    ]


def test_render_has_height() -> None:
    pygame.display.init()
    pygame.font.init()
    surf = render_markdown(
        "# Title\n\nSome **bold** text.\n\n- [house] our own rule", 400, "House rule"
    )
    assert surf.get_width() == 400 and surf.get_height() > 80


def test_every_ready_game_has_rules_in_both_languages() -> None:
    for name in TABS:
        if (
            name in GAMES
            or name == "tournament"
            and "tournament" in {p.name for p in __import__("pathlib").Path("game").iterdir()}
        ):
            assert rules_text(name, "pt") is not None and rules_text(name, "en") is not None, name
