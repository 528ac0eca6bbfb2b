"""How the hub looks: a table's two lines, an entrant's line, the bots' progress bar.

Pure painting from the organizer's records; the hub decides what is shown.
"""

from __future__ import annotations

import pygame

from game.tournament import Entrant, Tournament
from game.tournament.model import Table
from scenes import style
from scenes.i18n import tr
from scenes.tournament.common import entrant_kind, result_words, source_label

#: Where the names start in a table row (after "Table 12").
NAMES_X = 92


def humans_at(t: Tournament, table: Table) -> list[str]:
    """Names of the humans seated at a table."""
    return [t.entrant(n).name for n in table.seats if not t.entrant(n).is_bot]


def draw_progress(surface: pygame.Surface, r: pygame.Rect, done: int, total: int) -> None:
    """A gold bar on dark wood with "Match 3 of 12" over it."""
    frac = min(1.0, done / max(1, total))
    pygame.draw.rect(surface, style.WOOD_DARK, r, border_radius=8)
    fill = pygame.Rect(r.left + 2, r.top + 2, int((r.width - 4) * frac), r.height - 4)
    if fill.width > 0:
        pygame.draw.rect(surface, style.GOLD, fill, border_radius=7)
    pygame.draw.rect(surface, style.GOLD_DARK, r, width=2, border_radius=8)
    text = tr("tournament.labels.progress", done=done, total=total)
    style.blit_text(
        surface, text, 15, r.center, style.CREAM, kind="bold", anchor="center", shadow=style.BLACK
    )


def paint_entrant(surface: pygame.Surface, t: Tournament, e: Entrant, rect: pygame.Rect) -> None:
    """One registered entrant (before round 1): number, name, human or bot."""
    y = rect.centery
    style.blit_text(
        surface, f"{e.number}.", 17, (rect.left + 12, y), style.INK_SOFT, anchor="midleft"
    )
    style.blit_text(
        surface,
        e.name,
        18,
        (rect.left + 60, y),
        style.INK,
        kind="bold",
        anchor="midleft",
        max_width=rect.width // 2,
    )
    style.blit_text(
        surface,
        entrant_kind(t.game, e.bot),
        16,
        (rect.right - 12, y),
        style.INK_SOFT,
        anchor="midright",
    )


def waiting_text(t: Tournament, table: Table, kept: bool) -> str:
    """Who a pending table waits for: the bots, one human, a hot-seat pair, a match under way."""
    humans = humans_at(t, table)
    if not humans:
        text = tr("tournament.hub.waiting_bots")
    elif kept:
        text = tr("tournament.hub.in_progress_match", names=", ".join(humans))
    elif len(humans) > 1:
        text = tr("tournament.labels.hot_seat", names=", ".join(humans))
    else:
        text = tr("tournament.hub.waiting_humans", names=", ".join(humans))
    if table.attempt:
        text += " · " + tr("tournament.hub.attempt", n=table.attempt + 1)
    return text


def paint_table(
    surface: pygame.Surface, t: Tournament, table: Table, rect: pygame.Rect, *, kept: bool
) -> None:
    """A table in two lines: the names (winners bold red), then the result or the wait."""
    label = tr("tournament.labels.table", number=table.number)
    style.blit_text(
        surface,
        label,
        16,
        (rect.left + 12, rect.top + 8),
        style.INK_SOFT,
        kind="bold",
        max_width=NAMES_X - 14,
    )
    x = rect.left + NAMES_X
    top = rect.top + 6
    winners = set(table.result.winners) if table.result and not table.result.is_draw else set()
    sep = f"  {tr('tournament.labels.vs')}  " if len(table.seats) == 2 else "  ·  "
    names = name_widths(t, table, winners, sep, rect.right - 12 - x)
    for j, (n, width) in enumerate(names):
        if j:
            x = style.blit_text(surface, sep, 17, (x, top), style.INK_SOFT).right
        e = t.entrant(n)
        colour = style.RED if n in winners else (style.INK_SOFT if e.dropped else style.INK)
        kind = "bold" if n in winners else "sans"
        x = style.blit_text(
            surface, short_name(e.name, width, kind), 17, (x, top), colour, kind=kind
        ).right
    if table.is_bye:
        style.blit_text(
            surface, "  —  " + tr("tournament.labels.bye"), 17, (x, top), style.INK_SOFT
        )
    if table.result is not None:
        if table.is_bye:
            text = source_label(table.result.source)
        else:
            text = result_words(t, table, table.result)
            if table.result.source != "played":
                text += " · " + source_label(table.result.source)
        colour = style.INK_SOFT
    else:
        text = waiting_text(t, table, kept)
        colour = style.GOLD_INK if humans_at(t, table) else style.INK_SOFT
    # never below 12 px: past that the line is cut with "…", not shrunk unreadable
    line, size = style.fit_text(text, 14, rect.width - NAMES_X - 12, min_size=12)
    style.blit_text(
        surface,
        line,
        size,
        (rect.left + NAMES_X, rect.top + 32),
        colour,
    )


def short_name(name: str, width: int, kind: str) -> str:
    """`name` cut with "…" to `width` at 17 px, keeping a closing number
    ("Brilliant back… 7"): entrants named after the same bot differ only there."""
    head, _, tail = name.rpartition(" ")
    if not tail.isdigit() or not head or style.text_width(name, 17, kind) <= width:
        return style.ellipsize(name, 17, width, kind)
    room = width - style.text_width(" " + tail, 17, kind)
    return style.ellipsize(head + "…", 17, room, kind).rstrip("…") + "… " + tail


def name_widths(
    t: Tournament, table: Table, winners: set[int], sep: str, room: int
) -> list[tuple[int, int]]:
    """(entrant, width) for each seat's name: as wide as it is when the line fits;
    else the room left by the separators is shared, short names keeping their
    width and giving the rest to the long ones, which are cut with "…"."""
    seats = list(table.seats)
    if not seats:
        return []
    seps = style.font(17).size(sep)[0] * (len(seats) - 1)

    def natural(n: int) -> int:
        bold = n in winners
        return style.font(17, "bold" if bold else "sans").size(t.entrant(n).name)[0]

    wants = {n: natural(n) for n in seats}
    left = max(0, room - seps)
    if sum(wants.values()) <= left:
        return [(n, wants[n]) for n in seats]
    share: dict[int, int] = {}
    pending = sorted(seats, key=lambda n: wants[n])
    while pending:
        fair = left // len(pending)
        n = pending[0]
        if wants[n] <= fair:
            share[n] = wants[n]
            left -= wants[n]
            pending.pop(0)
        else:
            for m in pending:
                share[m] = max(24, fair)
            break
    return [(n, share[n]) for n in seats]
