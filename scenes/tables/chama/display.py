"""The table as shown while engine events are being animated.

The engine has already moved on when its events reach the screen, so the
table keeps a copy of the last settled view and brings it forward event by
event (a realm lands, a commander leaves the pool, a reinforcement stacks up).
Events whose effects are many (an incursion resolving, a battle ending) snap
the copy to the engine's current view for the rest of the batch. Only the
viewer's own view is ever copied, so nothing hidden can show ([G4]).
"""

from __future__ import annotations

import copy
from typing import Any

from game import Event
from game.chama import events as E

#: events after which the copy jumps to the engine's view
SNAP = (E.IncursionResolved, E.BattleEnded, E.ArmisticeCast, E.GameRestarted, E.PoolDiscarded)


def before_draws(view: dict[str, Any], events: list[Event], viewer: int | None) -> dict[str, Any]:
    """A copy of `view` as it stood before `events`' draws: a new table shows its
    opening deal from a view that already holds it, and counted every hand
    twice while the deal played ("Hand 16" for 8 cards)."""
    out = copy.deepcopy(view)
    players = out["players"]
    for event in reversed(events):
        if isinstance(event, E.DrewCards):
            p = players[event.seat]
            p["hand_count"] = max(0, p["hand_count"] - event.count)
            p["draw_count"] = event.left + event.count
        elif isinstance(event, E.CardsDrawn) and event.seat == viewer and out.get("hand"):
            for c in event.cards:
                if c.code in out["hand"]:
                    out["hand"].remove(c.code)
    return out


def _from_hand(v: dict[str, Any], seat: int, code: str, viewer: int | None) -> None:
    """A card leaves `seat`'s hand in the copy (its face too, when it is the viewer's)."""
    p = v["players"][seat]
    p["hand_count"] = max(0, p["hand_count"] - 1)
    hand = v.get("hand")
    if seat == viewer and hand is not None and code in hand:
        hand.remove(code)


class Display:
    """A view copy moved forward by events."""

    def __init__(self) -> None:
        self.view: dict[str, Any] | None = None
        self.snapped = False
        self._last: Event | None = None

    def start(self, settled: dict[str, Any]) -> None:
        """Begin a batch from the last settled view."""
        if self.view is None:
            self.view = copy.deepcopy(settled)
            self.snapped = False

    def stop(self) -> None:
        """The batch is over: the engine's view is shown again."""
        self.view = None
        self.snapped = False

    def apply(self, event: Event, current: dict[str, Any], viewer: int | None) -> None:
        """Move the copy forward by one event."""
        v = self.view
        last, self._last = self._last, event
        if v is None or self.snapped:
            return
        if isinstance(event, SNAP):
            self.view = copy.deepcopy(current)
            self.snapped = True
            return
        players = v["players"]
        if isinstance(event, E.TurnStarted):
            v["active"], v["turn"], v["step"] = event.seat, event.turn, 1
        elif isinstance(event, E.StepStarted):
            v["active"], v["step"] = event.seat, event.step
        elif isinstance(event, E.DrewCards):
            p = players[event.seat]
            p["draw_count"] = event.left
            p["hand_count"] += event.count
        elif isinstance(event, E.CardsDrawn):
            if event.seat == viewer and v.get("hand") is not None:
                v["hand"].extend(c.code for c in event.cards)
        elif isinstance(event, E.RealmPlayed):
            p = players[event.seat]
            f = p["formation"]["ABCDEF".index(event.slot)]
            f["card"], f["razed"] = event.card.code, False
            if event.replaced is not None:
                p["discard"].append(event.replaced.code)
            _from_hand(v, event.seat, event.card.code, viewer)
        elif isinstance(event, E.RealmRebuilt):
            p = players[event.seat]
            p["formation"]["ABCDEF".index(event.slot)]["razed"] = False
            for c in event.discards:
                _from_hand(v, event.seat, c.code, viewer)
                p["discard"].append(c.code)
        elif isinstance(event, E.RealmRazed):
            players[event.seat]["formation"]["ABCDEF".index(event.slot)]["razed"] = True
            if event.slot in players[event.seat]["exposed"]:
                players[event.seat]["exposed"].remove(event.slot)
        elif isinstance(event, E.CommanderPooled):
            players[event.seat]["pool"].append(
                {"uid": event.uid, "commander": event.card.code, "army": None, "face_down": False}
            )
            if not isinstance(last, E.XisumRevealed):
                _from_hand(v, event.seat, event.card.code, viewer)
        elif isinstance(event, E.ArmyAttached):
            for u in players[event.seat]["pool"]:
                if int(u["uid"]) == event.uid:
                    u["army"] = event.card.code
            _from_hand(v, event.seat, event.card.code, viewer)
        elif isinstance(event, E.BattleStarted):
            empty: dict[str, Any] = {
                "unit": None,
                "from_hand": False,
                "reinforcements": [],
                "level": 0,
            }
            v["battle"] = {
                "attacker": event.attacker,
                "defender": event.defender,
                "slot": event.slot,
                "incursion": 0,
                "stage": "present_attacker",
                "attack": copy.deepcopy(empty),
                "defense": copy.deepcopy(empty),
                "spent": [],
                "history": [],
                "helpers": {},
                "losing": None,
                "actor": event.attacker,
                "passed": [],
                "principal_stopped": False,
            }
        elif isinstance(event, E.CommanderPresented) and v.get("battle"):
            self._presented(v, event, viewer)
        elif isinstance(event, E.Reinforced) and v.get("battle"):
            b = v["battle"]
            b[event.side]["reinforcements"].append([event.seat, event.card.code])
            b["attack"]["level"], b["defense"]["level"] = event.attack_level, event.defense_level
            b["losing"] = "attack" if event.attack_level <= event.defense_level else "defense"
            _from_hand(v, event.seat, event.card.code, viewer)
        elif isinstance(event, E.CardsDiscarded) and event.reason in ("hand_limit", "guerrilha"):
            for c in event.cards:
                _from_hand(v, event.seat, c.code, viewer)
                players[event.seat]["discard"].append(c.code)
        elif isinstance(event, E.XisumCalled):
            for u in players[event.seat]["pool"]:
                if int(u["uid"]) == event.uid:
                    u["face_down"] = True

    def _presented(
        self, v: dict[str, Any], event: E.CommanderPresented, viewer: int | None
    ) -> None:
        b = v["battle"]
        pool = v["players"][event.seat]["pool"]
        unit = {
            "uid": event.uid,
            "commander": event.commander.code,
            "army": event.army.code if event.army else None,
            "face_down": False,
        }
        if event.from_hand:
            _from_hand(v, event.seat, event.commander.code, viewer)
        else:
            v["players"][event.seat]["pool"] = [u for u in pool if int(u["uid"]) != event.uid]
        side = b[event.side]
        side["unit"], side["from_hand"], side["level"] = unit, event.from_hand, event.level
        side["reinforcements"] = []
        b["incursion"] = event.incursion
        if event.side == "attack":
            b["stage"] = "present_defender"
            b["defense"]["unit"], b["defense"]["level"] = None, 0
        else:
            b["stage"] = "fight"
            a, d = b["attack"]["level"], b["defense"]["level"]
            b["losing"] = "attack" if a <= d else "defense"
