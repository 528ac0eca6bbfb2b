"""What every table shares: seats (humans and bots), the bot worker thread, the
event queue the table animates, the hot-seat curtain, pause/save/undo/hints,
illegal-click feedback and the end of the match.

A game's table subclasses `TableScene` and implements `layout`, `draw_table`,
`play_event` (animate one engine event) and the click handling that turns into
`self.submit(action)`. The scene holds no rules: it asks the match.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import (
    Action,
    Event,
    IllegalAction,
    Match,
    get_info,
    make_bot,
    new_match,
)
from game.rng import Rng
from scenes import style, ui
from scenes.i18n import has, language, tr, tr_error
from scenes.manager import Scene
from scenes.names import bot_label
from scenes.reasons import reason_words
from scenes.tables import autosave
from scenes.tables.bot_worker import BotWorker
from scenes.tables.practice_tools import PracticeTools, hint_line
from scenes.widgets.log_panel import LogPanel
from scenes.widgets.seat_panel import SeatInfo, SeatPanel
from scenes.widgets.tween import Tweens

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.tutorial import Tutorial


@dataclass
class SeatSetup:
    """Who sits at a seat: a name and, for a bot, its id (level or persona)."""

    name: str
    bot: str | None = None

    @property
    def is_bot(self) -> bool:
        """True for a bot seat."""
        return self.bot is not None


def replay_events(match: Match) -> list[Event]:
    """Every event of a match so far, told again by replaying its action log from
    the deal ([G1]): the log of a continued match or after an undo. A match that
    cannot be replayed (it should never happen) yields no events, never an error."""
    try:
        fresh = new_match(
            match.game_name, list(match.seats), seed=match.seed, options=match.options
        )
        events = list(fresh.start_events)
        for seat, action in match.log:
            events.extend(fresh.apply(seat, action))
    except Exception:  # noqa: BLE001 - the log is a courtesy; the match itself is loaded
        return []
    return events


class TableScene(Scene):
    """Base of every game table."""

    #: pause before a bot's action is shown, at normal speed (readability)
    BOT_PACE = 0.25

    def __init__(
        self,
        app: App,
        match: Match,
        seats: list[SeatSetup],
        practice: bool = False,
        on_result: Callable[[Match], None] | None = None,
        on_leave: Callable[[Match], None] | None = None,
    ) -> None:
        super().__init__(app)
        #: called once when the match ends (tournaments record the result)
        self.on_result = on_result
        #: called when the player leaves an unfinished match (tournaments keep it)
        self.on_leave = on_leave
        self.match = match
        self.info = get_info(match.game_name)
        self.seats = seats
        self.practice = practice
        self.bot_ids: dict[int, str] = {i: s.bot for i, s in enumerate(seats) if s.bot}
        for bot_id in set(self.bot_ids.values()):
            make_bot(match.game_name, bot_id)  # an unknown bot fails here, in words
        self.humans = [i for i, s in enumerate(seats) if not s.is_bot]
        #: the human whose private view the screen shows (None: spectator, or
        #: nobody's secrets between two humans in hot-seat)
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        #: in hot-seat, the human who looked last, while bots play between humans
        self._last_viewer: int | None = None
        #: everything the log has said, as events (re-worded for each viewer) and notes
        self.history: list[tuple[Event | None, str, tuple[int, int, int], dict[str, Any]]] = []
        #: Space: play on at once to the next decision of a person at the screen
        self.skipping = False
        # A loaded match is shown as it stands: its set-up is not replayed on screen.
        self.events: deque[Event] = deque(match.start_events if not match.log else [])
        self.tweens = Tweens(self._speed)
        self._seat_key: tuple[Any, ...] | None = None
        self.worker = BotWorker(match.game_name, self.bot_ids, match.seed)
        self._hint: tuple[int, Action] | None = None
        self.bot_wait = 0.0
        #: bumped by undo: a bot answer from an older generation is stale
        self._generation = 0
        self._bot_generation = 0
        self.fast_forward = False
        self.finished = False
        self.curtain_for: int | None = None
        self.log = LogPanel(pygame.Rect(0, 0, 10, 10), tr("ui.table.log"))
        self.seat_panel = SeatPanel(pygame.Rect(0, 0, 10, 10))
        self.saved_path: str | None = None
        #: the length of the action log when the match was last saved (-1: never)
        self.saved_at = -1
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        #: replays: the table only shows what happened (no bots, no turns, no saves)
        self.spectator = False
        self.tools = PracticeTools()
        #: (match, log length, seat) -> that position's legal actions (see legal_actions)
        self._legal: tuple[tuple[int, int, int], list[Action]] | None = None
        self.autosaver = autosave.Autosaver(self)
        self.tutorial: Tutorial | None = None
        self.match.meta = {
            "players": [{"name": s.name, "bot": s.bot} for s in seats],
            "practice": practice,
        }
        if match.log:  # a continued match: its log is told again from the action log
            self.history = [(e, "", style.INK, self.event_extra(e)) for e in replay_events(match)]
            self.rebuild_log()

    # -- to override -----------------------------------------------------------
    def layout(self) -> None:
        """Compute rectangles for the current window size (and build widgets)."""

    def draw_table(self, surface: pygame.Surface) -> None:
        """Paint the game itself, as seen by `self.viewer`."""

    def play_event(self, event: Event) -> None:
        """Animate one engine event (add tweens to `self.tweens`) and log it."""
        self.log_event(event)

    def seat_lines(self, seat: int) -> list[str]:
        """Extra lines under a seat's name in the side panel."""
        return []

    def seat_look(self, seat: int) -> tuple[tuple[int, int, int], str]:
        """Colour and emblem of a seat."""
        return style.SEAT_COLOURS[seat % len(style.SEAT_COLOURS)][1], style.EMBLEMS[
            seat % len(style.EMBLEMS)
        ]

    def on_human_turn(self, seat: int) -> None:
        """A human must act now (refresh highlights, prompts)."""

    def describe_action(self, action: Action) -> str:
        """Words for an action (hints, logs)."""
        key = f"{self.match.game_name}.actions.{type(action).__name__}"
        return tr(key, **{k: v for k, v in action.to_dict().items() if k != "type"})

    def sync(self) -> None:
        """Redraw everything from the match after a jump (undo, load, a new viewer)."""

    def refresh_controls(self) -> None:
        """Show exactly the controls of the current phase to the person who looks
        now, and hide every other one.

        The base calls it whenever the table is on top again after an overlay
        (pause, rules, settings, confirm, a game's own dialogs) and after the
        viewer changes, so a closed overlay never leaves stray controls behind.
        """

    def hide_secrets(self) -> None:
        """Hook: nobody's secrets may show any more (hot-seat: a bot plays, or the
        curtain is about to pass the screen on). `self.viewer` is already None;
        drop whatever the table keeps of the last viewer's private things
        (selections, open hands). The base then rebuilds the log and calls
        `sync()` and `refresh_controls()`."""

    def show_secrets(self) -> None:
        """Hook: `self.viewer` was just named (by the curtain, or the same human is
        back after bots) and may see their own secrets again. The base then
        rebuilds the log and calls `sync()` and `refresh_controls()`."""

    def finish_animations(self) -> None:
        """Hook: jump every running animation of the table to its end (Space).
        Tweens are finished by the base; tables finish their own sprites here."""

    def refresh_secrets(self) -> None:
        """What `revealed_seats()` returns changed: redraw seat cards and the table."""
        self._seat_key = None
        self.sync()

    def hint_reason(self, action: Action) -> str:
        """Why the hint's action is good, in a few words ("" when the table cannot say)."""
        return ""

    def tutorial_targets(self) -> dict[str, pygame.Rect]:
        """Named screen regions a guided first game may point at (tables add theirs)."""
        out = {"seats": self.seat_panel.rect, "log": self.log.rect}
        out.update({f"button:{n}": b.rect for n, b in self.buttons.items()})
        return out

    # -- lifecycle -------------------------------------------------------------
    def build(self) -> None:
        self.buttons = {}
        w, h = self.app.size
        names = ["menu"] + (["undo", "redo", "hint"] if self.practice else []) + ["fast"]
        x = w - 16
        for name in reversed(names):
            bw = {"menu": 112, "fast": 64}.get(name, 104 if w >= 1200 else 84)
            x -= bw
            ns = "life.table" if name == "redo" else "ui.table"
            self.buttons[name] = ui.button(
                pygame.Rect(x, 12, bw, 36),
                tr(f"{ns}.{name}"),
                self.app.ui_manager,
                self.ui,
                tooltip=tr("ui.table_base.fast_tip" if name == "fast" else f"{ns}.{name}_tip"),
            )
            x -= 8
        self.layout()
        self.refresh_controls()

    def refresh_widgets(self) -> None:
        self.refresh_controls()

    def relabel(self) -> None:
        super().relabel()
        self.rebuild_log()  # the log speaks the new language too

    def emergency_save(self) -> str | None:
        """The process is being ended (Ctrl+C, SIGTERM): write the autosave."""
        if self.match.is_over:
            return None
        path = self.autosave()
        return str(path) if path is not None else None

    def wants_quit_confirmation(self) -> bool:
        return not self.match.is_over

    def exit(self) -> None:
        self.tweens.clear()
        self.worker.close()
        super().exit()

    # -- seats and viewer --------------------------------------------------------
    def is_human(self, seat: int) -> bool:
        """Whether a person plays this seat."""
        return not self.seats[seat].is_bot

    def human_to_act(self) -> int | None:
        """The human seat that must act now, if any."""
        for s in self.match.to_move:
            if self.is_human(s):
                return s
        return None

    @property
    def needs_curtain(self) -> bool:
        """Hot-seat with secrets: a different human is about to see the screen."""
        return self.info.hidden_info and len(self.humans) > 1

    def set_viewer(self, seat: int | None) -> None:
        """Change whose private view the screen shows, and everything drawn from it:
        the log is told again for the new viewer (private lines only for their
        owner), the table re-synced and its controls refreshed."""
        if seat == self.viewer:
            return
        self.viewer = seat
        if self.needs_curtain:
            # a message was meant for the last person ("Hint: play realm J …",
            # "9♠ is not a realm"): it must not stay up for the next one
            self.app.toast.clear()
        if seat is None:
            self.hide_secrets()
        else:
            self.show_secrets()
        self._seat_key = None
        self.rebuild_log()
        self.sync()
        self.refresh_controls()

    def current_view(self) -> dict[str, Any]:
        """What the screen may show right now ([G4])."""
        if self.viewer is None:
            return self.match.public_view()
        return self.match.view(self.viewer)

    # -- acting ----------------------------------------------------------------
    def submit(self, action: Action, seat: int | None = None) -> bool:
        """A human's move: apply it or explain why not. Returns True if applied."""
        seat = self.viewer if seat is None else seat
        if seat is None or not self.is_human(seat):
            return False
        try:
            events = self.match.apply(seat, action)
        except IllegalAction as e:
            self.app.notify(tr_error(e), "error")
            return False
        self.events.extend(events)
        return True

    def legal_actions(self, seat: int) -> list[Action]:
        """The engine's legal actions of a seat, worked out once per position (a Wyr
        trade turn's complete list takes tens of milliseconds: the bot, the hint and
        the table's own controls share it)."""
        key = (id(self.match), len(self.match.log), seat)
        cached = self._legal
        if cached is None or cached[0] != key:
            cached = self._legal = (key, self.match.legal_actions(seat))
        return cached[1]

    def _start_bot(self, seat: int) -> None:
        if self.tools.replay_bot(self, seat):
            return
        view = self.match.view(seat)
        legal = self.legal_actions(seat)
        self._bot_generation = self._generation
        self.worker.start(seat, len(self.match.log), view, legal)

    def _apply_bot_result(self) -> None:
        result = self.worker.poll()
        if result is None:
            return
        seat, stamp, action, _took = result
        if seat not in self.match.to_move or self._bot_generation != self._generation:
            return  # the table moved on (or was taken back) while it thought
        if isinstance(action, BaseException):
            # A bot must never stall the table: say so and make the first legal move.
            self.app.notify(tr("ui.table.bot_failed", name=self.seats[seat].name), "error")
            action = self.match.legal_actions(seat)[0]
        elif stamp != len(self.match.log):
            return  # someone else acted meanwhile: it thinks again on the new position
        try:
            self.events.extend(self.match.apply(seat, action))
        except IllegalAction:
            self.events.extend(self.match.apply(seat, self.match.legal_actions(seat)[0]))

    # -- the flow ----------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.seat_panel.update(dt)
        self.tweens.update(dt)
        if self.worker.busy:
            self._apply_bot_result()
        if self._hint is not None:
            stamp, action = self._hint
            self._hint = None
            if stamp == len(self.match.log):
                self.show_hint(action)
        if self.tweens.busy or self.animating():
            return
        if self.events:
            event = self.events.popleft()
            if self.tutorial is not None:
                self.tutorial.on_event(self, event)
            self.play_event(event)
            if self.events or self.tweens.busy or self.animating():
                return
            # The last event is shown at once: decide now, not a frame later (in
            # hot-seat, the secrets of the human who just acted go at once).
        if self.match.is_over:
            if not self.finished:
                self.finished = True
                self.on_match_over()
            return
        if self.spectator or (self.tutorial is not None and self.tutorial.blocking):
            return
        human = self.human_to_act()
        if human is None and self.needs_curtain and self.viewer is not None:
            # Hot-seat: while bots play between humans nobody's secrets show.
            self._last_viewer = self.viewer
            self.set_viewer(None)
        if human is not None:
            if human != self.viewer:
                if not self.needs_curtain:
                    self.set_viewer(human)
                elif human == self._last_viewer:
                    self._last_viewer = None  # the same person again after bots
                    self.set_viewer(human)
                else:
                    if self.curtain_for is None:
                        self.set_viewer(None)
                        self._raise_curtain(human)
                    return
            self.skipping = False  # a person must decide: the skip ends here
            self.on_human_turn(human)
            if self.tutorial is not None:
                self.tutorial.on_turn(self, human)
        # Only once the hot-seat viewer is settled: the autosave's picture must
        # not be taken while the last person's secrets are still the viewer's.
        self.autosaver.tick(self)
        bot_seats = [s for s in self.match.to_move if not self.is_human(s)]
        if bot_seats and self.tools.holds_bots(self):
            return
        if bot_seats and not self.worker.busy:
            if self.bot_wait <= 0:
                self.bot_wait = self.tweens.scaled(self.BOT_PACE)
                if self.bot_wait <= 0:
                    self._start_bot(bot_seats[0])
                    return
            self.bot_wait -= dt
            if self.bot_wait <= 0:
                self._start_bot(bot_seats[0])

    def animating(self) -> bool:
        """Subclasses report sprite animations still running."""
        return False

    def _raise_curtain(self, seat: int) -> None:
        from scenes.curtain import Curtain

        self.curtain_for = seat
        self._last_viewer = None

        def opened() -> None:
            self.curtain_for = None
            self.set_viewer(seat)

        self.app.scenes.push(Curtain(self.app, self.seats[seat].name, opened))

    # -- practice: undo and hints -------------------------------------------------
    def undo(self) -> None:
        """Take back to just before the last human action (practice mode).

        A bot thinking meanwhile is not waited for: its answer, about a
        position that no longer exists, is thrown away (see `after_jump`)."""
        self.tools.undo(self)

    def after_jump(self, note: str = "") -> None:
        """The match was replaced by the same match at another point of its log
        (undo, redo, a replay's step back): show it as it stands now."""
        self._generation += 1
        self.events.clear()
        self.tweens.finish_all()
        self.finish_animations()
        self.finished = False
        self.history = [(e, "", style.INK, self.event_extra(e)) for e in replay_events(self.match)]
        if note:
            self.history.append((None, note, style.INK_SOFT, {}))
        self.rebuild_log()
        self.sync()
        self.refresh_controls()

    def redo(self) -> None:
        """Forward again along what was undone (practice mode)."""
        self.tools.redo(self)

    def revealed_seats(self) -> list[int]:
        """Bot seats whose hidden cards and objectives the table shows (practice option).

        Tables draw those seats' secrets from `self.match.view(seat)`.
        """
        return self.tools.revealed_seats(self)

    def hint(self) -> None:
        """What the strongest bot would do in the viewer's place."""
        seat = self.human_to_act()
        if seat is None or seat != self.viewer:
            self.app.notify(tr("ui.table.no_hint"), "warn")
            return
        bot = make_bot(self.match.game_name, self.info.bot_ids[-1])
        view, legal, stamp = self.match.view(seat), self.legal_actions(seat), len(self.match.log)
        self.app.notify(tr("ui.table.hint_thinking"))

        def think() -> None:  # the strongest bot may take a second: not on the render loop
            self._hint = (stamp, bot.choose(view, legal, Rng(f"hint/{stamp}")))

        threading.Thread(target=think, name="hint", daemon=True).start()

    def show_hint(self, action: Action) -> None:
        """Present a hint (tables may highlight instead)."""
        self.app.notify(hint_line(self, self.describe_action(action), self.hint_reason(action)))

    # -- saving and ending ---------------------------------------------------------
    def write_save(self, kind: str = "auto", name: str = "") -> str:
        """Write the match (the game's autosave, or a named save); raises OSError.

        The single writer of saves; `saved_at` lets "Leave" know nothing is lost."""
        path = str(autosave.write_table_save(self, kind, name))
        self.saved_at = len(self.match.log)
        return path

    def autosave(self) -> Path | None:
        """Write the game's autosave now (a shutdown); None when the disk refused."""
        try:
            return Path(self.write_save("auto"))
        except OSError:
            return None

    def save_match(self, name: str = "") -> None:
        """A named save to the saves folder (the pause menu)."""
        try:
            path = self.write_save("named", name)
        except OSError as e:
            self.app.notify(tr("ui.table.save_failed", reason=reason_words(e)), "error")
            return
        self.saved_path = path
        self.app.notify(tr("life.saves.saved", name=name or Path(path).name))

    @property
    def saved_now(self) -> bool:
        """True when nothing happened since the last save (leaving loses nothing)."""
        return self.saved_at == len(self.match.log)

    def on_match_over(self) -> None:
        """Record the result once, through the one end-of-match step every game
        shares (replay file, history line, autosave dropped), then show it."""
        if self.on_result is not None:
            self.on_result(self.match)
        try:
            autosave.record_end(self)
        except Exception:  # statistics must never break the end of a match  # noqa: BLE001
            self.app.notify(tr("ui.table.stats_failed"), "warn")
        else:
            from game import history

            problem = history.take_problem()
            if problem:  # a damaged database was put aside: say so, as for every file
                self.app.notify(tr(problem), "warn")
        self.app.sound.play("victory")
        self.app.scenes.push(self.end_screen())

    def end_screen(self) -> Scene:
        """The screen that shows the result (a game may show its own standings)."""
        from scenes.victory import VictoryOverlay

        return VictoryOverlay(self.app, self)

    def rematch(self) -> None:
        """Same seats and options, a new seed -- through the same door as a new
        table, so the table's own checks run again (a rematch at O Morto's table
        brought a dead character back with the life points of before)."""
        import random

        from scenes.tables import open_table

        try:
            table = open_table(
                self.app,
                self.match.game_name,
                self.seats,
                random.randrange(1, 10**6),
                self.rematch_options(),
                practice=self.practice,
            )
        except ValueError as e:  # refused in plain words; the finished table stays
            self.app.notify(str(e), "warn")
            return
        self.app.scenes.replace(table)

    def rematch_options(self) -> dict[str, Any]:
        """The options a rematch starts from (a table drops what it works out anew)."""
        return dict(self.match.options)

    def quit_to_menu(self) -> None:
        """Back to the main menu (asks first while the match is on).

        A table opened by another screen (a tournament) goes back to it instead,
        handing over the unfinished match through `on_leave`.
        """
        from scenes.main_menu import MainMenu

        def go() -> None:
            if self.on_leave is not None or self.on_result is not None:
                if self.on_leave is not None and not self.match.is_over:
                    self.on_leave(self.match)
                self.leave_to_caller()
                return
            self.app.scenes.reset(MainMenu(self.app))

        if not self.match.is_over and self.app.settings.confirm_quit:
            self.app.confirm(
                tr("ui.confirm.leave_title"),
                self.leave_warning(),
                go,
                yes=tr("ui.confirm.leave_yes"),
            )
        else:
            go()

    def leave_warning(self) -> str:
        """What leaving an unfinished match means, in words true right now."""
        if self.on_leave is not None or self.on_result is not None:
            return tr("ui.table_base.leave_tournament")
        if self.saved_now:
            return tr("ui.table_base.leave_saved")
        return tr("ui.confirm.leave_match")

    def leave_to_caller(self) -> None:
        """Pop every overlay and the table itself, back to the screen that opened it."""
        while self.app.scenes.top is not None and self.app.scenes.top is not self:
            self.app.scenes.pop(fade=False)
        self.app.scenes.pop()

    # -- input and drawing ---------------------------------------------------------
    def intercept_event(self, event: pygame.event.Event) -> bool:
        # The guided game's note lies over the table: its clicks and keys are the
        # note's before any table (or its buttons) sees them, whatever it overrides.
        return self.tutorial is not None and self.tutorial.handle_event(self, event)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.buttons.get("menu"):
                self.pause()
            elif event.ui_element == self.buttons.get("undo"):
                self.undo()
            elif event.ui_element == self.buttons.get("redo"):
                self.redo()
            elif event.ui_element == self.buttons.get("hint"):
                self.hint()
            elif event.ui_element == self.buttons.get("fast"):
                self.fast_forward = not self.fast_forward
                self.buttons["fast"].set_text(
                    tr("ui.table.fast_on") if self.fast_forward else tr("ui.table.fast")
                )
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.pause()
            elif event.key == pygame.K_SPACE:
                self.skip_ahead()
            elif event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL and self.practice:
                self.redo() if event.mod & pygame.KMOD_SHIFT else self.undo()
            elif event.key == pygame.K_y and event.mod & pygame.KMOD_CTRL and self.practice:
                self.redo()
            return
        self.log.handle_event(event)

    def _speed(self) -> float:
        """Animation speed: the setting, ×8 with "fast", instant while skipping."""
        if self.skipping:
            return 0.0
        return self.app.settings.speed_factor * (8.0 if self.fast_forward else 1.0)

    def skip_ahead(self) -> None:
        """Space, at any time: finish what is animating and play on at once to
        the next decision of the person at the screen (bots' turns included)."""
        self.tweens.finish_all()
        self.finish_animations()
        self.bot_wait = 0.0
        if self.human_to_act() is None or self.human_to_act() != self.viewer or self.events:
            self.skipping = not self.match.is_over

    def toast_area(self) -> pygame.Rect | None:
        """Where messages stand: on its bottom, centred in it (None: near the
        window's bottom). Tables with a bar of buttons at the bottom keep it in
        sight: a hint lay over Fold and Call."""
        return None

    def skip_note(self) -> str:
        """ "  ·  Space: skip ahead" while others play and a person could skip."""
        if self.match.is_over or self.skipping or not self.humans:
            return ""
        human = self.human_to_act()
        if human is not None and human == self.viewer and not self.events:
            return ""
        return "  ·  " + tr("ui.table_base.skip")

    def pause(self) -> None:
        """Open the pause menu."""
        from scenes.pause import PauseMenu

        self.app.scenes.push(PauseMenu(self.app, self))

    def refresh_seat_panel(self) -> None:
        """Rebuild the seat cards from the match (only when the match or the language changed)."""
        key = (len(self.match.log), self.viewer, self.match.is_over, language())
        if key == self._seat_key:
            return
        self._seat_key = key
        infos = []
        for i, s in enumerate(self.seats):
            colour, emblem = self.seat_look(i)
            tag = (
                tr("ui.table.bot_tag", level=bot_label(self.match.game_name, s.bot))
                if s.bot
                else tr("ui.table.human")
            )
            infos.append(SeatInfo(s.name, colour, emblem, s.is_bot, self.seat_lines(i), tag=tag))
        self.seat_panel.seats = infos
        self.seat_panel.active = set(self.match.to_move)

    def under_layer(self, size: tuple[int, int]) -> pygame.Surface:
        """What lies under everything a frame paints: the wood (a table may
        paint its still parts onto it once, instead of blitting them every frame)."""
        return style.wood_background(size)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.under_layer(surface.get_size()), (0, 0))
        self.draw_table(surface)
        self.refresh_seat_panel()
        self.seat_panel.draw(surface, tr("ui.table.bot"), tr("ui.table.human"))
        self.log.draw(surface)
        self.draw_status(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        # The guided game's note, over everything: tables paint their own `draw`
        # (Wyr's and Wyrt's never showed the note, and their bots waited for it).
        if self.tutorial is not None:
            self.tutorial.draw(self, surface)

    def draw_status(self, surface: pygame.Surface) -> None:
        """The top line: whose turn, thinking bots."""
        if self.match.is_over:
            text = tr("ui.table.over")
        else:
            text = self.to_act_note()
            if self.worker.busy and self.worker.seat is not None:
                text += "  ·  " + tr("ui.table.thinking", name=self.seats[self.worker.seat].name)
            text = (text + self.skip_note()).removeprefix("  ·  ")
        self.blit_status(surface, text, 20)

    def playing_out(self) -> bool:
        """The table is still showing moves already made (queued events, animations)."""
        return bool(self.events) or self.tweens.busy or self.animating()

    def to_act_note(self) -> str:
        """ "  ·  To act: …" once the table shows the match as it stands.

        While earlier moves still play out the match's next mover is not
        announced: it would name the next player (or a seat that folded)
        while the screen still shows the last one's move.
        """
        movers = self.match.to_move
        if self.match.is_over or not movers or self.playing_out():
            return ""
        return "  ·  " + tr("ui.table.to_act", names=", ".join(self.seats[s].name for s in movers))

    def status_width(self) -> int:
        """Room for the status line: up to the leftmost widget of the top bar."""
        edge = self.app.size[0] - 16
        if self.ui is not None:
            for e in self.ui.elements:
                if e.visible and e.rect.top < 48:
                    edge = min(edge, e.rect.left)
        return max(120, edge - 20 - 16)

    def blit_status(self, surface: pygame.Surface, text: str, y: int) -> None:
        """The status line, never under the top buttons (smaller, then wrapped)."""
        width = self.status_width()
        size = 18
        while size > 13 and style.font(size, "bold").size(text)[0] > width:
            size -= 1
        lines = style.wrap_text(text, size, width, "bold")[:2]
        if len(lines) > 1:
            size, y = min(size, 14), 8
            lines = style.wrap_text(text, size, width, "bold")[:2]
        for line in lines:
            style.blit_text(
                surface,
                line,
                size,
                (20, y),
                style.CREAM,
                kind="bold",
                shadow=style.BLACK,
                max_width=width,
            )
            y += size + 4

    #: event fields that hold a seat number; log lines show the seat's name
    SEAT_FIELDS: tuple[str, ...] = (
        "seat",
        "defender",
        "dealer",
        "first_player",
        "by",
        "from_seat",
        "to_seat",
        "winner",
        "lord",
        "attacker",
        "target_seat",
    )

    def event_text(self, event: Event, **extra: Any) -> str:
        """The log line of an event in words ("" when the game has none).

        Keys: `<game>.events_private.<Event>` for the seat a private event
        belongs to, else `<game>.events.<Event>`. Seat numbers become names.
        """
        game, name = self.match.game_name, type(event).__name__
        keys = [f"{game}.events.{name}"]
        if event.PRIVATE and event.visible_to(self.viewer):
            keys.insert(0, f"{game}.events_private.{name}")
        fields: dict[str, Any] = {k: v for k, v in event.to_dict().items() if k != "type"}
        for k in self.SEAT_FIELDS:
            v = fields.get(k)
            if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(self.seats):
                fields[k] = self.seats[v].name
        fields.update(extra)
        for key in keys:
            if has(key):
                return tr(key, **fields)
        return ""

    def event_extra(self, event: Event) -> dict[str, Any]:
        """Words a game adds to an event's fields for its log line (card names…).

        Worked out from the event alone, so that a log told again from the action
        log (a continued match, undo) reads exactly as it read live."""
        return {}

    def log_event(self, event: Event, **extra: Any) -> None:
        """Write the log line of an event (kept as the event: told again in the
        words of whoever looks next, see `rebuild_log`)."""
        extra = {**self.event_extra(event), **extra}
        self.history.append((event, "", style.INK, extra))
        text = self.event_text(event, **extra)
        if text:
            self.log.add(text)

    def log_note(self, text: str, colour: tuple[int, int, int] = style.INK) -> None:
        """Write a line that is no engine event (and carries no secret)."""
        self.history.append((None, text, colour, {}))
        self.log.add(text, colour)

    #: how many history items the log is rebuilt from (its panel keeps fewer lines)
    LOG_REBUILD = 1500

    def rebuild_log(self) -> None:
        """Tell the whole log again for the seat that looks now ([G4]): a private
        event reads in full only for its owner; everyone else reads its public
        line (or nothing)."""
        self.log.title = tr("ui.table.log")
        self.log.clear()
        for event, text, colour, extra in self.history[-self.LOG_REBUILD :]:
            if event is not None:
                text = self.event_text(event, **extra)
            if text:
                self.log.add(text, colour)
