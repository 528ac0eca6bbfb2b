"""The Taverna look: palette, fonts and the painted surfaces every screen uses.

Dark wood, green felt, parchment panels, gold accents. Everything is painted by
code and cached per size, so a resize rebuilds it once and frames stay cheap.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable
from functools import _lru_cache_wrapper, lru_cache
from pathlib import Path
from typing import Any, TypeVar

import pygame

from scenes import palette
from scenes.paths import FONTS
from scenes.text_scale import scaled

Color = tuple[int, int, int]
F = TypeVar("F", bound=Callable[..., Any])

WOOD_DARK: Color = (38, 23, 15)
WOOD: Color = (74, 45, 27)
WOOD_LIGHT: Color = (112, 72, 42)
FELT: Color = (31, 92, 58)
FELT_DARK: Color = (16, 56, 35)
PARCHMENT: Color = (238, 224, 188)
PARCHMENT_DARK: Color = (205, 182, 136)
INK: Color = (52, 36, 24)
INK_SOFT: Color = (98, 76, 54)
GOLD: Color = (214, 172, 82)
GOLD_LIGHT: Color = (246, 219, 140)
GOLD_DARK: Color = (138, 104, 40)
#: gold for small text on parchment: 4.5:1 even on its dark shade (GOLD_DARK is 2.6:1)
GOLD_INK: Color = (96, 66, 12)
CREAM: Color = (250, 244, 228)
RED: Color = (158, 32, 30)
BLACK: Color = (20, 16, 14)


def seat_colour(index: int) -> Color:
    """The colour of the `index`-th seat colour (white, red, black, blue, yellow,
    green, then round again) in the palette in use; each has an emblem too
    (`EMBLEMS`), the second cue for colour-blind players."""
    return palette.colour(palette.NAMES[index % len(palette.NAMES)])


EMBLEMS: tuple[str, ...] = ("circle", "square", "triangle", "diamond", "star", "hexagon")

_SERIF = FONTS / "EBGaramond12-Regular.otf"

_CACHES: list[_lru_cache_wrapper[Any]] = []


def cached(maxsize: int) -> Callable[[F], F]:
    """lru_cache that `reset_caches` can empty (fonts and surfaces die with pygame.quit)."""

    def wrap(fn: F) -> F:
        c = lru_cache(maxsize=maxsize)(fn)
        _CACHES.append(c)
        return c  # type: ignore[return-value]  # the wrapper calls as fn; typeshed drops its type

    return wrap


def reset_caches() -> None:
    """Forget every cached font and painted surface (a new pygame session)."""
    for c in _CACHES:
        c.cache_clear()


def forget_drawn_text() -> None:
    """The text size changed: drop every text drawn, measured or cut at the old one."""
    for c in _CACHES:
        if any(c is fn for fn in (render_text, ellipsize)):
            c.cache_clear()


def forget_window_sizes() -> None:
    """The window changed size: drop the panels painted for the old layout.

    They are rebuilt once at the new size; kept, a player resizing by hand
    (or a soak) filled these caches with full-window surfaces (~400 MiB).
    """
    # `cached` hands back the cache itself, typed as the function: find it in the list
    panels: tuple[object, ...] = (wood_background, felt, parchment, _shadow)
    for c in _CACHES:
        if any(c is fn for fn in panels):
            c.cache_clear()


def _noto(bold: bool = False) -> Path:
    import pygame_gui

    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    return Path(pygame_gui.__file__).parent / "data" / name


def serif_path() -> Path:
    """The display font (EB Garamond, OFL)."""
    return _SERIF


def sans_path(bold: bool = False) -> Path:
    """The text font (Noto Sans, shipped with pygame-gui)."""
    return _noto(bold)


def font(size: int, kind: str = "sans") -> pygame.font.Font:
    """A cached font: kind is "serif", "sans" or "bold"; `size` at 100 % text,
    drawn at the player's text size (scenes/text_scale.py)."""
    return _font(max(6, scaled(size)), kind)


