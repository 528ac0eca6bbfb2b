"""Constants the Wyrt table's parts share."""

from __future__ import annotations

#: the height of the top bar (status line, Menu and >>)
TOP = 56
#: where the banner goes: (centre, width, compact)
BannerPlace = tuple[tuple[int, int], int, bool]
#: a seat's state -> (badge key, badge kind)
STATUS_BADGES: dict[str, tuple[str, str]] = {
    "busted": ("wyrt.status.busted", "out"),
    "expelled": ("wyrt.status.expelled", "expelled"),
    "left": ("wyrt.status.left", "out"),
    "away": ("wyrt.status.away", "out"),
    "dead": ("wyrt.status.dead", "dead"),
    "defeated": ("wyrt.status.defeated", "dead"),
}
