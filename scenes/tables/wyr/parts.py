"""What the Wyr table hands its components once: the felt pieces and what they
may ask about a seat (never the table itself)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from scenes.tables import felt
from scenes.tables.face import SeatSetup


@dataclass(frozen=True)
class WyrFelt:
    """The felt pieces of the Wyr table (built once by the table, cleared, never replaced)."""

    ring: felt.SeatRing
    #: the other lords' cards, by seat (the viewer's are `hand`)
    fans: Mapping[int, felt.CardFan]
    hand: felt.CardFan
    #: the table cards
    board_fan: felt.CardFan
    tray: felt.DiceTray
    banner: felt.Banner
    flights: felt.Flights
    pots: felt.PotRow


@dataclass(frozen=True)
class SeatFacts:
    """What the components ask about a seat (its setup: persona, bot level)."""

    name: Callable[[int], str]
    #: its colour and emblem (a group's, in group play)
    look: Callable[[int], tuple[tuple[int, int, int], str]]
    is_human: Callable[[int], bool]
    setup: Callable[[int], SeatSetup]
