"""A banner across the cloth for the moment that matters: the winning hand, a
player expelled, a soul taken. It fades in, holds, and fades out by itself.
"""

from __future__ import annotations

import pygame

from scenes import style

Color = tuple[int, int, int]

#: banner kinds: (ribbon, text)
BANNER_COLOURS: dict[str, tuple[Color, Color]] = {
    "gold": ((120, 20, 26), style.GOLD_LIGHT),
    "dark": ((24, 18, 22), (230, 80, 64)),
    "info": ((40, 60, 44), style.CREAM),
}


class Banner:
    """One banner at a time; `show` replaces the one on screen."""

    FADE = 0.25

    def __init__(self) -> None:
        self.title = ""
        self.subtitle = ""
        self.kind = "gold"
        self.left = 0.0
        self.total = 0.0
        #: how many banners have been shown (a table may keep a banner's place by it)
        self.serial = 0

    def show(
        self, title: str, subtitle: str = "", seconds: float = 2.0, kind: str = "gold"
    ) -> None:
        """Show a banner for `seconds` (0: not at all, e.g. instant animations)."""
        self.title, self.subtitle, self.kind = title, subtitle, kind
        self.left = self.total = max(0.0, seconds)
        self.serial += 1

    def hide(self) -> None:
        """Take it down now."""
        self.left = 0.0

    @property
    def visible(self) -> bool:
        """True while on screen."""
        return self.left > 0

    def update(self, dt: float) -> None:
        """Count down."""
        self.left = max(0.0, self.left - dt)

    def alpha(self) -> int:
        """Opacity now (fading at both ends)."""
        if not self.visible:
            return 0
        shown = self.total - self.left
        k = min(1.0, shown / self.FADE, self.left / self.FADE)
        return int(255 * max(0.0, k))

    @staticmethod
    def _sizes(width: int) -> tuple[int, int]:
        big = max(18, width // 16)
        return big, max(12, big * 3 // 5)

    @staticmethod
    def _pads(compact: bool) -> tuple[int, int, int]:
        """(space above the title, between the lines, below the last line)."""
        return (4, 3, 5) if compact else (8, 6, 12)

    def height(self, width: int, *, compact: bool = False, subtitle: bool | None = None) -> int:
        """Height of the ribbon drawn `width` pixels wide (tables place it clear of
        cards). `compact` trims the padding only, never the letters, for a cloth with
        little room; `subtitle` asks for a banner with (or without) a second line
        instead of the one showing."""
        big, small = self._sizes(width)
        above, between, below = self._pads(compact)
        second = bool(self.subtitle) if subtitle is None else subtitle
        return above + big + below + (between + small if second else 0)

    def words_width(
        self, width: int, *, compact: bool = False, subtitle: bool | None = None
    ) -> int:
        """The widest its letters run on a ribbon `width` pixels wide (centred;
        the swallow-tailed ends hold none)."""
        h = self.height(width, compact=compact, subtitle=subtitle)
        return width - 2 * (h // 3) - 20

    def draw(
        self, surface: pygame.Surface, centre: tuple[int, int], width: int, *, compact: bool = False
    ) -> None:
        """Paint the ribbon centred on `centre`, `width` pixels wide."""
        if not self.visible:
            return
        surf = self._ribbon(width, compact)
        surf.set_alpha(self.alpha())
        surface.blit(surf, surf.get_rect(center=centre))

    def _ribbon(self, width: int, compact: bool) -> pygame.Surface:
        """The ribbon with its words, painted once per text, kind and size (only
        its opacity changes from frame to frame while it fades)."""
        key = (self.title, self.subtitle, self.kind, width, compact)
        cached: tuple[tuple[object, ...], pygame.Surface] | None = getattr(self, "_painted", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        ribbon, ink = BANNER_COLOURS.get(self.kind, BANNER_COLOURS["gold"])
        big, small = self._sizes(width)
        above, between, _ = self._pads(compact)
        h = self.height(width, compact=compact)
        surf = pygame.Surface((width, h), pygame.SRCALPHA)
        body = pygame.Rect(h // 3, 0, width - 2 * (h // 3), h)
        pygame.draw.rect(surf, ribbon, body)
        tail = tuple(max(0, c - 30) for c in ribbon)
        notch = max(4, h // 5)
        pygame.draw.polygon(  # swallow-tailed ends
            surf, tail, [(0, 0), (body.left, 0), (body.left, h), (0, h), (notch, h // 2)]
        )
        pygame.draw.polygon(
            surf,
            tail,
            [(width, 0), (body.right, 0), (body.right, h), (width, h), (width - notch, h // 2)],
        )
        pygame.draw.line(surf, style.GOLD, body.topleft, body.topright, 2)
        pygame.draw.line(surf, style.GOLD, (body.left, h - 2), (body.right, h - 2), 2)
        style.blit_text(
            surf,
            self.title,
            big,
            (width // 2, above),
            ink,
            kind="serif",
            anchor="midtop",
            shadow=style.BLACK,
            max_width=self.words_width(width, compact=compact),
        )
        if self.subtitle:
            style.blit_text(
                surf,
                self.subtitle,
                small,
                (width // 2, above + big + between),
                style.CREAM,
                anchor="midtop",
                max_width=self.words_width(width, compact=compact),
            )
        self._painted = (key, surf)
        return surf
