"""The Chama table's event playback: log lines in words and the animations
of each engine event (cards flying, realms razed, spoils, the Xisum duel).

`ChamaEffects` owns the effects list the table updates and paints, and is
handed the layout, the viewer and the painted view with each event."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import pygame

from game import Event
from game.cards import Card, parse_card
from game.chama import events as E
from scenes import style
from scenes.i18n import has, tr
from scenes.tables.chama import layout as L
from scenes.tables.chama.battle_view import geometry
from scenes.tables.chama.effects import Fx, XisumDuel
from scenes.tables.chama.hints import pretty
from scenes.tables.chama.look import LEGAL, chama_back, chama_card
from scenes.tables.face import SeatSetup
from scenes.widgets.floating import FloatingText, GlidingImage
from scenes.widgets.tween import Tweens

SLOTS = "ABCDEF"

FLY = 0.38  # seconds a card takes to cross the table at normal speed

#: event fields naming seats beyond every table's (an armistice's, a xisum's)
SEAT_FIELDS = ("caster", "target")


def event_extra(event: Event, seats: Sequence[SeatSetup]) -> dict[str, Any]:
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
            f"{seats[s].name} {pretty(c)}" for s, c in zip(event.seats, event.cards, strict=True)
        )
    if isinstance(event, E.MulliganTaken):
        extra["kept"] = tr("chamatable.words.yes" if event.kept else "chamatable.words.no")
    return extra


def fly_w(lay: L.Layout) -> int:
    """The width of cards in flight (the battle's card size, painted anyway)."""
    return geometry(lay.centre).card_w


def face(lay: L.Layout, code: str | Card) -> pygame.Surface:
    """A card in flight, at a size already painted for the table."""
    card = parse_card(code) if isinstance(code, str) else code
    return chama_card(card, fly_w(lay))


def warm_sizes(lay: L.Layout | None) -> list[int]:
    """Every card width this layout paints (the warm-up renders them ahead)."""
    if lay is None:
        return []
    sizes = {lay.hand_w, fly_w(lay), 34}
    for a in lay.areas.values():
        sizes |= {a.card_w, a.draw_pile.width, a.discard_pile.width}
    return sorted(sizes)


def warm_up(warm: list[tuple[Card, int]], budget: float = 0.0015) -> None:
    """Paint a few card faces of `warm` ahead while the frame has time (no first-use hitch)."""
    start = time.perf_counter()
    while warm and time.perf_counter() - start < budget:
        card, width = warm.pop()
        chama_card(card, width)


def hand_pos(lay: L.Layout, viewer: int | None, seat: int) -> tuple[int, int]:
    """Where a seat's hand is: the hand strip for the viewer, else the seat's header."""
    if seat == viewer:
        return lay.hand.center
    area = lay.areas.get(seat)
    return area.header.center if area else lay.centre.center


def between(lay: L.Layout, a: int, b: int) -> tuple[int, int]:
    """A point on the line between two seats' areas (the armistice marker)."""
    ra, rb = lay.areas.get(a), lay.areas.get(b)
    if ra is None or rb is None:
        return lay.centre.center
    x = (ra.rect.centerx + rb.rect.centerx) // 2
    y = (ra.rect.centery + rb.rect.centery) // 2
    c = lay.centre
    return (min(max(x, c.left + 30), c.right - 30), min(max(y, c.top + 30), c.bottom - 30))


class SaidOf(Protocol):
    """A sentence about a seat, said to "you" when he is the one who looks."""

    def __call__(self, key: str, seat: int, **params: Any) -> str: ...


class ChamaEffects:
    """What each engine event looks like: cards in flight, floating words, the
    Xisum duel, and the last battle's result under the centre."""

    def __init__(
        self,
        fx: list[Fx],
        tweens: Tweens,
        seats: Sequence[SeatSetup],
        play: Callable[[str], None],
        said_of: SaidOf,
    ) -> None:
        #: the table's running effects (it updates and paints them)
        self.fx = fx
        self.tweens = tweens
        #: the table's seats (their names)
        self.seats = seats
        #: play a sound by name
        self.play = play
        #: a sentence about a seat, said to "you" when he looks (`TableLog.said_of`)
        self.said_of = said_of
        #: the last battle's outcome, written under the centre
        self.last_result = ""
        self._xisum_commander: str | None = None

    def _d(self, seconds: float) -> float:
        return self.tweens.scaled(seconds)

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
        lay: L.Layout,
        text: str,
        pos: tuple[int, int],
        colour: tuple[int, int, int],
        size: int = 24,
        seconds: float = 1.0,
    ) -> None:
        room = lay.board.width - 40  # long words wrap on the board
        self.fx.append(FloatingText(text, pos, colour, self._d(seconds) or 0.01, size, room))

    def animate(
        self, event: Event, lay: L.Layout, viewer: int | None, shown: dict[str, Any]
    ) -> None:
        """Start the effects of one engine event on the table laid out as `lay`,
        seen by `viewer`; `shown` is the view painted with the event applied."""
        if isinstance(event, E.CardsDrawn) and event.seat == viewer:
            area = lay.areas.get(event.seat)
            if area is None or not event.visible_to(viewer):
                return
            # the viewer sees his own draw face up, one card after the other
            for k, card in enumerate(event.cards[:5]):
                self.fx.append(
                    GlidingImage(
                        area.draw_pile.center,
                        hand_pos(lay, viewer, event.seat),
                        face(lay, card),
                        self._d(FLY + 0.1 * k) or 0.01,
                    )
                )
            return
        if isinstance(event, E.DrewCards) and event.count:
            area = lay.areas.get(event.seat)
            if area is None:
                return
            if event.reason == "spoils":
                self._float(lay, tr("chamatable.fx.spoils"), area.draw_pile.center, LEGAL, 24, 1.2)
            if event.seat == viewer:
                return  # his own cards fly face up with the private event
            for k in range(min(event.count, 3)):
                self.fx.append(
                    GlidingImage(
                        area.draw_pile.center,
                        hand_pos(lay, viewer, event.seat),
                        chama_back(fly_w(lay)),
                        self._d(FLY + 0.08 * k) or 0.01,
                    )
                )
            self.play("card")
        elif isinstance(event, E.RealmPlayed):
            area = lay.areas.get(event.seat)
            if area:
                self._fly(
                    face(lay, event.card),
                    hand_pos(lay, viewer, event.seat),
                    area.slots[SLOTS.index(event.slot)].center,
                )
                self.play("card")
        elif isinstance(event, E.RealmRazed):
            area = lay.areas.get(event.seat)
            if area:
                self._float(
                    lay,
                    tr("chamatable.fx.razed"),
                    area.slots[SLOTS.index(event.slot)].center,
                    (255, 110, 80),
                    26,
                    1.3,
                )
                self.play("chips")
        elif isinstance(event, E.RealmRebuilt):
            area = lay.areas.get(event.seat)
            if area:
                self._float(
                    lay,
                    tr("chamatable.fx.rebuilt"),
                    area.slots[SLOTS.index(event.slot)].center,
                    LEGAL,
                    22,
                )
        elif isinstance(event, (E.CommanderPooled, E.ArmyAttached)):
            area = lay.areas.get(event.seat)
            if area:
                self._fly(
                    face(lay, event.card), hand_pos(lay, viewer, event.seat), area.pool.center
                )
        elif isinstance(event, E.BattleStarted):
            area = lay.areas.get(event.defender)
            if area:
                self._float(
                    lay,
                    tr("chamatable.fx.attack"),
                    area.slots[SLOTS.index(event.slot)].center,
                    (255, 90, 60),
                    26,
                    1.0,
                )
            self.play("dice")
        elif isinstance(event, E.CommanderPresented):
            g = geometry(lay.centre)
            end = (g.attack if event.side == "attack" else g.defense).center
            start = hand_pos(lay, viewer, event.seat)
            if not event.from_hand:
                area = lay.areas.get(event.seat)
                start = area.pool.center if area else start
            self._fly(face(lay, event.commander), start, end)
        elif isinstance(event, E.Reinforced):
            g = geometry(lay.centre)
            side = g.attack if event.side == "attack" else g.defense
            # land where the battle view stacks it: outward from the commander
            b = shown.get("battle") or {}
            k = max(0, len((b.get(event.side) or {}).get("reinforcements", [])) - 1)
            step = round(g.card_w * 0.5)
            if event.side == "attack":
                x = side.left - 8 - g.card_w - k * step
            else:
                x = side.right + 8 + k * step
            end = (x + g.card_w // 2, side.top + g.card_h // 5 + g.card_h // 2)
            self._fly(face(lay, event.card), hand_pos(lay, viewer, event.seat), end)
            self._float(lay, f"+{event.card.rank}", (end[0], side.top), LEGAL, 28)
            self.play("card")
        elif isinstance(event, E.DefenseDeclined):
            self._float(lay, tr("chamatable.fx.declined"), lay.centre.center, (255, 140, 100), 24)
        elif isinstance(event, E.IncursionResolved):
            text = tr(
                "chamatable.fx.incursion",
                side=tr(f"chama.sides.{event.winner}"),
                a=event.attack_level,
                d=event.defense_level,
            )
            self.last_result = text
            self._float(lay, text, lay.centre.center, style.GOLD_LIGHT, 26, 1.4)
        elif isinstance(event, E.ArmisticeCast):
            self._fly(
                face(lay, event.card),
                hand_pos(lay, viewer, event.caster),
                between(lay, event.caster, event.target),
                0.6,
            )
            self._float(
                lay, tr("chamatable.fx.armistice"), lay.centre.center, (240, 240, 240), 28, 1.4
            )
        elif isinstance(event, E.BattleEnded):
            self.last_result = tr(
                "chamatable.fx.battle_end",
                attacker=self.seats[event.attacker].name,
                defender=self.seats[event.defender].name,
                slot=event.slot,
                result=tr(f"chama.results.{event.result}"),
            )
        elif isinstance(event, E.CardsDiscarded):
            area = lay.areas.get(event.seat)
            if area and event.reason == "guerrilha":
                self._fly(
                    face(lay, event.cards[0]),
                    hand_pos(lay, viewer, event.seat),
                    area.discard_pile.center,
                    0.7,
                )
                self._float(
                    lay,
                    tr("chamatable.fx.guerrilha", card=pretty(event.cards[0])),
                    area.header.center,
                    (255, 170, 90),
                    20,
                    1.6,
                )
            elif area:
                for c in event.cards[:3]:
                    self._fly(
                        face(lay, c),
                        hand_pos(lay, viewer, event.seat),
                        area.discard_pile.center,
                        0.3,
                    )
        elif isinstance(event, E.XisumCalled):
            self._xisum_commander = event.commander.code
            self._float(
                lay,
                self.said_of(
                    "chamatable.fx.xisum", event.target, name=self.seats[event.target].name
                ),
                lay.centre.center,
                LEGAL,
                30,
                1.2,
            )
        elif isinstance(event, E.XisumRevealed) and event.card is not None:
            area = lay.areas.get(event.target)
            if area:
                self._fly(face(lay, event.card), area.draw_pile.center, lay.centre.center, 0.4)
            challenger = parse_card(self._xisum_commander) if self._xisum_commander else None
            outcome = tr(f"chamatable.fx.xisum_{event.outcome}")
            self.fx.append(
                XisumDuel(lay.centre, challenger, event.card, outcome, self._d(2.0) or 0.01)
            )
        elif isinstance(event, E.PlayerEliminated):
            self._float(
                lay,
                self.said_of("chamatable.fx.out", event.seat, name=self.seats[event.seat].name),
                lay.centre.center,
                (255, 90, 70),
                30,
                1.8,
            )
        elif isinstance(event, E.RedrawDeclared):
            self._float(
                lay,
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
                lay,
                self.said_of("chamatable.fx.turn", event.seat, name=self.seats[event.seat].name),
                lay.centre.center,
                style.CREAM,
                22,
                0.7,
            )
