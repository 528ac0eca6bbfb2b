"""Draw Taverna's icon (our own drawing) and write it as PNG and ICO.

    python tools/make_icon.py

A card and a die on a round of green felt with a gold rim, on dark wood: the
tavern table of the main menu in one glance. Drawn four times too large and
scaled down (smooth edges without an anti-aliasing library). Writes
assets/icon/taverna.png (256 px), taverna-64.png (the window icon) and
taverna.ico (16, 32, 48, 64, 128 and 256 px, PNG inside, as Windows reads it).
Nothing the app imports: the outputs are committed.
"""

from __future__ import annotations

import io
import math
import os
import struct
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "assets" / "icon"
BIG = 1024  # drawn at this size, then scaled down
WOOD = (58, 36, 23)
WOOD_RIM = (28, 17, 10)
FELT = (31, 110, 66)
FELT_DARK = (18, 70, 42)
GOLD = (226, 182, 86)
CREAM = (250, 244, 228)
RED = (176, 32, 30)
INK = (34, 24, 16)


def _heart(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """A heart's outline (the card's suit), centred at (cx, cy), about 2r wide."""
    pts = []
    for i in range(120):
        t = 2 * math.pi * i / 120
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((cx + x * r / 16, cy - y * r / 16))
    return pts


def _rotated_rect(
    cx: float, cy: float, w: float, h: float, deg: float
) -> list[tuple[float, float]]:
    a = math.radians(deg)
    ca, sa = math.cos(a), math.sin(a)
    corners = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    return [(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in corners]


def draw() -> pygame.Surface:
    """The icon at `BIG` pixels."""
    s = pygame.Surface((BIG, BIG), pygame.SRCALPHA)
    c = BIG // 2
    pygame.draw.rect(s, WOOD_RIM, (24, 24, BIG - 48, BIG - 48), border_radius=190)
    pygame.draw.rect(s, WOOD, (48, 48, BIG - 96, BIG - 96), border_radius=170)
    for k in range(7):  # the wood's grain
        y = 150 + k * 115
        pygame.draw.arc(s, WOOD_RIM, (60, y - 60, BIG - 120, 120), 0.2, math.pi - 0.2, 6)
    pygame.draw.circle(s, GOLD, (c, c), 392)
    pygame.draw.circle(s, FELT_DARK, (c, c), 372)
    pygame.draw.circle(s, FELT, (c, c), 352)
    # the card, tilted left, with a heart
    card = _rotated_rect(c - 90, c - 10, 300, 420, -14)
    shadow = [(x + 14, y + 18) for x, y in card]
    pygame.draw.polygon(s, (10, 30, 18), shadow)
    pygame.draw.polygon(s, CREAM, card)
    pygame.draw.polygon(s, INK, card, 8)
    pygame.draw.polygon(s, RED, _heart(c - 95, c - 20, 92))
    # the die, right and low, showing five
    die = pygame.Rect(0, 0, 250, 250)
    die.center = (c + 150, c + 140)
    pygame.draw.rect(s, (10, 30, 18), die.move(14, 18), border_radius=46)
    pygame.draw.rect(s, CREAM, die, border_radius=46)
    pygame.draw.rect(s, INK, die, 8, border_radius=46)
    for dx, dy in ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)):
        pygame.draw.circle(s, INK, (die.centerx + dx * 68, die.centery + dy * 68), 26)
    return s


def ico_bytes(images: list[pygame.Surface]) -> bytes:
    """An ICO file holding each image as a PNG (Windows Vista and later read it)."""
    pngs = []
    for img in images:
        buf = io.BytesIO()
        pygame.image.save(img, buf, "png")
        pngs.append((img.get_width(), buf.getvalue()))
    head = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(head) + 16 * len(pngs)
    entries, blobs = b"", b""
    for size, data in pngs:
        dim = 0 if size >= 256 else size  # 0 means 256 in an ICO directory
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return head + entries + blobs


def main() -> None:
    """Write the PNGs and the ICO."""
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    big = draw()
    OUT.mkdir(parents=True, exist_ok=True)
    sizes = [16, 32, 48, 64, 128, 256]
    scaled = {n: pygame.transform.smoothscale(big, (n, n)) for n in sizes}
    pygame.image.save(scaled[256], str(OUT / "taverna.png"))
    pygame.image.save(scaled[64], str(OUT / "taverna-64.png"))
    (OUT / "taverna.ico").write_bytes(ico_bytes([scaled[n] for n in sizes]))
    print(f"wrote {OUT}/taverna.png, taverna-64.png, taverna.ico")


if __name__ == "__main__":
    main()
