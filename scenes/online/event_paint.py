"""Drawing the sections of an online event's screen (issue 47): the entrants,
the current round's tables, the standings with their tie-breaks, and the top
cut's bracket, from an `EventView` (`game.net.lobby_events`)."""

from __future__ import annotations

from typing import Any

import pygame

from game.net.lobby_events import EventView, TableView
from scenes import style
from scenes.i18n import has, tr
from scenes.names import bot_label
from scenes.tournament.common import entrant_kind

ROW_H = 34
#: standings columns a narrow window leaves out first (tie-breaks stay)
OPTIONAL = ("number", "bot", "timed_wins", "timed_losses", "byes", "prelim_rank", "reached_round")


def entrant_words(view: EventView, number: int, name: str, bot: str) -> str:
    """An entrant's line: number, name, a bot's level, "(you)"."""
    text = f"{number}. {name}"
    if bot:
        text += f"  ·  {bot_label(view.head.game, bot)}"
    if view.me == number:
        text += "  " + tr("online_event.you")
    return text


def table_words(view: EventView, table: TableView, replay_note: bool = True) -> str:
    """A table of a round in one line: who sits, and its result when in (and
    that its replay is kept, where no button says so)."""
    names = [name for _, name in table.seats]
    if table.bye:
        return (
            tr("online_event.table_n", n=table.table)
            + f": {names[0] if names else '?'} — "
            + tr("online_event.bye")
        )
    text = tr("online_event.table_n", n=table.table) + ": " + tr("online_event.vs").join(names)
    if table.done:
        order = " > ".join(" = ".join(view.name_of(n) for n in group) for group in table.order)
        source_key = f"tournament.sources.{table.source}"
        source = tr(source_key) if has(source_key) else ""
        text += f"  —  {order}" + (f" ({source})" if source else "")
    else:
        text += "  —  " + tr("online_event.result_pending")
    if table.replays and replay_note:
        text += "  ·  " + tr("online_event.replay")
    return text


def my_table_words(view: EventView) -> str:
    """Where we sit this round, in words ("" when not an entrant)."""
    mine = view.my_table()
    if mine is None:
        return ""
    if mine.bye:
        return tr("online_event.my_bye")
    if mine.done:
        return tr("online_event.my_done")
    others = ", ".join(name for n, name in mine.seats if n != view.me)
    return tr("online_event.my_table", n=mine.table, others=others)


def cell(row: dict[str, Any], col: str, game: str = "") -> str:
    """A standings cell as text (a bot's level in the player's words)."""
    value = row.get(col)
    if col == "bot":
        return entrant_kind(game, value) if isinstance(value, str) and value else ""
    if value is None or value is False:
        return ""
    if value is True:
        return "✓"
    if col == "reached" and isinstance(value, str):
        key = f"tournament.reached.{value}"
        return tr(key) if has(key) else value
    if isinstance(value, float):
        return f"{value:.1f}"
    return str(value)


def header(col: str) -> str:
    """A standings column's short heading."""
    key = f"tournament.columns_short.{col}"
    return tr(key) if has(key) else col


