"""What every table shares: seats (humans and bots), the bot worker thread, the
event queue the table animates, the hot-seat curtain, pause/save/undo/hints,
illegal-click feedback and the end of the match.

A game's table subclasses `TableScene` and implements `layout`, `draw_table`,
`play_event` (animate one engine event) and the click handling that turns into
`self.submit(action)`. The scene holds no rules: it asks the match.
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame
import pygame_gui

from game import (
    Action,
    Event,
    Match,
    get_info,
    make_bot,
)
from game.core import TableMatch, local_match
from game.rng import bots_seed
from scenes import style, ui
from scenes.i18n import tr
from scenes.keyboard import FocusTarget, gui_targets
from scenes.keys_sheet import table_lines
from scenes.manager import Scene
from scenes.tables import autosave
from scenes.tables.bot_turns import BotTurns
from scenes.tables.bot_worker import BotWorker
from scenes.tables.face import SeatSetup
from scenes.tables.hot_seat import HotSeat
from scenes.tables.online_seats import OnlineSeats
from scenes.tables.pause_end import PauseAndEnd
from scenes.tables.practice_flow import PracticeFlow
from scenes.tables.practice_tools import PracticeTools
from scenes.tables.saving import Saving
from scenes.tables.seats_turns import SeatsAndTurns
from scenes.tables.status_line import StatusLine
from scenes.tables.table_log import TableLog, replay_events
from scenes.tables.tempo import BotTempo
from scenes.widgets.log_panel import LogPanel
from scenes.widgets.seat_panel import SeatPanel
from scenes.widgets.tween import Tweens

if TYPE_CHECKING:
    from scenes.manager import AppHost
    from scenes.online.links import TableLink


class TableGuide(Protocol):
    """A guided first game's notes over the table (`scenes.tutorial.Tutorial`,
    which builds tables: named here by what the table calls, never imported)."""

    @property
    def blocking(self) -> bool: ...
    def on_event(self, table: TableScene, event: Event) -> bool: ...
    def on_turn(self, table: TableScene, seat: int) -> None: ...
    def handle_event(self, table: TableScene, event: pygame.event.Event) -> bool: ...
    def draw(self, table: TableScene, surface: pygame.Surface) -> None: ...


class TableScene(
    SeatsAndTurns,
    OnlineSeats,
    BotTurns,
    HotSeat,
    PauseAndEnd,
    Saving,
    PracticeFlow,
    TableLog,
    StatusLine,
    Scene,
):
    """Base of every game table."""

    #: pause before a bot's action is shown, at normal speed (readability)
    BOT_PACE = 0.25
    #: the table's own keys for the keys sheet and the rules page (translation
    #: prefixes with `.keys` and `.does`; the shared table keys come first)
    KEY_LINES: tuple[str, ...] = ()

    def __init__(
        self,
        app: AppHost,
        match: TableMatch,
        seats: list[SeatSetup],
        practice: bool = False,
        on_result: Callable[[Match], None] | None = None,
        on_leave: Callable[[Match], None] | None = None,
        link: TableLink | None = None,
    ) -> None:
        super().__init__(app)
        #: the other machines, when some seats are played elsewhere (None: all here)
        self.link = link
        self._host_gone = False
        #: joiners' seats already offered to a bot (see `offer_dropped_seats`)
        self._offered: dict[int, float] = {}
        #: called once when the match ends (tournaments record the result)
        self.on_result = on_result
        #: called when the player leaves an unfinished match (tournaments keep it)
        self.on_leave = on_leave
        self.match = match
        self.info = get_info(match.game_name)
        self.seats = seats
        self.practice = practice and link is None  # no practice aids online
        #: the bots this table runs (a bot played elsewhere is the host's)
        self.bot_ids: dict[int, str] = {
            i: s.bot for i, s in enumerate(seats) if s.bot and not s.elsewhere
        }
        for bot_id in set(self.bot_ids.values()):
            make_bot(match.game_name, bot_id)  # an unknown bot fails here, in words
        self.humans = [i for i, s in enumerate(seats) if not s.is_bot and not s.elsewhere]
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
        # Online, every event (the deal too) comes through the link.
        opening = match.start_events if not match.log and link is None else []
        self.events: deque[Event] = deque(opening)
        self.tempo = BotTempo()
        self.tweens = Tweens(self._speed)
        self._seat_key: tuple[Any, ...] | None = None
        # (a hosted match's seed is secret: its bots draw from a fresh seed of their own)
        self.worker = BotWorker(match.game_name, self.bot_ids, bots_seed(match.seed))
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
        self._legal: tuple[tuple[Any, ...], list[Action]] | None = None
        self.autosaver = autosave.Autosaver(self)
        self.tutorial: TableGuide | None = None
        self.match.meta = {
            "players": [
                {"name": s.name, "bot": s.bot, **({"remote": True} if s.elsewhere else {})}
                for s in seats
            ],
            "practice": self.practice,
        }
        if match.log:  # a continued match: its log is told again from the action log
            told = (
                self.link.history() if self.link is not None else replay_events(local_match(match))
            )
            self.history = [(e, "", style.INK, {}) for e in told]
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
        return style.seat_colour(seat), style.EMBLEMS[seat % len(style.EMBLEMS)]

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

    def tutorial_targets(self) -> dict[str, pygame.Rect]:
        """Named screen regions a guided first game may point at (tables add theirs)."""
        out = {"seats": self.seat_panel.rect, "log": self.log.rect}
        out.update({f"button:{n}": b.rect for n, b in self.buttons.items()})
        return out

    def table_targets(self) -> list[FocusTarget]:
        """What the keyboard may use on the table itself right now (territories,
        cards, slots, chips), in the order Tab walks them; each `use` does what
        a click on it does. The table's buttons follow on their own."""
        return []

    def offers_button(self, rect: pygame.Rect) -> bool:
        """Whether the ring may land on the table's button at `rect` (a table
        leaves out a button whose press would only explain what is missing)."""
        return True

    def back_out(self) -> bool:
        """Esc: undo one step of a choice in progress (a picked card, a chosen
        territory); False when there is none, and Esc pauses."""
        return False

    # -- keyboard ----------------------------------------------------------------
    def focus_targets(self) -> list[FocusTarget]:
        # The game's own buttons before the corner ones (Menu, Undo, >>): a
        # person steps from the cards to what to do with them, then to the rest.
        corner = {b.rect.topleft for b in self.buttons.values()}
        gui = [t for t in gui_targets(self.ui) if self.offers_button(t.rect)]
        own = [t for t in gui if t.rect.topleft not in corner]
        rest = sorted((t for t in gui if t.rect.topleft in corner), key=lambda t: t.rect.left)
        return self.table_targets() + own + rest

    def focus_takes_space(self) -> bool:
        # Space skips ahead while bots play; it uses the ring when a person decides.
        return self.human_to_act() is not None

    def keys_sheet(self) -> list[tuple[str, str]]:
        return table_lines(self.KEY_LINES, self.practice)

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

    def exit(self) -> None:
        self.tweens.clear()
        self.worker.close()
        if self.link is not None:
            self.link.close()
        super().exit()

    def frame_guard(self) -> contextlib.AbstractContextManager[object]:
        """Held around each frame's update and draw: online, the host's server
        thread applies the joiners' moves to the same match, never meanwhile."""
        return self.link.frame() if self.link is not None else contextlib.nullcontext()

    # -- seats and viewer --------------------------------------------------------
    # -- acting ----------------------------------------------------------------
    # -- the flow ----------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.link_news()
        self.tempo.tick(dt, self.waits_on_bots())
        self.seat_panel.update(dt)
        self.tweens.update(dt)
        noted = self.tutorial is not None and self.tutorial.blocking
        if self.worker.busy and not noted:  # a bot's answer waits while a note is read
            self._apply_bot_result()
        if self._hint is not None:
            stamp, action = self._hint
            self._hint = None
            if stamp == len(self.match.log):
                self.show_hint(action)
        if self.tweens.busy or self.animating():
            return
        if self.events:
            if self.tutorial is not None and (
                self.tutorial.blocking or self.tutorial.on_event(self, self.events[0])
            ):
                return  # a guided game's note comes first: what follows waits for it
            event = self.events.popleft()
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
                if self.tutorial.blocking:
                    return  # the note first: no bot starts meanwhile
        # Only once the hot-seat viewer is settled: the autosave's picture must
        # not be taken while the last person's secrets are still the viewer's.
        self.autosaver.tick(self)
        bot_seats = [s for s in self.match.to_move if s in self.bot_ids]
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

    # -- practice: undo and hints -------------------------------------------------
    # -- saving and ending ---------------------------------------------------------
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
                if not self.back_out():
                    self.pause()
            elif event.key == pygame.K_SPACE:
                self.skip_ahead()
            elif event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL and self.practice:
                self.redo() if event.mod & pygame.KMOD_SHIFT else self.undo()
            elif event.key == pygame.K_y and event.mod & pygame.KMOD_CTRL and self.practice:
                self.redo()
            return
        self.log.handle_event(event)

    def toast_area(self) -> pygame.Rect | None:
        """Where messages stand: on its bottom, centred in it (None: near the
        window's bottom). Tables with a bar of buttons at the bottom keep it in
        sight: a hint lay over Fold and Call."""
        return None

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
