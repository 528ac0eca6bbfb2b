"""A Taverna server's lobby: open tables, your tables, the leaderboard.

Three lists over one area, chosen by the tabs at the top, with a game filter:
the open public tables (game, options in short, seats taken of all, who sits
there with ratings when the server tells them, watchers welcome or not),
refreshed every few seconds, each with Join and Watch; the tables you sit at
(Return, after a crash or a restart) and those you opened (their code); the
best ratings of a game. At the bottom: Join or Watch by code, and Create a
table (the game's own new-match form). A seat taken or a table watched opens
the waiting room (`scenes.online.server_wait`).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import get_info
from game.net.lobby_client import LobbyClient, RankRow, TableRow
from scenes import style, ui
from scenes.i18n import has, tr
from scenes.manager import Scene
from scenes.names import bot_label
from scenes.online.event_words import event_line, event_title
from scenes.online.served import read_or_leave, refusal_text

if TYPE_CHECKING:
    from scenes.manager import AppHost

#: the games a server offers, in the main menu's order
GAME_ENTRIES = ("wyr", "wyrt", "war", "chama")
#: seconds between two refreshes of the list shown
REFRESH = 3.0
TABS = ("open", "mine", "ranks", "events")
ROW_H = 46


def game_words(game: str) -> str:
    """A game's name in the player's language (its id when unknown here)."""
    key = f"ui.games.{game}"
    return tr(key) if has(key) else game


def options_words(row: TableRow) -> str:
    """A table's options not at their default, in short ("Seven rounds: on")."""
    try:
        specs = {o.key: o for o in get_info(row.game).options}
    except KeyError:
        specs = {}
    parts = []
    for key, value in row.options.items():
        spec = specs.get(key)
        if spec is None or spec.kind == "per_seat":
            continue
        from scenes.option_words import choice_label, option_label

        if spec.kind == "bool":
            shown = tr("ui.common.on") if value else tr("ui.common.off")
        elif spec.kind == "choice":
            shown = choice_label(row.game, spec, value)
        else:
            shown = str(value)
        parts.append(f"{option_label(row.game, spec)}: {shown}")
    return " · ".join(parts)


def names_words(row: TableRow) -> str:
    """Who sits there, with ratings when told ("Ana (24.1), Bia")."""
    out = []
    for i, name in enumerate(row.names):
        rating = row.ratings[i] if i < len(row.ratings) else None
        out.append(f"{name} ({rating:.1f})" if rating is not None else name)
    return ", ".join(out)


def table_line(row: TableRow) -> str:
    """The first line of a table's row."""
    seats = tr("online.server.seats", taken=row.taken, seats=row.seats)
    watch = tr("online.server.watchers_yes" if row.watchers else "online.server.watchers_no")
    parts = [game_words(row.game), seats, watch]
    if row.started:
        parts.insert(2, tr("online.server.status.playing"))
    if row.clock != "off":
        parts.append(tr(f"online.server.clock.{row.clock}"))
    return "  ·  ".join(parts)


def mine_line(row: TableRow) -> str:
    """A row of "your tables"."""
    status_key = f"online.server.status.{row.status}"
    status = tr(status_key) if has(status_key) else row.status
    seats = ", ".join(str(s + 1) for s in row.mine)
    text = f"{game_words(row.game)}  ·  {status}"
    if seats:
        text += "  ·  " + tr("online.server.your_seat", seats=seats)
    if row.code:
        text += "  ·  " + tr("online.server.code", code=row.code)
    return text


def rank_line(n: int, row: RankRow) -> str:
    """A leaderboard line ("1. Ana  24.1  (12 games)")."""
    name = row.name
    kind, _, rest = name.partition(":")
    game, _, level = rest.partition(":")
    if row.bot and kind == "bot" and level:  # the server names a bot "bot:<game>:<level>"
        name = tr("ui.new_match.bot", level=bot_label(game, level))
    return f"{n}. {name}  ·  {row.rating:.1f}  ·  " + tr("online.server.games", count=row.games)


