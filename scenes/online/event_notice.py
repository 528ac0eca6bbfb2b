"""The round notice of an online event (issue 47) and the organizer's result
correction, both over whatever screen is showing.

`RoundNotice` appears wherever the player is while connected to the server
(the lobby, an event, a waiting room, another table): "Round 2: table 3,
against Ana" with "Go to my table" (Enter) and "Later" (Esc). `go_to_table`
leaves a table we are at, goes back to the screen that holds the server's
connection and opens the waiting room of the table kept for us.
`CorrectResult` asks the organizer for the new order and a reason."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.net.lobby_client import LobbyClient
from game.net.lobby_events import News, TableView
from scenes import style, ui
from scenes.i18n import later, tr
from scenes.manager import Scene
from scenes.online.event_words import event_title, news_words

if TYPE_CHECKING:
    from scenes.manager import AppHost

#: news that carry a notice box (the rest are toasts)
NOTICE_KINDS = ("table", "bye", "walkover", "finished", "correction", "removed", "stuck")


def go_to_table(app: AppHost, lobby: LobbyClient, server_table: str) -> None:
    """To the table the server keeps for us: back to the lobby's screen, then
    its waiting room (the existing served table path follows the deal). Away
    from the lobby (its connection kept by `standby`), an unfinished match of
    ours here is saved first. Leaving a match in play (a local one, or another
    table on the server) is asked first."""
    in_play = [s for s in app.scenes.stack if s.wants_quit_confirmation()]
    if not in_play:
        _go(app, lobby, server_table)
        return
    elsewhere = all(getattr(s, "hosted_elsewhere", False) for s in in_play)
    app.confirm(
        later("online.standby.leave_title"),
        later("online.standby.leave_online_ask" if elsewhere else "online.standby.leave_ask"),
        lambda: _go(app, lobby, server_table),
        yes=later("online.standby.go_now"),
    )


def _go(app: AppHost, lobby: LobbyClient, server_table: str) -> None:
    if any(getattr(s, "event_home", False) for s in app.scenes.stack):
        _sit(app, lobby, server_table)
    else:
        _from_afar(app, lobby, server_table)


def _sit(app: AppHost, lobby: LobbyClient, server_table: str) -> None:
    from scenes.online.server_wait import WaitingRoom

    if lobby.match is not None:
        lobby.leave()  # the last round's table (its match is over)
    stack = app.scenes.stack
    while len(stack) > 1 and not getattr(stack[-1], "event_home", False):
        app.scenes.pop(fade=False)
    app.scenes.push(WaitingRoom(app, lobby, lobby.join(table=server_table)), fade=False)


def _from_afar(app: AppHost, lobby: LobbyClient, server_table: str) -> None:
    """The lobby again over the main menu (each unfinished match saved as a
    signal would save it), then the table."""
    from scenes.online.standby import adopt

    kept = adopt(app)
    address = kept[1] if kept is not None else lobby.url
    saved = [path for s in app.scenes.stack if (path := s.emergency_save())]
    app.scenes.reset(app.screens.main_menu(), fade=False)
    for scene in app.screens.server_lobby(lobby, address):
        app.scenes.push(scene, fade=False)
    if saved:
        app.notify(tr("online.standby.saved"), "info")
    _sit(app, lobby, server_table)


def show_standings(app: AppHost, lobby: LobbyClient, code: str) -> None:
    """An event's final standings: its screen switched to them, or opened over
    whatever is showing (away from the lobby, over the lobby's screens again,
    so Back leads home through them; nothing beneath is left or lost)."""
    top = app.scenes.top
    if getattr(top, "code", None) == code and callable(getattr(top, "show", None)):
        top.show("standings")  # type: ignore[union-attr]  # the event's own screen
        return
    if not any(getattr(s, "event_home", False) for s in app.scenes.stack):
        from scenes.online.standby import adopt

        kept = adopt(app)
        for scene in app.screens.server_lobby(lobby, kept[1] if kept else lobby.url):
            app.scenes.push(scene, fade=False)
    app.scenes.push(app.screens.server_event(lobby, code, "standings"), fade=False)


def answers(asked: News, news: News) -> bool:
    """Is `news` the result of the table `asked` sent us to (played without us)?"""
    return (
        asked.kind == "table"
        and news.kind == "result"
        and (news.event, news.round, news.table_no) == (asked.event, asked.round, asked.table_no)
    )


def tell(app: AppHost, lobby: LobbyClient, news: News) -> None:
    """An event's news as it arrives: a notice box, or a toast for the small ones."""
    top = app.scenes.top
    if news.kind not in NOTICE_KINDS:
        app.notify(news_words(news), "info")
        if isinstance(top, RoundNotice) and answers(top.news, news):
            top.news = news  # its table is done: no more "Go to my table" to a table gone
            top.resize(app.size)
        return
    if isinstance(top, RoundNotice):
        top.news = news  # the newest replaces an unread one
        top.resize(app.size)
        return
    app.scenes.push(RoundNotice(app, lobby, news), fade=False)


