"""The side panel of seats: name, colour and emblem, bot or human, whose turn."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from scenes import style
from scenes.text_scale import scaled
from scenes.widgets.emblems import draw_emblem


@dataclass
class SeatInfo:
    """What the panel shows for one seat."""

    name: str
    colour: tuple[int, int, int]
    emblem: str
    is_bot: bool
    lines: list[str] = field(default_factory=list)
    out: bool = False
    #: small text in the corner ("bot · Hard"); defaults to the panel's labels
    tag: str = ""


NAME_SIZE = 18
TAG_SIZE = 12
TAG_GAP = 10
#: a seat's name shrinks no smaller than this; past it, it is cut with "…"
NAME_MIN_SIZE = 13
#: the corner tag may shrink this far beside the name; smaller, it takes a line of its own
TAG_MIN_SIZE = 10


def tag_below(name: str, tag: str, width: int) -> bool:
    """Whether a seat card `width` wide writes its tag ("bot · Warlord (hard)")
    on a line under the name: beside it, one of them would shrink to an
    unreadable size (the name keeps its size first)."""
    if not tag:
        return False
    name_w = style.font(NAME_SIZE, "bold").size(name)[0]
    tag_w = style.font(TAG_SIZE).size(tag)[0] * TAG_MIN_SIZE / TAG_SIZE
    return 42 + name_w + TAG_GAP + tag_w + 10 > width


def short_tag(tag: str, room: int) -> str:
    """The longest form of a tag that fits `room` at the least tag size: whole
    ("bot · Captain (normal)"), without its first word ("Captain (normal)"), the
    level alone ("normal"), and only then cut with "…" (at 1024 wide with six
    seats the level was lost: "bot · Captain (no…")."""
    forms = [tag]
    if " · " in tag:
        forms.append(tag.split(" · ", 1)[1])
    if forms[-1].endswith(")") and "(" in forms[-1]:
        forms.append(forms[-1][forms[-1].rindex("(") + 1 : -1])
    font = style.font(TAG_MIN_SIZE)
    for form in forms:
        if font.size(form)[0] <= room:
            return form
    cut = style.ellipsize(forms[-1], TAG_MIN_SIZE, room)
    return cut if len(cut.rstrip("…")) >= 3 else ""  # "p…" says nothing: leave it out


class SeatPanel:
    """Draws a column of seat cards; the seat(s) to act glow gold."""

    ROW_H = 64

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.seats: list[SeatInfo] = []
        self.active: set[int] = set()
        self.pulse = 0.0
        #: seat -> (what it says, its card, whether some of it did not fit)
        self._cards: dict[int, tuple[object, pygame.Surface, bool]] = {}
        #: the corner labels of the last draw (a seat without its own tag uses them)
        self._labels = ("", "")

    def set_rect(self, rect: pygame.Rect) -> None:
        """Move/resize."""
        self.rect = pygame.Rect(rect)

    def update(self, dt: float) -> None:
        """Animate the turn marker."""
        self.pulse = (self.pulse + dt) % 1.6

    def _tag(self, seat: SeatInfo) -> str:
        return seat.tag or (self._labels[0] if seat.is_bot else self._labels[1])

    def row_height(self) -> int:
        """Height of one seat card given the space and the seat count."""
        w = self.rect.width
        extra = max(
            (
                len(shown_lines(s.lines, w - 52, 13)) + tag_below(s.name, self._tag(s), w)
                for s in self.seats
            ),
            default=0,
        )
        wanted = scaled(40) + scaled(18) * extra
        if not self.seats:
            return wanted
        return max(44, min(wanted, (self.rect.height - 8) // len(self.seats)))

    def seat_at(self, pos: tuple[int, int]) -> int | None:
        """Which seat card is under the mouse."""
        if not self.rect.collidepoint(pos):
            return None
        i = (pos[1] - self.rect.top) // self.row_height()
        return int(i) if 0 <= i < len(self.seats) else None

    def draw(self, target: pygame.Surface, bot_label: str = "", human_label: str = "") -> None:
        """Paint every seat (each card is repainted only when what it says changes)."""
        self._labels = (bot_label, human_label)
        rh = self.row_height()
        for i, seat in enumerate(self.seats):
            r = pygame.Rect(self.rect.left, self.rect.top + i * rh, self.rect.width, rh - 6)
            tag = self._tag(seat)
            key = (seat.name, seat.colour, seat.emblem, tuple(seat.lines), seat.out, tag, r.size)
            card = self._cards.get(i)
            if card is None or card[0] != key:
                card = (key, *self._paint_card(seat, tag, r.size))
                self._cards[i] = card
            target.blit(card[1], r.topleft)
            if i in self.active:
                glow = 2 + int(2 * abs(0.8 - self.pulse))
                pygame.draw.rect(target, style.GOLD, r.inflate(4, 4), width=glow, border_radius=8)
                arrow = [
                    (r.left - 12, r.centery - 8),
                    (r.left - 2, r.centery),
                    (r.left - 12, r.centery + 8),
                ]
                pygame.draw.polygon(target, style.GOLD_LIGHT, arrow)
        self._draw_whole(target, rh)

    def _draw_whole(self, target: pygame.Surface, rh: int) -> None:
        """A card whose lines did not all fit (six seats at 1024x640 with the bots'
        secrets shown) is told whole beside the panel while the pointer is on it."""
        i = self.seat_at(pygame.mouse.get_pos())
        if i is None or i not in self._cards or not self._cards[i][2]:
            return
        seat = self.seats[i]
        width = min(360, self.rect.left - 24)
        if width < 120:
            return
        lines = [(seat.name, 15, "bold")]
        lines += [
            (part, 14, "sans")
            for line in seat.lines
            for part in style.wrap_text(line, 14, width - 20)
        ]
        box = pygame.Rect(0, 0, width, 14 + 19 * len(lines))
        box.topright = (self.rect.left - 10, self.rect.top + i * rh)
        box.clamp_ip(target.get_rect())
        pygame.draw.rect(target, (250, 244, 228), box, border_radius=8)
        pygame.draw.rect(target, style.GOLD_DARK, box, width=2, border_radius=8)
        for k, (text, size, kind) in enumerate(lines):
            style.blit_text(
                target, text, size, (box.left + 10, box.top + 7 + 19 * k), style.INK, kind=kind
            )

    @staticmethod
    def _paint_card(seat: SeatInfo, tag: str, size: tuple[int, int]) -> tuple[pygame.Surface, bool]:
        card = style.parchment(size, border=False).copy()
        w, h = size
        draw_emblem(card, seat.emblem, (22, min(20, h // 2)), 11, seat.colour)
        name_col = style.INK_SOFT if seat.out else style.INK
        # The tag takes a line under the name when it cannot stand beside it,
        # unless that line would push the counts off a short card.
        said = shown_lines(seat.lines, w - 52, 13)  # a long line takes two, never 9 px
        below = tag_below(seat.name, tag, w) and 23 + 15 * len(said) + 13 <= h
        lines = [tag, *said] if below else said
        tag_w = 0
        if tag and not below:
            room = w - 52 - style.font(NAME_SIZE, "bold").size(seat.name)[0] - TAG_GAP
            tag_rect = style.blit_text(
                card,
                short_tag(tag, room),
                TAG_SIZE,
                (w - 10, 11),
                style.INK_SOFT,
                anchor="topright",
                max_width=max(1, room),
            )
            tag_w = tag_rect.width + TAG_GAP
        # Short cards (six seats at 1024x640) keep the counts: a tighter layout
        # rather than dropping the lines under the name.
        compact = bool(lines) and h < scaled(32) + scaled(18) * len(lines)
        # a line cut short: the card is told whole on hover
        cut = any(len(style.wrap_text(x, 13, w - 52)) > 2 for x in seat.lines)
        name_y, first, step, line_size = (3, 23, 15, 13) if compact else (8, 32, 18, 14)
        first, step = scaled(first), scaled(step)  # lines as tall as they are drawn
        # a long name shrinks a little, then ends in "…" (it was shrunk to 11 px)
        name, name_size = style.fit_text(
            seat.name, 16 if compact else NAME_SIZE, w - 52 - tag_w, "bold", NAME_MIN_SIZE
        )
        style.blit_text(card, name, name_size, (42, name_y), name_col, kind="bold")
        for k, line in enumerate(lines):
            y = first + step * k
            if (
                k + 1 < len(lines) and y + step + scaled(line_size) > h
            ):  # the last that fits says there is more
                line = style.ellipsize(line + " …", line_size, w - 52)
                style.blit_text(card, line, line_size, (42, y), style.INK_SOFT, max_width=w - 52)
                cut = True
                break
            style.blit_text(card, line, line_size, (42, y), style.INK_SOFT, max_width=w - 52)
        if seat.out:
            card.set_alpha(140)
        return card, cut


def shown_lines(lines: list[str], width: int, size: int) -> list[str]:
    """The lines under a seat's name as drawn: one too wide for the card wraps
    onto a second line (a revealed objective was shrunk to 9 px), and a third
    would end the second in "…"."""
    out: list[str] = []
    for line in lines:
        wrapped = style.wrap_text(line, size, width)
        if len(wrapped) > 2:
            wrapped = [wrapped[0], style.ellipsize(" ".join(wrapped[1:]), size, width)]
        out.extend(wrapped)
    return out
