"""The Wyrt table's log: each event in words (cards, amounts, the hand's title),
told again for whoever looks, and the events that play no animation of their
own: the session's turns (busted, cheating, expelled, seats left or joined, O
Morto and his relics, the end).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game import Event
from game.cards import Card
from game.wyrt import records as R
from scenes import style
from scenes.i18n import has, tr
from scenes.tables import felt
from scenes.tables.base import TableScene
from scenes.tables.wyrt.words import card_text, cards_text, category_text, unit_words
from scenes.tables.you_words import keys_for, names_with_you, say_first

if TYPE_CHECKING:
    pass


class WyrtEventWords:
    """The Wyrt log and the session's events (mixed into `WyrtTable`)."""

    def _d(self, seconds: float) -> float:
        return self.tweens.scaled(seconds)

    def play_event(self, event: Event) -> None:
        handler = getattr(self, f"_on_{type(event).__name__}", None)
        if handler is not None:
            handler(event)
        else:
            self.log_event(event)

    #: event fields naming seats, beyond the base's
    SEAT_FIELDS = (*TableScene.SEAT_FIELDS, "buck", "small_blind", "big_blind", "first")

    def event_keys(self, event: Event) -> list[str]:
        """The table's own line (`wyrttable.events.*`) before the game's: a
        private event reads its owner's line from the game's `events_private`."""
        key = f"wyrttable.events.{type(event).__name__}"
        if has(key) and not (event.PRIVATE and event.visible_to(self.viewer)):
            return [key]
        return super().event_keys(event)

    def event_text(self, event: Event, **extra: Any) -> str:
        if event.PRIVATE and not event.visible_to(self.viewer):
            # another seat's secret ([G4]): never its words, even when the log is told again
            public = f"wyrttable.events_public.{type(event).__name__}"
            if not has(public):
                return ""
            return tr(public, seat=self.seats[getattr(event, "seat", 0)].name)
        extra = self._words(event, extra)
        if isinstance(event, R.PlayerRaised) and extra.get("opening"):
            # the first bet of a round is a bet, not a raise
            mine = ["seat"] if event.seat == self.you() else []
            return say_first(
                keys_for("wyrttable.bet_log", mine),
                seat=self.seats[event.seat].name,
                amount=extra["to"],
            )
        return super().event_text(event, **extra)

    def _words(self, event: Event, extra: dict[str, Any]) -> dict[str, Any]:
        """Cards and amounts in words the fonts can draw, in the table's unit (worked
        out whenever a line is worded, so a log told again reads the same)."""
        extra = dict(extra)
        fields = event.to_dict()
        for k in ("amount", "to", "stack", "forfeited"):
            if isinstance(fields.get(k), int) and k not in extra:
                extra[k] = self.money(fields[k])
        for k in ("card", "old", "given", "drawn"):
            v = getattr(event, k, None)
            if isinstance(v, Card) and k not in extra:
                extra[k] = card_text(v)
        for k in ("cards", "taken", "discarded", "best_five"):
            v = getattr(event, k, None)
            if isinstance(v, tuple) and k not in extra:
                extra[k] = cards_text(v)
        if "category" in fields and fields["category"]:
            extra.setdefault("category", category_text(fields["category"]))
        if isinstance(event, R.BlindPosted):
            extra.setdefault("blind", tr(f"wyrt.blinds.{event.blind}"))
        elif isinstance(event, R.PotWon):
            names = [self.seats[w].name for w in event.winners]
            extra.setdefault("winners", names_with_you(names, event.winners, self.you()))
        elif isinstance(event, R.CheatTested):
            extra.setdefault("test", tr(f"wyrttable.test_name_{event.test}"))
            extra.setdefault("level", tr(f"wyrt.difficulty.{event.level}"))
            extra["target"] = max(0, event.target)
        elif isinstance(event, R.RelicInvoked):
            extra.setdefault("relic", tr(f"wyrttable.relic_short.{event.relic}"))
        elif isinstance(event, R.MaskWorn):
            extra.setdefault("suit", tr(f"wyrttable.suit_name.{event.suit}"))
        return extra

    def _plate_centre(self, seat: int) -> tuple[int, int]:
        return self.ring.plate_rect(seat).center

    def _bet_flight(self, seat: int, amount: int) -> None:
        """Chips slide from a seat's stack to its bet (the last roll leaves the tray)."""
        self._tray_done()
        self.flights.launch(amount, self._plate_centre(seat), self.ring.bet_spot(seat), 0.3)

    def _hand_title(self, ev: R.HandStarted) -> str:
        return tr("wyrttable.hand_title", hand=ev.hand, deck=tr(f"wyrt.decks.{ev.deck}"))

    def rebuild_log(self) -> None:
        """Tell the log again for whoever looks now, hand by hand (used by a base
        table that keeps its log as events; each line is worded by `event_text`,
        which never words another seat's secret)."""
        if not isinstance(self.log, felt.HandHistory):
            return  # the base's constructor, before the hand history exists: told below
        self.log.title = tr("wyrttable.history")
        self.log.clear()
        bet_made = False  # whether a raise is a round's first bet (worded as a bet)
        for event, text, colour, extra in self.history[-self.LOG_REBUILD :]:
            if extra.get("heading"):
                continue  # a hand's heading: worded again from its HandStarted below
            if isinstance(event, R.HandStarted):
                self.log.start_hand(self._hand_title(event))
            if isinstance(event, R.BettingRoundStarted):
                bet_made = event.number == 1  # the blinds are the first round's bets
            elif isinstance(event, R.PlayerRaised) and "opening" not in extra:
                extra = {**extra, "opening": not bet_made}
            if isinstance(event, (R.BlindPosted, R.PlayerRaised, R.PlayerAllIn)):
                bet_made = True
            if event is not None:
                text = self.event_text(event, **extra)
            else:
                text = self.note_text(text, extra)
            if text:
                self.log.add(text, colour)

    def _on_PlayerBusted(self, ev: R.PlayerBusted) -> None:
        self.shown.status[ev.seat] = "busted"
        self.log_event(ev)

    def _on_CheatTested(self, ev: R.CheatTested) -> None:
        if not ev.visible_to(self.viewer):
            return
        caption = tr(f"wyrttable.test_{ev.test}")
        row = self.tray.throw([ev.roll], caption, "black", self._d(0.6), seed=ev.roll * 3)
        row.note = tr(
            "wyrttable.test_pass" if ev.success else "wyrttable.test_fail", target=max(0, ev.target)
        )
        row.note_colour = (150, 220, 140) if ev.success else (240, 120, 100)
        self.tweens.after(0.8, lambda: None)
        self.log_event(ev)

    def _on_CheatAbandoned(self, ev: R.CheatAbandoned) -> None:
        self.log_event(ev)  # worded only for its owner ([G4])

    def _on_CheatSucceeded(self, ev: R.CheatSucceeded) -> None:
        if not ev.visible_to(self.viewer):
            self.log_event(ev)  # kept for its owner's log; another seat reads nothing
            return
        row = self.tray.throw([ev.roll], tr("wyrttable.steal_count"), "gold", self._d(0.6))
        row.note = tr("wyrttable.steal_note", count=ev.count)
        self.banner.show(
            tr("wyrttable.unnoticed"),
            tr("wyrttable.steal_note", count=ev.count),
            self._d(1.2),
            "info",
        )
        self.tweens.after(0.9, lambda: None)
        self.log_event(ev)

    def _on_CardsStolen(self, ev: R.CardsStolen) -> None:
        if not ev.visible_to(self.viewer):
            self.log_event(ev)  # kept for its owner's log; another seat reads nothing
            return
        cards = self.view().get("hand_cards")
        if cards is not None and ev.seat == self.viewer:
            self._fan(ev.seat).show([Card.from_code(c) for c in cards], face_up=True)
        self.log_event(ev)

    def _on_CheatCaught(self, ev: R.CheatCaught) -> None:
        s = ev.seat
        self.shake[s] = self._d(1.0)
        row = self.tray.throw(
            [ev.roll], tr("wyrttable.test_H"), "black", self._d(0.5), seed=ev.roll
        )
        row.note = tr("wyrttable.test_fail", target=max(0, ev.target))
        row.note_colour = (240, 120, 100)
        self.banner.show(
            self.said_of("wyrttable.caught_banner", s, name=self.seats[s].name),
            tr("wyrttable.caught_sub", amount=self.money(ev.forfeited)),
            self._d(2.2),
            "dark",
        )
        self.shown.folded[s] = True
        fan = self.fans.get(s)
        if fan is not None:
            fan.muck(self._deck_centre(), 0.4)
        self.app.sound.play("error") if hasattr(self.app, "sound") else None
        self.tweens.after(1.6, lambda: None)
        self.log_event(ev)

    def _on_PlayerExpelled(self, ev: R.PlayerExpelled) -> None:
        s = ev.seat
        self.shown.status[s] = "expelled"
        if ev.stack > 0:
            self.shown.stacks[s] = 0
            edge = self.ring.plate_rect(s).center
            dx, dy = self.ring.direction(s)
            out = (edge[0] + dx * 400, edge[1] + dy * 400)
            self.flights.launch(ev.stack, edge, out, 0.6)
        self.log_event(ev)

    def _on_PlayerLeft(self, ev: R.PlayerLeft) -> None:
        self.shown.status[ev.seat] = "away" if self.mode == "life_cassino" else "left"
        fan = self.fans.get(ev.seat)
        if fan is not None and fan.sprites:
            self.shown.folded[ev.seat] = True
            fan.muck(self._deck_centre(), 0.3)
        self.log_event(ev)

    def _on_PlayerJoined(self, ev: R.PlayerJoined) -> None:
        self.shown.status[ev.seat] = "playing"
        self.log_event(ev)

    def _on_SoulTaken(self, ev: R.SoulTaken) -> None:
        self.shown.status[ev.seat] = "dead"
        name = self.seats[ev.seat].name
        title = self.said_of("wyrttable.soul_banner", ev.seat, name=name)
        self.banner.show(title, "", self._d(2.0), "dark")
        self.log_event(ev)
        if self.is_human(ev.seat):
            from scenes.tables.wyrt.dialogs import SoulTakenScreen

            profile = ev.seat == self.view()["profile_seat"]
            self.tweens.after(
                0.8, lambda: self.app.scenes.push(SoulTakenScreen(self.app, name, profile))
            )

    def _on_MortoDefeated(self, ev: R.MortoDefeated) -> None:
        self.shown.status[ev.seat] = "defeated"
        key = "wyrttable.morto_caught" if ev.reason == "caught" else "wyrttable.morto_falls"
        self.banner.show(tr(key), tr("wyrttable.morto_rises"), self._d(2.4), "gold")
        self.tweens.after(1.2, lambda: None)
        self.log_event(ev)

    def _on_WishGranted(self, ev: R.WishGranted) -> None:
        self.banner.show(
            self.said_of("wyrttable.wish_banner", ev.seat, name=self.seats[ev.seat].name),
            "",
            self._d(2.4),
            "gold",
        )
        self.log_event(ev)

    def _on_RelicInvoked(self, ev: R.RelicInvoked) -> None:
        relic = tr(f"wyrttable.relic_short.{ev.relic}")
        self.banner.show(
            self.said_of(
                "wyrttable.relic_banner", ev.seat, name=self.seats[ev.seat].name, relic=relic
            ),
            tr(f"wyrt.relics.{ev.relic}.power"),
            self._d(1.6),
            "dark",
        )
        self.log_event(ev)

    def _on_RelicPeek(self, ev: R.RelicPeek) -> None:
        self.log_event(ev)  # worded only for its owner ([G4])

    def _on_RelicExchange(self, ev: R.RelicExchange) -> None:
        if ev.visible_to(self.viewer):
            cards = self.view().get("hand_cards")
            if cards is not None and ev.seat == self.viewer:
                self._fan(ev.seat).show([Card.from_code(c) for c in cards], face_up=True)
        self.log_event(ev)  # worded only for its owner ([G4])

    def _on_MaskWorn(self, ev: R.MaskWorn) -> None:
        self.log_event(ev)  # worded only for its owner ([G4])

    def _on_SessionEnded(self, ev: R.SessionEnded) -> None:
        self.chip_history.append(
            list(self.view()["seats"][s]["stack"] for s in range(len(self.seats)))
        )
        self.log_event(ev)
        self.log_note(lambda: unit_words(f"wyrt.end_reason.{ev.reason}", self.unit), style.INK_SOFT)
