"""The main menu: the four games, tournaments, practice, statistics, rules,
settings and quit, on the tavern table."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.version import VERSION
from scenes import heap, style
from scenes.i18n import tr
from scenes.keyboard import FocusTarget
from scenes.manager import Scene
from scenes.text_scale import scaled, text_size
from scenes.widgets.menu_button import MenuButton

if TYPE_CHECKING:
    from scenes.manager import AppHost

ENTRIES: tuple[str, ...] = (
    "continue",
    "load",
    "wyr",
    "wyrt",
    "war",
    "chama",
    "tournaments",
    "online",
    "join",
    "practice",
    "statistics",
    "rules",
    "settings",
    "quit",
)
GAME_ENTRIES = ("wyr", "wyrt", "war", "chama")
BLURB_H = 176  # room for a title and five lines of text
#: entries whose texts live in the life.* translations (saves)
LIFE_ENTRIES = ("continue", "load")


def entry_key(name: str) -> str:
    """The translation key of a menu entry's label."""
    return f"life.menu.{name}" if name in LIFE_ENTRIES else f"ui.menu.{name}"


def blurb_key(name: str) -> str:
    """The translation key of a menu entry's blurb."""
    return f"life.menu.blurb.{name}" if name in LIFE_ENTRIES else f"ui.menu.blurb.{name}"


