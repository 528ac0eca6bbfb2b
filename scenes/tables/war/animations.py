"""The War table's events on screen: territories dealt, armies placed, battles
with their dice, conquests gliding in, cards drawn; and "attack until",
which rolls on by itself while the person watches.
"""

from __future__ import annotations

from game import Event
from game.war import records as R
from game.war import until_dice, until_stop
from scenes import style
from scenes.i18n import tr
from scenes.tables.war.cards_view import war_card, war_card_back
from scenes.tables.war.effects import BattleFx
from scenes.tables.war.places import (
    card_name,
)
from scenes.widgets.floating import FloatingText, GlidingImage


class WarAnimations:
    """Event animations and attack-until (mixed into `WarTable`)."""

    def _start_auto(self) -> None:
        if self.source is None or self.target is None:
            return
        view = self.view()
        self.auto = {
            "source": self.source,
            "target": self.target,
            "stop": self.until,
            "rolls": 0,
            "lost": 0,
            "killed": 0,
            "start": view["armies"].get(self.source, 0),
        }
        self.refresh_controls()

    def _continue_auto(self) -> None:
        auto = self.auto
        assert auto is not None
        view = self.match.view(self.viewer) if self.viewer is not None else {}
        seat = self.viewer
        src, dst = auto["source"], auto["target"]
        armies = view.get("armies", {})
        conquered = view.get("owners", {}).get(dst) == seat
        able = armies.get(src, 0) - 1
        # The same policy as the odds shown (game.war.until_dice): never below the stop.
        dice = until_dice(able, until_stop(auto["stop"]))
        stop = view.get("phase") != "attack" or conquered or dice == 0
        if stop or seat is None or seat not in self.match.to_move:
            self.auto = None
            key = "wartable.until_won" if conquered else "wartable.until_stopped"
            self.app.notify(
                tr(
                    key,
                    target=dst,
                    rolls=tr("wartable.n_rolls", count=auto["rolls"]),
                    lost=tr("wartable.n_armies", count=auto["start"] - armies.get(src, 0)),
                )
            )
            self.sync()
            return
        auto["rolls"] += 1
        self.submit(R.Attack(src, dst, dice))

    def _factor(self) -> float:
        """Animations run three times faster during "attack until", and faster
        for others' moves than for the viewer's own."""
        return (0.35 if self.auto else 1.0) * self._tempo

    def _d(self, seconds: float) -> float:
        """A duration scaled by the speed setting (and "attack until")."""
        return self.tweens.scaled(seconds * self._factor())

    def play_event(self, event: Event) -> None:
        # A person's own moves play at full length; everyone else's (bots, the
        # other humans' already-seen turns) briskly ([issue 11] pace).
        actor = getattr(event, "seat", None)
        self._tempo = 1.0 if actor is not None and actor == self.viewer else self.OTHERS_TEMPO
        if not isinstance(event, R.BattleFought):  # a battle is logged when its dice land
            self.log_event(event)
        self._view_cache = None
        if isinstance(event, R.TerritoriesDealt):
            self.shown_owner, self.shown_armies = {}, {}
            step = self._d(0.045)
            for i, t in enumerate(event.order):
                self.tweens.after(step * i, lambda t=t: self._reveal(t, event.owners[t]))
            self.app.sound.play("shuffle")
        elif isinstance(event, R.ArmiesPlaced):
            for i, (t, n) in enumerate(sorted(event.armies.items())):
                self.tweens.after(
                    self._d(0.04) * i, lambda t=t, n=n: self._add_armies(t, n, style.GOLD_LIGHT)
                )
            self.app.sound.play("chips")
        elif isinstance(event, R.CardsTraded):
            for t in event.bonus_territories:
                self._add_armies(t, 2, style.GOLD_LIGHT)
            self.fx.append(
                FloatingText(
                    tr("wartable.traded", value=event.value),
                    self.map.map_rect.center,
                    style.GOLD_LIGHT,
                    self._d(1.4) or 0.01,
                    30,
                )
            )
            self.app.sound.play("card")
        elif isinstance(event, R.BattleFought):
            self._battle(event)
        elif isinstance(event, R.TerritoryConquered):
            self.shown_owner[event.target] = event.seat
            self.fx.append(
                FloatingText(
                    tr("wartable.conquered"),
                    self.map.anchor(event.target),
                    style.GOLD_LIGHT,
                    self._d(1.0) or 0.01,
                    24,
                )
            )
            self.app.sound.play("chips")
        elif isinstance(event, (R.TerritoryOccupied, R.ArmiesMoved)):
            self._glide(event.source, event.target, event.count, event.seat)
        elif isinstance(event, R.CardDrawn):
            self._card_drawn(event)
        elif isinstance(event, R.PlayerEliminated):
            text = self.said_of("wartable.eliminated", event.seat, name=self.seats[event.seat].name)
            self.fx.append(
                FloatingText(text, self.map.map_rect.center, style.RED, self._d(2.0) or 0.01, 34)
            )
        elif isinstance(event, R.TurnStarted):
            self.source = self.target = None
            if self.is_human(event.seat):
                self.app.sound.play("click")

    def _reveal(self, territory: str, owner: int) -> None:
        self.shown_owner[territory] = owner
        self.shown_armies[territory] = 1

    def _add_armies(self, territory: str, n: int, colour: tuple[int, int, int]) -> None:
        self.shown_armies[territory] = self.shown_armies.get(territory, 0) + n
        self.fx.append(
            FloatingText(f"+{n}", self.map.anchor(territory), colour, self._d(0.9) or 0.01)
        )

    def _battle(self, ev: R.BattleFought) -> None:
        """Dice tumble beside the fight (never over it); when they land the
        counters lose their armies and the log tells the result."""
        duration = self._d(1.3)
        where = self.map.anchor(ev.target)

        def landed() -> None:
            self.log_event(ev)
            if ev.attacker_losses:
                self.shown_armies[ev.source] = (
                    self.shown_armies.get(ev.source, 0) - ev.attacker_losses
                )
                self.fx.append(
                    FloatingText(
                        f"-{ev.attacker_losses}",
                        self.map.anchor(ev.source),
                        style.RED,
                        self._d(0.9) or 0.01,
                    )
                )
            if ev.defender_losses:
                self.shown_armies[ev.target] = (
                    self.shown_armies.get(ev.target, 0) - ev.defender_losses
                )
                self.fx.append(
                    FloatingText(f"-{ev.defender_losses}", where, style.RED, self._d(0.9) or 0.01)
                )

        fx = BattleFx(
            ev.attack_dice,
            ev.defense_dice,
            where,
            self.map.map_rect,
            duration or 0.01,
            seed=len(self.match.log),
            source=self.map.anchor(ev.source),
            on_landed=landed,
        )
        self.fx.append(fx)
        self.app.sound.play("dice")

    def _glide(self, source: str, target: str, count: int, seat: int) -> None:
        colour, emblem = self.seat_look(seat)
        image = self.map.counter_surface(count, colour, emblem)
        self.shown_armies[source] = self.shown_armies.get(source, 0) - count
        duration = self._d(0.6)
        self.fx.append(
            GlidingImage(self.map.anchor(source), self.map.anchor(target), image, duration or 0.01)
        )

        def arrive() -> None:
            self.shown_armies[target] = self.shown_armies.get(target, 0) + count

        self.tweens.after(0.6 * self._factor(), arrive)

    def _card_drawn(self, ev: R.CardDrawn) -> None:
        mine = ev.visible_to(self.viewer)
        image = war_card(ev.card, 90, card_name(ev.card)) if mine else war_card_back(90)
        start = (self.map.map_rect.centerx, self.map.map_rect.bottom)
        end = (self.panel.right - 80, self.panel.top + 30)
        self.fx.append(GlidingImage(start, end, image, self._d(0.9) or 0.01))
        self.app.sound.play("card")
