"""A line chart in the Taverna style: each player's chips (or life points) over
the hands of a session, on parchment, with the seat colours and emblems.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from scenes import style
from scenes.widgets.emblems import draw_emblem

Color = tuple[int, int, int]


@dataclass(frozen=True)
class Series:
    """One line: a name, its colour and emblem, and a value per step."""

    name: str
    colour: Color
    emblem: str
    values: tuple[int, ...]


def nice_axis(lo: int, hi: int, most: int = 5) -> tuple[int, int, int]:
    """The axis from `lo` to `hi` widened to round ends, and its step (1, 2 or 5
    times a power of ten) so that at most `most` steps cover it: T$ 0/100/200,
    not T$ 78/155/232."""
    power = 1
    while True:
        for mult in (1, 2, 5):
            step = mult * power
            low, high = lo // step * step, -(-hi // step) * step
            if (high - low) // step <= most:
                return low, max(high, low + step), step
        power *= 10


def draw_line_chart(
    surface: pygame.Surface,
    rect: pygame.Rect,
    series: list[Series],
    title: str = "",
    x_caption: str = "",
    y_label: Callable[[int], str] = str,
) -> None:
    """Paint the chart in `rect`: axes, gridlines, one line per series and a legend."""
    surface.blit(style.parchment(rect.size), rect.topleft)
    top = rect.top + 12
    if title:
        style.blit_text(
            surface,
            title,
            20,
            (rect.centerx, top),
            style.INK,
            kind="serif",
            anchor="midtop",
            max_width=rect.width - 20,
        )
        top += 30
    legend_w = min(170, rect.width // 4)
    plot = pygame.Rect(
        rect.left + 58, top + 6, rect.width - 58 - legend_w - 20, rect.bottom - top - 44
    )
    if plot.width < 20 or plot.height < 20 or not series:
        return
    n = max(len(s.values) for s in series)
    hi = max((max(s.values) for s in series if s.values), default=1)
    lo = min((min(s.values) for s in series if s.values), default=0)
    # a close session still shows its swings: the axis starts near the lowest value
    lo = max(0, int(lo - (hi - lo) * 0.15)) if hi - lo < hi * 0.5 else 0
    lo, hi, step = nice_axis(lo, max(lo + 1, hi))
    rows = round((hi - lo) / step)
    # gridlines and the value axis, at round values
    for k in range(rows + 1):
        v = lo + step * k
        y = plot.bottom - plot.height * k / rows
        pygame.draw.line(surface, style.PARCHMENT_DARK, (plot.left, y), (plot.right, y), 1)
        style.blit_text(
            surface,
            y_label(round(v)),
            12,
            (plot.left - 6, round(y)),
            style.INK_SOFT,
            anchor="midright",
        )
    pygame.draw.line(surface, style.INK_SOFT, plot.bottomleft, plot.bottomright, 2)
    pygame.draw.line(surface, style.INK_SOFT, plot.bottomleft, plot.topleft, 2)
    # hand numbers under the axis
    ticks = min(n, 8)
    for k in range(ticks):
        i = 0 if ticks == 1 else round(k * (n - 1) / (ticks - 1))
        x = plot.left + (plot.width * i / max(1, n - 1))
        style.blit_text(
            surface, str(i), 12, (round(x), plot.bottom + 4), style.INK_SOFT, anchor="midtop"
        )
    if x_caption:
        style.blit_text(
            surface, x_caption, 13, (plot.centerx, plot.bottom + 20), style.INK, anchor="midtop"
        )

    def point(i: int, v: int) -> tuple[int, int]:
        return (
            round(plot.left + plot.width * i / max(1, n - 1)),
            round(plot.bottom - plot.height * (v - lo) / (hi - lo)),
        )

    for s in series:
        pts = [point(i, v) for i, v in enumerate(s.values)]
        if len(pts) >= 2:
            pygame.draw.lines(surface, style.BLACK, False, [(x + 1, y + 1) for x, y in pts], 4)
            pygame.draw.lines(surface, s.colour, False, pts, 3)
        if pts:
            draw_emblem(surface, s.emblem, pts[-1], 7, s.colour)
    # legend
    lx, ly = plot.right + 20, plot.top
    for s in series:
        draw_emblem(surface, s.emblem, (lx + 8, ly + 9), 7, s.colour)
        last = s.values[-1] if s.values else 0
        style.blit_text(
            surface, s.name, 14, (lx + 22, ly), style.INK, kind="bold", max_width=legend_w - 24
        )
        style.blit_text(surface, y_label(last), 12, (lx + 22, ly + 17), style.INK_SOFT)
        ly += 38
