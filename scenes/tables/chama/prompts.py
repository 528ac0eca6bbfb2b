"""What the Chama table says in words from what it knows: the prompt over the
controls and the header over each seat's area (no pixels, no table: a view, the
legal actions, the selection and the names in; words out)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game import Action
from game.cards import parse_card
from game.chama import actions as A
from game.chama.rules import role
from scenes import style
from scenes.i18n import tr
from scenes.tables.chama.hints import pretty
from scenes.tables.chama.look import LEGAL
from scenes.tables.chama.selection import Selection

Colour = tuple[int, int, int]


def prompt(
    view: dict[str, Any],
    legal: list[Action],
    sel: Selection,
    viewer: int | None,
    names: Sequence[str],
) -> str:
    """The line over the controls: what the person may do now, in words."""
    phase = view.get("phase")
    b = view.get("battle")
    if phase == "mulligan":
        return tr("chamatable.prompt.mulligan")
    if phase == "realm":
        if sel.xisum_unit is not None:
            return tr("chamatable.prompt.xisum_target")
        if sel.selected:
            return tr("chamatable.prompt.realm_selected", card=pretty(sel.selected))
        xisum = (
            " " + tr("chamatable.prompt.xisum_offer")
            if any(isinstance(a, A.CallXisum) for a in legal)
            else ""
        )
        rebuild = (
            " " + tr("chamatable.prompt.rebuild_too")
            if any(isinstance(a, A.RebuildRealm) for a in legal)
            else ""
        )
        if any(isinstance(a, A.PlayRealm) for a in legal):
            return tr("chamatable.prompt.realm") + rebuild + xisum
        if any(isinstance(a, A.RebuildRealm) for a in legal):
            return tr("chamatable.prompt.rebuild_offer")
        if any(isinstance(a, A.Redraw) for a in legal):
            return tr("chamatable.prompt.redraw")
        return tr("chamatable.prompt.realm_none")
    if phase == "pool":
        if sel.selected:
            return tr("chamatable.prompt.attach", card=pretty(sel.selected))
        return tr("chamatable.prompt.pool")
    if phase == "attack":
        return tr("chamatable.prompt.attack")
    if phase == "spoils":
        card = view.get("spoils_card")
        kind = role(parse_card(card)) if card else "none"
        return tr(f"chamatable.prompt.spoils_{kind}")
    if phase == "discard":
        over = len(view.get("hand") or []) - 8
        return tr("chamatable.prompt.discard", count=max(1, over))
    if phase == "battle" and b:
        stage = b["stage"]
        if stage == "present_attacker":
            return tr("chamatable.prompt.present_attack")
        if stage == "present_defender":
            return tr("chamatable.prompt.present_defense", name=names[b["attacker"]])
        if stage == "continue":
            return tr("chamatable.prompt.continue")
        if stage == "fight":
            if viewer not in (b["attacker"], b["defender"]):
                return tr(
                    "chamatable.prompt.ally",
                    side=tr(f"chamatable.side_words.{b.get('losing')}"),
                )
            return tr("chamatable.prompt.fight")
    return ""


def header(seat: int, view: dict[str, Any], name: str) -> list[tuple[str, Colour]]:
    """The words on top of a seat's area."""
    p = view["players"][seat]
    unrazed = sum(1 for f in p["formation"] if f["card"] and not f["razed"])
    out: list[tuple[str, Colour]] = [(name, style.CREAM)]
    # the suit's estate comes last: a narrow header drops it before the counts
    estate = (tr(f"chamatable.estates.{p['suit']}"), style.PARCHMENT_DARK)
    if not p["alive"]:
        return [*out, (tr("chamatable.seat.out"), (255, 120, 100)), estate]
    mode = view.get("mode")
    if mode == "duplas":
        team = sum(
            1
            for s in p["team"]
            for f in view["players"][s]["formation"]
            if f["card"] and not f["razed"]
        )
        out.append((tr("chamatable.seat.team", count=team), LEGAL))
    elif mode == "conquistadores":
        out.append((tr("chamatable.seat.conquests", razes=p["razes"], realms=unrazed), LEGAL))
    else:
        out.append((tr("chamatable.seat.realms", count=unrazed), LEGAL))
    out.append((tr("chamatable.seat.hand", count=p["hand_count"]), style.PARCHMENT))
    if view.get("turn_limit"):
        out.append((tr("chamatable.seat.score", score=p["score"]), style.GOLD_LIGHT))
    if p.get("pineapple"):
        out.append((tr("chamatable.badges.pineapple"), (240, 220, 150)))
    return [*out, estate]
