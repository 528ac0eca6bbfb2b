"""Wyr's own plaques on the felt: the round indicator with the variant badges,
the groups' totals, the Hora da Verdade score board and the practice panel.

The felt itself (cloth, plates, fans, chips, tray, banner) comes from
`scenes.tables.felt`; these are only the parts no other table has.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import pygame

from scenes import style
from scenes.i18n import tr
from scenes.tables.wyr.model import BoardRow, ScoreBoard
from scenes.tables.wyr.words import combo, money
from scenes.text_scale import scaled
from scenes.widgets.emblems import draw_emblem

Color = tuple[int, int, int]


@lru_cache(maxsize=256)
def _wrap(text: str, size: int, width: int, kind: str) -> tuple[str, ...]:
    return tuple(style.wrap_text(text, size, width, kind))


Look = Callable[[int], tuple[Color, str]]

#: badge colours per variant (a second cue besides the word)
VARIANT_COLOURS: dict[str, Color] = {
    "hyninn": (120, 60, 150),
    "nimb": (40, 110, 140),
    "azgher": (190, 130, 30),
    "thyatis": (170, 60, 40),
    "tenebra": (40, 36, 60),
}


def pill(
    surface: pygame.Surface, text: str, topleft: tuple[int, int], body: Color, size: int = 13
) -> pygame.Rect:
    """A small rounded badge with text; returns its rectangle."""
    label = style.render_text(text, size, style.CREAM, kind="bold")
    box = label.get_rect(topleft=topleft).inflate(14, 6)
    box.topleft = topleft
    pygame.draw.rect(surface, body, box, border_radius=box.height // 2)
    pygame.draw.rect(surface, style.GOLD_DARK, box, 1, border_radius=box.height // 2)
    surface.blit(label, label.get_rect(center=box.center))
    return box


def plaque_height(lines: list[tuple[str, int, Color, str]], width: int) -> int:
    """The height `plaque` paints `lines` at, `width` pixels wide."""
    return 12 + sum(
        scaled(size) + 4
        for text, size, _, kind in lines
        for _ in _wrap(text, size, width - 20, kind)
    )


def plaque(
    surface: pygame.Surface,
    topleft: tuple[int, int],
    lines: list[tuple[str, int, Color, str]],
    width: int,
) -> pygame.Rect:
    """A small parchment plaque of text lines (text, size, colour, kind)."""
    wrapped = [
        (part, size, colour, kind)
        for text, size, colour, kind in lines
        for part in _wrap(text, size, width - 20, kind)
    ]
    rect = pygame.Rect(topleft, (width, plaque_height(lines, width)))
    surface.blit(style.shadow(rect.size, 8, 110), (rect.left - 6, rect.top - 2))
    surface.blit(style.parchment(rect.size), rect.topleft)
    y = rect.top + 7
    for text, size, colour, kind in wrapped:
        style.blit_text(
            surface, text, size, (rect.left + 10, y), colour, kind=kind, max_width=width - 20
        )
        y += scaled(size) + 4
    return rect


def variant_badges(
    surface: pygame.Surface | None,
    variants: list[str],
    topleft: tuple[int, int],
    max_width: int,
    jokers: int = 0,
    short: bool = False,
) -> int:
    """The active variants as badges, wrapped to `max_width`; returns the bottom y
    (with no `surface`, only measures). `short`: the variant's name alone ("Nimb",
    "Hyninn 4"), for a corner with little room."""
    x, y = topleft
    bottom = y
    for v in variants:
        text = tr(f"wyrtable.variant.{v}", count=jokers)
        if short:  # the names are the gods' own, the same in every language
            text = text.split(" · ")[0] + (f" {jokers}" if v == "hyninn" and jokers else "")
        w = style.font(12, "bold").size(text)[0] + 14
        h = style.font(12, "bold").get_height() + 6
        if x + w > topleft[0] + max_width and x > topleft[0]:
            x, y = topleft[0], bottom + 4
        box = pygame.Rect(x, y, w, h)
        if surface is not None:
            box = pill(surface, text, (x, y), VARIANT_COLOURS.get(v, style.GOLD_DARK), 12)
        x = box.right + 5
        bottom = max(bottom, box.bottom)
    return bottom


#: the score board's title and header band, its winner line, its smallest row
BOARD_TOP, BOARD_FOOT, BOARD_LEAST_ROW = 34, 20, 14


def board_least_height(rows: int) -> int:
    """The smallest board that still shows `rows` lords (and the winner line) at
    the least row height."""
    return BOARD_TOP + BOARD_FOOT + BOARD_LEAST_ROW * (max(1, rows) + 1)


def score_board(
    surface: pygame.Surface,
    rect: pygame.Rect,
    board: ScoreBoard,
    name: Callable[[int], str],
    look: Look,
) -> None:
    """The Hora da Verdade board: combination + dice = score, the winner marked."""
    surface.blit(style.shadow(rect.size, 10, 130), (rect.left - 8, rect.top - 3))
    surface.blit(style.parchment(rect.size), rect.topleft)
    title = tr("wyrtable.board.title", round=board.round)
    style.blit_text(
        surface,
        title,
        17,
        (rect.centerx, rect.top + 6),
        style.INK,
        kind="serif",
        anchor="midtop",
        max_width=rect.width - 16,
    )
    n = max(1, len(board.rows))
    foot = BOARD_FOOT if board.winners else 0
    row_h = max(BOARD_LEAST_ROW, min(24, (rect.height - BOARD_TOP - foot) // (n + 1)))
    size = max(11, min(15, row_h - 5))
    head = (
        tr("wyrtable.board.lord"),
        tr("wyrtable.board.combination"),
        tr("wyrtable.board.dice"),
        tr("wyrtable.board.score"),
    )
    cells = [_cells(row, name) for row in board.rows]
    # One size for every cell: the largest at which the columns fit side by side
    # (text width grows with the size, so one measure gives the size to check).
    need = _need([head, *cells], size)[1]
    if need > rect.width - 40:
        size = max(10, int(size * (rect.width - 40) / need))
        while size > 10 and _need([head, *cells], size)[1] > rect.width - 40:
            size -= 1
    cols = _columns(rect, [head, *cells], size)
    y = rect.top + 30
    for (x, w), text in zip(cols, head, strict=True):
        style.blit_text(surface, text, size - 1, (x, y - 1), style.INK_SOFT, max_width=w)
    y += row_h - 2
    for row in board.rows:
        winner = row.seat in board.winners
        if winner:
            hl = pygame.Rect(rect.left + 6, y - 2, rect.width - 12, row_h)
            pygame.draw.rect(surface, style.GOLD_LIGHT, hl, border_radius=5)
        colour, emblem = look(row.seat)
        draw_emblem(surface, emblem, (cols[0][0] - 9, y + row_h // 2 - 2), 6, colour)
        ink = style.RED if winner else style.INK
        kind = "bold" if winner else "sans"
        lord, combination, dice, score = _cells(row, name)
        style.blit_text(surface, lord, size, (cols[0][0], y), ink, kind=kind, max_width=cols[0][1])
        style.blit_text(surface, combination, size, (cols[1][0], y), ink, max_width=cols[1][1])
        style.blit_text(surface, dice, size, (cols[2][0], y), ink, max_width=cols[2][1])
        style.blit_text(
            surface, score, size, (cols[3][0], y), ink, kind="bold", max_width=cols[3][1]
        )
        y += row_h
    if board.winners:
        names = ", ".join(name(s) for s in board.winners)
        text = tr(
            "wyrtable.board.winner",
            names=names,
            pot=money(board.pot),
            reason=tr(f"wyr.reasons.{board.reason}"),
        )
        style.blit_text(
            surface,
            text,
            13,
            (rect.centerx, rect.bottom - 19),
            style.RED,
            kind="bold",
            anchor="midtop",
            max_width=rect.width - 16,
        )


def _cells(row: BoardRow, name: Callable[[int], str]) -> tuple[str, str, str, str]:
    """A board row's four texts: lord, combination (points), dice, score."""
    dice = "–"
    if row.dice is not None:
        dice = "+".join(str(d) for d in row.dice)
        if row.extra is not None:
            dice += "  " + tr("wyrtable.board.reis_note")
        if row.rerolled is not None:
            dice += "  " + tr(
                "wyrtable.board.thyatis_note", old=row.rerolled[0], new=row.rerolled[1]
            )
    score = "…" if row.score is None else str(row.score)
    if row.rolloff is not None:
        score += " · " + tr("wyrtable.board.rolloff", total=sum(row.rolloff))
    return name(row.seat), f"{combo(row.combination)} ({row.points})", dice, score