def draw_lines(surface: pygame.Surface, area: pygame.Rect, lines: list[tuple[str, bool]]) -> None:
    """Rows of text in bands (bold ones for our own lines)."""
    for i, (text, bold) in enumerate(lines[: max(1, area.height // ROW_H)]):
        y = area.top + i * ROW_H
        if i % 2 == 0:
            band = pygame.Surface((area.width, ROW_H - 2), pygame.SRCALPHA)
            band.fill((90, 60, 30, 22))
            surface.blit(band, (area.left, y))
        kind = "bold" if bold else "sans"
        style.blit_text(
            surface,
            style.ellipsize(text, 16, area.width - 16, kind),
            16,
            (area.left + 8, y + 7),
            style.INK,
            kind=kind,
        )


def draw_empty(surface: pygame.Surface, area: pygame.Rect, key: str) -> None:
    """A section with nothing in it yet says so."""
    style.blit_text(
        surface,
        tr(key),
        17,
        (area.left + 8, area.top + 12),
        style.INK_SOFT,
        max_width=area.width - 16,
    )


def draw_standings(surface: pygame.Surface, area: pygame.Rect, view: EventView) -> None:
    """The standings table with its tie-break columns (the final one once over)."""
    rows = list(view.final or view.standings)
    if not rows:
        draw_empty(surface, area, "online_event.no_standings")
        return
    cols = [c for c in view.columns if c != "dropped"] or ["place", "name", "points"]
    widths = {c: max(style.text_width(header(c), 14, "bold"), 36) + 16 for c in cols if c != "name"}
    name_w = max(160, area.width - sum(widths.values()))
    for col in OPTIONAL:  # the narrow window keeps the tie-breaks, not the extras
        if name_w >= 200 or col not in widths:
            continue
        name_w += widths.pop(col)
        cols.remove(col)
    x = area.left + 8
    lay = []
    for col in cols:
        w = name_w if col == "name" else widths[col]
        lay.append((col, x, w))
        x += w
    for col, x, _w in lay:
        style.blit_text(surface, header(col), 14, (x, area.top), style.INK_SOFT, kind="bold")
    body = pygame.Rect(area.left, area.top + 24, area.width, area.height - 24)
    me_name = view.name_of(view.me) if view.me is not None else None
    for i, row in enumerate(rows[: max(1, body.height // ROW_H)]):
        y = body.top + i * ROW_H
        if i % 2 == 0:
            band = pygame.Surface((body.width, ROW_H - 2), pygame.SRCALPHA)
            band.fill((90, 60, 30, 22))
            surface.blit(band, (body.left, y))
        kind = "bold" if row.get("name") == me_name else "sans"
        for col, x, w in lay:
            text = style.ellipsize(cell(row, col, view.head.game), 15, w - 8, kind)
            style.blit_text(surface, text, 15, (x, y + 8), style.INK, kind=kind)


def draw_bracket(surface: pygame.Surface, area: pygame.Rect, view: EventView) -> None:
    """The top cut's bracket: a column per knockout round, boxes joined by lines."""
    if not view.bracket:
        draw_empty(surface, area, "online_event.no_bracket")
        return
    cols = len(view.bracket)
    col_w = min(260, (area.width - 16) // (cols + 1))  # a column more: the champion
    box_h = 56
    first = max(1, len(view.bracket[0].matches))
    slot_h = max(box_h + 8, (area.height - 30) // first)
    centers: list[list[int]] = []
    for k, column in enumerate(view.bracket):
        x = area.left + 8 + k * col_w
        label_key = f"tournament.bracket.{column.label}"
        size = 2 * len(column.matches)
        label = tr(label_key, size=size) if has(label_key) else column.label
        style.blit_text(
            surface,
            style.ellipsize(label, 15, col_w - 24, "bold"),
            15,
            (x, area.top),
            style.INK_SOFT,
            kind="bold",
        )
        mine: list[int] = []
        for j, box in enumerate(column.matches):
            if k == 0:
                cy = area.top + 30 + j * slot_h + slot_h // 2
            else:
                prev = centers[k - 1]
                cy = (
                    (prev[2 * j] + prev[min(2 * j + 1, len(prev) - 1)]) // 2
                    if prev
                    else area.centery
                )
            mine.append(cy)
            rect = pygame.Rect(x, cy - box_h // 2, col_w - 24, box_h)
            if k > 0 and centers[k - 1]:  # lines from the two matches that feed this one
                for src in centers[k - 1][2 * j : 2 * j + 2]:
                    pygame.draw.line(surface, style.GOLD_DARK, (x - 24, src), (x - 12, src), 2)
                    pygame.draw.line(surface, style.GOLD_DARK, (x - 12, src), (x - 12, cy), 2)
                pygame.draw.line(surface, style.GOLD_DARK, (x - 12, cy), (x, cy), 2)
            pygame.draw.rect(surface, (250, 240, 215), rect, border_radius=6)
            pygame.draw.rect(surface, style.GOLD_DARK, rect, 2, border_radius=6)
            for n, who in enumerate((box.top, box.bottom)):
                text = who or tr("online_event.tbd")
                won = bool(box.winner) and who == box.winner
                kind = "bold" if won else "sans"
                color = style.INK if who else style.INK_SOFT
                style.blit_text(
                    surface,
                    style.ellipsize(("» " if won else "") + text, 14, rect.width - 12, kind),
                    14,
                    (rect.left + 6, rect.top + 6 + n * 24),
                    color,
                    kind=kind,
                )
        centers.append(mine)
    _draw_champion(surface, area, view, area.left + 8 + cols * col_w, centers[-1], col_w - 24)


def _draw_champion(
    surface: pygame.Surface,
    area: pygame.Rect,
    view: EventView,
    x: int,
    centers: list[int],
    width: int,
) -> None:
    """The champion beside the final, as the local bracket shows it ("to be
    decided" until the final is played)."""
    final = view.bracket[-1].matches
    if len(final) != 1 or not centers:
        return
    winner = final[0].winner
    rect = pygame.Rect(x, centers[0] - 28, width, 56)
    pygame.draw.line(surface, style.GOLD_DARK, (x - 24, centers[0]), (x, centers[0]), 2)
    style.blit_text(
        surface,
        tr("tournament.bracket_view.champion"),
        15,
        (rect.left, rect.top - 24),
        style.INK_SOFT,
        kind="bold",
    )
    pygame.draw.rect(surface, style.WOOD_DARK, rect, border_radius=8)
    style.gold_frame(surface, rect, 2, 8)
    name = winner or tr("tournament.bracket.to_be_decided")
    style.blit_text(
        surface,
        style.ellipsize(name, 18, rect.width - 16, "serif"),
        18,
        rect.center,
        style.GOLD_LIGHT if winner else style.PARCHMENT_DARK,
        kind="serif",
        anchor="center",
    )
