"""The Chama table's event playback: log lines in words and the animations
of each engine event (cards flying, realms razed, spoils, the Xisum duel)."""

from __future__ import annotations

import contextlib
import time
from typing import TYPE_CHECKING, Any

import pygame

from game import Event
from game.cards import Card, parse_card
from game.chama import events as E
from scenes import style
from scenes.i18n import has, tr
from scenes.tables.base import TableScene
from scenes.tables.chama import layout as L
from scenes.tables.chama.battle_view import geometry
from scenes.tables.chama.effects import XisumDuel
from scenes.tables.chama.hints import pretty
from scenes.tables.chama.look import LEGAL, chama_back, chama_card
from scenes.widgets.floating import FloatingText, GlidingImage

if TYPE_CHECKING:
    pass

SLOTS = "ABCDEF"

FLY = 0.38  # seconds a card takes to cross the table at normal speed


class TableAnimations:
    """Mixin of `ChamaTable`: what each engine event looks like."""

    #: event fields naming seats, beyond the base's (an armistice's, a xisum's)
    SEAT_FIELDS = (*TableScene.SEAT_FIELDS, "caster", "target")

    def log_event(self, event: Event, **extra: Any) -> None:
        if isinstance(event, E.StepStarted):
            return  # the turn bar shows the step; the log keeps what happened
        # a private event is kept too: `event_text` words it only for its owner,
        # and the base tells the log again whenever another person looks
        super().log_event(event, **extra)

    def event_extra(self, event: Event) -> dict[str, Any]:
        """Card names, outcome words and seat names for an event's log line."""
        extra: dict[str, Any] = {}
        fields = event.to_dict()
        for k, v in fields.items():
            if k in ("card", "commander", "army", "replaced") and isinstance(v, str):
                extra.setdefault(k, pretty(v))
            elif k in ("cards", "hand", "discards") and isinstance(v, list):
                extra.setdefault(k, ", ".join(pretty(c) for c in v) or "—")
            elif k in (
                "reason",
                "how",
                "result",
                "side",
                "winner",
                "outcome",
                "losing",
            ) and isinstance(v, str):
                word = f"chamatable.words.{v}"
                if k in ("side", "winner", "losing"):
                    # "lado da defesa": a bare word took the wrong article ("no defesa")
                    word = f"chamatable.side_words.{v}"
                extra.setdefault(k, tr(word) if has(word) else v.replace("_", " "))
        if isinstance(event, (E.RealmPlayed, E.CommanderPooled, E.ArmyAttached, E.ArmisticeCast)):
            extra["card"] = event.card.code[:-1]  # the line already names the card's role
        if isinstance(event, E.CutForFirst):
            extra["cards"] = ", ".join(
                f"{self.seats[s].name} {pretty(c)}"
                for s, c in zip(event.seats, event.cards, strict=True)
            )
        if isinstance(event, E.MulliganTaken):
            extra["kept"] = tr("chamatable.words.yes" if event.kept else "chamatable.words.no")
        return extra

    def _d(self, seconds: float) -> float:
        return self.tweens.scaled(seconds)

    def play_event(self, event: Event) -> None:
        self.log_event(event)
        self.display.start(self.settled)
        self.display.apply(event, self.view(), self.viewer)
        self._view_cache = None
        if self._d(1.0) <= 0 or self.lay is None:
            return
        # an animation never stops the table; the state is drawn anyway
        with contextlib.suppress(KeyError, IndexError, ValueError):
            self._animate(event)

    def _area(self, seat: int) -> L.Area | None:
        return self.lay.areas.get(seat) if self.lay else None

    def _hand_pos(self, seat: int) -> tuple[int, int]:
        assert self.lay is not None
        if seat == self.viewer:
            return self.lay.hand.center
        area = self._area(seat)
        return area.header.center if area else self.lay.centre.center

    def _fly(
        self,
        image: pygame.Surface,
        start: tuple[int, int],
        end: tuple[int, int],
        seconds: float = FLY,
    ) -> None:
        self.fx.append(GlidingImage(start, end, image, self._d(seconds) or 0.01))

    def _float(
        self,
        text: str,
        pos: tuple[int, int],
        colour: tuple[int, int, int],
        size: int = 24,
        seconds: float = 1.0,
    ) -> None:
        room = self.lay.board.width - 40 if self.lay else None  # long words wrap on the board
        self.fx.append(FloatingText(text, pos, colour, self._d(seconds) or 0.01, size, room))

    def _face(self, code: str | Card, width: int = 0) -> pygame.Surface:
        """A card in flight, at a size already painted for the table."""
        assert self.lay is not None
        card = parse_card(code) if isinstance(code, str) else code
        return chama_card(card, width or self.fly_w)

    @property
    def fly_w(self) -> int:
        """The width of cards in flight (the battle's card size, painted anyway)."""
        assert self.lay is not None
        return geometry(self.lay.centre).card_w

    def warm_sizes(self) -> list[int]:
        """Every card width this layout paints (the warm-up renders them ahead)."""
        lay = self.lay
        if lay is None:
            return []
        sizes = {lay.hand_w, self.fly_w, 34}
        for a in lay.areas.values():
            sizes |= {a.card_w, a.draw_pile.width, a.discard_pile.width}
        return sorted(sizes)

    def _warm_up(self, budget: float = 0.0015) -> None:
        """Paint a few card faces ahead while the frame has time (no first-use hitch)."""
        start = time.perf_counter()
        while self._warm and time.perf_counter() - start < budget:
            card, width = self._warm.pop()
            chama_card(card, width)

    def _animate(self, event: Event) -> None:
        lay = self.lay
        assert lay is not None
        if isinstance(event, E.CardsDrawn) and event.seat == self.viewer:
            area = self._area(event.seat)
            if area is None or not event.visible_to(self.viewer):
                return
            # the viewer sees his own draw face up, one card after the other
            for k, card in enumerate(event.cards[:5]):
                self.fx.append(
                    GlidingImage(
                        area.draw_pile.center,
                        self._hand_pos(event.seat),
                        self._face(card),
                        self._d(FLY + 0.1 * k) or 0.01,
                    )
                )
            return
        if isinstance(event, E.DrewCards) and event.count:
            area = self._area(event.seat)
            if area is None:
                return
            if event.reason == "spoils":
                self._float(tr("chamatable.fx.spoils"), area.draw_pile.center, LEGAL, 24, 1.2)
            if event.seat == self.viewer:
                return  # his own cards fly face up with the private event
            for k in range(min(event.count, 3)):
                self.fx.append(
                    GlidingImage(
                        area.draw_pile.center,
                        self._hand_pos(event.seat),
                        chama_back(self.fly_w),
                        self._d(FLY + 0.08 * k) or 0.01,
                    )
                )
            self.app.sound.play("card")
        elif isinstance(event, E.RealmPlayed):
            area = self._area(event.seat)
            if area:
                self._fly(
                    self._face(event.card),
                    self._hand_pos(event.seat),
                    area.slots[SLOTS.index(event.slot)].center,
                )
                self.app.sound.play("card")
        elif isinstance(event, E.RealmRazed):
            area = self._area(event.seat)
            if area:
                self._float(
                    tr("chamatable.fx.razed"),
                    area.slots[SLOTS.index(event.slot)].center,
                    (255, 110, 80),
                    26,
                    1.3,
                )
                self.app.sound.play("chips")
        elif isinstance(event, E.RealmRebuilt):
            area = self._area(event.seat)
            if area:
                self._float(
                    tr("chamatable.fx.rebuilt"),
                    area.slots[SLOTS.index(event.slot)].center,
                    LEGAL,
                    22,
                )
        elif isinstance(event, (E.CommanderPooled, E.ArmyAttached)):
            area = self._area(event.seat)
            if area:
                self._fly(self._face(event.card), self._hand_pos(event.seat), area.pool.center)
        elif isinstance(event, E.BattleStarted):
            area = self._area(event.defender)
            if area:
                self._float(
                    tr("chamatable.fx.attack"),
                    area.slots[SLOTS.index(event.slot)].center,
                    (255, 90, 60),
                    26,
                    1.0,
                )
            self.app.sound.play("dice")
        elif isinstance(event, E.CommanderPresented):
            g = geometry(lay.centre)
            end = (g.attack if event.side == "attack" else g.defense).center
            start = self._hand_pos(event.seat)
            if not event.from_hand:
                area = self._area(event.seat)
                start = area.pool.center if area else start
            self._fly(self._face(event.commander), start, end)
        elif isinstance(event, E.Reinforced):
            g = geometry(lay.centre)
            side = g.attack if event.side == "attack" else g.defense
            # land where the battle view stacks it: outward from the commander
            b = self.shown().get("battle") or {}
            k = max(0, len((b.get(event.side) or {}).get("reinforcements", [])) - 1)
            step = round(g.card_w * 0.5)
            if event.side == "attack":
                x = side.left - 8 - g.card_w - k * step
            else:
                x = side.right + 8 + k * step
            end = (x + g.card_w // 2, side.top + g.card_h // 5 + g.card_h // 2)
            self._fly(self._face(event.card), self._hand_pos(event.seat), end)
            self._float(f"+{event.card.rank}", (end[0], side.top), LEGAL, 28)
            self.app.sound.play("card")
        elif isinstance(event, E.DefenseDeclined):
            self._float(tr("chamatable.fx.declined"), lay.centre.center, (255, 140, 100), 24)
        elif isinstance(event, E.IncursionResolved):
            text = tr(
                "chamatable.fx.incursion",
                side=tr(f"chama.sides.{event.winner}"),
                a=event.attack_level,
                d=event.defense_level,
            )
            self.last_result = text
            self._float(text, lay.centre.center, style.GOLD_LIGHT, 26, 1.4)
        elif isinstance(event, E.ArmisticeCast):
            self._fly(
                self._face(event.card),
                self._hand_pos(event.caster),
                self._between(event.caster, event.target),
                0.6,
            )
            self._float(tr("chamatable.fx.armistice"), lay.centre.center, (240, 240, 240), 28, 1.4)
        elif isinstance(event, E.BattleEnded):
            self.last_result = tr(
                "chamatable.fx.battle_end",
                attacker=self.seats[event.attacker].name,
                defender=self.seats[event.defender].name,
                slot=event.slot,
                result=tr(f"chama.results.{event.result}"),
            )
        elif isinstance(event, E.CardsDiscarded):
            area = self._area(event.seat)
            if area and event.reason == "guerrilha":
                self._fly(
                    self._face(event.cards[0]),
                    self._hand_pos(event.seat),
                    area.discard_pile.center,
                    0.7,
                )
                self._float(
                    tr("chamatable.fx.guerrilha", card=pretty(event.cards[0])),
                    area.header.center,
                    (255, 170, 90),
                    20,
                    1.6,
                )
            elif area:
                for c in event.cards[:3]:
                    self._fly(
                        self._face(c), self._hand_pos(event.seat), area.discard_pile.center, 0.3
                    )
        elif isinstance(event, E.XisumCalled):
            self._xisum_commander = event.commander.code
            self._float(
                self.said_of(
                    "chamatable.fx.xisum", event.target, name=self.seats[event.target].name
                ),
                lay.centre.center,
                LEGAL,
                30,
                1.2,
            )
        elif isinstance(event, E.XisumRevealed) and event.card is not None:
            area = self._area(event.target)
            if area:
                self._fly(self._face(event.card), area.draw_pile.center, lay.centre.center, 0.4)
            challenger = parse_card(self._xisum_commander) if self._xisum_commander else None
            outcome = tr(f"chamatable.fx.xisum_{event.outcome}")
            self.fx.append(
                XisumDuel(lay.centre, challenger, event.card, outcome, self._d(2.0) or 0.01)
            )
        elif isinstance(event, E.PlayerEliminated):
            self._float(
                self.said_of("chamatable.fx.out", event.seat, name=self.seats[event.seat].name),
                lay.centre.center,
                (255, 90, 70),
                30,
                1.8,
            )
        elif isinstance(event, E.RedrawDeclared):
            self._float(
                tr(
                    "chamatable.fx.redraw",
                    name=self.seats[event.seat].name,
                    hand=" ".join(pretty(c) for c in event.hand),
                ),
                lay.centre.center,
                style.CREAM,
                20,
                2.2,
            )
        elif isinstance(event, E.TurnStarted):
            self._float(
                self.said_of("chamatable.fx.turn", event.seat, name=self.seats[event.seat].name),
                lay.centre.center,
                style.CREAM,
                22,
                0.7,
            )

    def _between(self, a: int, b: int) -> tuple[int, int]:
        """A point on the line between two seats' areas (the armistice marker)."""
        assert self.lay is not None
        ra, rb = self._area(a), self._area(b)
        if ra is None or rb is None:
            return self.lay.centre.center
        x = (ra.rect.centerx + rb.rect.centerx) // 2
        y = (ra.rect.centery + rb.rect.centery) // 2
        c = self.lay.centre
        return (min(max(x, c.left + 30), c.right - 30), min(max(y, c.top + 30), c.bottom - 30))
