"""The War table's events on the map: territories dealt, armies placed, battles
with their dice, conquests gliding in, cards drawn. ("Attack until", which rolls
on by itself while the person watches, is scenes/tables/war/until.py.)
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.war import records as R
from scenes import style
from scenes.i18n import tr
from scenes.tables.war.cards_view import war_card, war_card_back
from scenes.tables.war.effects import BattleFx, Effect
from scenes.tables.war.look import Colour
from scenes.tables.war.places import (
    card_name,
)
from scenes.widgets.floating import FloatingText, GlidingImage
from scenes.widgets.map_view import MapView
from scenes.widgets.tween import Tweens


class WarAnimations:
    """Moves the counters the map shows (`owners`, `armies`: the display copy the
    table snaps back to the engine's view) and adds effects to `fx`."""

    def __init__(
        self,
        map_view: MapView,
        owners: dict[str, int],
        armies: dict[str, int],
        fx: list[Effect],
        tweens: Tweens,
        brisk: Callable[[], bool],
    ) -> None:
        self.map = map_view
        self.owners = owners
        self.armies = armies
        self.fx = fx
        self.tweens = tweens
        #: True while "attack until" rolls on (asked when each effect starts)
        self.brisk = brisk
        #: how long the moves of the event at hand take, as a share of the viewer's own
        self.tempo = 1.0

    def _factor(self) -> float:
        """Animations run three times faster during "attack until", and faster
        for others' moves than for the viewer's own."""
        return (0.35 if self.brisk() else 1.0) * self.tempo

    def _d(self, seconds: float) -> float:
        """A duration scaled by the speed setting (and "attack until")."""
        return self.tweens.scaled(seconds * self._factor())

    def deal(self, event: R.TerritoriesDealt) -> None:
        """The territories turn up one by one, each with its first army."""
        self.owners.clear()
        self.armies.clear()
        step = self._d(0.045)
        for i, t in enumerate(event.order):
            self.tweens.after(step * i, self._reveal_later(t, event.owners[t]))

    def _reveal_later(self, territory: str, owner: int) -> Callable[[], None]:
        return lambda: self._reveal(territory, owner)

    def _reveal(self, territory: str, owner: int) -> None:
        self.owners[territory] = owner
        self.armies[territory] = 1

    def placed(self, event: R.ArmiesPlaced) -> None:
        """Placed armies land one territory after another."""
        for i, (t, n) in enumerate(sorted(event.armies.items())):
            self.tweens.after(self._d(0.04) * i, self._add_later(t, n, style.GOLD_LIGHT))

    def _add_later(self, territory: str, n: int, colour: Colour) -> Callable[[], None]:
        return lambda: self._add_armies(territory, n, colour)

    def _add_armies(self, territory: str, n: int, colour: Colour) -> None:
        self.armies[territory] = self.armies.get(territory, 0) + n
        self.fx.append(
            FloatingText(f"+{n}", self.map.anchor(territory), colour, self._d(0.9) or 0.01)
        )

    def traded(self, event: R.CardsTraded) -> None:
        """A trade's bonus armies, and its value over the map."""
        for t in event.bonus_territories:
            self._add_armies(t, 2, style.GOLD_LIGHT)
        self.announce(tr("wartable.traded", value=event.value), style.GOLD_LIGHT, 1.4, 30)

    def announce(self, text: str, colour: Colour, seconds: float, size: int) -> None:
        """Words over the middle of the map."""
        self.fx.append(
            FloatingText(text, self.map.map_rect.center, colour, self._d(seconds) or 0.01, size)
        )

    def conquered(self, event: R.TerritoryConquered) -> None:
        """The territory changes hands."""
        self.owners[event.target] = event.seat
        self.fx.append(
            FloatingText(
                tr("wartable.conquered"),
                self.map.anchor(event.target),
                style.GOLD_LIGHT,
                self._d(1.0) or 0.01,
                24,
            )
        )

    def battle(self, ev: R.BattleFought, seed: int, say: Callable[[], None]) -> None:
        """Dice tumble beside the fight (never over it); when they land the
        counters lose their armies and `say` logs the result."""
        duration = self._d(1.3)
        where = self.map.anchor(ev.target)

        def landed() -> None:
            say()
            if ev.attacker_losses:
                self.armies[ev.source] = self.armies.get(ev.source, 0) - ev.attacker_losses
                self.fx.append(
                    FloatingText(
                        f"-{ev.attacker_losses}",
                        self.map.anchor(ev.source),
                        style.RED,
                        self._d(0.9) or 0.01,
                    )
                )
            if ev.defender_losses:
                self.armies[ev.target] = self.armies.get(ev.target, 0) - ev.defender_losses
                self.fx.append(
                    FloatingText(f"-{ev.defender_losses}", where, style.RED, self._d(0.9) or 0.01)
                )

        fx = BattleFx(
            ev.attack_dice,
            ev.defense_dice,
            where,
            self.map.map_rect,
            duration or 0.01,
            seed=seed,
            source=self.map.anchor(ev.source),
            on_landed=landed,
        )
        self.fx.append(fx)

    def glide(self, source: str, target: str, count: int, look: tuple[Colour, str]) -> None:
        """`count` armies in the mover's `look` glide from `source` to `target`."""
        colour, emblem = look
        image = self.map.counter_surface(count, colour, emblem)
        self.armies[source] = self.armies.get(source, 0) - count
        duration = self._d(0.6)
        self.fx.append(
            GlidingImage(self.map.anchor(source), self.map.anchor(target), image, duration or 0.01)
        )

        def arrive() -> None:
            self.armies[target] = self.armies.get(target, 0) + count

        self.tweens.after(0.6 * self._factor(), arrive)

    def card_drawn(self, ev: R.CardDrawn, mine: bool, panel: pygame.Rect) -> None:
        """The card glides from the map to the panel, face up only for its owner."""
        image = war_card(ev.card, 90, card_name(ev.card)) if mine else war_card_back(90)
        start = (self.map.map_rect.centerx, self.map.map_rect.bottom)
        end = (panel.right - 80, panel.top + 30)
        self.fx.append(GlidingImage(start, end, image, self._d(0.9) or 0.01))
