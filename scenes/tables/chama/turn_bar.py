"""The turn bar: whose turn, the six steps with the current one lit, the mode
and variant badges and, in a timed match, the turn-limit clock ([C16])."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from scenes import style
from scenes.i18n import tr
from scenes.tables.chama.look import draw_clock, draw_pineapple

STEPS = (1, 2, 3, 4, 5, 6)


@dataclass
class Badge:
    """A small label on the bar: a mode, a variant, a counter."""

    text: str
    colour: tuple[int, int, int] = style.PARCHMENT
    icon: str = ""  # "pineapple" or "clock"
    fraction: float = 0.0
    tip: str = ""


@dataclass
class TurnBarState:
    """What the bar shows."""

    name: str
    colour: tuple[int, int, int]
    step: int
    badges: list[Badge] = field(default_factory=list)


def draw_turn_bar(
    surface: pygame.Surface, rect: pygame.Rect, state: TurnBarState
) -> list[tuple[pygame.Rect, Badge]]:
    """Paint the bar; returns the badge rects (for tooltips)."""
    bar = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(bar, (20, 12, 8, 170), bar.get_rect(), border_radius=8)
    surface.blit(bar, rect.topleft)
    x = rect.left + 10
    pygame.draw.circle(surface, state.colour, (x + 6, rect.centery), 6)
    pygame.draw.circle(surface, style.BLACK, (x + 6, rect.centery), 6, 1)
    fitted, size = style.fit_text(state.name, 15, 150, "bold", min_size=12)
    name = style.render_text(fitted, size, style.CREAM, "bold", style.BLACK)
    surface.blit(name, name.get_rect(midleft=(x + 18, rect.centery)))
    x += 24 + name.get_width() + 8
    # badges from the right end, so the steps keep the middle
    right = rect.right - 8
    placed: list[tuple[pygame.Rect, Badge]] = []
    for badge in reversed(state.badges):
        label = style.render_text(badge.text, 13, style.INK, "bold")
        extra = 20 if badge.icon else 0
        bw = label.get_width() + 14 + extra
        if right - bw < x + 6 * 40:
            break
        br = pygame.Rect(right - bw, rect.top + 4, bw, rect.height - 8)
        pygame.draw.rect(surface, badge.colour, br, border_radius=7)
        pygame.draw.rect(surface, style.GOLD_DARK, br, width=1, border_radius=7)
        if badge.icon == "pineapple":
            draw_pineapple(surface, (br.left + 12, br.centery), 7)
        elif badge.icon == "clock":
            draw_clock(surface, (br.left + 12, br.centery), 8, badge.fraction)
        surface.blit(label, label.get_rect(midleft=(br.left + 7 + extra, br.centery)))
        placed.append((br, badge))
        right = br.left - 6
    room = right - x - 4
    # the current step is twice as wide, so its name always shows
    unit = max(30, min(104, (room - 5 * 4) // 7))
    wide = state.step in STEPS and unit < 70
    for step in STEPS:
        current = step == state.step
        pw = unit * 2 if (current and wide) else unit
        pr = pygame.Rect(x, rect.top + 4, pw, rect.height - 8)
        x += pw + 4
        done = step < state.step
        fill = style.GOLD if current else ((70, 58, 40) if done else (44, 34, 26))
        pygame.draw.rect(surface, fill, pr, border_radius=7)
        edge = style.GOLD_LIGHT if current else style.GOLD_DARK
        pygame.draw.rect(surface, edge, pr, width=1, border_radius=7)
        named = pw >= 60
        text = f"{step} {tr(f'chamatable.steps_short.{step}')}" if named else str(step)
        label = style.render_text(
            text,
            13,
            style.INK if current else style.CREAM,
            "bold" if current else "sans",
            max_width=pw - 8,
        )
        surface.blit(label, label.get_rect(center=pr.center))
    return placed
