"""Build TavernaSymbols.ttf: the few signs the text fonts lack (card suits, arrows,
≤ ≥), cut from DejaVu Sans (Bitstream Vera licence, see LICENSE-DejaVu.txt).

A build step, not run by the game: `pip install fonttools`, then
`python assets/fonts/build_symbols.py /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf`.
The licence asks a changed font to drop the Bitstream and Vera names, so the cut
font is renamed.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset  # type: ignore[import-not-found]
from fontTools.ttLib import TTFont  # type: ignore[import-not-found]

#: every sign the game writes that EB Garamond or Noto Sans cannot draw
SIGNS = "♠♥♦♣♤♡♢♧←↑→↓≤≥✓✗"
NAME = "Taverna Symbols"


def build(source: Path, target: Path) -> None:
    """Cut SIGNS out of `source` into `target`, renamed."""
    options = subset.Options()
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
    options.notdef_outline = True
    font = TTFont(source)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in SIGNS])
    subsetter.subset(font)
    for record in font["name"].names:
        if record.nameID in (1, 3, 4, 16):
            record.string = NAME
        elif record.nameID == 6:
            record.string = NAME.replace(" ", "")
    font.save(target)


if __name__ == "__main__":
    build(Path(sys.argv[1]), Path(__file__).with_name("TavernaSymbols.ttf"))