_GAP = 10


@lru_cache(maxsize=512)
def _bold_width(text: str, size: int) -> int:
    """Width of a text in bold (the widest a cell is drawn); measuring is slow."""
    return int(style.font(size, "bold").size(text)[0])


def _need(rows: list[tuple[str, ...]], size: int) -> tuple[list[int], int]:
    """Each column's widest text (bold, as a winner's row is) plus the gap; and their sum."""
    need = [max(_bold_width(r[i], size) for r in rows) + _GAP for i in range(4)]
    return need, sum(need)


def _columns(rect: pygame.Rect, rows: list[tuple[str, ...]], size: int) -> list[tuple[int, int]]:
    """x and width of the board's four columns: each as wide as its widest text
    when they all fit; else the room is shared in proportion to those widths."""
    inner = rect.width - 40
    gap = 10
    fonts = (style.font(size, "bold"), style.font(size))
    need = [max(max(f.size(r[i])[0] for f in fonts) for r in rows) + gap for i in range(4)]
    total = sum(need)
    if total <= inner:
        spare = (inner - total) // 4
        widths = [n + spare for n in need]
    else:
        widths = [int(inner * n / total) for n in need]
    out, x = [], rect.left + 24
    for w in widths:
        out.append((x, w - _GAP))
        x += w
    return out


def histogram(
    surface: pygame.Surface,
    rect: pygame.Rect,
    dist: list[tuple[int, float]],
    mark: int | None,
) -> None:
    """Bars of a score distribution; scores above `mark` (the best shown) in gold."""
    if not dist or rect.width < 40 or rect.height < 20:
        return
    top = max(p for _, p in dist)
    n = len(dist)
    bw = max(2, rect.width // n)
    for i, (score, p) in enumerate(dist):
        h = int((rect.height - 14) * p / top) if top else 0
        bar = pygame.Rect(rect.left + i * bw, rect.bottom - 14 - h, bw - 1, h)
        colour = style.GOLD if mark is None or score > mark else style.PARCHMENT_DARK
        pygame.draw.rect(surface, colour, bar)
        pygame.draw.rect(surface, style.INK_SOFT, bar, 1)
        if n <= 16 or i % 2 == 0:
            style.blit_text(
                surface,
                str(score),
                10,
                (bar.centerx, rect.bottom - 12),
                style.INK_SOFT,
                anchor="midtop",
            )
