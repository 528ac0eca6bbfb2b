"""The dice tray: a wooden box on the cloth where rolls tumble and stay readable.

Each `throw` adds a row (caption, dice, note); a roll that does not count (a
reroll) is struck through and stays visible so players can follow it. The
tray shows as many recent rows as fit. Dice are `scenes.widgets.dice` sprites.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from scenes import style
from scenes.widgets.dice import DiceTumble
from scenes.widgets.suits import blit_suit

Color = tuple[int, int, int]


@dataclass
class TrayRow:
    """One throw in the tray."""

    caption: str
    dice: DiceTumble
    note: str = ""
    struck: bool = False
    #: a suit to draw after the note ("S", "H", "D", "C"): fonts lack the suit glyphs
    suit: str = ""
    note_colour: Color = field(default=style.GOLD_LIGHT)
    #: what the note says when the tray is too narrow for it ("→ 11" for "score 11")
    short_note: str = ""


class DiceTray:
    """A wooden dice tray with rows of throws."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 200, 120)
        self.rows: list[TrayRow] = []
        self.title = ""
        #: draw nothing while no throw is in the tray (tables short of room)
        self.hide_when_empty = False

    def set_rect(self, rect: pygame.Rect) -> None:
        """Move/resize (the dice of existing rows are re-placed)."""
        self.rect = pygame.Rect(rect)
        for i, row in enumerate(self.rows):
            self._place(i, row)

    @property
    def die_size(self) -> int:
        """Die size that fits three rows in the tray, and across it two dice beside
        a short name and a note."""
        across = int((self.rect.width - 84) / 2.4)
        return max(14, min(34, (self.rect.height - 16) // 3 - 6, across))

    def _row_y(self, index: int) -> int:
        shown = self._shown_range()
        k = index - shown.start
        return self.rect.top + 8 + k * (self.die_size + 6)

    def _shown_range(self) -> range:
        fit = max(1, (self.rect.height - 16) // (self.die_size + 6))
        return range(max(0, len(self.rows) - fit), len(self.rows))

    @property
    def text_size(self) -> int:
        """Size of the captions and notes."""
        return max(10, self.die_size * 2 // 5)

    @property
    def dice_left(self) -> int:
        """Where the dice start: a third in, or further when a caption needs it
        (a narrow tray cut "Lorde 4" under its dice) while the dice and a short
        note still fit."""
        r = self.rect
        f = style.font(self.text_size)
        widest = max((f.size(row.caption)[0] for row in self.rows), default=0)
        n = max((len(row.dice.dice) for row in self.rows), default=2)
        dice = round(self.die_size * (1.2 * n - 0.2))
        note = self._short_width() + 14
        fit = r.width - dice - note
        offset = max(int(r.width * 0.34), min(10 + widest + 6, fit))
        # a short note always fits when the tray can hold one at all
        return r.left + (min(offset, fit) if fit > 10 else offset)

    def _short_width(self) -> int:
        """Room the notes need at the least: "= 18", or a row's short note."""
        size = self.text_size
        return max(
            [style.text_width("= 18", size, "bold")]
            + [style.text_width(r.short_note, size, "bold") for r in self.rows if r.short_note]
        )

    def content_width(self) -> int:
        """Width that shows every row whole at the current die size: caption,
        dice, and the widest note (a table widens the tray to it when it can)."""
        size = self.text_size
        caption = max((style.text_width(r.caption, size) for r in self.rows), default=0)
        note = max(
            [style.text_width("= 18", size, "bold")]
            + [
                style.text_width(r.note, size, "bold") + (2 * size if r.suit else 0)
                for r in self.rows
            ]
        )
        n = max((len(row.dice.dice) for row in self.rows), default=2)
        dice = round(self.die_size * (1.2 * n - 0.2))
        return 10 + caption + 6 + dice + 8 + note + 8

    def least_width(self) -> int:
        """Width below which a row cannot read whole even at the smallest dice
        (14 px, captions at 10 px): the caption (a long one may still be cut
        past 48 px), the dice and the short note."""
        caption = max((style.text_width(r.caption, 10) for r in self.rows), default=0)
        n = max((len(row.dice.dice) for row in self.rows), default=2)
        dice = round(14 * (1.2 * n - 0.2))
        return 10 + min(caption, 48) + 6 + dice + 8 + self._short_width() + 8

    def _place(self, index: int, row: TrayRow) -> None:
        size = self.die_size
        x = self.dice_left
        y = self._row_y(index)
        for j, d in enumerate(row.dice.dice):
            d.size = size
            d.x, d.y = x + j * size * 1.2, y

    def throw(
        self,
        values: list[int] | tuple[int, ...],
        caption: str = "",
        look: str = "ivory",
        duration: float = 0.7,
        seed: int = 0,
    ) -> TrayRow:
        """Tumble `values` in a new row (duration already scaled by the caller; 0 = at once)."""
        row = TrayRow(
            caption, DiceTumble(list(values), self.die_size, (0, 0), look, seed=seed, bounce=0.4)
        )
        self.rows.append(row)
        for i, r in enumerate(self.rows):
            self._place(i, r)
        row.dice.roll(duration)
        return row

    def strike(self, row: TrayRow, note: str = "") -> None:
        """Mark a throw as not counting (e.g. a reroll), with an optional note."""
        row.struck = True
        row.note = note or row.note
        row.note_colour = (220, 150, 130)
        for d in row.dice.dice:
            d.dim = True

    def clear(self) -> None:
        """Empty the tray."""
        self.rows = []

    @property
    def settled(self) -> bool:
        """True when every die has landed."""
        return all(r.dice.settled for r in self.rows)

    def update(self, dt: float) -> None:
        """Advance the tumbles."""
        for r in self.rows:
            if not r.dice.settled:
                r.dice.update(dt)

    def finish(self) -> None:
        """Land every die at once."""
        for r in self.rows:
            for d in r.dice.dice:
                d.roll(0)

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the tray and its visible rows."""
        r = self.rect
        if self.hide_when_empty and not self.rows:
            return
        pygame.draw.rect(surface, (58, 34, 20), r, border_radius=10)
        pygame.draw.rect(surface, (30, 18, 10), r.inflate(-8, -8), border_radius=8)
        pygame.draw.rect(surface, style.GOLD_DARK, r, 2, border_radius=10)
        if self.title and not self.rows:
            style.blit_text(
                surface,
                self.title,
                max(11, r.height // 8),
                r.center,
                (170, 150, 120),
                anchor="center",
                max_width=r.width - 16,
            )
        size = self.text_size
        left = self.dice_left
        if self.rows and round(self.rows[0].dice.dice[0].x) != left:
            # a note or caption changed the column the dice stand in
            for i, row in enumerate(self.rows):
                self._place(i, row)
        caption_room = left - r.left - 14
        for i in self._shown_range():
            row = self.rows[i]
            y = self._row_y(i) + self.die_size // 2
            style.blit_text(
                surface,
                row.caption,
                size,
                (r.left + 10, y),
                style.CREAM,
                anchor="midleft",
                max_width=caption_room,
            )
            row.dice.draw(surface)
            if row.struck:
                first, last = row.dice.dice[0], row.dice.dice[-1]
                pygame.draw.line(
                    surface, (220, 90, 70), (first.x - 3, y), (last.x + last.size + 3, y), 2
                )
            if (row.note or row.suit) and row.dice.settled:
                last = row.dice.dice[-1]
                nx = round(last.x + last.size + 8)
                if row.suit:
                    # on a light disc: black suits would vanish on the dark tray
                    pygame.draw.circle(surface, style.CREAM, (nx + size * 0.7, y), size * 0.85)
                    blit_suit(surface, row.suit, (nx + size * 0.7, y), round(size * 1.1))
                    nx += round(size * 1.8)
                room = max(10, r.right - nx - 6)
                note = row.note
                if style.text_width(note, size, "bold") > room:
                    # the suit's glyph already names it: better no word than "diam…"
                    note = row.short_note or ("" if row.suit else note)
                style.blit_text(
                    surface,
                    note,
                    size,
                    (nx, y),
                    row.note_colour,
                    kind="bold",
                    anchor="midleft",
                    max_width=room,
                )