class RoundNotice(Scene):
    """An event's news in a box at the top of the window; see the module docstring."""

    overlay = True

    def __init__(self, app: AppHost, lobby: LobbyClient, news: News) -> None:
        super().__init__(app)
        self.lobby = lobby
        self.news = news
        self.box = pygame.Rect(0, 0, 0, 0)
        self.go: pygame_gui.elements.UIButton | None = None

    def build(self) -> None:
        w = min(640, self.app.size[0] - 40)
        self.box = pygame.Rect((self.app.size[0] - w) // 2, 24, w, 150)
        m = self.app.ui_manager
        y = self.box.bottom - 58
        go = self.go_words()
        lx = self.box.left + 20 if go else self.box.centerx - 75
        later = tr("online_event.later" if self.news.kind == "table" else "online_event.close")
        self.later = ui.button(pygame.Rect(lx, y, 150, 42), later, m, self.ui)
        self.go = None
        if go:
            gw = style.text_width(go, 22, "serif") + 44
            self.go = ui.button(
                pygame.Rect(self.box.right - 20 - gw, y, gw, 42), go, m, self.ui, "#primary_button"
            )

    def go_words(self) -> str:
        """The notice's way onward ("" for none): to our table, or to the final standings."""
        if self.news.kind == "table" and self.news.server_table:
            return tr("online_event.go_table")
        if self.news.kind == "finished":
            return tr("online_event.see_standings")
        return ""

    def keys_sheet(self) -> list[tuple[str, str]]:
        """Enter takes the way onward (or closes), Esc closes the notice."""
        close = tr("online_event.later" if self.news.kind == "table" else "online_event.close")
        return [
            (tr("online_event.keys.enter"), self.go_words() or close),
            (tr("online_event.keys.esc"), close),
        ]

    def update(self, dt: float) -> None:
        self.lobby.pump()  # the table beneath waits; the server does not
        if self.lobby.closed:
            self.app.scenes.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.take()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.later:
                self.app.scenes.pop()
            elif event.ui_element == self.go:
                self.take()

    def take(self) -> None:
        """Go to the table named (or just close a notice without one). The
        notice stays while a local match's player is asked: "No" comes back to it."""
        if self.go is None:
            self.app.scenes.pop(fade=False)
        elif self.news.kind == "finished":
            self.app.scenes.pop(fade=False)
            show_standings(self.app, self.lobby, self.news.event)
        else:
            go_to_table(self.app, self.lobby, self.news.server_table)  # clears the notice

    def draw(self, surface: pygame.Surface) -> None:
        view = self.lobby.events.views.get(self.news.event)
        style.modal_panel(
            surface, self.box, event_title(view.head) if view else tr("online_event.tab")
        )
        style.blit_text(
            surface,
            news_words(self.news),
            18,
            (self.box.centerx, self.box.top + 62),
            style.INK,
            anchor="midtop",
            max_width=self.box.width - 40,
        )


class CorrectResult(Scene):
    """The organizer's new order for a table, with a reason; see the module docstring."""

    overlay = True

    def __init__(
        self, app: AppHost, lobby: LobbyClient, code: str, round_no: int, table: TableView
    ) -> None:
        super().__init__(app)
        self.lobby = lobby
        self.code = code
        self.round_no = round_no
        self.table = table
        self.places: list[pygame_gui.elements.UIDropDownMenu] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        self.error = ""

    def build(self) -> None:
        n = len(self.table.seats)
        w = min(620, self.app.size[0] - 40)
        self.box = ui.centered(self.app.size, w, 250 + 44 * n)
        b = self.box
        m = self.app.ui_manager
        choices = [(name, str(i)) for i, (_, name) in enumerate(self.table.seats)]
        self.places = []
        for i in range(n):
            y = b.top + 64 + 44 * i
            ui.label(
                pygame.Rect(b.left + 24, y, 150, 36),
                tr("online_event.place_n", n=i + 1),
                m,
                self.ui,
            )
            self.places.append(
                ui.dropdown(pygame.Rect(b.left + 180, y, w - 204, 36), choices, str(i), m, self.ui)
            )
        y = b.top + 64 + 44 * n + 30
        self.reason = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(b.left + 24, y, w - 48, 36), m, self.ui
        )
        self.reason.set_text_length_limit(120)
        by = b.bottom - 60
        self.cancel = ui.button(
            pygame.Rect(b.left + 24, by, 150, 42), tr("online_event.cancel"), m, self.ui
        )
        self.apply = ui.button(
            pygame.Rect(b.right - 174, by, 150, 42),
            tr("online_event.apply"),
            m,
            self.ui,
            "#primary_button",
        )

    def order(self) -> list[list[int]] | None:
        """The seats in their new places, one each (None when one is chosen twice)."""
        seats = [int(ui.selected_id(menu)) for menu in self.places]
        return [[s] for s in seats] if len(set(seats)) == len(seats) else None

    def send(self) -> None:
        """Send the correction (a reason and distinct places first)."""
        order, reason = self.order(), self.reason.get_text().strip()
        if order is None:
            self.error = tr("online_event.need_distinct")
        elif not reason:
            self.error = tr("online_event.need_reason")
        else:
            self.lobby.events.act(
                "result",
                self.code,
                round=self.round_no,
                table=self.table.table,
                order=order,
                reason=reason,
            )
            self.app.scenes.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.cancel:
                self.app.scenes.pop()
            elif event.ui_element == self.apply:
                self.send()

    def draw(self, surface: pygame.Surface) -> None:
        b = self.box
        style.modal_panel(
            surface,
            b,
            tr("online_event.correct_title", round=self.round_no, table=self.table.table),
        )
        y = b.top + 64 + 44 * len(self.table.seats) + 6
        style.blit_text(surface, tr("online_event.reason"), 15, (b.left + 24, y), style.INK_SOFT)
        if self.error:
            style.blit_text(surface, self.error, 15, (b.left + 24, b.bottom - 84), style.RED)
