"""Practice hints: the hard bot's move in words, with a one-line reason drawn
from the viewer's own view (what the move does on the table)."""

from __future__ import annotations

from typing import Any

from game import Action
from game.cards import Card, parse_card, rank_text
from game.chama.rules import role
from scenes.i18n import has, tr
from scenes.tables.chama.look import hand_order

REALMS_TO_WIN = 6  # [C4]; the text only, the engine decides


def pretty(card: Card | str) -> str:
    """A card in words by its Chama role ("realm K", "army 9"): each deck is one
    suit, so the owner already says the suit (and the text fonts lack ♠♥♦♣)."""
    c = parse_card(card) if isinstance(card, str) else card
    return tr(f"chamatable.card.{role(c)}", rank=rank_text(c.rank))


def bot_hand_text(hand: list[str]) -> str:
    """A hand grouped by role, high first: "realms K Q · armies 8 7 7" (practice's
    revealed bot hands: one word per role, not per card, so it fits one line)."""
    groups: dict[str, list[str]] = {}
    for code in hand_order(list(hand)):
        c = parse_card(code)
        groups.setdefault(role(c), []).append(rank_text(c.rank))
    if not groups:
        return tr("chamatable.practice.hand_empty")
    return " · ".join(
        tr(f"chamatable.practice.hand_groups.{r}", ranks=" ".join(ranks))
        for r, ranks in groups.items()
    )


def _unit(view: dict[str, Any], seat: int, uid: int) -> dict[str, Any] | None:
    return next((u for u in view["players"][seat]["pool"] if int(u["uid"]) == uid), None)


def _level(unit: dict[str, Any] | None) -> int:
    if unit is None:
        return 0
    lv = parse_card(unit["commander"]).rank
    return lv + (parse_card(unit["army"]).rank if unit.get("army") else 0)


def _best_attacker(view: dict[str, Any], seat: int) -> int:
    """The strongest commander the seat could send (pool level or a hand commander)."""
    pool = [_level(u) for u in view["players"][seat]["pool"] if not u.get("face_down")]
    hand = [parse_card(c).rank for c in view.get("hand") or [] if 2 <= parse_card(c).rank <= 5]
    return max(pool + hand, default=0)


def move_text(action: Action, names: list[str]) -> str:
    """What the move is, in words."""
    name = type(action).__name__
    d = {k: v for k, v in action.to_dict().items() if k != "type"}
    for k in ("card",):
        if k in d and d[k]:
            d[k] = pretty(d[k])
    if "target" in d and isinstance(d["target"], int) and 0 <= d["target"] < len(names):
        d["target"] = names[d["target"]]
    if name == "RebuildRealm":
        d["discards"] = " ".join(pretty(c) for c in d.get("discards", []))
    key = f"chamatable.hint.moves.{name}"
    if not has(key):  # a move the table has no words for yet: the engine's own name
        return tr(f"chama.actions.{name}") if has(f"chama.actions.{name}") else name
    return tr(key, **d)


def reason(view: dict[str, Any], action: Action, names: list[str]) -> str:
    """Why, from what the viewer can see."""
    seat = int(view["seat"])
    me = view["players"][seat]
    name = type(action).__name__
    unrazed = sum(1 for f in me["formation"] if f["card"] and not f["razed"])
    b = view.get("battle")
    if name in ("PlayRealm", "PlaySpoilsRealm"):
        return tr("chamatable.hint.why.realm", count=unrazed + 1, goal=REALMS_TO_WIN)
    if name == "RebuildRealm":
        return tr("chamatable.hint.why.rebuild", count=unrazed + 1)
    if name == "PoolCommander":
        return tr("chamatable.hint.why.pool")
    if name == "AttachArmy":
        unit = _unit(view, seat, int(getattr(action, "uid", 0)))
        card: Card = getattr(action, "card")  # noqa: B009
        return tr("chamatable.hint.why.attach", level=_level(unit) + card.rank)
    if name == "Attack":
        return tr(
            "chamatable.hint.why.attack",
            name=names[int(getattr(action, "target"))],  # noqa: B009
            slot=getattr(action, "slot"),  # noqa: B009
            level=_best_attacker(view, seat),
        )
    if b and name in ("PresentPool", "PresentHand"):
        if name == "PresentPool":
            level = _level(_unit(view, seat, int(getattr(action, "uid"))))  # noqa: B009
        else:
            level = getattr(action, "card").rank  # noqa: B009
        other = b["attack"]["level"] if seat == b["defender"] else 0
        if seat == b["defender"]:
            return tr("chamatable.hint.why.defend", level=level, other=other)
        return tr("chamatable.hint.why.present", level=level)
    if b and name == "Reinforce":
        side = b.get("losing") or "attack"
        other = "defense" if side == "attack" else "attack"
        card = getattr(action, "card")  # noqa: B009
        return tr(
            "chamatable.hint.why.reinforce",
            level=int(b[side]["level"]) + card.rank,
            other=int(b[other]["level"]),
        )
    key = {
        "PlayArmistice": "armistice",
        "Stop": "stop",
        "Decline": "decline",
        "ContinueBattle": "continue",
        "StopBattle": "stop_battle",
        "KeepSpoils": "keep_spoils",
        "DiscardCard": "discard",
        "Redraw": "redraw",
        "CallXisum": "xisum",
        "KeepHand": "keep",
        "Mulligan": "mulligan",
    }.get(name, "end_step")
    return tr(f"chamatable.hint.why.{key}")