@cached(64)
def _font(px: int, kind: str) -> pygame.font.Font:
    path = serif_path() if kind == "serif" else sans_path(bold=(kind == "bold"))
    return pygame.font.Font(str(path), px)


_SYMBOLS_FONT = FONTS / "TavernaSymbols.ttf"
#: signs the text fonts lack, drawn from the symbols font (see assets/fonts/build_symbols.py)
SIGNS = frozenset("♠♥♦♣♤♡♢♧←↑→↓≤≥✓✗")


def symbols_font(size: int) -> pygame.font.Font:
    """The font of the signs in SIGNS (card suits, arrows, ≤ ≥), scaled as `font`."""
    return _symbols_font(max(6, scaled(size)))


@cached(32)
def _symbols_font(px: int) -> pygame.font.Font:
    return pygame.font.Font(str(_SYMBOLS_FONT), px)


def _runs(text: str) -> list[tuple[str, bool]]:
    """`text` cut into runs of plain letters and of signs (True)."""
    runs: list[tuple[str, bool]] = []
    for ch in text:
        sign = ch in SIGNS
        if runs and runs[-1][1] == sign:
            runs[-1] = (runs[-1][0] + ch, sign)
        else:
            runs.append((ch, sign))
    return runs


#: hearts and diamonds are printed red, as on the cards
RED_SUITS = frozenset("♥♦♡♢")


def _red_apart(run: str) -> list[str]:
    """A run of signs cut where red suits start or stop."""
    out: list[str] = []
    for ch in run:
        if out and (out[-1][0] in RED_SUITS) == (ch in RED_SUITS):
            out[-1] += ch
        else:
            out.append(ch)
    return out


def _suit_red(color: Color) -> Color:
    """Red that reads on the same ground as `color` (dark ink or light text)."""
    return (178, 34, 30) if sum(color[:3]) < 384 else (255, 128, 112)


#: what a font cannot take: NUL and the other controls, lone surrogates
_UNDRAWABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def drawable(text: str) -> str:
    """`text` as a font takes it: controls dropped, a lone surrogate shown as "\ufffd"
    (names are cleaned where they come in; this is the last guard: drawing never raises)."""
    if not _UNDRAWABLE.search(text):
        return text
    return _UNDRAWABLE.sub(lambda m: "\ufffd" if m.group() >= "\ud800" else "", text)


def _render(f: pygame.font.Font, text: str, color: Color) -> pygame.Surface:
    try:
        return f.render(text, True, color)
    except pygame.error:  # "Text has zero width": only zero-width characters
        return pygame.Surface((1, f.get_height()), pygame.SRCALPHA)


def text_width(text: str, size: int, kind: str = "sans") -> int:
    """How wide `text` is drawn at `size` (signs measured in their own font)."""
    text = drawable(text)
    if not SIGNS.intersection(text):
        return font(size, kind).size(text)[0]
    return sum(
        (symbols_font(size) if sign else font(size, kind)).size(run)[0] for run, sign in _runs(text)
    )


def _render_line(
    text: str, size: int, color: Color, kind: str, red_suits: bool = True
) -> pygame.Surface:
    """One line of text; signs the text font lacks come from the symbols font,
    on the same baseline."""
    f = font(size, kind)
    text = drawable(text)
    if not SIGNS.intersection(text):
        return _render(f, text, color)
    parts: list[tuple[pygame.font.Font, pygame.Surface]] = []
    for run, sign in _runs(text):
        for piece in _red_apart(run) if sign else [run]:
            pf = symbols_font(size) if sign else f
            ink = _suit_red(color) if red_suits and piece[0] in RED_SUITS else color
            parts.append((pf, _render(pf, piece, ink)))
    ascent = max(pf.get_ascent() for pf, _ in parts)
    height = max(ascent - pf.get_ascent() + ps.get_height() for pf, ps in parts)
    out = pygame.Surface((sum(ps.get_width() for _, ps in parts), height), pygame.SRCALPHA)
    x = 0
    for pf, ps in parts:
        out.blit(ps, (x, ascent - pf.get_ascent()))
        x += ps.get_width()
    return out


