"""The tournament hub: the round's tables and results, and everything the organizer does.

Tables with humans open the game's real table ("Play my match", hot-seat when
two humans meet); bot tables are simulated in a worker thread with a progress
bar; any result can be entered or changed by hand (the organizer refuses in
words when it may not); rounds are paired here; players drop or join late.
The tournament is saved after every change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.tournament import Tournament, TournamentError
from game.tournament.model import Round, Table
from scenes import style, ui
from scenes.i18n import later, tr
from scenes.manager import Scene
from scenes.tables import table_ready
from scenes.tournament.common import (
    error_text,
    game_title,
    save_tournament,
    with_store,
)
from scenes.tournament.hub_actions import HubActions
from scenes.tournament.hub_drawing import HubFrame, HubPainter
from scenes.tournament.hub_paint import humans_at
from scenes.tournament.row_list import RowList
from scenes.tournament.simulation import SimulationWorker, bot_tables_pending

if TYPE_CHECKING:
    from scenes.manager import AppHost

SIDE_ACTIONS = ("play", "result", "simulate", "next", "drop", "late")
BOTTOM_ACTIONS = ("standings", "bracket", "export_csv", "export_json")


class TournamentHub(HubActions, Scene):
    """One tournament: its rounds, tables, results and the organizer's actions."""

    arrows_move_focus = False  # (they move through its list)

    def __init__(self, app: AppHost, t: Tournament) -> None:
        super().__init__(app)
        self.t = t
        self.view_no: int | None = None  # None: the current round
        self.list = RowList(58)
        self.worker: SimulationWorker | None = None
        self.sim_done = 0
        self.sim_total = 0
        self.sim_unsaved = False
        self.sim_since_save = 0.0
        self.painter = HubPainter(self.list)
        self._champion = t.champion()
        self.kept: set[int] = set()
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.progress_rect = pygame.Rect(0, 0, 0, 0)
        self._was_finished = t.is_finished
        self._find_kept()
        self._select_default()

    # -- what is shown ---------------------------------------------------------
    @property
    def shown_round(self) -> Round | None:
        """The round on screen (the current one unless the organizer looks back)."""
        if not self.t.rounds:
            return None
        no = self.view_no or len(self.t.rounds)
        return self.t.round(min(no, len(self.t.rounds)))

    @property
    def is_current(self) -> bool:
        """True when the round on screen is the one being played."""
        rnd = self.shown_round
        return rnd is not None and rnd is self.t.current_round

    @property
    def selected_table(self) -> Table | None:
        """The table selected in the list."""
        rnd = self.shown_round
        i = self.list.selected
        if rnd is None or i is None or i >= len(rnd.tables):
            return None
        return rnd.tables[i]

    def humans(self, table: Table) -> list[str]:
        """Names of the humans seated at a table."""
        return humans_at(self.t, table)

    def _select_default(self) -> None:
        """The first table waiting for humans, else the first waiting, else the first."""
        rnd = self.shown_round
        count = len(rnd.tables) if rnd is not None else len(self.t.entrants)
        self.list.set_count(count)
        if rnd is None:
            self.list.select(0 if count else None)
            return
        pending = [i for i, tb in enumerate(rnd.tables) if not tb.done]
        human = [i for i in pending if self.humans(rnd.tables[i])]
        pick = (human or pending or [0])[0]
        self.list.select(pick if rnd.tables else None)

    def _find_kept(self) -> None:
        """Tables whose half-played match is kept in the store (shown as under way)."""
        rnd = self.t.current_round
        self.kept = set()
        if rnd is None or self.t.id is None:
            return
        waiting = [tb for tb in rnd.pending if self.humans(tb)]
        if not waiting:
            return

        def look(store: Any) -> set[int]:
            return {
                tb.number
                for tb in waiting
                if store.load_match(self.t, rnd.number, tb.number, tb.attempt) is not None
            }

        self.kept = with_store(self.app, look) or set()

    def toast_area(self) -> pygame.Rect:
        """Messages stand above the bottom row of buttons."""
        return pygame.Rect(self.panel.left, 0, self.panel.width, self.buttons["back"].rect.top - 8)

    # -- widgets ---------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        m = self.app.ui_manager
        self.panel = pygame.Rect(24, 20, w - 48, h - 40)
        p = self.panel
        # The side column is as wide as its longest label needs (pt runs long).
        longest = max(
            style.font(16).size(tr(k))[0]
            for k in (
                "tournament.labels.simulate",
                "tournament.labels.late_entry",
                "tournament.hub.start.elimination",
                "tournament.hub.start.semifinal",
                "tournament.hub.start.final",
                "tournament.hub.start.cut",
                "tournament.hub.stop",
            )
        )
        side_w = max(222, min(320, longest + 44))
        by = p.bottom - 62
        self.list.set_rect(
            pygame.Rect(
                p.left + 22, p.top + 138, p.width - 44 - side_w - 18, by - 46 - (p.top + 138)
            )
        )
        self.progress_rect = pygame.Rect(self.list.rect.left, by - 36, self.list.rect.width, 24)
        self.buttons = {}
        sx = p.right - 22 - side_w
        y = p.top + 138
        for name in SIDE_ACTIONS:
            self.buttons[name] = ui.button(
                pygame.Rect(sx, y, side_w, 42),
                "",
                m,
                self.ui,
                "#primary_button" if name == "play" else None,
            )
            y += 50 if name not in ("simulate", "next") else 58
        self.buttons["back"] = ui.button(
            pygame.Rect(p.left + 22, by, 150, 44), tr("ui.common.back"), m, self.ui
        )
        x0 = p.left + 22 + 150 + 16
        bw = (p.right - 22 - x0 - 12 * (len(BOTTOM_ACTIONS) - 1)) // len(BOTTOM_ACTIONS)
        for i, name in enumerate(BOTTOM_ACTIONS):
            key = {
                "standings": "tournament.labels.standings",
                "bracket": "tournament.labels.bracket",
                "export_csv": "tournament.labels.export_csv",
                "export_json": "tournament.labels.export_json",
            }[name]
            self.buttons[name] = ui.button(
                pygame.Rect(x0 + i * (bw + 12), by, bw, 44), tr(key), m, self.ui
            )
        nav_y = p.top + 96
        self.buttons["prev"] = ui.button(
            pygame.Rect(self.list.rect.left, nav_y, 36, 32),
            "‹",
            m,
            self.ui,
            tooltip=tr("tournament.hub.prev_round"),
        )
        self.buttons["next_view"] = ui.button(
            pygame.Rect(self.list.rect.left + 44, nav_y, 36, 32),
            "›",
            m,
            self.ui,
            tooltip=tr("tournament.hub.next_round"),
        )
        self.refresh()

    def _set(self, name: str, text: str | None = None, enabled: bool = True) -> None:
        b = self.buttons[name]
        if text is not None and b.text != text:
            b.set_text(text)
        if enabled and not b.is_enabled:
            b.enable()
        elif not enabled and b.is_enabled:
            b.disable()

    def refresh_widgets(self) -> None:
        """On top again (a match played, a dialog closed): bring every button up to date."""
        self.refresh()

    def refresh(self) -> None:
        """Texts and enabled states follow the tournament and the selection."""
        self.painter.forget()  # the language or the bracket may have changed
        self._champion = self.t.champion()  # not per frame: it ranks the whole field
        if not self.buttons:
            return
        t = self.t
        worker = self.worker
        busy = worker is not None
        table = self.selected_table
        cur = self.is_current
        pending_here = table is not None and not table.done and cur
        humans_here = table is not None and bool(self.humans(table))
        self._set(
            "play", tr("tournament.labels.play_my_match"), not busy and pending_here and humans_here
        )
        result_key = (
            "tournament.labels.enter_result"
            if table is None or not table.done
            else ("tournament.labels.override")
        )
        self._set(
            "result",
            tr(result_key),
            not busy and table is not None and not table.is_bye and (cur or table.done),
        )
        if worker is not None:
            self._set("simulate", tr("tournament.hub.stop"), not worker.stopping)
        else:
            self._set("simulate", tr("tournament.labels.simulate"), bot_tables_pending(t) > 0)
        stage = t.next_stage()
        nxt = len(t.rounds) + 1
        if not t.rounds:
            text = tr("tournament.hub.start.first")
        elif stage is None:
            text = tr("tournament.labels.finished")
        else:
            text = tr(f"tournament.hub.start.{stage}", number=nxt)
        self._set("next", text, not busy and t.can_start_round())
        self._set("drop", tr("tournament.labels.drop"), not busy and not t.is_finished)
        self._set("late", tr("tournament.labels.late_entry"), not busy and not t.is_finished)
        self._set("standings", None, not busy)
        self._set("bracket", None, not busy and t.knockout_stage is not None)
        self._set("export_csv", None, not busy)
        self._set("export_json", None, not busy)
        rnd = self.shown_round
        self._set("prev", None, rnd is not None and rnd.number > 1)
        self._set("next_view", None, rnd is not None and not cur)
        for name in ("prev", "next_view"):
            if rnd is None:
                self.buttons[name].hide()
            elif self.ui is not None and self.ui.visible:
                # not while a table covers the hub: they floated over its results
                self.buttons[name].show()
        if t.is_finished and not self._was_finished:
            champ = self._champion
            self.app.notify(tr("tournament.labels.champion", name=champ.name if champ else "—"))
            self.app.sound.play("victory")
        self._was_finished = t.is_finished

    def uncover(self) -> None:
        super().uncover()
        self._find_kept()
        self.list.set_count(
            len(self.shown_round.tables) if self.shown_round else len(self.t.entrants)
        )
        self.refresh()

    # -- changes ---------------------------------------------------------------
    def changed(self) -> None:
        """After any change: save, then follow it on screen."""
        save_tournament(self.app, self.t)
        self.list.set_count(
            len(self.shown_round.tables) if self.shown_round else len(self.t.entrants)
        )
        self.refresh()

    def start_next_round(self) -> None:
        """Pair or seat the next round."""
        try:
            rnd = self.t.start_round()
        except TournamentError as e:
            self.app.notify(error_text(e), "error")
            return
        self.view_no = None
        self.kept = set()
        self._select_default()
        self.changed()
        self.app.sound.play("card")
        if rnd.complete:
            self.app.notify(tr("tournament.hub.round_done", number=rnd.number))

    def play_selected(self) -> None:
        """Open the real table for a table with humans (or say there is none yet)."""
        from scenes.dialogs import MessageDialog
        from scenes.tournament.match_play import TournamentMatch

        table = self.selected_table
        rnd = self.shown_round
        if table is None or rnd is None:
            self.app.notify(tr("tournament.hub.select_table"), "warn")
            return
        if not self.is_current:
            self.app.notify(tr("tournament.hub.not_this_round"), "warn")
            return
        if table.done:
            self.app.notify(tr("tournament.hub.not_pending"), "warn")
            return
        if not self.humans(table):
            self.app.notify(tr("tournament.hub.only_bots"), "warn")
            return
        if not table_ready(self.t.game):
            self.app.scenes.push(
                MessageDialog(
                    self.app,
                    later("tournament.hub.no_table_title"),
                    later("tournament.hub.no_table_yet", game=lambda: game_title(self.t.game)),
                    on_ok=self.result_for_selected,
                )
            )
            return
        try:
            scene = TournamentMatch(self.app, self.t, rnd.number, table, self.refresh).open()
        except TournamentError as e:
            self.app.notify(error_text(e), "error")
            return
        self.app.scenes.push(scene)

    def leave(self) -> None:
        """Back to the list (the bots are asked to stop first)."""
        if self.worker is not None:
            self.simulate()  # a second press of Back leaves once they stopped
            self.app.notify(tr("tournament.hub.busy"), "warn")
            return
        self.app.scenes.pop()

    # -- events ----------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._pressed(event.ui_element)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return
        if self.list.handle_event(event):
            self.refresh()

    def _pressed(self, element: Any) -> None:
        from scenes.tournament.bracket_view import BracketScene
        from scenes.tournament.export_files import export_and_tell
        from scenes.tournament.standings_view import StandingsScene

        name = next((k for k, b in self.buttons.items() if b == element), None)
        if name is None:
            return
        if name == "back":
            self.leave()
        elif name == "play":
            self.play_selected()
        elif name == "result":
            self.result_for_selected()
        elif name == "simulate":
            self.simulate()
        elif name == "next":
            self.start_next_round()
        elif name == "drop":
            self.drop_player()
        elif name == "late":
            self.late_entry()
        elif name == "standings":
            self.app.scenes.push(StandingsScene(self.app, self.t))
        elif name == "bracket":
            self.app.scenes.push(BracketScene(self.app, self.t))
        elif name in ("export_csv", "export_json"):
            export_and_tell(self.app, self.t, name.split("_")[1])
        elif name in ("prev", "next_view"):
            rnd = self.shown_round
            if rnd is None:
                return
            no = rnd.number + (-1 if name == "prev" else 1)
            self.view_no = None if no >= len(self.t.rounds) else max(1, no)
            self._select_default()
            self.refresh()

    # -- the loop --------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._poll_worker(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The painter draws what the hub shows now; the widgets are pygame-gui's."""
        p = self.panel
        frame = HubFrame(
            t=self.t,
            panel=p,
            side_left=self.buttons["play"].rect.left if self.buttons else p.right - 260,
            progress_rect=self.progress_rect,
            champion=self._champion,
            shown_round=self.shown_round,
            selected_table=self.selected_table,
            kept=self.kept,
            busy=self.worker is not None,
            sim_done=self.sim_done,
            sim_total=self.sim_total,
        )
        self.painter.draw(surface, frame)

    def wants_quit_confirmation(self) -> bool:
        return self.worker is not None
