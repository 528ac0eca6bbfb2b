"""The organizer's form for an online event (issue 47): game, format and its
settings (rounds, top cut, semifinal tables, double points, turn limit),
seats, late entry, the start ("when I start it" or in N minutes), listed or
by code only, and what happens to a no-show. Create sends `event_create`;
the server's code opens the event's screen, a refusal is said in words."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.net.lobby_client import LobbyClient
from scenes import style, ui
from scenes.i18n import tr
from scenes.manager import Scene
from scenes.online.event_words import GAMES, format_name, game_name
from scenes.online.served import read_or_leave, refusal_text

if TYPE_CHECKING:
    from scenes.manager import AppHost

FORMATS = ("swiss", "melee", "elimination")
SEATS = (2, 3, 4, 5, 6, 8, 10, 12, 16, 24, 32, 48, 64)
ROUNDS = ("", "1", "2", "3", "4", "5", "6", "7", "8", "9")
TOP_CUTS = ("0", "4", "8")
TURN_LIMITS = ("0", "20", "40", "60", "100")
STARTS = ("", "5", "10", "15", "30", "60")
GRACES = ("60", "120", "300")
ROW_H = 44


def _choices(field: str, game: str) -> list[tuple[str, str]]:
    """A field's (words, value) pairs."""
    on_off = [(tr("online_event.off"), "0"), (tr("online_event.on"), "1")]
    if field == "game":
        return [(game_name(g), g) for g in GAMES]
    if field == "format":
        return [(format_name(f), f) for f in FORMATS]
    if field == "seats":
        return [(str(n), str(n)) for n in SEATS]
    if field == "rounds":
        return [(r or tr("online_event.auto"), r) for r in ROUNDS]
    if field == "top_cut":
        return [
            (tr("online_event.none") if c == "0" else tr("online_event.top_n", n=c), c)
            for c in TOP_CUTS
        ]
    if field == "turn_limit":
        return [
            (tr("online_event.none") if t == "0" else tr("online_event.turns", n=t), t)
            for t in TURN_LIMITS
        ]
    if field == "start":
        return [
            (tr("online_event.start_manual") if not s else tr("online_event.start_in", n=s), s)
            for s in STARTS
        ]
    if field == "public":
        return [(tr("online_event.public"), "1"), (tr("online_event.private"), "0")]
    if field == "grace":
        return [(tr("online_event.grace_s", n=int(g) // 60), g) for g in GRACES]
    if field == "no_show":
        return [(tr("online_event.no_show_lose"), "lose"), (tr("online_event.no_show_bot"), "bot")]
    return on_off  # semifinal, double_points, late


#: the form's fields in order, with their defaults (Chama's double points only for Chama)
FIELDS: tuple[tuple[str, str], ...] = (
    ("game", "chama"),
    ("format", "swiss"),
    ("seats", "8"),
    ("rounds", ""),
    ("top_cut", "0"),
    ("semifinal", "0"),
    ("double_points", "0"),
    ("turn_limit", "0"),
    ("late", "0"),
    ("start", ""),
    ("public", "1"),
    ("no_show", "lose"),
    ("grace", "120"),
)


def event_fields(values: dict[str, str], name: str, now: float) -> dict[str, Any]:
    """The `event_create` fields of the form's values (start: minutes from `now`)."""
    game = values["game"]
    out: dict[str, Any] = {
        "game": game,
        "format": values["format"],
        "seats": int(values["seats"]),
        "rounds": int(values["rounds"]) if values["rounds"] else None,
        "top_cut": int(values["top_cut"]),
        "semifinal": values["semifinal"] == "1",
        "turn_limit": int(values["turn_limit"]),
        "late": values["late"] == "1",
        "public": values["public"] == "1",
        "no_show": values["no_show"],
        "grace": int(values["grace"]),
        "name": name.strip() or None,
    }
    if game == "chama":
        out["double_points"] = values["double_points"] == "1"
    if values["start"]:
        out["start_at"] = int(now + 60 * int(values["start"]))
    return out


class CreateEvent(Scene):
    """The organizer's form; see the module docstring."""

    def __init__(self, app: AppHost, lobby: LobbyClient, address: str, game: str = "") -> None:
        super().__init__(app)
        self.lobby = lobby
        self.address = address
        self.values = dict(FIELDS)
        if game in GAMES:
            self.values["game"] = game
        self.name = ""
        self.menus: dict[Any, str] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.error = ""
        self.busy = False

    def build(self) -> None:
        w, h = self.app.size
        self.panel = ui.centered((w, h), min(900, w - 40), h - 32)
        p = self.panel
        m = self.app.ui_manager
        top = p.top + 70
        col_w = (p.width - 72) // 2
        label_w = min(200, col_w // 2)
        name_label = tr("online_event.field.name")
        ui.label(pygame.Rect(p.left + 24, top, label_w, 36), name_label, m, self.ui)
        self.name_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(p.left + 24 + label_w, top, p.width - 48 - label_w, 36), m, self.ui
        )
        self.name_entry.set_text_length_limit(40)
        self.name_entry.set_text(self.name)
        self.menus = {}
        shown = [f for f, _ in FIELDS if f != "double_points" or self.values["game"] == "chama"]
        per_col = (len(shown) + 1) // 2
        for i, field in enumerate(shown):
            col, row = divmod(i, per_col)
            x = p.left + 24 + col * (col_w + 24)
            y = top + ROW_H + 8 + row * ROW_H
            ui.label(pygame.Rect(x, y, label_w, 36), tr(f"online_event.field.{field}"), m, self.ui)
            menu = ui.dropdown(
                pygame.Rect(x + label_w, y, col_w - label_w, 36),
                _choices(field, self.values["game"]),
                self.values[field],
                m,
                self.ui,
            )
            self.menus[menu] = field
        by = p.bottom - 62
        self.back = ui.button(
            pygame.Rect(p.left + 24, by, 140, 44), tr("ui.common.back"), m, self.ui
        )
        gw = style.text_width(tr("online_event.create_go"), 16) + 60
        self.go = ui.button(
            pygame.Rect(p.right - 24 - gw, by, gw, 44),
            tr("online_event.create_go"),
            m,
            self.ui,
            "#primary_button",
        )
        ui.enable(self.go, not self.busy)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.menus:
            field = self.menus[event.ui_element]
            self.values[field] = ui.selected_id(event.ui_element)
            if field == "game":  # Chama's own settings come and go
                self.name = self.name_entry.get_text()
                self.resize(self.app.size)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.back:
                self.app.scenes.pop()
            elif event.ui_element == self.go:
                self.submit()

    def submit(self) -> None:
        """Send the event to the server; the answer comes in `update`."""
        self.error = ""
        self.busy = True
        ui.enable(self.go, False)
        self.lobby.events.create(
            **event_fields(self.values, self.name_entry.get_text(), time.time())
        )

    def update(self, dt: float) -> None:
        lobby = self.lobby
        if not read_or_leave(self.app, lobby):
            return
        refusal = lobby.take_refusal()
        if refusal is not None and self.busy:
            self.error, self.busy = refusal_text(refusal), False
            ui.enable(self.go, True)
        code = lobby.events.created
        if self.busy and code:
            from scenes.online.event_screen import EventScreen

            self.busy = False
            lobby.events.created = ""
            self.app.scenes.replace(EventScreen(self.app, lobby, code))

    def draw(self, surface: pygame.Surface) -> None:
        style.draw_backdrop(surface, self.panel)
        p = self.panel
        style.draw_heading(
            surface,
            tr("online_event.create_title", address=self.address),
            (p.left + 24, p.top + 14),
            p.width - 48,
            size=30,
        )
        note = tr("online_event.creating") if self.busy else tr("online_event.name_hint")
        color = style.INK_SOFT
        if self.error:
            note, color = self.error, style.RED
        style.blit_text(
            surface,
            style.ellipsize(note, 15, p.width - 48),
            15,
            (p.left + 24, p.bottom - 90),
            color,
        )