class ServerLobby(Scene):
    """The lobby of one server, over the connection the server screen opened."""

    #: the round notice's "Go to my table" comes back here first (scenes/online/event_notice.py)
    event_home = True

    def __init__(self, app: AppHost, lobby: LobbyClient, address: str) -> None:
        super().__init__(app)
        self.lobby = lobby
        self.address = address
        self.tab = "open"
        self.game = ""  # the filter: "" for every game
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.list_area = pygame.Rect(0, 0, 0, 0)
        self.rows: list[Any] = []
        self.row_buttons: dict[Any, tuple[str, Any]] = {}
        self.tab_buttons: dict[Any, str] = {}
        self.more = 0
        self._asked = 0.0
        self._listed: tuple[Any, ...] | None = None
        self.error = ""

    # -- widgets -----------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        self.panel = pygame.Rect(20, 16, w - 40, h - 32)
        p = self.panel
        m = self.app.ui_manager
        x = p.left + 24
        ty = p.top + 78
        self.tab_buttons = {}
        for tab in TABS:
            text = tr("online_event.tab" if tab == "events" else f"online.server.tab.{tab}")
            bw = style.text_width(text, 16) + 40
            button = ui.button(
                pygame.Rect(x, ty, bw, 38),
                text,
                m,
                self.ui,
                "#primary_button" if tab == self.tab else None,
            )
            self.tab_buttons[button] = tab
            x += bw + 8
        games = [(tr("online.server.all_games"), "")] + [(game_words(g), g) for g in GAME_ENTRIES]
        if self.tab == "ranks":
            games = games[1:]  # a leaderboard is of one game
        fw = min(220, p.right - 24 - x - 8)
        self.filter = ui.dropdown(
            pygame.Rect(p.right - 24 - fw, ty, fw, 38), games, self.game or games[0][1], m, self.ui
        )
        self.list_area = pygame.Rect(p.left + 24, ty + 52, p.width - 48, p.bottom - 80 - ty - 66)
        by = p.bottom - 62
        self.back = ui.button(
            pygame.Rect(p.left + 24, by, 140, 44), tr("ui.common.back"), m, self.ui
        )
        cx = p.left + 24 + 150
        ev = self.tab == "events"  # the same row opens an event by its code
        by_code = tr("online_event.by_code" if ev else "online.server.by_code")
        label_w = style.text_width(by_code, 16) + 12
        ui.label(pygame.Rect(cx, by + 2, label_w, 40), by_code, m, self.ui)
        cx += label_w
        self.code_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(cx, by + 2, 170, 40), m, self.ui
        )
        self.code_entry.set_text_length_limit(16)
        cx += 178
        self.code_join = ui.button(
            pygame.Rect(cx, by, 100, 44),
            tr("online_event.open" if ev else "online.server.join"),
            m,
            self.ui,
        )
        self.code_watch = ui.button(
            pygame.Rect(cx + 106, by, 100, 44), tr("online.server.watch"), m, self.ui
        )
        if ev:
            self.code_watch.hide()
        create = tr("online_event.create" if ev else "online.server.create")
        cw = style.text_width(create, 16) + 44
        self.create = ui.button(
            pygame.Rect(p.right - 24 - cw, by, cw, 44),
            create,
            m,
            self.ui,
            "#primary_button",
        )
        self._listed = None
        self.row_buttons = {}
        self._rows()

    def enter(self) -> None:
        super().enter()
        from scenes.online.event_notice import tell

        # an event's news reach the player on every screen over this connection
        self.lobby.events.on_news = lambda news: tell(self.app, self.lobby, news)
        self.ask()
        if self.tab != "events":  # our events are known before we leave (`standby.keep`)
            self.lobby.events.ask()

    def uncover(self) -> None:
        super().uncover()
        self.ask()  # back from a table or a waiting room: fresh lists

    def ask(self) -> None:
        """Ask the server for what the current tab shows."""
        self._asked = time.monotonic()
        if self.tab == "open":
            self.lobby.ask_tables(self.game or None)
        elif self.tab == "mine":
            self.lobby.ask_mine()
        elif self.tab == "events":
            self.lobby.events.ask(self.game or None)
        else:
            self.lobby.leaderboard(self.game or GAME_ENTRIES[0])

    def _data(self) -> tuple[Any, ...]:
        if self.tab == "open":
            return tuple(r for r in self.lobby.tables if not self.game or r.game == self.game)
        if self.tab == "mine":
            return tuple(r for r in self.lobby.mine if not self.game or r.game == self.game)
        if self.tab == "events":
            return tuple(r for r in self.lobby.events.rows if not self.game or r.game == self.game)
        return tuple(self.lobby.ranks.get(self.game or GAME_ENTRIES[0], []))

    def _rows(self) -> None:
        """The list's rows and their buttons, rebuilt when what they show changed."""
        data = self._data()
        if data == self._listed:
            return
        for button in self.row_buttons:
            button.kill()
        self._listed, self.row_buttons = data, {}
        fit = max(1, self.list_area.height // ROW_H)
        self.rows = list(data[:fit])
        self.more = max(0, len(data) - fit)
        m = self.app.ui_manager
        right = self.list_area.right
        for i, row in enumerate(self.rows):
            y = self.list_area.top + i * ROW_H + 4
            if self.tab == "open":
                watch = ui.button(
                    pygame.Rect(right - 110, y, 110, 36), tr("online.server.watch"), m, self.ui
                )
                join = ui.button(
                    pygame.Rect(right - 226, y, 110, 36), tr("online.server.join"), m, self.ui
                )
                ui.enable(watch, row.watchers)
                ui.enable(join, not row.started and row.taken < row.seats)
                self.row_buttons[join] = ("join", row)
                self.row_buttons[watch] = ("watch", row)
            elif self.tab == "events":
                see = ui.button(
                    pygame.Rect(right - 150, y, 150, 36), tr("online_event.open"), m, self.ui
                )
                self.row_buttons[see] = ("event", row)
            elif self.tab == "mine" and row.status in ("open", "playing"):
                back = ui.button(
                    pygame.Rect(right - 150, y, 150, 36), tr("online.server.return"), m, self.ui
                )
                self.row_buttons[back] = ("return", row)

    # -- the loop ------------------------------------------------------------------
    def background(self, dt: float) -> None:
        """Covered (a table, a menu, an event): the connection is still read,
        so an event's news reach the player wherever he is."""
        if not self.lobby.closed:
            self.lobby.pump()

    def update(self, dt: float) -> None:
        lobby = self.lobby
        if not read_or_leave(self.app, lobby):
            return
        refusal = lobby.take_refusal()
        if refusal is not None:
            self.error = refusal_text(refusal)
        if time.monotonic() - self._asked >= REFRESH:
            self.ask()
        self._rows()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element == self.filter:
            self.game = ui.selected_id(self.filter)
            self._listed = None
            self.ask()
        elif (
            event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element == self.code_entry
        ):
            self.by_code(watch=False)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.error = ""
            element = event.ui_element
            if element == self.back:
                self.leave()
            elif element in self.tab_buttons:
                self.tab = self.tab_buttons[element]
                if self.tab == "ranks" and not self.game:
                    self.game = GAME_ENTRIES[0]
                self.resize(self.app.size)
                self.ask()
            elif element == self.code_join:
                self.by_code(watch=False)
            elif element == self.code_watch:
                self.by_code(watch=True)
            elif element == self.create:
                self.open_create()
            elif element in self.row_buttons:
                what, row = self.row_buttons[element]
                self.take(what, row)

    def by_code(self, *, watch: bool) -> None:
        """Join or watch the table whose code was typed."""
        code = self.code_entry.get_text().strip()
        if not code:
            self.error = tr("online.server.need_code")
            return
        if self.tab == "events":  # an event's code opens its screen (registering there)
            self.open_event(code.upper())
            return
        self.wait(self.lobby.watch("", code) if watch else self.lobby.join(code=code))

    def take(self, what: str, row: Any) -> None:
        """A row's button: join, watch, or return to a seat."""
        if what == "event":
            self.open_event(row.event)
        elif what == "watch":
            self.wait(self.lobby.watch(row.table))
        else:  # a seat we hold comes back by our player id; a code opens a private one
            self.wait(self.lobby.join(table=row.table, code=row.code))

    def wait(self, match: Any) -> None:
        """The waiting room of the table just asked for."""
        from scenes.online.server_wait import WaitingRoom

        self.app.scenes.push(WaitingRoom(self.app, self.lobby, match))

    def open_event(self, code: str) -> None:
        """An event's screen (its entrants, rounds, standings)."""
        from scenes.online.event_screen import EventScreen

        self.app.scenes.push(EventScreen(self.app, self.lobby, code))

    def open_create(self) -> None:
        """The game's own new-match form, as a server's table (or an event's form)."""
        if self.tab == "events":
            from scenes.online.event_create import CreateEvent

            self.app.scenes.push(CreateEvent(self.app, self.lobby, self.address, self.game))
            return
        from scenes.online.server_create import CreateTable

        self.app.scenes.push(CreateTable(self.app, self.lobby, self.game or GAME_ENTRIES[0]))

    def leave(self) -> None:
        """Back to the server screen (`exit` closes or keeps the connection)."""
        self.app.scenes.pop()

    def exit(self) -> None:
        """The lobby's screen is gone (Back, or the stack cleared to the main
        menu): its connection is closed, or kept while an event of ours is
        live so the round notice finds us anywhere (`standby`)."""
        from scenes.online.event_notice import tell
        from scenes.online.standby import keep

        keep(self.app, self.lobby, self.address, lambda news: tell(self.app, self.lobby, news))
        super().exit()

    # -- drawing ---------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        style.draw_backdrop(surface, self.panel)
        p = self.panel
        style.draw_heading(
            surface,
            tr("online.server.lobby_title", address=self.address),
            (p.left + 24, p.top + 12),
            p.width - 48,
            size=32,
        )
        style.blit_text(
            surface,
            tr("online.server.you_are", name=self.lobby.name),
            15,
            (p.right - 24, p.top + 54),
            style.INK_SOFT,
            anchor="topright",
        )
        area = self.list_area
        width = area.width - (256 if self.tab == "open" else 176)
        for i, row in enumerate(self.rows):
            y = area.top + i * ROW_H
            if i % 2 == 0:
                band = pygame.Surface((area.width, ROW_H - 2), pygame.SRCALPHA)
                band.fill((90, 60, 30, 22))
                surface.blit(band, (area.left, y))
            if self.tab == "open":
                first, second = table_line(row), names_words(row)
                opts = options_words(row)
                if opts:
                    second = f"{second}  ·  {opts}" if second else opts
            elif self.tab == "mine":
                first, second = mine_line(row), ""
            elif self.tab == "events":
                first, second = event_title(row), event_line(row)
            else:
                first, second = rank_line(i + 1, row), ""
            top = y + (4 if second else 12)
            style.blit_text(
                surface,
                style.ellipsize(first, 16, width, "bold"),
                16,
                (area.left + 8, top),
                style.INK,
                kind="bold",
            )
            if second:
                style.blit_text(
                    surface,
                    style.ellipsize(second, 14, width),
                    14,
                    (area.left + 8, top + 21),
                    style.INK_SOFT,
                )
        if not self.rows:
            empty = tr(
                "online_event.empty" if self.tab == "events" else f"online.server.empty.{self.tab}"
            )
            style.blit_text(
                surface,
                empty,
                17,
                (area.left + 8, area.top + 12),
                style.INK_SOFT,
                max_width=area.width - 16,
            )
        if self.more:
            style.blit_text(
                surface,
                tr("online.server.more", n=self.more),
                14,
                (area.left + 8, area.bottom - 4),
                style.INK_SOFT,
            )
        if self.error:
            style.blit_text(
                surface,
                style.ellipsize(self.error, 15, p.width - 48),
                15,
                (p.left + 24, p.bottom - 86),
                style.RED,
            )