class MainMenu(Scene):
    """The first screen."""

    #: how many times a main menu was entered in this process
    entered = 0

    def __init__(self, app: AppHost) -> None:
        super().__init__(app)
        self.buttons: dict[str, MenuButton] = {}
        self.hovered = ""
        self._table_key: tuple[tuple[int, int], str] | None = None
        self._table_art = pygame.Surface((1, 1))
        self._frames_drawn = 0
        self._wood_alpha = 0.0
        self._table_alpha = 1.0
        #: "Continue" shows only when there is a save to continue
        self.entries = self._entries()

    def enter(self) -> None:
        super().enter()
        if MainMenu.entered:  # back from a table (not the app's first screen: start-up stays quick)
            heap.trim()
        MainMenu.entered += 1

    def uncover(self) -> None:
        super().uncover()
        heap.trim()  # a table or a screen above was closed
        entries = self._entries()  # a save may have been written or deleted meanwhile
        if entries != self.entries:
            self.entries = entries
            self.build()

    def _entries(self) -> tuple[str, ...]:
        from game import storage

        # Cheap on purpose (the first frame waits for it; no engine import): files
        # are only read, and broken ones refused, when Continue or Load is used.
        try:
            found = any(storage.saves_dir().glob("*.json"))
        except OSError:
            found = False
        # Continue and Load share the first row, and only when there is a save.
        return ENTRIES if found else tuple(e for e in ENTRIES if e not in LIFE_ENTRIES)

    def _layout(self) -> tuple[int, int, int, int]:
        w, h = self.app.size
        top = int(max(150, min(210, h * 0.25)))
        gap = 7 if h >= 720 else 5
        rows = len(self.entries) - (1 if "load" in self.entries else 0)
        bh = int(min(48, (h - top - 36 - 14) / rows - gap))
        left = int(max(48, w * 0.06))
        return left, top, bh, gap

    def build(self) -> None:
        left, top, bh, gap = self._layout()
        y = top
        self.buttons = {}
        for name in self.entries:
            if name in ("tournaments", "wyr") and name != self.entries[0]:
                y += 14  # a little air between the games and the rest
            if name == "continue":
                rect = pygame.Rect(left, y, 190, bh)
            elif name == "load":
                rect = pygame.Rect(left + 198, y, 132, bh)  # beside Continue
            else:
                rect = pygame.Rect(left, y, 330, bh)
            self.buttons[name] = MenuButton(rect, tr(entry_key(name)))
            if name != "continue":
                y += bh + gap
        # the version, in the bottom right corner: it opens the About screen
        w, h = self.app.size
        label = tr("ui.menu.about", version=VERSION)
        width = style.text_width(label, 14, "serif") + 28
        self.buttons["about"] = MenuButton(pygame.Rect(w - width - 16, h - 40, width, 30), label)

    def update(self, dt: float) -> None:
        if self._frames_drawn and self._wood_alpha < 1.0:
            speed = self.app.settings.speed_factor
            self._wood_alpha = 1.0 if speed == 0 else min(1.0, self._wood_alpha + dt * 4 * speed)
        if self._table_alpha < 1.0:
            speed = self.app.settings.speed_factor
            self._table_alpha = 1.0 if speed == 0 else min(1.0, self._table_alpha + dt * 3 * speed)
            if self._table_alpha >= 1.0:
                self._table_art.set_alpha(255)

    def handle_event(self, event: pygame.event.Event) -> None:
        for name, b in self.buttons.items():
            if b.handle_event(event):
                self.app.sound.play("click")
                self.open(name)
                return
        if event.type == pygame.MOUSEMOTION:
            over = next((n for n, b in self.buttons.items() if b.hovered), None)
            if over:
                self.hovered = over
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.request_quit()

    def focus_targets(self) -> list[FocusTarget]:
        # the menu's entries are drawn by the menu itself, not pygame-gui buttons
        return [
            FocusTarget(f"menu:{name}", b.rect, partial(self.open, name))
            for name, b in self.buttons.items()
        ]

    def focus_takes_space(self) -> bool:
        return True

    def open(self, name: str) -> None:
        """Go to the screen behind a menu entry."""
        if name in GAME_ENTRIES:
            from scenes.new_match import NewMatchScene

            self.app.scenes.push(NewMatchScene(self.app, name))
        elif name == "continue":
            from scenes.tables.reopen import continue_latest

            if not continue_latest(self.app):
                self.entries = self._entries()
                self.resize(self.app.size)
        elif name == "load":
            from scenes.load_screen import LoadScreen

            self.app.scenes.push(LoadScreen(self.app))
        elif name == "online":
            from scenes.online.server_screen import ServerScene
            from scenes.online.standby import adopt

            kept = adopt(self.app)  # still connected for an event: straight to that lobby
            if kept is None:
                self.app.scenes.push(ServerScene(self.app))
            else:
                form, lobby = self.app.screens.server_lobby(*kept)
                self.app.scenes.push(form)
                self.app.scenes.push(lobby, fade=False)
        elif name == "join":
            from scenes.online.join import JoinScene

            self.app.scenes.push(JoinScene(self.app))
        elif name == "practice":
            from scenes.practice import PracticeChooser

            self.app.scenes.push(PracticeChooser(self.app))
        elif name == "tournaments":
            from scenes.tournament_entry import open_tournaments

            open_tournaments(self.app)
        elif name == "statistics":
            from scenes.stats import StatsScene

            self.app.scenes.push(StatsScene(self.app))
        elif name == "rules":
            from scenes.rules_viewer import RulesScene

            self.app.scenes.push(RulesScene(self.app))
        elif name == "settings":
            from scenes.settings_scene import SettingsScene

            self.app.scenes.push(SettingsScene(self.app))
        elif name == "about":
            from scenes.about import AboutScene

            self.app.scenes.push(AboutScene(self.app))
        elif name == "quit":
            self.app.request_quit()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        if self._frames_drawn == 0:
            # First frame: plain dark wood colour; the grain fades in from the next one.
            surface.fill(style.WOOD_DARK)
        else:
            wood = style.wood_background((w, h))
            if self._wood_alpha < 1.0:
                surface.fill(style.WOOD_DARK)
                wood.set_alpha(int(255 * self._wood_alpha))
                surface.blit(wood, (0, 0))
                wood.set_alpha(None)
            else:
                surface.blit(wood, (0, 0))
        left, top, _, _ = self._layout()
        # the name is the sign over the door: as tall as its room, at any text size
        title_size = int(min(104, top * 0.55) * 100 / text_size())
        style.blit_text(
            surface,
            "Taverna",
            title_size,
            (left - 4, int(top * 0.08)),
            style.GOLD_LIGHT,
            kind="serif",
            shadow=style.BLACK,
        )
        style.blit_text(
            surface,
            tr("ui.menu.subtitle"),
            max(16, title_size // 4),
            (left, int(top * 0.08) + int(scaled(title_size) * 1.05)),
            style.PARCHMENT_DARK,
            kind="serif",
        )
        ring = self.focus_ring
        for name, b in self.buttons.items():
            b.focused = ring.visible and ring.key == f"menu:{name}"
            if b.focused:
                self.hovered = name  # the blurb follows the keyboard too
            b.draw(surface)
        self._draw_life(surface, left)
        self._draw_standby(surface, left)
        area = pygame.Rect(left + 380, 40, w - left - 380 - 40, h - 80)
        if area.width < 300:
            return
        key = (area.size, self.app.settings.card_back)
        if self._table_key != key:
            if not self._frames_drawn:
                # The decorative table is painted from the second frame on and
                # fades in, so the menu itself shows (and answers) at once.
                self._frames_drawn += 1
                return
            self._table_key = key
            self._table_art = self._paint_table(area.size)
            self._table_alpha = 0.0
        if self._table_alpha < 1.0:
            self._table_art.set_alpha(int(255 * self._table_alpha))
        surface.blit(self._table_art, area.topleft)
        self._draw_blurb(surface, area)

    def _draw_life(self, surface: pygame.Surface, left: int) -> None:
        """The character's permanent life points at O Morto's tables ([T11]), bottom left."""
        if not self._frames_drawn:
            return  # the first frame reads no file
        if not hasattr(self, "_profile"):
            from game.wyrt.profile import load_profile

            self._profile, _problem = load_profile()
        # worded at every draw: a switch of language rewords it at once
        profile = self._profile
        life = tr("wyrttable.menu_dead") if profile.dead else tr("wyrttable.menu_pv", pv=profile.pv)
        style.blit_text(
            surface,
            life,
            15,
            (left, surface.get_height() - 30),
            style.PARCHMENT_DARK,
            shadow=style.BLACK,
        )

    def _draw_standby(self, surface: pygame.Surface, left: int) -> None:
        """A server's connection kept for an event, in one line above the life points."""
        standby = self.app.standby
        if standby is None:
            return
        style.blit_text(
            surface,
            standby.words(370, 15),  # the menu's column, not the blurb
            15,
            (left, max(surface.get_height() - 54, self._last_bottom() + 4)),
            style.GOLD_LIGHT,
            shadow=style.BLACK,
        )

    def _last_bottom(self) -> int:
        """The bottom of the lowest menu entry (a line under the menu starts below it)."""
        column = (b for name, b in self.buttons.items() if name != "about")
        return max((b.rect.bottom for b in column), default=0)

    def _paint_table(self, size: tuple[int, int]) -> pygame.Surface:
        """The felt table with a fanned hand, dice and chips (painted once per size)."""
        surface = pygame.Surface(size, pygame.SRCALPHA)
        area = surface.get_rect()
        oval = area.inflate(-area.width * 0.04, -area.height * 0.28)
        oval.height = int(min(area.height * 0.62, area.height - BLURB_H - 50))
        oval.top = area.top + max(16, (area.height - BLURB_H - oval.height) // 2 - 10)
        rim = oval.inflate(26, 26)
        pygame.draw.ellipse(surface, style.WOOD_DARK, rim.move(0, 10))
        pygame.draw.ellipse(surface, style.WOOD_LIGHT, rim)
        pygame.draw.ellipse(surface, style.GOLD_DARK, rim, width=2)
        felt = style.felt(oval.size)
        mask = pygame.Surface(oval.size, pygame.SRCALPHA)
        pygame.draw.ellipse(mask, (255, 255, 255, 255), mask.get_rect())
        cloth = felt.copy().convert_alpha()
        cloth.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surface.blit(cloth, oval.topleft)
        cw = int(min(118, oval.width * 0.14))
        # Imported here: the table is painted from the second frame on, and the
        # first frame must not wait for the card and dice modules.
        from game.cards import JOKER, Card
        from scenes.widgets.cards import back_surface, face_surface
        from scenes.widgets.chips import ChipStack
        from scenes.widgets.dice import die_face

        hand = [Card(14, "S"), Card(13, "H"), Card(12, "D"), Card(11, "C"), JOKER]
        cx, cy = oval.centerx - cw * 0.3, oval.centery - cw * 0.35
        for i, card in enumerate(hand):
            ang = (i - 2) * -11
            face = pygame.transform.rotozoom(face_surface(card, cw), ang, 1.0)
            px = cx + (i - 2) * cw * 0.55
            py = cy + abs(i - 2) * cw * 0.12
            self._with_shadow(surface, face, (px, py))
        back = pygame.transform.rotozoom(
            back_surface(int(cw * 0.9), self.app.settings.card_back), 8, 1.0
        )
        self._with_shadow(surface, back, (oval.left + oval.width * 0.16, oval.centery + cw * 0.35))
        ds = int(cw * 0.42)
        for i, v in enumerate((6, 5)):
            face = pygame.transform.rotozoom(
                die_face(v, ds, "red" if i == 0 else "ivory"), 12 - i * 25, 1.0
            )
            self._with_shadow(
                surface,
                face,
                (oval.right - oval.width * 0.2 + i * ds * 1.2, oval.centery + cw * 0.55),
            )
        ChipStack(
            1285,
            (oval.right - oval.width * 0.12, oval.centery - cw * 0.15),
            diameter=int(cw * 0.5),
            label=False,
        ).draw(surface)
        return surface

    @staticmethod
    def _with_shadow(
        surface: pygame.Surface, image: pygame.Surface, center: tuple[float, float]
    ) -> None:
        sh = style.soft_shadow(image, 6, 0.5)
        surface.blit(sh, sh.get_rect(center=(center[0] + 4, center[1] + 7)))
        surface.blit(image, image.get_rect(center=(round(center[0]), round(center[1]))))

    def _draw_blurb(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The blurb of the hovered entry, under the table."""
        key = self.hovered or "welcome"
        blurb = pygame.Rect(
            area.left + area.width * 0.06, area.bottom - BLURB_H, area.width * 0.88, BLURB_H
        )
        surface.blit(style.parchment(blurb.size), blurb.topleft)
        title = tr(entry_key(key)) if key != "welcome" else tr("ui.menu.welcome_title")
        style.blit_text(
            surface, title, 26, (blurb.left + 20, blurb.top + 12), style.INK, kind="serif"
        )
        text = tr(blurb_key(key))
        lines = style.wrap_text(text, 16, blurb.width - 40)
        for i, line in enumerate(lines):
            y = blurb.top + 12 + scaled(38) + i * scaled(22)
            if y + scaled(20) > blurb.bottom:
                break
            if i + 1 < len(lines) and y + scaled(20) + scaled(22) > blurb.bottom:
                line = style.ellipsize(line + " " + lines[i + 1], 16, blurb.width - 40)
            style.blit_text(surface, line, 16, (blurb.left + 20, y), style.INK)
