"""Settings: language, fullscreen, volumes, animation speed, confirmations,
odds display, card back, player colours, text size and the port a hosted table listens on. Every change
applies and is saved at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game import storage
from scenes import palette, style, ui
from scenes.i18n import later, tr
from scenes.manager import Scene
from scenes.prefs import ANIMATION_SPEEDS, CARD_BACKS, Settings, valid_port
from scenes.text_scale import TEXT_SIZES, scaled, text_size
from scenes.widgets.cards import back_surface

if TYPE_CHECKING:
    from scenes.manager import AppHost

LANGUAGE_NAMES = (("Português (Brasil)", "pt"), ("English", "en"))


class SettingsScene(Scene):
    """The settings screen (also opened from the pause menu)."""

    ROWS = (
        "language",
        "fullscreen",
        "music",
        "effects",
        "speed",
        "confirm_quit",
        "show_odds",
        "card_back",
        "palette",
        "text_size",
        "host_port",
    )

    def __init__(self, app: AppHost) -> None:
        super().__init__(app)
        self.panel = pygame.Rect(0, 0, 0, 0)

    def _toggle_text(self, on: bool) -> str:
        return tr("ui.common.on") if on else tr("ui.common.off")

    def build(self) -> None:
        w, h = self.app.size
        pw, ph = min(760, w - 80), min(620, h - 60)
        self.panel = ui.centered((w, h), pw, ph)
        m = self.app.ui_manager
        s = self.app.settings
        # the folder's line under the rows grows with the text: the rows make room
        row_h = (ph - 170 - (scaled(18) - 18)) // len(self.ROWS)
        ch = min(36, row_h - 2)
        lx = self.panel.left + 40
        split = 0.5 if text_size() == 100 else 0.56  # the words need more room than the boxes
        cx = self.panel.left + int(pw * split)
        cw = pw - int(pw * split) - 40
        self.row_y: dict[str, int] = {}
        for i, name in enumerate(self.ROWS):
            y = self.panel.top + 86 + i * row_h
            self.row_y[name] = y
            # a volume's row leaves room for its per cent, drawn left of the slider
            room = cx - lx - 10 - (scaled(56) - 56 if name in ("music", "effects") else 0) * 3
            ui.label(pygame.Rect(lx, y, room, ch), tr(f"ui.settings.{name}"), m, self.ui)
        ctl = lambda name: pygame.Rect(cx, self.row_y[name], cw, ch)  # noqa: E731
        self.language = ui.dropdown(ctl("language"), list(LANGUAGE_NAMES), s.language, m, self.ui)
        self.fullscreen = ui.button(
            ctl("fullscreen"), self._toggle_text(self.app.fullscreen), m, self.ui
        )
        self.music = pygame_gui.elements.UIHorizontalSlider(
            ctl("music"), int(s.music_volume * 100), (0, 100), m, self.ui, click_increment=5
        )
        self.effects = pygame_gui.elements.UIHorizontalSlider(
            ctl("effects"), int(s.effects_volume * 100), (0, 100), m, self.ui, click_increment=5
        )
        speeds = [(tr(f"ui.settings.speeds.{k}"), k) for k in ANIMATION_SPEEDS]
        self.speed = ui.dropdown(ctl("speed"), speeds, s.animation_speed, m, self.ui)
        self.confirm_quit = ui.button(
            ctl("confirm_quit"), self._toggle_text(s.confirm_quit), m, self.ui
        )
        self.show_odds = ui.button(ctl("show_odds"), self._toggle_text(s.show_odds), m, self.ui)
        backs = [(tr(f"ui.settings.backs.{k}"), k) for k in CARD_BACKS]
        self.card_back = ui.dropdown(
            pygame.Rect(cx, self.row_y["card_back"], cw - 50, ch), backs, s.card_back, m, self.ui
        )
        palettes = [(tr(f"ui.settings.palettes.{k}"), k) for k in palette.PALETTES]
        self.palette = ui.dropdown(ctl("palette"), palettes, s.palette, m, self.ui)
        sizes = [(tr("ui.settings.text_percent", n=n), str(n)) for n in TEXT_SIZES]
        self.text_size = ui.dropdown(ctl("text_size"), sizes, str(s.text_size), m, self.ui)
        self.host_port = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(cx, self.row_y["host_port"], 110, ch), m, self.ui
        )
        self.host_port.set_allowed_characters("numbers")
        self.host_port.set_text_length_limit(5)
        self.host_port.set_text(str(s.host_port))
        by = self.panel.bottom - 70
        self.defaults = ui.button(
            pygame.Rect(self.panel.left + 40, by, 220, 46), tr("ui.settings.defaults"), m, self.ui
        )
        self.back = ui.button(
            pygame.Rect(self.panel.right - 40 - 200, by, 200, 46),
            tr("ui.common.back"),
            m,
            self.ui,
            "#primary_button",
        )

    def _set(self, **changes: object) -> None:
        for k, v in changes.items():
            setattr(self.app.settings, k, v)
        palette.use_palette(self.app.settings.palette)  # the table beneath redraws in it
        self.app.sound.set_volumes(self.app.settings.effects_volume, self.app.settings.music_volume)
        self.app.save_settings()

    def _restore_defaults(self) -> None:
        fresh = Settings(language=self.app.settings.language)
        fresh.window_width, fresh.window_height = (
            self.app.settings.window_width,
            self.app.settings.window_height,
        )
        if self.app.fullscreen:
            self.app.toggle_fullscreen()
        self.app.settings = fresh
        if text_size() != fresh.text_size:
            self.app.set_text_size(fresh.text_size)  # every screen laid out again, this one too
        self._set()
        self.resize(self.app.size)
        self.app.notify(tr("ui.settings.defaults_done"))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element == self.language:
                lang = ui.selected_id(self.language)
                if lang != self.app.settings.language:
                    self.app.set_language(lang)
            elif event.ui_element == self.speed:
                self._set(animation_speed=ui.selected_id(self.speed))
            elif event.ui_element == self.card_back:
                self._set(card_back=ui.selected_id(self.card_back))
            elif event.ui_element == self.palette:
                self.app.set_palette(ui.selected_id(self.palette))
            elif event.ui_element == self.text_size:
                self.app.set_text_size(int(ui.selected_id(self.text_size)))
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element == self.host_port:
            self._port_typed()
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            if event.ui_element == self.music:
                self._set(music_volume=self.music.get_current_value() / 100)
            elif event.ui_element == self.effects:
                self._set(effects_volume=self.effects.get_current_value() / 100)
                self.app.sound.play("chips")
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.back:
                self._port_typed()
                self.app.scenes.pop()
            elif event.ui_element == self.fullscreen:
                self.app.toggle_fullscreen()
            elif event.ui_element == self.confirm_quit:
                self._set(confirm_quit=not self.app.settings.confirm_quit)
                self.confirm_quit.set_text(self._toggle_text(self.app.settings.confirm_quit))
            elif event.ui_element == self.show_odds:
                self._set(show_odds=not self.app.settings.show_odds)
                self.show_odds.set_text(self._toggle_text(self.app.settings.show_odds))
            elif event.ui_element == self.defaults:
                self.app.confirm(
                    later("ui.settings.defaults"),
                    later("ui.settings.defaults_ask"),
                    self._restore_defaults,
                )

    def _port_typed(self) -> None:
        """Keep a typed port, or say why not and show the one kept."""
        text = self.host_port.get_text().strip()
        if text == str(self.app.settings.host_port):
            return
        if text.isdigit() and valid_port(int(text)):
            self._set(host_port=int(text))
            self.app.notify(tr("ui.settings.port_kept", port=int(text)))
        else:
            self.app.notify(tr("ui.settings.port_refused", port=text or "0"), "warn")
            self.host_port.set_text(str(self.app.settings.host_port))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(style.wood_background(surface.get_size()), (0, 0))
        sh = style.shadow(self.panel.size, 18, 150)
        surface.blit(sh, (self.panel.left - 14, self.panel.top - 10))
        surface.blit(style.parchment(self.panel.size), self.panel.topleft)
        style.blit_text(
            surface,
            tr("ui.menu.settings"),
            40,
            (self.panel.centerx, self.panel.top + 18),
            style.INK,
            kind="serif",
            anchor="midtop",
        )
        for name in ("music", "effects"):
            value = (
                self.app.settings.music_volume
                if name == "music"
                else self.app.settings.effects_volume
            )
            style.blit_text(
                surface,
                f"{round(value * 100)}%",
                15,
                (self.music.rect.left - 12, self.row_y[name] + 9),
                style.INK_SOFT,
                anchor="topright",
            )
        back = back_surface(34, self.app.settings.card_back)
        surface.blit(back, (self.panel.right - 40 - 36, self.row_y["card_back"] - 6))
        where = tr("ui.settings.data_folder", path=str(storage.data_dir()))
        style.blit_text(
            surface,
            where,
            13,
            (self.panel.centerx, self.panel.bottom - 74 - scaled(18)),
            style.INK_SOFT,
            anchor="midtop",
            max_width=self.panel.width - 60,
        )