@cached(2048)
def render_text(
    text: str,
    size: int,
    color: Color = INK,
    kind: str = "sans",
    shadow: Color | None = None,
    max_width: int | None = None,
) -> pygame.Surface:
    """Text on a transparent surface, optionally with a 1-2 px drop shadow.

    Text wider than `max_width` is shrunk to fit, never cut. Results are cached
    (screens redraw the same words every frame): never draw on the surface.
    """
    surf = _render_line(text, size, color, kind)
    if max_width and surf.get_width() > max_width:
        if size > 8:
            return render_text(
                text,
                max(8, int(size * max_width / surf.get_width())),
                color,
                kind,
                shadow,
                max_width,
            )
        # Even the smallest size is too wide: cut with "…" rather than mid-glyph.
        return render_text(ellipsize(text, size, max_width, kind), size, color, kind, shadow)
    if shadow is None:
        return surf
    off = max(1, size // 18)
    out = pygame.Surface((surf.get_width() + off, surf.get_height() + off), pygame.SRCALPHA)
    out.blit(_render_line(text, size, shadow, kind, red_suits=False), (off, off))
    out.blit(surf, (0, 0))
    return out


@cached(2048)
def ellipsize(text: str, size: int, width: int, kind: str = "sans") -> str:
    """`text` cut with "…" so that at `size` it fits `width` (unchanged if it fits).
    Cached: tables and the tournament hub cut the same names every frame."""
    if text_width(text, size, kind) <= width:
        return text
    while len(text) > 1 and text_width(text.rstrip() + "…", size, kind) > width:
        text = text[:-1]
    return text.rstrip(" ·,(") + "…"


def fit_text(
    text: str, size: int, width: int, kind: str = "sans", min_size: int = 10
) -> tuple[str, int]:
    """The text and size to draw `text` within `width`: shrunk down to
    `min_size` (still legible), then cut with "…" — a long name on a small plate
    stays readable instead of turning tiny."""
    w = text_width(text, size, kind)
    if w <= width:
        return text, size
    smaller = max(min(min_size, size), int(size * width / w))
    return ellipsize(text, smaller, width, kind), smaller


def blit_text(
    target: pygame.Surface,
    text: str,
    size: int,
    pos: tuple[int, int],
    color: Color = INK,
    kind: str = "sans",
    anchor: str = "topleft",
    shadow: Color | None = None,
    max_width: int | None = None,
) -> pygame.Rect:
    """Draw text anchored at `pos` ("topleft", "center", "midtop", …)."""
    surf = render_text(text, size, color, kind, shadow, max_width)
    rect = surf.get_rect(**{anchor: pos})
    target.blit(surf, rect)
    return rect


def wrap_text(text: str, size: int, width: int, kind: str = "sans") -> list[str]:
    """Split text into lines no wider than `width` pixels."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = _glue_units(para.split(" "))
        line = ""
        for w in words:
            trial = f"{line} {w}".strip()
            if text_width(trial, size, kind) <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = w
        lines.append(line)
    return lines


def wrap_to_fit(
    texts: list[tuple[str, str]], width: int, height: int, sizes: tuple[int, ...], gap: int = 4
) -> tuple[int, list[tuple[int, str]]]:
    """Wrap `texts` ((text, kind) each) at the largest of `sizes` whose lines, each
    `size + gap` tall (the size as drawn), fit in `height` -- at the last size if none does. Returns
    the size and the lines as (index of the text they come from, line)."""
    size, lines = sizes[-1], []
    for size in sizes:
        lines = [
            (i, part)
            for i, (text, kind) in enumerate(texts)
            for part in wrap_text(text, size, width, kind)
        ]
        if len(lines) * (scaled(size) + gap) <= height:
            break
    return size, lines


#: money units written before their amount ("T$ 5", "PV 18"): never left alone at a line's end
UNITS = ("T$", "PV")
#: units written after their amount ("20 PV", "20 HP"): never alone at a line's start
UNITS_AFTER = ("PV", "HP")


def _glue_units(words: list[str]) -> list[str]:
    out: list[str] = []
    for w in words:
        before = out and out[-1] in UNITS and w[:1].isdigit()
        after = out and out[-1][-1:].isdigit() and w.rstrip(".,;:)") in UNITS_AFTER
        if before or after:
            out[-1] = f"{out[-1]} {w}"
        else:
            out.append(w)
    return out


def _lerp(a: Color, b: Color, t: float) -> Color:
    return (
        int(a[0] + (b[0] - a[0]) * t),
        int(a[1] + (b[1] - a[1]) * t),
        int(a[2] + (b[2] - a[2]) * t),
    )


def vertical_gradient(size: tuple[int, int], top: Color, bottom: Color) -> pygame.Surface:
    """A smooth top-to-bottom gradient (drawn small, scaled up)."""
    small = pygame.Surface((2, 64))
    for y in range(64):
        pygame.draw.line(small, _lerp(top, bottom, y / 63), (0, y), (1, y))
    return pygame.transform.smoothscale(small, size)


@cached(16)
def _vignette_small(strength: int, colour: Color) -> pygame.Surface:
    w, h = 32, 20
    r, g, b = colour
    data = bytearray()
    for y in range(h):
        dy = (y - h / 2 + 0.5) / (h / 2)
        for x in range(w):
            dx = (x - w / 2 + 0.5) / (w / 2)
            d = min(1.0, math.hypot(dx, dy) / 1.25)
            data += bytes((r, g, b, int(strength * d**2.2)))
    # one buffer instead of 640 set_at calls: this runs before the first frame
    return pygame.image.frombytes(bytes(data), (w, h), "RGBA")


def _vignette(
    size: tuple[int, int], strength: int = 150, colour: Color = (0, 0, 0)
) -> pygame.Surface:
    """Dark edges, transparent centre (a tiny cached map, scaled to size)."""
    return pygame.transform.smoothscale(_vignette_small(strength, colour), size)


@cached(16)
def _noise_small(
    cells: tuple[int, int], lo: int, hi: int, seed: int, colour: Color
) -> pygame.Surface:
    rnd = random.Random(seed)
    r, g, b = colour
    span = hi - lo
    data = bytearray()
    for _ in range(cells[0] * cells[1]):
        data += bytes((r, g, b, lo + int(rnd.random() * span)))
    return pygame.image.frombytes(bytes(data), cells, "RGBA")


def _noise(
    size: tuple[int, int],
    cells: tuple[int, int],
    lo: int,
    hi: int,
    seed: int,
    colour: Color = (0, 0, 0),
) -> pygame.Surface:
    """Soft blotches: random alpha on a coarse grid (cached), scaled up smoothly."""
    return pygame.transform.smoothscale(_noise_small(cells, lo, hi, seed, colour), size)


@cached(2)
def _wood_grain() -> pygame.Surface:
    """Plank grain on a small fixed canvas; scaled to any window size."""
    gw, gh = 256, 160
    rnd = random.Random(7)
    grain = pygame.Surface((gw, gh), pygame.SRCALPHA)
    plank = gh // 6
    for row in range(0, gh, 2):
        shade = rnd.randint(0, 40)
        colour = (20, 10, 4, 30 + shade) if rnd.random() < 0.6 else (150, 100, 60, 14 + shade // 3)
        phase = rnd.random() * 6.28
        amp = rnd.random() * 1.2
        freq = 9 + rnd.random() * 6
        pts = [(x, row + amp * math.sin(phase + x / freq)) for x in range(0, gw + 8, 8)]
        pygame.draw.lines(grain, colour, False, pts, 1)
    for y in range(0, gh, plank):  # plank seams
        pygame.draw.line(grain, (10, 5, 2, 140), (0, y), (gw, y), 1)
        pygame.draw.line(grain, (150, 100, 60, 40), (0, y + 1), (gw, y + 1), 1)
    return grain


@cached(8)
def wood_background(size: tuple[int, int]) -> pygame.Surface:
    """The tavern wall/table: dark planks with grain, seams and a vignette.

    Composed on a quarter-size canvas and scaled once: full-size alpha blits
    cost more than the whole texture (and the grain is soft anyway).
    """
    small_size = (max(8, size[0] // 4), max(8, size[1] // 4))
    small = vertical_gradient(small_size, WOOD, WOOD_DARK)
    small.blit(pygame.transform.smoothscale(_wood_grain(), small_size), (0, 0))
    small.blit(_noise(small_size, (48, 30), 0, 60, 3), (0, 0))
    small.blit(_vignette(small_size, 170), (0, 0))
    # already 32-bit: converting to the display format would cost more than it saves
    return pygame.transform.smoothscale(small, size)


@cached(8)
def felt(size: tuple[int, int], colour: Color = FELT) -> pygame.Surface:
    """Green baize with soft mottling and a darker rim (composed small, scaled once)."""
    small_size = (max(8, size[0] // 4), max(8, size[1] // 4))
    small = pygame.Surface(small_size)
    small.fill(colour)
    small.blit(_noise(small_size, (60, 40), 0, 40, 11), (0, 0))
    small.blit(_vignette(small_size, 130), (0, 0))
    return pygame.transform.smoothscale(small, size)


@cached(32)
def parchment(size: tuple[int, int], border: bool = True) -> pygame.Surface:
    """A parchment panel with rounded corners, stains, burnt edges and a gold rule."""
    w, h = size
    radius = max(4, min(w, h) // 24)
    small_size = (max(8, w // 4), max(8, h // 4))
    small = pygame.Surface(small_size)
    small.fill(PARCHMENT)
    small.blit(_noise(small_size, (24, 16), 0, 70, 5, (170, 130, 70)), (0, 0))
    small.blit(_vignette(small_size, 140, (110, 70, 30)), (0, 0))
    base = (
        pygame.transform.smoothscale(small, size).convert_alpha()
        if pygame.display.get_surface()
        else pygame.transform.smoothscale(small, size)
    )
    # Keep the rounded shape: cut the corners with a mask.
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.blit(base, (0, 0))
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    if border:
        inset = max(3, radius // 2)
        r = surf.get_rect().inflate(-2 * inset, -2 * inset)
        pygame.draw.rect(surf, GOLD_DARK, r, width=1, border_radius=max(2, radius - inset))
        pygame.draw.rect(surf, (*INK_SOFT, 160), surf.get_rect(), width=2, border_radius=radius)
    return surf


def shadow(size: tuple[int, int], radius: int = 12, alpha: int = 120) -> pygame.Surface:
    """A soft drop shadow for a rectangle of `size` (returned larger by 2*radius)."""
    return _shadow(size, radius, alpha)


@cached(64)
def _shadow(size: tuple[int, int], radius: int, alpha: int) -> pygame.Surface:
    w, h = size[0] + 2 * radius, size[1] + 2 * radius
    scale = max(1, radius // 2)
    small = pygame.Surface((max(2, w // scale), max(2, h // scale)), pygame.SRCALPHA)
    inner = pygame.Rect(0, 0, max(1, size[0] // scale), max(1, size[1] // scale))
    inner.center = small.get_rect().center
    pygame.draw.rect(small, (0, 0, 0, alpha), inner, border_radius=max(1, radius // scale))
    blurred = pygame.transform.smoothscale(
        small, (max(2, small.get_width() // 2), max(2, small.get_height() // 2))
    )
    return pygame.transform.smoothscale(blurred, (w, h))


def gold_frame(target: pygame.Surface, rect: pygame.Rect, width: int = 2, radius: int = 8) -> None:
    """A double gold rule with small corner studs."""
    pygame.draw.rect(target, GOLD_DARK, rect, width=width + 1, border_radius=radius)
    pygame.draw.rect(target, GOLD, rect.inflate(-2, -2), width=width, border_radius=radius)
    inner = rect.inflate(-2 * (width + 4), -2 * (width + 4))
    if inner.width > 0 and inner.height > 0:
        pygame.draw.rect(target, (*GOLD_DARK,), inner, width=1, border_radius=max(1, radius - 3))
    for corner in (rect.topleft, rect.topright, rect.bottomleft, rect.bottomright):
        cx = corner[0] + (6 if corner[0] == rect.left else -6)
        cy = corner[1] + (6 if corner[1] == rect.top else -6)
        pygame.draw.circle(target, GOLD_LIGHT, (cx, cy), max(2, width + 1))


def soft_shadow(surf: pygame.Surface, blur: int = 6, alpha: float = 0.45) -> pygame.Surface:
    """A blurred dark silhouette of any surface (rotated cards, dice)."""
    w, h = surf.get_size()
    pad = blur * 2
    sil = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    mask = pygame.mask.from_surface(surf, 40)
    dark = mask.to_surface(setcolor=(0, 0, 0, int(255 * alpha)), unsetcolor=(0, 0, 0, 0))
    sil.blit(dark, (pad, pad))
    k = max(2, blur)
    small = pygame.transform.smoothscale(
        sil, (max(1, sil.get_width() // k), max(1, sil.get_height() // k))
    )
    return pygame.transform.smoothscale(small, sil.get_size())


def dim(target: pygame.Surface, alpha: int = 150) -> None:
    """Darken the whole target (behind dialogs)."""
    veil = pygame.Surface(target.get_size(), pygame.SRCALPHA)
    veil.fill((8, 5, 3, alpha))
    target.blit(veil, (0, 0))


def modal_panel(
    target: pygame.Surface, box: pygame.Rect, title: str = "", veil: int = 150, title_size: int = 30
) -> None:
    """The look of every dialog: the screen dimmed, a shadowed parchment, a title."""
    dim(target, veil)
    target.blit(shadow(box.size, 16, 160), (box.left - 12, box.top - 8))
    target.blit(parchment(box.size), box.topleft)
    if title:
        blit_text(
            target,
            title,
            title_size,
            (box.centerx, box.top + 20),
            INK,
            kind="serif",
            anchor="midtop",
            max_width=box.width - 40,
        )


def draw_backdrop(surface: pygame.Surface, panel: pygame.Rect) -> None:
    """Dark wood with one parchment panel and its soft shadow."""
    surface.blit(wood_background(surface.get_size()), (0, 0))
    sh = shadow(panel.size, 14, 140)
    surface.blit(sh, (panel.left - 14 + 3, panel.top - 14 + 6))
    surface.blit(parchment(panel.size), panel.topleft)


def draw_heading(
    surface: pygame.Surface, text: str, pos: tuple[int, int], max_width: int, size: int = 38
) -> pygame.Rect:
    """An EB Garamond heading in ink, with a thin gold rule beneath."""
    rect = blit_text(surface, text, size, pos, INK, kind="serif", max_width=max_width)
    y = rect.bottom + 2
    pygame.draw.line(surface, GOLD_DARK, (pos[0], y), (pos[0] + max_width, y), 1)
    pygame.draw.line(
        surface, GOLD, (pos[0], y + 1), (pos[0] + min(max_width, rect.width + 40), y + 1), 2
    )
    return rect
