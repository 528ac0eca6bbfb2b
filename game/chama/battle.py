"""The battle sub-state: one target realm, a sequence of incursions ([C8]).

Plain data with a cheap `copy()`, so search can clone positions quickly.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from game.cards import Card, parse_card

ATT = "attack"
DEF = "defense"

#: Stages of a battle: who is asked what.
PRESENT_ATT = "present_attacker"  # attacker presents a commander or stops
PRESENT_DEF = "present_defender"  # defender presents a commander or declines
FIGHT = "fight"  # the losing side reinforces, casts an armistice, or stops
CONTINUE = "continue"  # attacker won an incursion: continue or stop


class Unit(NamedTuple):
    """A commander in play with its (at most one) attached army ([C7])."""

    uid: int
    commander: Card
    army: Card | None = None
    face_down: bool = False

    @property
    def level(self) -> int:
        """Commander level plus attached army."""
        return self.commander.rank + (self.army.rank if self.army else 0)

    def to_dict(self) -> dict[str, Any]:
        """JSON form used in views."""
        return {
            "uid": self.uid,
            "commander": self.commander.code,
            "army": self.army.code if self.army else None,
            "face_down": self.face_down,
        }

    @staticmethod
    def from_dict(d: dict[str, Any]) -> Unit:
        """Inverse of `to_dict`."""
        return Unit(
            int(d["uid"]),
            parse_card(d["commander"]),
            parse_card(d["army"]) if d.get("army") else None,
            bool(d.get("face_down", False)),
        )


class Battle:
    """State of the battle in progress."""

    __slots__ = (
        "attacker",
        "defender",
        "slot",
        "incursion",
        "stage",
        "att",
        "att_from_hand",
        "dfn",
        "dfn_from_hand",
        "att_reinf",
        "def_reinf",
        "spent",
        "history",
        "helpers",
        "losing",
        "actor",
        "passed",
        "principal_stopped",
    )

    def __init__(self, attacker: int, defender: int, slot: int) -> None:
        self.attacker = attacker
        self.defender = defender
        self.slot = slot
        self.incursion = 0
        self.stage = PRESENT_ATT
        self.att: Unit | None = None
        self.att_from_hand = False
        self.dfn: Unit | None = None
        self.dfn_from_hand = False
        #: reinforcements of the current incursion: (owner seat, army)
        self.att_reinf: list[tuple[int, Card]] = []
        self.def_reinf: list[tuple[int, Card]] = []
        #: reinforcements of earlier incursions' winners, discarded at battle end
        self.spent: list[tuple[int, Card]] = []
        #: every unit id presented in this battle, in order (a commander fights once)
        self.history: list[int] = []
        #: Aliados helpers: seat -> side they chose (never both)
        self.helpers: dict[int, str] = {}
        self.losing = ATT
        self.actor = attacker
        self.passed: list[int] = []
        self.principal_stopped = False

    def copy(self) -> Battle:
        """An independent copy."""
        b = Battle.__new__(Battle)
        for name in Battle.__slots__:
            setattr(b, name, getattr(self, name))
        b.att_reinf = list(self.att_reinf)
        b.def_reinf = list(self.def_reinf)
        b.spent = list(self.spent)
        b.history = list(self.history)
        b.helpers = dict(self.helpers)
        b.passed = list(self.passed)
        return b

    def principal(self, side: str) -> int:
        """The seat leading `side`."""
        return self.attacker if side == ATT else self.defender

    def attack_level(self) -> int:
        """Commander + attachment + reinforcements of the attacking side."""
        if self.att is None:
            return 0
        return self.att.level + sum(c.rank for _, c in self.att_reinf)

    def defense_level(self) -> int:
        """Commander + attachment + reinforcements of the defending side."""
        if self.dfn is None:
            return 0
        return self.dfn.level + sum(c.rank for _, c in self.def_reinf)

    def losing_side(self) -> str:
        """The side behind now; a tie favours the defender ([C8])."""
        return ATT if self.attack_level() <= self.defense_level() else DEF

    def cards_of(self, seat: int) -> list[Card]:
        """Every card of `seat` in the battle zone (for conservation checks)."""
        out: list[Card] = []
        if self.att is not None and self.attacker == seat:
            out.append(self.att.commander)
            if self.att.army:
                out.append(self.att.army)
        if self.dfn is not None and self.defender == seat:
            out.append(self.dfn.commander)
            if self.dfn.army:
                out.append(self.dfn.army)
        for owner, card in (*self.att_reinf, *self.def_reinf, *self.spent):
            if owner == seat:
                out.append(card)
        return out

    def to_dict(self) -> dict[str, Any]:
        """Public JSON form (everything in a battle is face up)."""

        def side(unit: Unit | None, from_hand: bool, reinf: list[tuple[int, Card]], lv: int) -> Any:
            return {
                "unit": unit.to_dict() if unit else None,
                "from_hand": from_hand,
                "reinforcements": [[o, c.code] for o, c in reinf],
                "level": lv,
            }

        return {
            "attacker": self.attacker,
            "defender": self.defender,
            "slot": "ABCDEF"[self.slot],
            "incursion": self.incursion,
            "stage": self.stage,
            "attack": side(self.att, self.att_from_hand, self.att_reinf, self.attack_level()),
            "defense": side(self.dfn, self.dfn_from_hand, self.def_reinf, self.defense_level()),
            "spent": [[o, c.code] for o, c in self.spent],
            "history": list(self.history),
            "helpers": {str(k): v for k, v in self.helpers.items()},
            "losing": self.losing if self.stage == FIGHT else None,
            "actor": self.actor,
            "passed": list(self.passed),
            "principal_stopped": self.principal_stopped,
        }

    @staticmethod
    def from_dict(d: dict[str, Any]) -> Battle:
        """Inverse of `to_dict`."""
        b = Battle(int(d["attacker"]), int(d["defender"]), "ABCDEF".index(d["slot"]))
        b.incursion = int(d["incursion"])
        b.stage = d["stage"]
        a, f = d["attack"], d["defense"]
        b.att = Unit.from_dict(a["unit"]) if a["unit"] else None
        b.att_from_hand = bool(a["from_hand"])
        b.dfn = Unit.from_dict(f["unit"]) if f["unit"] else None
        b.dfn_from_hand = bool(f["from_hand"])
        b.att_reinf = [(int(o), parse_card(c)) for o, c in a["reinforcements"]]
        b.def_reinf = [(int(o), parse_card(c)) for o, c in f["reinforcements"]]
        b.spent = [(int(o), parse_card(c)) for o, c in d["spent"]]
        b.history = [int(x) for x in d["history"]]
        b.helpers = {int(k): v for k, v in d["helpers"].items()}
        b.losing = d["losing"] or ATT
        b.actor = int(d["actor"])
        b.passed = [int(x) for x in d["passed"]]
        b.principal_stopped = bool(d["principal_stopped"])
        return b
