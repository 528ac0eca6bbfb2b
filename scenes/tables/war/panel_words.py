"""The War table in words: the side panel of the step, the seat lines, the log's
place names, a short objective and the battle line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game import Event
from game.core import TableMatch
from game.war import BOARD, until_stop
from game.war import records as R
from scenes import style
from scenes.i18n import tr
from scenes.tables.bot_worker import BotWorker
from scenes.tables.face import SeatSetup
from scenes.tables.war.dialogs import objective_text
from scenes.tables.war.look import Colour
from scenes.tables.war.odds_worker import OddsWorker
from scenes.tables.war.placement import PlacementBuffer
from scenes.tables.war.places import (
    card_name,
    continent_compact,
    continent_short,
    place_fields,
    trp,
)

if TYPE_CHECKING:
    from scenes.manager import AppHost

#: one text of the panel: words, size, colour and kind of type
Line = tuple[str, int, Colour, str]


def odds_text(odds: OddsWorker, able: int, defenders: int, until: int = 0) -> str:
    """ "Chance to conquer: 73%" (or, with `until`, the chance of "attack until
    `until` are left"); "…" while a big battle is still being swept by `odds`."""
    stop = until_stop(until)
    p = odds.get(able, defenders, stop) if able > stop else 0.0
    if until:
        if p is None:
            return tr("wartable.odds_until_pending", count=until)
        return tr("wartable.odds_until", percent=round(p * 100), count=until)
    if p is None:
        return tr("war.ui.odds_pending")
    return tr("war.ui.odds", percent=round(p * 100))


def place_words(event: Event) -> dict[str, Any]:
    """An event's territories, cards and continents named in the language of the
    moment (its seats stay the log's to word)."""
    fields = {k: v for k, v in event.to_dict().items() if k != "type"}
    named = place_fields(fields)
    return {k: v for k, v in named.items() if v is not fields[k]}


def short_objective(obj: dict[str, Any]) -> str:
    """A revealed objective in a few words (practice), e.g. "Obj.: Ásia, Am. do Sul"."""
    kind = obj.get("kind")
    if obj.get("fallback"):
        what = objective_text(obj)  # the card's own words say what replaced it
    elif kind == "destroy" and obj.get("target_color"):
        what = tr("life.war.secret_destroy", color=tr(f"war.colors.{obj['target_color']}"))
    elif kind == "territories" or obj.get("territories"):
        what = tr(
            "life.war.secret_territories",
            count=obj.get("territories", 0),
            armies=obj.get("min_armies", 1),
        )
    elif obj.get("continents"):
        names = [continent_compact(c) for c in obj["continents"]]
        if obj.get("extra_continents"):
            names.append(tr("life.war.secret_extra", count=obj["extra_continents"]))
        what = ", ".join(names)
    else:
        what = objective_text(obj)
    return tr("life.war.secret", what=what)


def battle_text(b: dict[str, Any]) -> str:
    """The last roll in words, dice included."""
    return trp(
        "wartable.last_battle",
        source=b["source"],
        target=b["target"],
        attack="-".join(str(d) for d in b["attack_dice"]),
        defence="-".join(str(d) for d in b["defense_dice"]),
        lost_a=b["attacker_losses"],
        lost_d=b["defender_losses"],
    )


class WarWordsHost(Protocol):
    """What the words read of the War table."""

    @property
    def app(self) -> AppHost: ...
    @property
    def match(self) -> TableMatch: ...
    @property
    def seats(self) -> Sequence[SeatSetup]: ...
    @property
    def practice(self) -> bool: ...
    @property
    def worker(self) -> BotWorker: ...
    @property
    def odds(self) -> OddsWorker: ...
    @property
    def controls(self) -> Mapping[str, Any]: ...
    @property
    def panel(self) -> pygame.Rect: ...
    @property
    def buffer(self) -> PlacementBuffer | None: ...
    @property
    def source(self) -> str | None: ...
    @property
    def target(self) -> str | None: ...
    @property
    def until(self) -> int: ...

    def view(self) -> dict[str, Any]: ...
    def my_turn(self) -> bool: ...
    def battle_in_flight(self) -> bool: ...
    def revealed_seats(self) -> list[int]: ...


class WarPanelWords:
    """The panel and the seats in words (mixed into `WarTable`; the log's own
    `event_text`, which words the places, is the table's)."""

    def event_extra(self, event: Event) -> dict[str, Any]:
        """Counts in words with their plural ("moves 1 army", not "1 armies")."""
        if isinstance(event, (R.TerritoryOccupied, R.ArmiesMoved)):
            return {"armies": tr("wartable.n_armies", count=event.count)}
        if isinstance(event, R.CardsTransferred):
            return {"cards": tr("wartable.n_cards", count=event.count)}
        return {}

    def seat_lines(self: WarWordsHost, seat: int) -> list[str]:
        view = self.view()
        if not view["alive"][seat]:
            return [tr("war.ui.eliminated")]
        owned = [t for t, o in view["owners"].items() if o == seat]
        armies = sum(view["armies"][t] for t in owned)
        held = [
            continent_short(c)
            for c in BOARD.continents
            if all(view["owners"][t] == seat for t in BOARD.territories_of(c))
        ]
        lines = [
            tr(
                "wartable.seat_line",
                territories=len(owned),
                armies=tr("wartable.n_armies", count=armies),
                cards=tr("wartable.n_cards", count=view["card_counts"][seat]),
            )
        ]
        if held:
            lines.append(tr("wartable.continents", names=" ".join(held)))
        if seat in self.revealed_seats():  # practice: the bot's secrets, from its own view
            secret = self.match.view(seat)
            if secret.get("objective"):
                lines.append(short_objective(secret["objective"]))
            cards = [
                card_name(c.get("territory", "?") if isinstance(c, dict) else str(c))
                for c in secret.get("cards", [])
            ]
            if cards:
                lines.append(", ".join(cards))
        return lines

    def _text_width(self: WarWordsHost) -> int:
        visible = [w for w in self.controls.values() if w.visible]
        left_edge = min((w.rect.left for w in visible), default=self.panel.right - 20)
        return max(160, left_edge - self.panel.left - 36)

    def _panel_text(self: WarWordsHost, view: dict[str, Any]) -> list[Line]:
        """What the bottom panel says: phase title and the facts that matter now."""
        out: list[Line] = []
        phase = view.get("phase", "over")
        current = view.get("current")
        if phase == "over" or current is None:
            return [(tr("war.phases.over"), 26, style.INK, "serif")]
        who = self.seats[current].name
        # while the dice of a conquest still roll, "Occupy" would tell the result
        shown = "attack" if phase == "occupy" and self.battle_in_flight() else phase
        title = tr(
            "wartable.phase_title",
            phase=tr(f"war.phases.{shown}"),
            name=who,
            round=view.get("round", 1),
        )
        out.append((title, 24, style.INK, "serif"))
        if not self.my_turn():
            if self.worker.busy:
                out.append((tr("ui.table.thinking", name=who), 16, style.INK_SOFT, "sans"))
            battle = view.get("last_battle")
            if battle and phase in ("attack", "occupy") and not self.battle_in_flight():
                out.append((battle_text(battle), 16, style.INK, "sans"))
            return out
        if phase == "reinforce" and self.buffer is not None:
            out.append(
                (
                    tr("war.ui.pending", count=self.buffer.left),
                    18,
                    style.RED if self.buffer.left else style.INK,
                    "bold",
                )
            )
            bound = [
                trp("war.ui.pending_continent", count=n, continent=c)
                for c, n in self.buffer.bound.items()
                if n
            ]
            if bound:
                out.append(("  ·  ".join(bound), 15, style.INK, "sans"))
            out.append((tr("wartable.place_help"), 14, style.INK_SOFT, "sans"))
        elif phase == "attack":
            if self.source and self.target:
                able = view["armies"].get(self.source, 0) - 1
                defenders = view["armies"].get(self.target, 0)
                out.append(
                    (
                        trp(
                            "wartable.attack_line",
                            source=self.source,
                            a=view["armies"].get(self.source, 0),
                            target=self.target,
                            d=defenders,
                        ),
                        17,
                        style.INK,
                        "bold",
                    )
                )
                if self.practice or self.app.settings.show_odds:
                    text = odds_text(self.odds, able, defenders)
                    if self.until:
                        text += "  ·  " + odds_text(self.odds, able, defenders, self.until)
                    out.append((text, 15, style.INK, "sans"))
            elif self.source:
                out.append(
                    (trp("wartable.pick_target_line", source=self.source), 16, style.INK, "sans")
                )
            else:
                out.append((tr("wartable.attack_help"), 15, style.INK_SOFT, "sans"))
        elif phase == "occupy":
            occ = view.get("occupy") or {}
            out.append(
                (
                    trp(
                        "wartable.occupy_help",
                        target=occ.get("target", "?"),
                        high=occ.get("max", 1),
                    ),
                    16,
                    style.INK,
                    "sans",
                )
            )
        elif phase == "move":
            if self.source and self.target:
                out.append(
                    (
                        trp("wartable.move_line", source=self.source, target=self.target),
                        16,
                        style.INK,
                        "bold",
                    )
                )
            out.append((tr("wartable.move_help"), 14, style.INK_SOFT, "sans"))
        return out
