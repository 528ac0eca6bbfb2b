"""The scene stack: push / pop / replace with fades, overlays and resizes.

A scene owns a pygame-gui container for its widgets. Only the top scene's
widgets are visible; when an overlay (dialog, pause menu, curtain) is pushed,
the frame beneath is captured once and drawn dimmed behind the overlay, and the
covered scene's widgets are hidden until it is on top again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame
import pygame_gui
from pygame_gui.core.interfaces import IUIElementInterface

from scenes.keyboard import FocusRing, FocusTarget, gui_targets

if TYPE_CHECKING:
    from game.net.lobby_client import LobbyClient
    from scenes.i18n import Words
    from scenes.prefs import Settings
    from scenes.sound import SoundManager
    from scenes.tables.face import SeatSetup, TableFace
    from scenes.toast import Toast

FADE_OUT = 0.12
FADE_IN = 0.18


class ScreenFactory(Protocol):
    """The screens a table goes to, built without the table importing them."""

    def main_menu(self) -> Scene: ...
    def server_lobby(self, lobby: LobbyClient, address: str) -> list[Scene]: ...
    def server_event(self, lobby: LobbyClient, code: str, section: str = ...) -> Scene: ...
    def pause_menu(self, table: TableFace) -> Scene: ...
    def victory(self, table: TableFace) -> Scene: ...
    def new_table(
        self,
        game: str,
        seats: list[SeatSetup],
        seed: int,
        options: dict[str, Any],
        practice: bool = False,
    ) -> Scene: ...


class Keeper(Protocol):
    """A connection the app reads every frame while no screen holds it (a
    server's lobby kept for an online event: `scenes.online.standby`)."""

    def pump(self) -> bool:
        """Read it; False once it is no longer kept."""

    def words(self, width: int, size: int) -> str:
        """One line for the main menu saying what is kept, fitting `width` px."""

    def close(self) -> None:
        """Close it."""


class AppHost(Protocol):
    """What a screen may use of the application. `scenes.app.App` fits it; screens
    name it and never import the application (which imports them)."""

    @property
    def size(self) -> tuple[int, int]: ...
    @property
    def screen(self) -> pygame.Surface: ...
    @property
    def ui_manager(self) -> pygame_gui.UIManager: ...
    @property
    def scenes(self) -> SceneManager: ...
    @property
    def screens(self) -> ScreenFactory: ...
    @property
    def sound(self) -> SoundManager: ...
    @property
    def toast(self) -> Toast: ...
    @property
    def autoplay(self) -> bool: ...
    @property
    def frames_limit(self) -> int: ...
    @property
    def fullscreen(self) -> bool: ...

    #: the settings screen's "defaults" puts a fresh one in
    settings: Settings
    #: `taverna join --autoplay`: leave when the match ends, with this exit code
    exit_at_match_end: bool
    exit_code: int
    running: bool
    #: a server's connection kept for an online event (None: none)
    standby: Keeper | None

    def notify(self, text: str, kind: str = "info") -> None: ...
    def confirm(
        self,
        title: Words,
        message: Words,
        on_yes: Callable[[], None],
        yes: Words = "",
        no: Words = "",
    ) -> None: ...
    def capture_frame(self) -> pygame.Surface: ...
    def save_settings(self) -> None: ...
    def set_language(self, lang: str) -> None: ...
    def set_palette(self, name: str) -> None: ...
    def set_text_size(self, percent: int) -> None: ...
    def toggle_fullscreen(self) -> None: ...
    def request_quit(self) -> None: ...
    def step(self, dt: float, events: list[Any]) -> None: ...


class Scene:
    """Base of every screen. Subclasses build widgets in `build` (into `self.ui`)."""

    #: overlays draw over a dimmed capture of the scene beneath
    overlay = False

    def __init__(self, app: AppHost) -> None:
        self.app = app
        self.ui: pygame_gui.core.UIContainer | None = None
        self.backdrop: pygame.Surface | None = None
        #: the widgets that were showing when an overlay covered us
        self._shown: list[IUIElementInterface] | None = None
        #: what the keyboard's Tab, arrows and Enter have focused (scenes/keyboard.py)
        self.focus_ring = FocusRing()

    # -- lifecycle ----------------------------------------------------------
    def enter(self) -> None:
        """Called when the scene becomes part of the stack."""
        self._make_container()
        self.build()

    def exit(self) -> None:
        """Called when the scene leaves the stack for good."""
        if self.ui is not None:
            self.ui.kill()
            self.ui = None

    def cover(self) -> None:
        """Another scene went on top: remember which widgets showed, hide them all."""
        if self.ui is not None:
            if self.ui.visible:
                self._shown = [e for e in self.ui.elements if e.visible]
            self.ui.hide()

    def uncover(self) -> None:
        """We are on top again: show exactly the widgets that showed before, then
        let the scene bring them up to date (`refresh_widgets`).

        pygame-gui's `UIContainer.show()` would show every child, the ones the
        scene had hidden included (a table's controls of other phases).
        """
        if self.ui is not None:
            shown, self._shown = self._shown, None
            if shown is None:
                self.ui.show()
            else:
                self.ui.show(show_contents=False)
                for element in shown:
                    if element.alive():
                        element.show()
        self.refresh_widgets()

    def refresh_widgets(self) -> None:
        """Hook: the scene is on top again after an overlay; show the widgets its
        state calls for now (the overlay may have changed that state)."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: rebuild widgets for the new layout."""
        visible = self.ui is not None and self.ui.visible
        if self.ui is not None:
            self.ui.kill()
        self._shown = None
        self._make_container()
        self.build()
        if not visible:
            self.cover()

    def relabel(self) -> None:
        """The language changed: rebuild widgets (texts, widths)."""
        self.resize(self.app.size)

    def _make_container(self) -> None:
        w, h = self.app.size
        self.ui = pygame_gui.core.UIContainer(
            pygame.Rect(0, 0, w, h), self.app.ui_manager, starting_height=1
        )

    # -- hooks --------------------------------------------------------------
    def build(self) -> None:
        """Create the scene's widgets inside `self.ui`."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """An event the UI did not consume, or a pygame-gui event."""

    #: the arrow keys move the focus ring (False: the screen scrolls or steps with them)
    arrows_move_focus = True

    def arrow_moves_focus(self, key: int) -> bool:
        """Whether arrow `key` moves the ring (a screen may keep some arrows:
        a bet slider keeps Up and Down)."""
        return self.arrows_move_focus

    def focus_targets(self) -> list[FocusTarget]:
        """What the keyboard may use now, in the order Tab walks it: by default
        the visible, enabled buttons and drop-downs of the scene's widgets."""
        return gui_targets(self.ui)

    def focus_takes_space(self) -> bool:
        """Whether Space uses the focused thing (a table keeps Space for
        skipping ahead while nobody at the screen has to decide)."""
        return True

    def keys_sheet(self) -> list[tuple[str, str]]:
        """The screen's own keys for the F1 sheet: (keys, what they do), in the
        player's language. The keys every screen shares are added by the sheet."""
        return []

    def intercept_event(self, event: pygame.event.Event) -> bool:
        """Hook: take an event before the UI and `handle_event` see it (a note
        drawn over the scene's own widgets); True when it was taken."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations by `dt` seconds."""

    def background(self, dt: float) -> None:
        """Hook: a frame while covered (a server's lobby keeps reading its
        connection, so an event's round notice reaches any screen above it)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint everything that is not a pygame-gui widget."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Hook: paint over the scene's pygame-gui widgets (a note that must be
        read whatever the scene's own `draw` paints)."""

    def toast_area(self) -> pygame.Rect | None:
        """Where messages may stand (None: the app's default place). A screen
        with a Back button low on it keeps them above that row of buttons."""
        back = getattr(self, "back", None)
        rect = getattr(back, "rect", None)
        w, h = self.app.size
        if not isinstance(rect, pygame.Rect) or rect.top < h * 0.6:
            return None
        return pygame.Rect(0, 0, w, rect.top - 8)

    def wants_quit_confirmation(self) -> bool:
        """True when closing the window now would lose something (a match)."""
        return False

    def emergency_save(self) -> str | None:
        """The process is being ended by a signal: save what would be lost and
        return where it went (None: nothing to save)."""
        return None


class SceneManager:
    """Holds the stack and runs transitions."""

    def __init__(self, app: AppHost) -> None:
        self.app = app
        self.stack: list[Scene] = []
        self._fade = 0.0  # 0 = clear, 1 = black
        self._phase = ""  # "", "out", "in"
        self._pending: Callable[[], None] | None = None

    @property
    def top(self) -> Scene | None:
        """The scene that gets input."""
        return self.stack[-1] if self.stack else None

    @property
    def busy(self) -> bool:
        """True during a fade (input is ignored)."""
        return bool(self._phase)

    # -- stack operations ---------------------------------------------------
    def push(self, scene: Scene, fade: bool | None = None) -> None:
        """Put a scene on top (overlays never fade)."""
        self._transition(
            lambda: self._do_push(scene), fade if fade is not None else not scene.overlay
        )

    def pop(self, fade: bool | None = None) -> None:
        """Remove the top scene."""
        top = self.top
        self._transition(self._do_pop, fade if fade is not None else not (top and top.overlay))

    def replace(self, scene: Scene, fade: bool = True) -> None:
        """Swap the top scene for another."""
        self._transition(lambda: self._do_replace(scene), fade)

    def reset(self, scene: Scene, fade: bool = True) -> None:
        """Clear the stack down to one scene (back to the menu)."""
        self._transition(lambda: self._do_reset(scene), fade)

    def _transition(self, change: Callable[[], None], fade: bool) -> None:
        if not fade or self.app.settings.speed_factor == 0 or not self.stack:
            change()
            return
        self._pending = change
        self._phase = "out"

    def _do_push(self, scene: Scene) -> None:
        below = self.top
        if scene.overlay and below is not None:
            scene.backdrop = self.app.capture_frame()
        if below is not None:
            below.cover()
        self.stack.append(scene)
        scene.enter()

    def _do_pop(self) -> None:
        if not self.stack:
            return
        scene = self.stack.pop()
        scene.exit()
        if self.top is not None:
            self.top.uncover()

    def _do_replace(self, scene: Scene) -> None:
        if self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        scene.enter()

    def _do_reset(self, scene: Scene) -> None:
        while self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        scene.enter()

    # -- loop ---------------------------------------------------------------
    def intercept(self, event: pygame.event.Event) -> bool:
        """Offer an event to the top scene before anything else (not during fades)."""
        top = self.top
        return top is not None and not self.busy and top.intercept_event(event)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Route an event to the top scene (not during fades)."""
        if self.top is not None and not self.busy:
            self.top.handle_event(event)

    def update(self, dt: float) -> None:
        """Advance fades and the visible scenes."""
        if self._phase == "out":
            self._fade = min(1.0, self._fade + dt / FADE_OUT)
            if self._fade >= 1.0:
                change, self._pending = self._pending, None
                if change is not None:
                    change()
                self._phase = "in"
        elif self._phase == "in":
            self._fade = max(0.0, self._fade - dt / FADE_IN)
            if self._fade <= 0.0:
                self._phase = ""
        for scene in self.stack[:-1]:
            scene.background(dt)
        if self.top is not None:
            self.top.update(dt)

    def draw_over(self, surface: pygame.Surface) -> None:
        """Paint what the top scene puts over its widgets."""
        if self.top is not None:
            self.top.draw_over(surface)

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the top scene (over its backdrop if it is an overlay)."""
        top = self.top
        if top is None:
            surface.fill((0, 0, 0))
            return
        if top.overlay:
            if top.backdrop is not None and top.backdrop.get_size() == surface.get_size():
                surface.blit(top.backdrop, (0, 0))
            else:
                self._draw_beneath(surface)
        top.draw(surface)

    def _draw_beneath(self, surface: pygame.Surface) -> None:
        """Paint the nearest non-overlay scene under the top (after a resize)."""
        for scene in reversed(self.stack[:-1]):
            if not scene.overlay:
                scene.draw(surface)
                return
        surface.fill((0, 0, 0))

    def draw_fade(self, surface: pygame.Surface) -> None:
        """The black veil of a transition, drawn after the UI."""
        if self._fade > 0:
            veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            veil.fill((0, 0, 0, int(255 * self._fade)))
            surface.blit(veil, (0, 0))

    def resize(self, size: tuple[int, int]) -> None:
        """Rebuild every scene's layout; refresh overlay backdrops."""
        for scene in self.stack:
            scene.resize(size)
        self._after_rebuild()

    def _after_rebuild(self) -> None:
        """Every scene was built again: overlays redraw their backdrop live and
        the scenes under the top one hide their widgets again."""
        for i, scene in enumerate(self.stack):
            if scene.overlay:
                scene.backdrop = None  # redrawn live from the scene beneath
            if i < len(self.stack) - 1:
                scene.cover()

    def relabel(self) -> None:
        """Language changed: every scene's own `relabel` (its widgets, and what a
        scene tells in words beyond them, such as a table's log)."""
        for scene in self.stack:
            scene.relabel()
        self._after_rebuild()
