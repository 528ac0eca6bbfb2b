"""Colour maths for the colour-blind-safe palette: how a colour looks to a
dichromat and how far apart two colours look (issue 50).

- `simulate(rgb, kind)`: Machado, Oliveira & Fernandes (2009), "A physiologically-based
  model for simulation of colour vision deficiency", their published matrices at
  severity 1.0 (protanopia, deuteranopia, tritanopia), applied to linear sRGB.
- `delta_e(a, b)`: CIEDE2000 (Sharma, Wu & Dalal 2005) between two sRGB colours,
  through CIE L*a*b* under D65.

Pure Python, no pygame: tests and the screenshot filter use the same functions.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Rgb = tuple[int, int, int]
Lab = tuple[float, float, float]
Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

#: Machado et al. (2009), severity 1.0, on linear RGB
MACHADO: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
KINDS: tuple[str, ...] = tuple(MACHADO)


def to_linear(channel: int) -> float:
    """One sRGB channel (0-255) to linear light (0-1)."""
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def from_linear(value: float) -> int:
    """Linear light (clipped to 0-1) back to an sRGB channel (0-255)."""
    v = min(1.0, max(0.0, value))
    c = 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(c * 255)


def _apply(m: Matrix, v: Sequence[float]) -> tuple[float, float, float]:
    return (
        m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
        m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
        m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
    )


def simulate(rgb: Rgb, kind: str) -> Rgb:
    """How an sRGB colour looks to a person with `kind` (one of `KINDS`)."""
    r, g, b = _apply(MACHADO[kind], [to_linear(c) for c in rgb])
    return from_linear(r), from_linear(g), from_linear(b)


_D65 = (0.95047, 1.0, 1.08883)
_TO_XYZ: Matrix = (
    (0.4124564, 0.3575761, 0.1804375),
    (0.2126729, 0.7151522, 0.0721750),
    (0.0193339, 0.1191920, 0.9503041),
)


def to_lab(rgb: Rgb) -> Lab:
    """CIE L*a*b* (D65) of an sRGB colour."""
    xyz = _apply(_TO_XYZ, [to_linear(c) for c in rgb])

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(v / n) for v, n in zip(xyz, _D65, strict=True))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1: Lab, lab2: Lab) -> float:
    """The CIEDE2000 colour difference of two L*a*b* colours (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    elif h2p - h1p > 180:
        dh = h2p - h1p - 360
    else:
        dh = h2p - h1p + 360
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar, cp_bar = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        h_bar = (h1p + h2p + 360) / 2
    else:
        h_bar = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_bar - 30))
        + 0.24 * math.cos(math.radians(2 * h_bar))
        + 0.32 * math.cos(math.radians(3 * h_bar + 6))
        - 0.20 * math.cos(math.radians(4 * h_bar - 63))
    )
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cp_bar**7 / (cp_bar**7 + 25**7))
    sl = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    sc = 1 + 0.045 * cp_bar
    sh = 1 + 0.015 * cp_bar * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt(
        (dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh)
    )


def delta_e(a: Rgb, b: Rgb) -> float:
    """CIEDE2000 between two sRGB colours."""
    return ciede2000(to_lab(a), to_lab(b))


def closest_pair(colours: Sequence[Rgb], kind: str | None = None) -> tuple[float, int, int]:
    """The smallest CIEDE2000 between two of `colours` (as seen by `kind`, or by
    normal vision when None), with the indices of that pair."""
    seen = [simulate(c, kind) if kind else c for c in colours]
    best = (math.inf, -1, -1)
    for i in range(len(seen)):
        for j in range(i + 1, len(seen)):
            best = min(best, (delta_e(seen[i], seen[j]), i, j))
    return best
