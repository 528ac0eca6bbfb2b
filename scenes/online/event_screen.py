"""An online event's screen (issue 47): its entrants, the rounds (the current
one first, earlier ones a button or PageUp away) with our table and opponents
(or our bye) and each finished match's replay, the standings with their tie-breaks,
the top cut's bracket, and the organizer's controls (close registration,
start, add a bot, remove an entrant after a confirmation, correct a result
with a reason). The view is asked again every few seconds and whenever news
of this event arrive; nothing here waits on the network."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.net.lobby_client import LobbyClient
from game.net.lobby_events import EventView
from game.tournament import bot_choices
from scenes import style, ui
from scenes.i18n import later, tr
from scenes.manager import Scene
from scenes.online.event_notice import CorrectResult, go_to_table
from scenes.online.event_paint import (
    ROW_H,
    draw_bracket,
    draw_empty,
    draw_lines,
    draw_standings,
    entrant_words,
    my_table_words,
)
from scenes.online.event_rounds_view import (
    ReplayFetch,
    RoundBrowser,
    draw_round,
    round_buttons,
    with_event_seats,
)
from scenes.online.event_words import event_title, format_name, game_name, stage_name, status_name
from scenes.online.served import read_or_leave, refusal_text
from scenes.replay import open_replay

if TYPE_CHECKING:
    from scenes.manager import AppHost

SECTIONS = ("entrants", "round", "standings", "bracket")
#: seconds between two views asked
REFRESH = 3.0


class EventScreen(Scene):
    """One event of a server; see the module docstring."""

    #: the round notice's "Go to my table" comes back to this screen first
    event_home = True

    def __init__(self, app: AppHost, lobby: LobbyClient, code: str) -> None:
        super().__init__(app)
        self.lobby = lobby
        self.code = code
        self.section = "entrants"
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.area = pygame.Rect(0, 0, 0, 0)
        self.error = ""
        self._asked = 0.0
        self._seen_news = 0
        self._row_key: Any = None
        self.section_buttons: dict[Any, str] = {}
        self.row_buttons: dict[Any, tuple[str, Any]] = {}
        self.actions: dict[Any, str] = {}
        self.shown_actions: list[str] = []
        #: the round the Round section shows, and a replay being fetched
        self.rounds = RoundBrowser()
        self.fetch = ReplayFetch()

    @property
    def view(self) -> EventView | None:
        """The event as last told (None until the server answers)."""
        return self.lobby.events.views.get(self.code)

    # -- widgets -----------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        self.panel = pygame.Rect(20, 16, w - 40, h - 32)
        p = self.panel
        m = self.app.ui_manager
        x, ty = p.left + 24, p.top + 100
        self.section_buttons = {}
        for s in SECTIONS:
            text = tr(f"online_event.section.{s}")
            bw = style.text_width(text, 16) + 36
            obj = "#primary_button" if s == self.section else None
            self.section_buttons[ui.button(pygame.Rect(x, ty, bw, 36), text, m, self.ui, obj)] = s
            x += bw + 8
        self.area = pygame.Rect(p.left + 24, ty + 48, p.width - 48, p.bottom - 90 - (ty + 48))
        by = p.bottom - 60
        self.back = ui.button(
            pygame.Rect(p.left + 24, by, 130, 44), tr("ui.common.back"), m, self.ui
        )
        self.actions = {}
        view = self.view
        x = p.right - 24
        self.shown_actions = self._actions(view)
        for action in reversed(self.shown_actions):
            text = tr(f"online_event.{action}")
            primary = "#primary_button" if action in ("go_table", "start_now", "register") else None
            # a primary button's words are set larger, in the heading's face
            bw = style.text_width(text, 22 if primary else 16, "serif" if primary else "sans") + 40
            x -= bw
            self.actions[ui.button(pygame.Rect(x, by, bw, 44), text, m, self.ui, primary)] = action
            x -= 8
        self._row_key = None
        self.row_buttons = {}
        self._rows()

    def _actions(self, view: EventView | None) -> list[str]:
        """The buttons along the bottom for what the event is now."""
        if view is None:
            return []
        status = view.head.status
        out = []
        if view.organizer and status == "registering":
            out.append("close_reg")
        if view.organizer and status in ("registering", "closed"):
            out.append("start_now")
        if view.organizer and status != "finished" and len(view.entrants) < view.head.seats:
            out.append("add_bot")
        can_join = status == "registering" or (status == "running" and view.head.late)
        if not view.registered and can_join and len(view.entrants) < view.head.seats:
            out.append("register")
        if view.registered and status != "finished":
            out.append("unregister")
        mine = view.my_table()
        if mine is not None and not mine.bye and not mine.done and mine.server_table:
            out.append("go_table")
        return out

    def _rows(self) -> None:
        """Per-row buttons (remove an entrant; browse the rounds, watch a replay,
        correct a table), rebuilt when the view or the round shown changed."""
        view = self.view
        key = (self.section, view, self.rounds.number)
        if key == self._row_key:
            return
        self._row_key = key
        for button in self.row_buttons:
            button.kill()
        self.row_buttons = {}
        rnd = self.rounds.shown(view) if view is not None else None
        if view is not None and rnd is not None and self.section == "round":
            self.row_buttons = round_buttons(view, rnd, self.area, self.app.ui_manager, self.ui)
            return
        if view is None or not view.organizer or view.head.status == "finished":
            return
        m = self.app.ui_manager
        right = self.area.right
        fit = max(1, self.area.height // ROW_H)
        if self.section == "entrants":
            for i, e in enumerate(view.entrants[:fit]):
                if e.dropped:
                    continue
                y = self.area.top + i * ROW_H + 2
                b = ui.button(
                    pygame.Rect(right - 120, y, 120, ROW_H - 4),
                    tr("online_event.remove"),
                    m,
                    self.ui,
                )
                self.row_buttons[b] = ("remove", e)

    def keys_sheet(self) -> list[tuple[str, str]]:
        """1-4 switch the section; PageUp/PageDown browse the rounds; F5 asks the server again."""
        return [
            (tr("online_event.keys.tab_keys"), tr("online_event.keys.sections")),
            (tr("online_event.keys.page_keys"), tr("online_event.keys.rounds")),
            ("F5", tr("online_event.keys.refresh")),
        ]

    # -- the loop ------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.ask()

    def uncover(self) -> None:
        super().uncover()
        self.ask()

    def ask(self) -> None:
        """Ask for the event's view again."""
        self._asked = time.monotonic()
        self.lobby.events.view(self.code)

    def _news_came(self) -> bool:
        """News since we last looked (of any event: asking again is cheap)."""
        seen, self._seen_news = self._seen_news, self.lobby.events.news_count
        return seen != self._seen_news

    def background(self, dt: float) -> None:
        """Under a notice or a table: the view follows the news, so what shows
        when the screen is uncovered is the event as it is (the final bracket)."""
        if self._news_came():
            self.ask()

    def update(self, dt: float) -> None:
        lobby = self.lobby
        if not read_or_leave(self.app, lobby):
            return
        refusal = lobby.take_refusal()
        if refusal is not None:
            self.error = refusal_text(refusal)
        if self._news_came() or time.monotonic() - self._asked >= REFRESH:
            self.ask()
        table = self.fetch.table
        got = self.fetch.poll(lobby, time.monotonic())
        if isinstance(got, dict) and self.view is not None:
            viewer = open_replay(self.app, with_event_seats(got, self.view, table))
            if viewer is not None:
                self.app.scenes.push(viewer)
        elif got == "timeout":
            self.error = tr("online_event.replay_timeout")
        if self._actions(self.view) != self.shown_actions:
            self.resize(self.app.size)  # the bottom buttons follow the event's state
        self._rows()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.scenes.pop()
            elif event.key == pygame.K_F5:
                self.ask()
            elif pygame.K_1 <= event.key <= pygame.K_4:
                self.show(SECTIONS[event.key - pygame.K_1])
            elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.browse(-1 if event.key == pygame.K_PAGEUP else 1)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.error = ""
            element = event.ui_element
            if element == self.back:
                self.app.scenes.pop()
            elif element in self.section_buttons:
                self.show(self.section_buttons[element])
            elif element in self.actions:
                self.act(self.actions[element])
            elif element in self.row_buttons:
                what, item = self.row_buttons[element]
                self.row_action(what, item)

    def show(self, section: str) -> None:
        """Switch to a section."""
        self.section = section
        self.resize(self.app.size)

    def browse(self, by: int) -> None:
        """An earlier (-1) or later (+1) round in the Round section (shown first)."""
        view = self.view
        if self.section != "round":
            self.show("round")
        elif view is not None and self.rounds.step(view, by):
            self._rows()

    def act(self, action: str) -> None:
        """A bottom button."""
        view, events = self.view, self.lobby.events
        if view is None:
            return
        if action == "close_reg":
            events.act("close", self.code)
        elif action == "start_now":
            events.act("start", self.code)
        elif action == "add_bot":
            events.act("bot", self.code, bot=bot_choices(view.head.game)[0])
        elif action == "register":
            events.act("join", self.code)
        elif action == "unregister":
            self.app.confirm(
                later("online_event.unregister"),
                later("online_event.unregister_ask", name=event_title(view.head)),
                lambda: events.act("leave", self.code),
            )
        elif action == "go_table":
            mine = view.my_table()
            if mine is not None:
                go_to_table(self.app, self.lobby, mine.server_table)

    def row_action(self, what: str, item: Any) -> None:
        """A row's button: remove an entrant (asked first), another round, a
        table's replay (fetched without waiting), or correct a table."""
        view = self.view
        if view is None:
            return
        if what in ("prev", "next"):
            self.browse(-1 if what == "prev" else 1)
        elif what == "replay" and not self.fetch.table:
            self.fetch.start(self.lobby, item, time.monotonic())
        elif what == "remove":
            self.app.confirm(
                later("online_event.remove_title"),
                later("online_event.remove_ask", name=item.name),
                lambda: self.lobby.events.act("remove", self.code, number=item.number),
                yes=later("online_event.remove"),
            )
        elif what == "correct" and view.current is not None:
            self.app.scenes.push(
                CorrectResult(self.app, self.lobby, self.code, view.current.round, item)
            )

    # -- drawing ---------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        style.draw_backdrop(surface, self.panel)
        p = self.panel
        view = self.view
        title = event_title(view.head) if view is not None else tr("online.server.asking")
        code = tr("online_event.code", code=self.code)
        code_w = style.text_width(code, 18, "bold") + 12
        style.draw_heading(
            surface, title, (p.left + 24, p.top + 12), p.width - 72 - code_w, size=30
        )
        style.blit_text(
            surface,
            code,
            18,
            (p.right - 24, p.top + 20),
            style.GOLD_INK,
            kind="bold",
            anchor="topright",
        )
        if view is None:
            return
        head = view.head
        line = tr(
            "online_event.head",
            game=game_name(head.game),
            format=format_name(head.format),
            entrants=len(view.entrants),
            seats=head.seats,
            status=status_name(head.status),
        )
        rnd = view.current
        if rnd is not None:
            line += "  ·  " + tr(
                "online_event.round_head", n=rnd.round, stage=stage_name(rnd.stage)
            )
        style.blit_text(
            surface,
            style.ellipsize(line, 16, p.width - 48),
            16,
            (p.left + 24, p.top + 52),
            style.INK,
        )
        badge = my_table_words(view) or (
            tr("online_event.organizer_badge")
            if view.organizer
            else tr("online_event.registered_badge")
            if view.registered
            else ""
        )
        style.blit_text(
            surface,
            style.ellipsize(badge, 16, p.width - 48, "bold"),
            16,
            (p.left + 24, p.top + 74),
            style.GOLD_INK,
            kind="bold",
        )
        area = self.area
        if self.section == "entrants":
            if not view.entrants:
                draw_empty(surface, area, "online_event.no_entrants")
            else:
                lines = [
                    (entrant_words(view, e.number, e.name, e.bot), e.number == view.me)
                    for e in view.entrants
                ]
                draw_lines(surface, area, lines)
        elif self.section == "round":
            draw_round(surface, area, view, self.rounds)
        elif self.section == "standings":
            draw_standings(surface, area, view)
        else:
            draw_bracket(surface, area, view)
        note, color = self.error, style.RED
        if self.fetch.table:
            note, color = tr("online_event.fetching"), style.INK_SOFT
        if not note and view.corrections:
            r, t, reason = view.corrections[-1]
            note, color = (
                tr("online_event.corrected", round=r, table=t, reason=reason),
                style.INK_SOFT,
            )
        if note:
            style.blit_text(
                surface,
                style.ellipsize(note, 15, p.width - 48),
                15,
                (p.left + 24, p.bottom - 84),
                color,
            )
