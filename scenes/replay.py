"""Watching a finished match again, on its own game's table.

`open_replay` builds the game's table class with `ReplayMixin` in front of
it: the table is a spectator (public view, no bots, no saves, no statistics)
and the mixin feeds it the recorded actions one by one, so the table animates
the engine's events exactly as in play. Step back rebuilds the match from the
log ([G1]). Works for any `TableScene` subclass.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pygame
import pygame_gui

from game import Action, load_match, replays
from scenes import style, ui
from scenes.i18n import tr
from scenes.keyboard import FocusTarget
from scenes.tables.base import TableScene
from scenes.tables.face import SeatSetup

if TYPE_CHECKING:
    from scenes.manager import AppHost

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
#: seconds between two actions at speed 1 (after the table's own animations)
STEP_PAUSE = 0.2


class ReplayMixin:
    """Put before a table class: that table becomes a replay viewer."""

    # These attributes come from TableScene; declared for the type checker.
    app: AppHost
    match: Any
    events: Any
    tweens: Any
    buttons: dict[str, Any]
    ui: Any
    finished: bool
    # The table's methods it calls (declared only: nothing here hides them at run time).
    after_jump: Callable[[], None]
    animating: Callable[[], bool]

    #: the arrows step through the replay, Space plays and pauses it
    arrows_move_focus = False

    def focus_takes_space(self) -> bool:
        return False

    def table_targets(self) -> list[FocusTarget]:
        return []  # a spectator uses nothing on the table: only the replay's buttons

    def __init__(
        self, app: AppHost, doc: dict[str, Any], seats: list[SeatSetup], path: Path | None = None
    ) -> None:
        match = load_match(doc, upto=0)
        # the table class after this mix-in takes these arguments
        super().__init__(app, match, seats, practice=False)  # type: ignore[call-arg]  # table's
        self.replay_doc = doc
        self.replay_path = path
        self.replay_actions: list[tuple[int, Action]] = [
            (int(seat), Action.parse(raw)) for seat, raw in doc["actions"]
        ]
        self.spectator = True
        self.viewer = None
        self.replay_playing = True
        self.replay_speed_index = 2  # ×2: a long War match stays watchable
        self.replay_wait = STEP_PAUSE
        self.replay_controls: dict[str, pygame_gui.elements.UIButton] = {}
        match.meta = dict(doc.get("meta") or {})

    @property
    def replay_position(self) -> int:
        """How many recorded actions have been shown."""
        return len(self.match.log)

    # -- widgets ---------------------------------------------------------------
    def build(self) -> None:
        super().build()  # type: ignore[misc]  # the table after this mix-in has it
        m = self.app.ui_manager
        x, y = 16, 12
        self.replay_controls = {}
        for name, width in (("back", 72), ("play", 84), ("step", 72), ("speed", 60)):
            self.replay_controls[name] = ui.button(
                pygame.Rect(x, y, width, 36),
                self._replay_label(name),
                m,
                self.ui,
                "#primary_button" if name == "play" else None,
                tooltip=tr(f"life.replay.{name}_tip"),
            )
            x += width + 6
        if self.replay_path is not None:
            self.replay_controls["export"] = ui.button(
                pygame.Rect(x, y, 84, 36), tr("life.replay.export"), m, self.ui,
                tooltip=tr("life.replay.export_tip"),
            )  # fmt: skip
        self.replay_right = x + (90 if self.replay_path is not None else 0)

    def _replay_label(self, name: str) -> str:
        if name == "play":
            return tr("life.replay.pause") if self.replay_playing else tr("life.replay.play")
        if name == "speed":
            return f"×{SPEEDS[self.replay_speed_index]:g}"
        return tr(f"life.replay.{name}")

    def _replay_relabel(self) -> None:
        for name in ("play", "speed"):
            if name in self.replay_controls:
                self.replay_controls[name].set_text(self._replay_label(name))

    # -- the controls ------------------------------------------------------------
    def replay_toggle_play(self) -> None:
        """Play or pause."""
        if self.replay_position >= len(self.replay_actions):
            self.replay_jump(0)  # at the end, Play starts again
        self.replay_playing = not self.replay_playing
        self._replay_relabel()

    def replay_step_forward(self) -> None:
        """Pause, and show the next action."""
        self.replay_playing = False
        self._replay_relabel()
        self.tweens.finish_all()
        self._replay_apply_next()

    def replay_step_back(self) -> None:
        """Pause, and go back one action."""
        self.replay_playing = False
        self._replay_relabel()
        self.replay_jump(max(0, self.replay_position - 1))

    def replay_cycle_speed(self) -> None:
        """The next speed (×0.5 … ×8)."""
        self.replay_speed_index = (self.replay_speed_index + 1) % len(SPEEDS)
        self._replay_relabel()

    def replay_jump(self, position: int) -> None:
        """Show the match as it stood after `position` actions."""
        meta = self.match.meta
        self.match = load_match(self.replay_doc, upto=position)
        self.match.meta = meta
        self.after_jump()
        self.finished = position >= len(self.replay_actions) and self.match.is_over

    def replay_export(self) -> None:
        """Copy the replay file where the user can find it."""
        if self.replay_path is None:
            return
        try:
            target = replays.export_replay(self.replay_path)
        except OSError as e:
            self.app.notify(tr("life.replay.export_failed", reason=str(e)), "error")
            return
        self.app.notify(tr("life.replay.exported", path=str(target)))

    def _replay_apply_next(self) -> None:
        if self.replay_position >= len(self.replay_actions) or self.match.is_over:
            return
        seat, action = self.replay_actions[self.replay_position]
        self.events.extend(self.match.apply(seat, action))

    @property
    def replay_speed(self) -> float:
        """The chosen replay speed."""
        return SPEEDS[self.replay_speed_index]

    # -- the table's hooks -------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt * self.replay_speed)  # type: ignore[misc]  # the table after us
        if not self.replay_playing or self.events or self.tweens.busy or self.animating():
            return
        if self.replay_position >= len(self.replay_actions):
            self.replay_playing = False
            self._replay_relabel()
            return
        self.replay_wait -= dt * self.replay_speed * (self.app.settings.speed_factor or 1.0)
        if self.replay_wait <= 0:
            self.replay_wait = STEP_PAUSE
            self._replay_apply_next()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            actions = {
                "back": self.replay_step_back,
                "play": self.replay_toggle_play,
                "step": self.replay_step_forward,
                "speed": self.replay_cycle_speed,
                "export": self.replay_export,
            }
            for name, fn in actions.items():
                if event.ui_element == self.replay_controls.get(name):
                    fn()
                    return
            if event.ui_element == self.buttons.get("menu"):
                self.replay_leave()
                return
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_ESCAPE: self.replay_leave,
                pygame.K_SPACE: self.replay_toggle_play,
                pygame.K_RIGHT: self.replay_step_forward,
                pygame.K_LEFT: self.replay_step_back,
            }
            if event.key in keys:
                keys[event.key]()
                return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return  # a spectator clicks nothing on the table
        super().handle_event(event)  # type: ignore[misc]  # the table after us

    def replay_leave(self) -> None:
        """Back to the screen that opened the replay."""
        self.app.scenes.pop()

    def pause(self) -> None:
        self.replay_leave()

    def on_match_over(self) -> None:
        """The end of the recording: nothing is recorded, no victory screen."""
        self.replay_playing = False
        self._replay_relabel()
        self.app.notify(tr("life.replay.ended"))

    def wants_quit_confirmation(self) -> bool:
        return False

    def status_width(self) -> int:
        return 10

    def draw_status(self, surface: pygame.Surface) -> None:
        total = max(1, len(self.replay_actions))
        bar = pygame.Rect(16, 50, self.replay_right - 16 - 6, 4)
        pygame.draw.rect(surface, style.WOOD_DARK, bar, border_radius=2)
        done = bar.copy()
        done.width = bar.width * self.replay_position // total
        pygame.draw.rect(surface, style.GOLD_LIGHT, done, border_radius=2)
        text = tr("life.replay.progress", at=self.replay_position, total=len(self.replay_actions))
        style.blit_text(
            surface,
            text,
            17,
            (self.replay_right + 12, 20),
            style.CREAM,
            kind="bold",
            shadow=style.BLACK,
            max_width=max(
                40,
                min((b.rect.left for b in self.buttons.values()), default=600)
                - self.replay_right
                - 30,
            ),
        )


class ReplayViewerClass(Protocol):
    """A replay viewer class: built from a saved match, not from a live one."""

    def __call__(
        self, app: AppHost, doc: dict[str, Any], seats: list[SeatSetup], path: Path | None = None
    ) -> TableScene: ...


def replay_class(table_cls: type[TableScene]) -> ReplayViewerClass:
    """The replay viewer of a table class (`ReplayMixin.__init__` is its constructor)."""
    name = f"Replay{table_cls.__name__}"
    # a class made at run time, whose constructor is ReplayMixin.__init__
    return type(name, (ReplayMixin, table_cls), {})  # type: ignore[return-value]  # made now


def open_replay(app: AppHost, doc: dict[str, Any], path: Path | None = None) -> TableScene | None:
    """The replay viewer of a saved match document (None after saying why not)."""
    from scenes.tables import table_class, table_ready

    game = str(doc.get("game", ""))
    if not table_ready(game):
        app.notify(tr("ui.new_match.not_ready", game=tr(f"ui.games.{game}")), "error")
        return None
    players = (doc.get("meta") or {}).get("players")
    seats = doc.get("seats", [])
    if isinstance(players, list) and len(players) == len(seats):
        setups = [SeatSetup(str(p.get("name", "?")), p.get("bot")) for p in players]
    else:
        setups = [SeatSetup(str(n)) for n in seats]
    cls = replay_class(table_class(game))
    return cls(app, doc, setups, path)


def open_replay_file(app: AppHost, path: Path, ours: bool = True) -> TableScene | None:
    """Read a replay file and build its viewer; a bad file is refused in words."""
    try:
        doc = replays.read_replay(path, move_bad=ours)
    except replays.ReplayRefused as r:
        app.notify(tr(r.key, name=path.name, **r.params), "error")
        return None
    return open_replay(app, doc, path)
