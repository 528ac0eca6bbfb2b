"""The session's turns on the Wyrt cloth, the events beyond one hand's betting:
seats busted, cheats tried, caught or unnoticed, seats expelled, left or joined,
O Morto and his relics, the wish and the end of the session.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from game import Event
from game.cards import Card
from game.wyrt import records as R
from scenes import style
from scenes.i18n import tr
from scenes.manager import AppHost
from scenes.tables.face import SeatSetup
from scenes.tables.wyrt.cloth import WyrtCloth
from scenes.tables.wyrt.shown import Shown
from scenes.tables.wyrt.words import unit_words


class SessionTable(Protocol):
    """What the session's events ask of their table: the shown copy (rebound by
    `sync`: read anew each time), the view, who sits and looks, words, the log."""

    @property
    def app(self) -> AppHost: ...
    @property
    def seats(self) -> Sequence[SeatSetup]: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def mode(self) -> str: ...
    @property
    def unit(self) -> str: ...
    @property
    def shown(self) -> Shown: ...
    @property
    def chip_history(self) -> list[list[int]]: ...
    def view(self) -> dict[str, Any]: ...
    def is_human(self, seat: int) -> bool: ...
    def said_of(self, key: str, seat: int, **params: Any) -> str: ...
    def money(self, amount: int) -> str: ...
    def log_event(self, event: Event, **extra: Any) -> None: ...
    def log_note(
        self, text: str | Callable[[], str], colour: tuple[int, int, int] = style.INK
    ) -> None: ...


class SessionEvents:
    """Moves the cloth for the session's events (`on_<Event>`, called by the
    table's `play_event`)."""

    def __init__(self, cloth: WyrtCloth, table: SessionTable) -> None:
        self.cloth = cloth
        self.table = table

    def on_PlayerBusted(self, ev: R.PlayerBusted) -> None:
        """The seat is out of chips."""
        self.table.shown.status[ev.seat] = "busted"
        self.table.log_event(ev)

    def on_CheatTested(self, ev: R.CheatTested) -> None:
        """A cheat's test die, seen only by its owner ([G4])."""
        if not ev.visible_to(self.table.viewer):
            return
        caption = tr(f"wyrttable.test_{ev.test}")
        row = self.cloth.tray.throw(
            [ev.roll], caption, "black", self.cloth.d(0.6), seed=ev.roll * 3
        )
        row.note = tr(
            "wyrttable.test_pass" if ev.success else "wyrttable.test_fail", target=max(0, ev.target)
        )
        row.note_colour = (150, 220, 140) if ev.success else (240, 120, 100)
        self.cloth.tweens.after(0.8, lambda: None)
        self.table.log_event(ev)

    def on_CheatAbandoned(self, ev: R.CheatAbandoned) -> None:
        """Only its line."""
        self.table.log_event(ev)  # worded only for its owner ([G4])

    def on_CheatSucceeded(self, ev: R.CheatSucceeded) -> None:
        """The steal's die and the banner, seen only by its owner ([G4])."""
        if not ev.visible_to(self.table.viewer):
            self.table.log_event(ev)  # kept for its owner's log; another seat reads nothing
            return
        row = self.cloth.tray.throw(
            [ev.roll], tr("wyrttable.steal_count"), "gold", self.cloth.d(0.6)
        )
        row.note = tr("wyrttable.steal_note", count=ev.count)
        self.cloth.banner.show(
            tr("wyrttable.unnoticed"),
            tr("wyrttable.steal_note", count=ev.count),
            self.cloth.d(1.2),
            "info",
        )
        self.cloth.tweens.after(0.9, lambda: None)
        self.table.log_event(ev)

    def on_CardsStolen(self, ev: R.CardsStolen) -> None:
        """The owner's hand after the steal, from his view."""
        if not ev.visible_to(self.table.viewer):
            self.table.log_event(ev)  # kept for its owner's log; another seat reads nothing
            return
        cards = self.table.view().get("hand_cards")
        if cards is not None and ev.seat == self.table.viewer:
            self.cloth.fan(ev.seat).show([Card.from_code(c) for c in cards], face_up=True)
        self.table.log_event(ev)

    def on_CheatCaught(self, ev: R.CheatCaught) -> None:
        """The cheat is caught: the plate shakes, the hand is mucked, a dark banner."""
        s = ev.seat
        self.cloth.shake[s] = self.cloth.d(1.0)
        row = self.cloth.tray.throw(
            [ev.roll], tr("wyrttable.test_H"), "black", self.cloth.d(0.5), seed=ev.roll
        )
        row.note = tr("wyrttable.test_fail", target=max(0, ev.target))
        row.note_colour = (240, 120, 100)
        self.cloth.banner.show(
            self.table.said_of("wyrttable.caught_banner", s, name=self.table.seats[s].name),
            tr("wyrttable.caught_sub", amount=self.table.money(ev.forfeited)),
            self.cloth.d(2.2),
            "dark",
        )
        self.table.shown.folded[s] = True
        fan = self.cloth.fans.get(s)
        if fan is not None:
            fan.muck(self.cloth.deck_centre(), 0.4)
        self.table.app.sound.play("error") if hasattr(self.table.app, "sound") else None
        self.cloth.tweens.after(1.6, lambda: None)
        self.table.log_event(ev)

    def on_PlayerExpelled(self, ev: R.PlayerExpelled) -> None:
        """The expelled seat's chips leave the table."""
        s = ev.seat
        self.table.shown.status[s] = "expelled"
        if ev.stack > 0:
            self.table.shown.stacks[s] = 0
            edge = self.cloth.ring.plate_rect(s).center
            dx, dy = self.cloth.ring.direction(s)
            out = (edge[0] + dx * 400, edge[1] + dy * 400)
            self.cloth.flights.launch(ev.stack, edge, out, 0.6)
        self.table.log_event(ev)

    def on_PlayerLeft(self, ev: R.PlayerLeft) -> None:
        """The seat gets up (its cards, if any, are mucked)."""
        self.table.shown.status[ev.seat] = "away" if self.table.mode == "life_cassino" else "left"
        fan = self.cloth.fans.get(ev.seat)
        if fan is not None and fan.sprites:
            self.table.shown.folded[ev.seat] = True
            fan.muck(self.cloth.deck_centre(), 0.3)
        self.table.log_event(ev)

    def on_PlayerJoined(self, ev: R.PlayerJoined) -> None:
        """The seat plays again."""
        self.table.shown.status[ev.seat] = "playing"
        self.table.log_event(ev)

    def on_SoulTaken(self, ev: R.SoulTaken) -> None:
        """O Morto takes a soul: a banner, and a person's own screen for it."""
        self.table.shown.status[ev.seat] = "dead"
        name = self.table.seats[ev.seat].name
        title = self.table.said_of("wyrttable.soul_banner", ev.seat, name=name)
        self.cloth.banner.show(title, "", self.cloth.d(2.0), "dark")
        self.table.log_event(ev)
        if self.table.is_human(ev.seat):
            from scenes.tables.wyrt.dialogs import SoulTakenScreen

            profile = ev.seat == self.table.view()["profile_seat"]
            self.cloth.tweens.after(
                0.8,
                lambda: self.table.app.scenes.push(SoulTakenScreen(self.table.app, name, profile)),
            )

    def on_MortoDefeated(self, ev: R.MortoDefeated) -> None:
        """O Morto falls: the gold banner."""
        self.table.shown.status[ev.seat] = "defeated"
        key = "wyrttable.morto_caught" if ev.reason == "caught" else "wyrttable.morto_falls"
        self.cloth.banner.show(tr(key), tr("wyrttable.morto_rises"), self.cloth.d(2.4), "gold")
        self.cloth.tweens.after(1.2, lambda: None)
        self.table.log_event(ev)

    def on_WishGranted(self, ev: R.WishGranted) -> None:
        """The wish is granted: the gold banner."""
        self.cloth.banner.show(
            self.table.said_of(
                "wyrttable.wish_banner", ev.seat, name=self.table.seats[ev.seat].name
            ),
            "",
            self.cloth.d(2.4),
            "gold",
        )
        self.table.log_event(ev)

    def on_RelicInvoked(self, ev: R.RelicInvoked) -> None:
        """A relic's power called on: the banner names it."""
        relic = tr(f"wyrttable.relic_short.{ev.relic}")
        self.cloth.banner.show(
            self.table.said_of(
                "wyrttable.relic_banner", ev.seat, name=self.table.seats[ev.seat].name, relic=relic
            ),
            tr(f"wyrt.relics.{ev.relic}.power"),
            self.cloth.d(1.6),
            "dark",
        )
        self.table.log_event(ev)

    def on_RelicPeek(self, ev: R.RelicPeek) -> None:
        """Only its line."""
        self.table.log_event(ev)  # worded only for its owner ([G4])

    def on_RelicExchange(self, ev: R.RelicExchange) -> None:
        """The owner's hand after the Moeda, from his view."""
        if ev.visible_to(self.table.viewer):
            cards = self.table.view().get("hand_cards")
            if cards is not None and ev.seat == self.table.viewer:
                self.cloth.fan(ev.seat).show([Card.from_code(c) for c in cards], face_up=True)
        self.table.log_event(ev)  # worded only for its owner ([G4])

    def on_MaskWorn(self, ev: R.MaskWorn) -> None:
        """Only its line."""
        self.table.log_event(ev)  # worded only for its owner ([G4])

    def on_SessionEnded(self, ev: R.SessionEnded) -> None:
        """The last chips go to the chart and the reason is logged."""
        self.table.chip_history.append(
            list(self.table.view()["seats"][s]["stack"] for s in range(len(self.table.seats)))
        )
        self.table.log_event(ev)
        self.table.log_note(
            lambda: unit_words(f"wyrt.end_reason.{ev.reason}", self.table.unit), style.INK_SOFT
        )
