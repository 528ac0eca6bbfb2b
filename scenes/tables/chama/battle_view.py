"""The battle in the centre of the table: the attacked realm, both commanders
with their attachments, reinforcements stacking, running level totals and
which side is losing (ties favour the defender, [C8]).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.cards import parse_card
from scenes import style
from scenes.i18n import tr
from scenes.style import cached
from scenes.tables.chama.formation_view import ARMY_DROP, draw_unit
from scenes.tables.chama.look import LEGAL, chama_card, draw_role_icon
from scenes.widgets.cards import CARD_RATIO, placeholder_surface

WIN: tuple[int, int, int] = (150, 230, 140)
LOSE: tuple[int, int, int] = (255, 120, 100)


@dataclass
class BattleGeometry:
    """Where the two sides and the realm sit inside the centre."""

    card_w: int
    attack: pygame.Rect
    defense: pygame.Rect
    realm: pygame.Rect
    title_y: int

    @property
    def card_h(self) -> int:
        """Card height of the battle cards."""
        return round(self.card_w * CARD_RATIO)


def geometry(centre: pygame.Rect) -> BattleGeometry:
    """Battle positions for a centre rect."""
    room = centre.height - 48
    bw = int(max(26, min(64, room / (1 + ARMY_DROP) / CARD_RATIO)))
    bh = round(bw * CARD_RATIO)
    top = centre.top + 40
    realm = pygame.Rect(0, top + 4, bw, bh)
    realm.centerx = centre.centerx
    gap = 58  # room for the running level between a side and the realm
    attack = pygame.Rect(realm.left - gap - bw, top, bw, bh)
    defense = pygame.Rect(realm.right + gap, top, bw, bh)
    return BattleGeometry(bw, attack, defense, realm, centre.top + 4)


@cached(4)
def _panel(size: tuple[int, int]) -> pygame.Surface:
    """The dark battle mat under the centre."""
    panel = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (20, 12, 8, 120), panel.get_rect(), border_radius=12)
    pygame.draw.rect(panel, (*style.GOLD_DARK, 200), panel.get_rect(), width=2, border_radius=12)
    return panel


def side_level(side: dict[str, Any]) -> int:
    """The running level of one side (engine's figure)."""
    return int(side.get("level", 0))


def draw_battle(
    surface: pygame.Surface,
    centre: pygame.Rect,
    battle: dict[str, Any],
    realm_code: str | None,
    names: list[str],
    lit_units: set[int] | None = None,
    pulse: float = 0.0,
) -> BattleGeometry:
    """Paint the battle; returns its geometry (animations aim at it)."""
    g = geometry(centre)
    surface.blit(_panel(centre.size), centre.topleft)
    att, dfn = battle["attacker"], battle["defender"]
    title = tr(
        "chamatable.battle.title",
        attacker=names[att],
        defender=names[dfn],
        slot=battle["slot"],
        incursion=max(1, int(battle["incursion"])),
    )
    stage = tr(f"chama.stages.{battle['stage']}")
    line = f"{title}  ·  {stage}"
    if style.font(12, "bold").size(line)[0] > centre.width - 20:
        line = title  # a narrow centre: the stage words would shrink the line unreadable
    style.blit_text(
        surface,
        line,
        14,
        (centre.centerx, g.title_y),
        style.GOLD_LIGHT,
        "bold",
        "midtop",
        style.BLACK,
        centre.width - 20,
    )
    # the attacked realm between the two sides
    if realm_code:
        surface.blit(chama_card(parse_card(realm_code), g.card_w), g.realm.topleft)
    pygame.draw.rect(surface, (255, 70, 50), g.realm.inflate(6, 6), width=3, border_radius=6)
    style.blit_text(
        surface,
        tr("chamatable.battle.vs"),
        16,
        (g.realm.centerx, g.realm.bottom + 6),
        style.CREAM,
        "bold",
        "midtop",
        style.BLACK,
    )
    losing = battle.get("losing")
    actor = battle.get("actor")
    for side_name, rect, outward in (("attack", g.attack, -1), ("defense", g.defense, 1)):
        side = battle[side_name]
        unit = side.get("unit")
        seat = att if side_name == "attack" else dfn
        if unit:
            draw_unit(surface, rect, unit, g.card_w)
            reinf = list(enumerate(side.get("reinforcements", [])))
            room = (rect.left - centre.left - 8) if outward < 0 else (centre.right - rect.right - 8)
            step = round(g.card_w * 0.5)
            if len(reinf) > 1:
                step = max(6, min(step, (room - g.card_w) // (len(reinf) - 1)))
            # stacked outward; painted so each card's level index stays in view
            for k, (_owner, code) in reversed(reinf) if outward < 0 else reinf:
                if outward < 0:
                    x = rect.left - 8 - g.card_w - k * step
                else:
                    x = rect.right + 8 + k * step
                surface.blit(chama_card(parse_card(code), g.card_w), (x, rect.top + g.card_h // 5))
        else:
            surface.blit(placeholder_surface(g.card_w), rect.topleft)
            draw_role_icon(surface, "commander", rect.center, max(6, g.card_w // 5))
        # the running total, between the side and the realm
        level = side_level(side) if unit else 0
        colour = style.CREAM
        if losing:
            colour = LOSE if losing == side_name else WIN
        lx = (
            (rect.right + g.realm.left) // 2
            if side_name == "attack"
            else (g.realm.right + rect.left) // 2
        )
        style.blit_text(
            surface,
            str(level),
            30,
            (lx, g.realm.centery - 8),
            colour,
            "bold",
            "center",
            style.BLACK,
        )
        label = tr(f"chama.sides.{side_name}")
        style.blit_text(
            surface,
            f"{label}: {names[seat]}",
            13,
            (rect.centerx, rect.top - 2),
            style.CREAM,
            "bold",
            "midbottom",
            style.BLACK,
            max(60, centre.width // 3),
        )
        if losing == side_name:
            style.blit_text(
                surface,
                tr("chamatable.battle.behind"),
                12,
                (lx, g.realm.centery + 12),
                LOSE,
                "bold",
                "midtop",
                style.BLACK,
                52,
            )
    if actor is not None and battle["stage"] == "fight" and actor not in (att, dfn):
        text = tr(
            "chamatable.battle.ally_asked",
            name=names[actor],
            side=tr(f"chamatable.side_words.{losing}"),
        )
        style.blit_text(
            surface,
            text,
            13,
            (centre.centerx, centre.bottom - 4),
            LEGAL,
            "bold",
            "midbottom",
            style.BLACK,
            centre.width - 20,
        )
    return g


def draw_spoils(surface: pygame.Surface, centre: pygame.Rect, code: str) -> None:
    """The card just drawn as spoils, shown to its owner ([C10])."""
    bw = min(72, int((centre.height - 40) / CARD_RATIO))
    rect = pygame.Rect(0, 0, bw, round(bw * CARD_RATIO))
    rect.center = (centre.centerx, centre.centery + 8)
    pygame.draw.rect(surface, LEGAL, rect.inflate(10, 10), width=3, border_radius=8)
    surface.blit(chama_card(parse_card(code), bw), rect.topleft)
    style.blit_text(
        surface,
        tr("chamatable.spoils.title"),
        16,
        (centre.centerx, rect.top - 10),
        style.GOLD_LIGHT,
        "bold",
        "midbottom",
        style.BLACK,
    )
