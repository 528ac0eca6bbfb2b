"""How War's colours, emblems and continents look on screen."""

from __future__ import annotations

from scenes import palette, style

Colour = tuple[int, int, int]

#: engine colour name -> (palette colour name, emblem). Every colour has its own
#: emblem, so the map reads without telling colours apart; the shade comes from the
#: palette in use (the table's own or the colour-blind-safe one).
ARMY_LOOK: dict[str, tuple[str, str]] = {
    "branco": ("white", "circle"),
    "vermelho": ("red", "square"),
    "preto": ("black", "triangle"),
    "azul": ("blue", "diamond"),
    "amarelo": ("yellow", "star"),
    "verde": ("green", "hexagon"),
}

#: short names for the side panel
CONTINENT_SHORT: dict[str, str] = {
    "América do Norte": "AN",
    "América do Sul": "AS",
    "Europa": "EU",
    "África": "AF",
    "Ásia": "ÁS",
    "Oceania": "OC",
}

#: shorter names where the legend is narrow
CONTINENT_COMPACT: dict[str, str] = {
    "América do Norte": "Am. do Norte",
    "América do Sul": "Am. do Sul",
}

ATTACK_DICE = "red"
DEFENCE_DICE = "gold"


def army_look(colour: str) -> tuple[Colour, str]:
    """RGB and emblem of an army colour (grey circle for an unknown name)."""
    if colour not in ARMY_LOOK:
        return (150, 150, 150), "circle"
    name, emblem = ARMY_LOOK[colour]
    return palette.colour(name), emblem


def text_on(colour: Colour) -> Colour:
    """Ink that reads on a colour."""
    lum = 0.3 * colour[0] + 0.59 * colour[1] + 0.11 * colour[2]
    return style.INK if lum > 120 else style.CREAM


#: the height of the top bar (status line and its buttons)
TOP = 56
#: "attack until" choices: stop when this many armies are left in the source (0 = conquer
#: or bust); rolled and priced by the same policy, game.war.until_dice / until_stop
UNTIL_CHOICES = (0, 2, 3, 5, 10)
