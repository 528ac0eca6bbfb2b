"""A screenshot as a dichromat sees it (issue 50's check of the safe palette).

    python tools/simulate_vision.py shot.png out.png [--kind deuteranopia]

Applies `scenes.colour_vision.simulate` (Machado et al. 2009, severity 1.0) to
every pixel; colours are few on a table, so each is worked out once.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from scenes.colour_vision import KINDS, Rgb, simulate  # noqa: E402


def simulate_image(source: Path, target: Path, kind: str) -> int:
    """Write `source` as seen with `kind`; returns how many distinct colours it had."""
    image = pygame.image.load(str(source))
    size = image.get_size()
    raw = pygame.image.tobytes(image, "RGB")
    seen: dict[bytes, bytes] = {}
    out = bytearray(len(raw))
    for i in range(0, len(raw), 3):
        pixel = raw[i : i + 3]
        mapped = seen.get(pixel)
        if mapped is None:
            rgb: Rgb = (pixel[0], pixel[1], pixel[2])
            mapped = bytes(simulate(rgb, kind))
            seen[pixel] = mapped
        out[i : i + 3] = mapped
    pygame.image.save(pygame.image.frombytes(bytes(out), size, "RGB"), str(target))
    return len(seen)


def main(argv: list[str]) -> int:
    """Command line: source, target, --kind."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("source", type=Path)
    parser.add_argument("target", type=Path)
    parser.add_argument("--kind", choices=KINDS, default="deuteranopia")
    args = parser.parse_args(argv)
    n = simulate_image(args.source, args.target, args.kind)
    print(f"{args.target}: {args.kind}, {n} colours")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
