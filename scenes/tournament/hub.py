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
from game.tournament.model import Result, Round, Table
from scenes import style, ui
from scenes.i18n import tr
from scenes.manager import Scene
from scenes.tables import table_ready
from scenes.tournament.common import (
    draw_backdrop,
    draw_heading,
    error_text,
    format_label,
    game_title,
    result_words,
    round_label,
    save_tournament,
    source_label,
    stage_label,
    with_store,
)
from scenes.tournament.hub_paint import draw_progress, humans_at, paint_entrant, paint_table
from scenes.tournament.row_list import RowList
from scenes.tournament.simulation import SimulationWorker, bot_tables_pending

if TYPE_CHECKING:
    from scenes.app import App

SIDE_ACTIONS = ("play", "result", "simulate", "next", "drop", "late")
BOTTOM_ACTIONS = ("standings", "bracket", "export_csv", "export_json")
#: While the bots play, the database is written at most this often (and at the end).
SAVE_EVERY = 0.5


class TournamentHub(Scene):
    """One tournament: its rounds, tables, results and the organizer's actions."""

    def __init__(self, app: App, t: Tournament) -> None:
        super().__init__(app)
        self.t = t
        self.view_no: int | None = None  # None: the current round
        self.list = RowList(58)
        self.worker: SimulationWorker | None = None
        self.sim_done = 0
        self.sim_total = 0
        self._unsaved = False
        self._since_save = 0.0
        self._suffixes: dict[tuple[int, int], str] = {}
        self._champion = t.champion()
        self.kept: set[int] = set()
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)
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
        self._suffixes = {}  # the language or the bracket may have changed
        self._champion = self.t.champion()  # not per frame: it ranks the whole field
        if not self.buttons:
            return
        t = self.t
        busy = self.worker is not None
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
        if busy:
            self._set("simulate", tr("tournament.hub.stop"), not self.worker.stopping)  # type: ignore[union-attr]
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
                    tr("tournament.hub.no_table_title"),
                    tr("tournament.hub.no_table_yet", game=game_title(self.t.game)),
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

    def result_for_selected(self) -> None:
        """Enter a pending table's result, or change a recorded one (the organizer may refuse)."""
        from scenes.tournament.dialogs import ResultDialog

        table = self.selected_table
        rnd = self.shown_round
        if table is None or rnd is None:
            self.app.notify(tr("tournament.hub.select_table"), "warn")
            return
        if table.result is not None:
            # Ask the organizer first, on a copy, so nobody fills in a refused form.
            probe = Tournament.from_dict(self.t.to_dict(), id=self.t.id)
            try:
                probe.override_result(rnd.number, table.number, table.result)
            except TournamentError as e:
                self.app.notify(error_text(e), "error")
                return
        no, tno = rnd.number, table.number
        self.app.scenes.push(
            ResultDialog(self.app, self.t, no, table, lambda r: self.apply_result(no, tno, r))
        )

    def apply_result(self, round_no: int, table_no: int, result: Result) -> None:
        """Record a result by hand; a change of an existing one is confirmed first."""
        table = self.t.round(round_no).table(table_no)
        if table.result is None:
            try:
                self.t.record_result(round_no, table_no, result)
            except TournamentError as e:
                self.app.notify(error_text(e), "error")
                return
            self.app.notify(tr("tournament.hub.recorded", table=table_no))
            self.changed()
            return

        def change() -> None:
            try:
                self.t.override_result(round_no, table_no, result)
            except TournamentError as e:
                self.app.notify(error_text(e), "error")
                return
            self.app.notify(tr("tournament.hub.recorded", table=table_no))
            self.changed()

        self.app.confirm(
            tr("tournament.result.override_title"),
            tr(
                "tournament.result.override_message",
                table=table_no,
                round=round_no,
                result=result_words(self.t, table, result),
            ),
            change,
            yes=tr("tournament.labels.override"),
        )

    def simulate(self) -> None:
        """Start the bots on every bot table of the round (or ask them to stop)."""
        if self.worker is not None:
            self.worker.stop()
            self.app.notify(tr("tournament.hub.stopping"))
            self.refresh()
            return
        if bot_tables_pending(self.t) == 0:
            self.app.notify(tr("tournament.hub.no_bot_tables"), "warn")
            return
        self.worker = SimulationWorker(self.t)
        self.sim_done, self.sim_total = 0, self.worker.total
        self.worker.start()
        self.refresh()

    def _poll_worker(self, dt: float) -> None:
        """Adopt the bots' latest snapshot; save it at most every `SAVE_EVERY` seconds.

        A big round reports hundreds of tables in a few seconds: adopting only the
        newest snapshot per frame, and writing the database only now and then (and
        once at the end), keeps the frame short while the bar moves.
        """
        worker = self.worker
        if worker is None:
            return
        latest = None
        final = None
        for msg in worker.poll():
            if msg.kind == "table" and msg.state is not None:
                latest = msg
            else:
                final = msg
        if latest is not None:
            keep = self.list.selected
            self.t = Tournament.from_dict(latest.state or {}, id=self.t.id)
            self.sim_done, self.sim_total = latest.done, latest.total
            self.list.selected = keep
            self._unsaved = True
        self._since_save += dt
        if self._unsaved and (final is not None or self._since_save >= SAVE_EVERY):
            save_tournament(self.app, self.t)
            self._unsaved = False
            self._since_save = 0.0
        if final is not None:
            self.worker = None
            if final.kind == "error":
                reason = error_text(final.error or Exception())
                self.app.notify(tr("tournament.hub.bot_failed", reason=reason), "error")
            else:  # done, or stopped on request
                self.app.notify(tr("tournament.hub.simulated", count=self.sim_done))
        if latest is not None or final is not None:
            self.refresh()

    def drop_player(self) -> None:
        """Choose who drops, confirm, and tell the organizer [R11]."""
        from scenes.tournament.dialogs import DropDialog

        if not [e for e in self.t.entrants if not e.dropped]:
            self.app.notify(tr("tournament.hub.nobody_to_drop"), "warn")
            return

        def drop(number: int) -> None:
            name = self.t.entrant(number).name

            def yes() -> None:
                try:
                    self.t.drop(number)
                except TournamentError as e:
                    self.app.notify(error_text(e), "error")
                    return
                self.app.notify(tr("tournament.drop.done", name=name))
                self.changed()

            self.app.confirm(
                tr("tournament.drop.confirm_title", name=name),
                tr("tournament.drop.message", name=name),
                yes,
                yes=tr("tournament.drop.yes"),
            )

        self.app.scenes.push(DropDialog(self.app, self.t, drop))

    def late_entry(self) -> None:
        """Register a late entrant with 0 points [R11]."""
        from scenes.tournament.dialogs import LateEntryDialog

        def add(name: str, bot: str | None) -> None:
            try:
                e = self.t.add_entrant(name, bot)
            except TournamentError as err:
                self.app.notify(error_text(err), "error")
                return
            self.app.notify(tr("tournament.late.done", name=e.name))
            self.changed()

        self.app.scenes.push(LateEntryDialog(self.app, self.t, add))

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

    def wants_quit_confirmation(self) -> bool:
        return self.worker is not None

    # -- drawing ---------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.panel)
        p = self.panel
        t = self.t
        side_left = self.buttons["play"].rect.left if self.buttons else p.right - 260
        head = draw_heading(surface, t.name, (p.left + 22, p.top + 10), p.width - 44, size=36)
        summary = tr(
            "tournament.hub.summary",
            game=game_title(t.game),
            format=format_label(t.format),
            entrants=len(t.entrants),
        )
        style.blit_text(
            surface,
            summary,
            17,
            (p.left + 24, head.bottom + 10),
            style.INK_SOFT,
            max_width=side_left - p.left - 40,
        )
        champ = self._champion
        if champ is not None:
            style.blit_text(
                surface,
                tr("tournament.labels.champion", name=champ.name),
                24,
                (p.right - 24, head.bottom + 4),
                style.RED,
                kind="serif",
                anchor="topright",
                max_width=p.right - side_left,
            )
        rnd = self.shown_round
        nav_y = self.list.rect.top - 42
        if rnd is None:
            style.blit_text(
                surface,
                tr("tournament.hub.not_started", n=len(t.entrants)),
                17,
                (self.list.rect.left, nav_y + 8),
                style.INK,
                kind="bold",
                max_width=self.list.rect.width,
            )
            self.list.draw(surface, self._paint_entrant)
        else:
            self._draw_round_title(surface, rnd, nav_y)
            self.list.draw(surface, self._paint_table)
        self._draw_footer(surface)

    def _bracket_suffix(self, rnd: Round) -> str:
        """ " · Semi-finals" for a knockout round (cached: the bracket is rebuilt per call)."""
        key = (rnd.number, len(self.t.rounds))
        if key not in self._suffixes:
            br = next((b for b in self.t.bracket() if b.round_number == rnd.number), None)
            self._suffixes[key] = (
                " · " + tr(f"tournament.bracket.{br.label}", size=len(br.matches) * 2)
                if br is not None
                else ""
            )
        return self._suffixes[key]

    def _draw_round_title(self, surface: pygame.Surface, rnd: Round, y: int) -> None:
        x = self.list.rect.left + 92
        if rnd.stage in ("swiss", "melee"):
            count = len(self.t.stage_rounds(rnd.stage))
            idx = self.t.stage_rounds(rnd.stage).index(rnd) + 1
            title = tr(
                "tournament.labels.round_of_total",
                number=idx,
                total=max(count, self.t.rounds_planned),
            )
            title += " · " + stage_label(rnd.stage)
        else:
            title = round_label(rnd) + self._bracket_suffix(rnd)
        done = sum(1 for tb in rnd.tables if tb.done)
        right = tr("tournament.hub.tables_done", done=done, total=len(rnd.tables))
        rw = style.font(15).size(right)[0]
        style.blit_text(
            surface, right, 15, (self.list.rect.right, y + 16), style.INK_SOFT, anchor="midright"
        )
        style.blit_text(
            surface,
            title,
            24,
            (x, y + 16),
            style.INK,
            kind="serif",
            anchor="midleft",
            max_width=self.list.rect.width - 92 - rw - 16,
        )

    def _draw_footer(self, surface: pygame.Surface) -> None:
        """The progress bar while the bots play, else the selected table's result."""
        r = self.progress_rect
        if self.worker is not None:
            draw_progress(surface, r, self.sim_done, self.sim_total)
            return
        table = self.selected_table
        if table is not None and table.result is not None:
            text = (
                result_words(self.t, table, table.result)
                + " — "
                + source_label(table.result.source)
            )
            style.blit_text(
                surface,
                text,
                15,
                (r.left, r.centery),
                style.INK_SOFT,
                anchor="midleft",
                max_width=r.width,
            )

    def _paint_entrant(self, surface: pygame.Surface, i: int, rect: pygame.Rect, sel: bool) -> None:
        paint_entrant(surface, self.t, self.t.entrants[i], rect)

    def _paint_table(self, surface: pygame.Surface, i: int, rect: pygame.Rect, sel: bool) -> None:
        rnd = self.shown_round
        assert rnd is not None
        table = rnd.tables[i]
        paint_table(surface, self.t, table, rect, kept=table.number in self.kept)
