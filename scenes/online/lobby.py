"""The host's lobby: the table listens, friends join, the match starts.

It shows every address of this machine with the port, and the join code; the
seats fill as friends join (a seat may be handed to a bot instead). When the
last remote seat is taken the session deals, and the game's own table opens
on this machine with its remote seats played elsewhere. The only `Match` is
the session's: the host's people and bots play through it like the joiners.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import get_info
from game.net.lan import Announcement
from game.net.seating import shown_code
from game.net.session import HostSession, SessionError
from game.net.transport import HostServer, local_addresses
from scenes import style, ui
from scenes.i18n import later, tr
from scenes.manager import Scene
from scenes.names import bot_label

if TYPE_CHECKING:
    from scenes.manager import AppHost
    from scenes.tables.base import TableScene
    from scenes.tables.face import SeatSetup

#: modes that make no sense across machines (Life Cassino stakes this machine's
#: profile), refused in words
OFFLINE_ONLY = {("wyrt", "mode", "life_cassino")}


def session_seats(seats: list[SeatSetup]) -> list[tuple[str, str | None]]:
    """The new-match screen's seats as the session's kinds."""
    out: list[tuple[str, str | None]] = []
    for s in seats:
        if s.elsewhere:
            out.append(("remote", None))
        elif s.bot is not None:
            out.append(("bot", s.bot))
        else:
            out.append(("local", s.name))
    return out


def open_lobby(
    app: AppHost,
    game: str,
    seats: list[SeatSetup],
    options: dict[str, Any],
    *,
    bind: str = "0.0.0.0",
    port: int | None = None,
) -> HostLobby:
    """Listen for the seats played elsewhere (on every address of this machine,
    the port of the settings, or any free one when it is taken); raises ValueError in
    plain words. The deal is secret: its seed is drawn here and never shown."""
    from scenes.tables import table_options

    for g, key, value in OFFLINE_ONLY:
        if g == game and options.get(key) == value:
            raise ValueError(tr("online.lobby.offline_only"))
    options = table_options(game, seats, options)
    try:
        session = HostSession(game, session_seats(seats), options=options, keep_feed=True)
    except SessionError as e:
        raise ValueError(str(e)) from e
    for i, s in enumerate(seats):  # the host's own seats keep the names chosen here
        if not s.elsewhere:
            session.seats[i].name = s.name
    port = app.settings.host_port if port is None else port
    server = HostServer(session, bind, port)
    note = ""
    try:
        actual = server.start()
    except OSError:
        server = HostServer(session, bind, 0)  # the usual port is taken: any free one
        try:
            actual = server.start()
        except OSError as e:
            raise ValueError(tr("online.lobby.cannot_listen", reason=str(e))) from e
        note = tr("online.lobby.port_taken", port=port, actual=actual)
    return HostLobby(app, server, seats, actual, note)


class HostLobby(Scene):
    """Waiting for the friends who join from their machines."""

    def __init__(
        self, app: AppHost, server: HostServer, seats: list[SeatSetup], port: int, note: str = ""
    ) -> None:
        super().__init__(app)
        self.server = server
        self.session = server.session
        self.seats = seats
        self.port = port
        self.note = note
        listening = server.host
        shown = local_addresses() if listening in ("0.0.0.0", "") else [listening]
        self.addresses = [f"{a}:{port}" for a in shown]
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.to_bot: dict[int, pygame_gui.elements.UIButton] = {}
        self.status: list[dict[str, Any]] = []
        self.handed_off = False
        host = next((s.name for s in seats if not s.elsewhere and s.bot is None), "Taverna")
        #: heard by the join screens on the same network until the table is full
        self.announcement = Announcement(self.session.game, host, port, shown)

    # -- widgets ---------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        self.panel = ui.centered((w, h), min(900, w - 40), h - 40)
        p = self.panel
        m = self.app.ui_manager
        self.to_bot = {}
        for i, s in enumerate(self.seats):
            if s.elsewhere:
                rect = pygame.Rect(p.right - 30 - 170, self._seat_y(i) - 4, 170, 34)
                self.to_bot[i] = ui.button(rect, tr("online.lobby.to_bot"), m, self.ui)
        by = p.bottom - 66
        self.cancel = ui.button(
            pygame.Rect(p.left + 30, by, 220, 46), tr("online.lobby.cancel"), m, self.ui
        )
        self.refresh()

    def _seat_y(self, i: int) -> int:
        return self.panel.top + 250 + i * 40

    def refresh(self) -> None:
        """Read the seats' status (under the server's lock)."""
        self.status = self.server.call(lambda s: s.seat_status())
        for i, button in self.to_bot.items():
            empty = i < len(self.status) and self.status[i].get("status") == "empty"
            button.show() if empty else button.hide()

    # -- the loop ----------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.handed_off:
            return
        self.refresh()
        if self.server.call(lambda s: s.started):
            self.handed_off = True
            self.announcement.close()
            self.app.scenes.replace(self.host_table())

    def host_table(self) -> TableScene:
        """The game's own table over the session's match."""
        from scenes.online.links import HostLink
        from scenes.tables import table_class
        from scenes.tables.face import SeatSetup

        match = self.session.match
        assert match is not None
        seats = []
        for i, s in enumerate(self.session.seats):
            name = match.seats[i]
            if s.kind == "remote":
                seats.append(SeatSetup(name, elsewhere=True))
            else:
                seats.append(SeatSetup(name, s.bot_id))
        return table_class(self.session.game)(self.app, match, seats, link=HostLink(self.server))

    def hand_to_bot(self, seat: int) -> None:
        """An empty seat is played by the host's bot (the middle level)."""
        ids = get_info(self.session.game).bot_ids
        bot = ids[len(ids) // 2]
        from scenes.names import bot_seat_name

        taken = [str(s.get("name", "")) for s in self.status]
        name = bot_seat_name(self.session.game, bot, taken, seat)

        def give(session: HostSession) -> None:
            session.hand_to_bot(seat, bot)
            session.seats[seat].name = name

        try:
            self.server.call(give)
        except SessionError as e:
            self.app.notify(str(e), "warn")
            return
        self.seats[seat] = type(self.seats[seat])(name, bot)

    def close(self) -> None:
        """Stop listening and tell whoever joined."""
        self.server.stop()
        self.app.scenes.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ask_close()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.cancel:
                self.ask_close()
            for seat, button in self.to_bot.items():
                if event.ui_element == button:
                    self.hand_to_bot(seat)

    def ask_close(self) -> None:
        """Closing sends away whoever joined: ask first when someone did."""
        joined = any(s.get("status") == "connected" for s in self.status)
        if joined:
            self.app.confirm(
                later("online.lobby.cancel"), later("online.lobby.close_ask"), self.close
            )
        else:
            self.close()

    def exit(self) -> None:
        self.announcement.close()
        if not self.handed_off:
            self.server.stop()
        super().exit()

    # -- drawing -----------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        style.draw_backdrop(surface, self.panel)
        p = self.panel
        game = tr(f"ui.games.{self.session.game}")
        style.draw_heading(
            surface, tr("online.lobby.title", game=game), (p.left + 30, p.top + 16), p.width - 60
        )
        y = p.top + 80
        style.blit_text(surface, tr("online.lobby.addresses"), 18, (p.left + 30, y), style.INK)
        x = p.left + 30
        for address in self.addresses[:4]:
            rect = style.blit_text(surface, address, 22, (x, y + 28), style.INK, kind="bold")
            x = rect.right + 28
        code = tr("online.lobby.code", code=shown_code(self.session.code))
        style.blit_text(surface, code, 30, (p.left + 30, y + 66), style.GOLD_INK, kind="serif")
        if self.note:
            style.blit_text(surface, self.note, 15, (p.left + 30, y + 112), style.INK_SOFT)
        style.blit_text(
            surface, tr("online.lobby.seats"), 20, (p.left + 30, self._seat_y(0) - 36), style.INK
        )
        for i, s in enumerate(self.status):
            sy = self._seat_y(i)
            kind = tr(f"online.lobby.kinds.{s.get('kind', 'remote')}")
            status = str(s.get("status", "empty"))
            style.blit_text(surface, f"{i + 1}.", 18, (p.left + 30, sy), style.INK_SOFT)
            name = self.seats[i].name if not self.seats[i].elsewhere else str(s.get("name", ""))
            if self.seats[i].elsewhere and status == "empty":
                name = "—"
            style.blit_text(
                surface, name, 18, (p.left + 60, sy), style.INK, kind="bold", max_width=260
            )
            bot = self.seats[i].bot
            state = (
                bot_label(self.session.game, bot) if bot else tr(f"online.lobby.status.{status}")
            )
            words = f"{kind} · {state}"
            colour = style.INK_SOFT if status == "empty" else style.FELT_DARK
            style.blit_text(surface, words, 16, (p.left + 340, sy + 2), colour, max_width=300)
        left = sum(1 for s in self.status if s.get("status") == "empty")
        words = tr("online.lobby.waiting", count=left) if left else tr("online.lobby.ready")
        style.blit_text(
            surface, words, 18, (p.right - 30, p.bottom - 54), style.INK, anchor="topright"
        )
