"""The felt table: pieces shared by the card-and-dice tables (Wyr, Wyrt).

Nothing here knows a game. Words arrive translated and money arrives
formatted: the caller passes labels, badges and callbacks. Each piece is a
small module; a table keeps one of each and calls them from its `layout`,
`update` and `draw_table`.

How a table uses them::

    from scenes.tables import felt

    ring = felt.SeatRing(n_seats, bottom=viewer_seat)    # geometry, 2-8 seats
    ring.set_area(table_area)                            # again on every resize
    felt.draw_felt(surface, ring.oval, felt.TAVERN)      # or felt.CANDLELIGHT
    # faster: compose wall + table once per size (felt.felt_scene) and blit that
    felt.draw_plate(surface, ring.plate_rect(s), felt.PlateInfo(
        name, subtitle, money_text, colour, emblem,
        badge=tr("…folded"), badge_kind="folded", active=s in to_move, dimmed=folded))
    felt.draw_marker(surface, ring.marker_spot(s), "D", "dealer")   # "small", "big", "straddle"
    felt.draw_pile(surface, bet, ring.bet_spot(s), ring.chip_diameter(), label=money_fn)

    flights = felt.Flights(self.tweens)                  # chips in the air
    flights.launch(amount, ring.bet_spot(s), pots.pot_spot(0), on_land=...)
    pots = felt.PotRow(); pots.set_spot(ring.pot_spot, ring.chip_diameter())
    pots.set_pots([(main, tr("main pot")), (side, tr("side pot 1"))])   # shown apart

    fan = felt.CardFan(self.tweens, ring.card_width(), back=look.back)  # one per seat;
    # draw the fans before the plates: dealt cards lie tucked under a plate edge
    fan.place(ring.cards_spot(s)); fan.deal(card_or_None, deck_centre, face_up=False)
    fan.reveal(cards); fan.raise_cards(best_five); fan.muck(deck_centre)
    felt.draw_deck(surface, ring.deck_spot, ring.card_width(), look.back, count)

    tray = felt.DiceTray(); tray.set_rect(ring.tray_rect)
    row = tray.throw([suit_die], caption, duration=tweens.scaled(0.7))
    tray.strike(row, tr("reroll"))                       # a roll that does not count

    banner = felt.Banner(); banner.show(tr("Full house"), tr("Ana wins 120"))
    banner.draw(surface, ring.centre, ring.oval.width // 2)

    self.log = felt.HandHistory(rect, tr("…history"))    # a LogPanel split in hands
    self.log.start_hand(tr("Hand 3"))

    felt.draw_line_chart(surface, rect, [felt.Series(name, colour, emblem, values)],
                         title, x_caption, y_label=money_fn)

Animation: moves run on the scene's `Tweens` (speed setting and skip apply);
card flips and dice tumbles run on their sprites, so a table calls
`fan.update(dt)` / `tray.update(dt)` each frame, reports `fan.busy`,
`tray.settled`, `flights.busy` from its `animating()`, and `fan.finish()` /
`tray.finish()` when the player skips ahead.
"""

from __future__ import annotations

from scenes.tables.felt.banner import Banner
from scenes.tables.felt.chart import Series, draw_line_chart
from scenes.tables.felt.fans import CardFan, draw_deck
from scenes.tables.felt.history import HandHistory
from scenes.tables.felt.look import CANDLELIGHT, TAVERN, FeltLook, candle, draw_felt, felt_scene
from scenes.tables.felt.markers import draw_marker, marker_rect
from scenes.tables.felt.plate import BADGE_COLOURS, PlateInfo, badge_rect, badge_top, draw_plate
from scenes.tables.felt.ring import SeatRing
from scenes.tables.felt.stacks import Flights, PotRow, draw_pile, pile_rect, plain_label
from scenes.tables.felt.tray import DiceTray, TrayRow

__all__ = [
    "BADGE_COLOURS",
    "CANDLELIGHT",
    "TAVERN",
    "Banner",
    "CardFan",
    "DiceTray",
    "FeltLook",
    "Flights",
    "HandHistory",
    "PlateInfo",
    "PotRow",
    "SeatRing",
    "Series",
    "TrayRow",
    "badge_rect",
    "badge_top",
    "candle",
    "draw_deck",
    "draw_felt",
    "draw_line_chart",
    "draw_marker",
    "marker_rect",
    "draw_pile",
    "pile_rect",
    "draw_plate",
    "felt_scene",
    "plain_label",
]
