"""The application: window, UI manager, scene stack, main loop.

Nothing here runs at import time; `run_app(args)` builds everything.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import os
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scenes.prefs import MIN_WINDOW, load_settings, save_settings

if TYPE_CHECKING:
    import pygame_gui

    from scenes.i18n import Words
    from scenes.manager import Keeper
    from scenes.music import TavernMusic

_START = time.perf_counter()

#: SDL video drivers that draw nowhere (chosen when no display exists)
HEADLESS_DRIVERS = ("offscreen", "dummy")


class NoDisplay(RuntimeError):
    """No display exists to open the window on (the message says so)."""


def plain_pygame_installed() -> bool:
    """True when the original `pygame` distribution sits next to (or over) pygame-ce.

    Cheap on purpose (no importlib.metadata): it runs before the first frame.
    """
    import pygame

    if not getattr(pygame, "IS_CE", False):
        return True
    try:
        names = os.listdir(Path(pygame.__file__).resolve().parent.parent)
    except OSError:
        return False
    return any(n.lower().startswith("pygame-") and n.endswith(".dist-info") for n in names)


def _resolve_fonts(node: Any, paths: dict[str, str]) -> Any:
    """Replace "@serif"-style placeholders in the theme with absolute paths."""
    if isinstance(node, dict):
        return {k: _resolve_fonts(v, paths) for k, v in node.items()}
    if isinstance(node, str) and node.startswith("@") and node[1:] in paths:
        return paths[node[1:]]
    return node


class App:
    """Owns the window and everything global to the session."""

    def __init__(self, args: argparse.Namespace) -> None:
        import pygame

        from scenes import i18n, palette, style, text_scale
        from scenes.manager import SceneManager
        from scenes.sound import SoundManager
        from scenes.toast import Toast

        self.args = args
        self.settings, problem = load_settings()
        #: one-off command-line choices (--lang, --size): used now, never saved;
        #: field -> the value the settings file holds
        self.one_off: dict[str, Any] = {}
        if getattr(args, "lang", None):
            self.one_off["language"] = self.settings.language
            self.settings.language = args.lang
        if getattr(args, "palette", None):
            self.one_off["palette"] = self.settings.palette
            self.settings.palette = args.palette
        if getattr(args, "text_size", None):
            self.one_off["text_size"] = self.settings.text_size
            self.settings.text_size = args.text_size
        if getattr(args, "size", None):
            self.one_off["window_width"] = self.settings.window_width
            self.one_off["window_height"] = self.settings.window_height
        i18n.set_language(self.settings.language)
        palette.use_palette(self.settings.palette)
        text_scale.use_text_size(self.settings.text_size)
        self.autoplay = bool(getattr(args, "autoplay", False))
        self.frames_limit = int(getattr(args, "frames", 0) or 0)
        self.screenshot: str | None = getattr(args, "screenshot", None)
        if (
            self.frames_limit
            and not os.environ.get("DISPLAY")
            and not os.environ.get("WAYLAND_DISPLAY")
            and sys.platform.startswith("linux")
        ):
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

        chosen = os.environ.get("SDL_VIDEODRIVER")
        # Signals stay Python's (run() installs ours): SDL's handlers turn SIGTERM into a
        # window-close event nobody reads outside the loop, so a process holding an App
        # (a test run, startup) ignored `kill -TERM`.
        os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
        pygame.display.init()
        if not chosen and pygame.display.get_driver() in HEADLESS_DRIVERS:
            # SDL fell back to drawing nowhere: a window nobody sees would run forever.
            pygame.quit()
            raise NoDisplay(i18n.tr("ui.table_base.no_display"))
        pygame.font.init()
        style.reset_caches()
        size = getattr(args, "size", None) or (
            self.settings.window_width,
            self.settings.window_height,
        )
        self.windowed_size: tuple[int, int] = (
            max(MIN_WINDOW[0], size[0]),
            max(MIN_WINDOW[1], size[1]),
        )
        self.fullscreen = bool(getattr(args, "fullscreen", False) or self.settings.fullscreen)
        self.screen = self._open_window()
        pygame.display.set_caption("Taverna")

        self.ui_manager = self._make_ui_manager()
        # Audio opens after the first frame (see run): the window comes first.
        self.sound = SoundManager(
            self.settings.effects_volume, self.settings.music_volume, start=False
        )
        from scenes.screens import Screens

        #: the screens a table goes to (menu, pause, end, rematch)
        self.screens = Screens(self)
        #: `taverna join --autoplay`: the app ends with the match (and says so)
        self.exit_at_match_end = False
        #: the status the app ends with when nothing else decides it
        self.exit_code = 0
        self.toast = Toast()
        self._toast_screen: object | None = None
        self.music: TavernMusic | None = None
        self.scenes = SceneManager(self)
        self.clock = pygame.time.Clock()
        self.running = True
        self.standby: Keeper | None = None
        #: a signal that asks the process to end (Ctrl+C, SIGTERM), if one came
        self.signalled: int | None = None
        #: unexpected errors caught by `frame` (each saved, reported and shown)
        self.crashes = 0
        self.frame = 0
        self.first_frame_at: float | None = None
        self.frame_times: list[float] = []
        if plain_pygame_installed():
            print("taverna: " + i18n.tr("ui.errors.plain_pygame"), file=sys.stderr)
            self.toast.show(i18n.tr("ui.errors.plain_pygame"), "error")
        if problem:
            self.toast.show(i18n.tr(problem), "warn")

    def _make_ui_manager(self) -> pygame_gui.UIManager:
        """pygame-gui's manager with our theme, its fonts at the text size in use."""
        import pygame_gui

        from scenes import style, text_scale
        from scenes.paths import THEME, TRANSLATIONS

        theme = json.loads(THEME.read_text(encoding="utf-8"))
        theme = _resolve_fonts(theme, {"serif": str(style.serif_path())})
        return pygame_gui.UIManager(
            self.size,
            text_scale.scaled_theme(theme),
            enable_live_theme_updates=False,
            starting_language=self.settings.language,
            translation_directory_paths=[str(TRANSLATIONS)],
        )

    def start_audio(self) -> None:
        """Open the mixer, synthesise effects in the background, start the music."""
        from scenes.music import TavernMusic

        self.sound.start()
        self.sound.warm_up()
        self.music = TavernMusic(self.sound)

    # -- window -------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        """The window size in pixels."""
        w, h = self.screen.get_size()
        return int(w), int(h)

    def _open_window(self) -> Any:
        import pygame

        from scenes.paths import ICON

        with contextlib.suppress(pygame.error, FileNotFoundError):  # a plain window will do
            pygame.display.set_icon(pygame.image.load(str(ICON)))
        if self.fullscreen:
            info = pygame.display.Info()
            full = (
                max(MIN_WINDOW[0], info.current_w or self.windowed_size[0]),
                max(MIN_WINDOW[1], info.current_h or self.windowed_size[1]),
            )
            screen = pygame.display.set_mode(full, pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            try:
                with (
                    warnings.catch_warnings()
                ):  # the only way to set a minimum on the display-module window
                    warnings.simplefilter("ignore", DeprecationWarning)
                    pygame.Window.from_display_module().minimum_size = MIN_WINDOW
            except (AttributeError, pygame.error):
                pass
        return screen

    def toggle_fullscreen(self) -> None:
        """F11 and the settings switch."""
        self.fullscreen = not self.fullscreen
        self.settings.fullscreen = self.fullscreen
        self.save_settings()
        self.screen = self._open_window()
        self._resized()

    def _resized(self) -> None:
        from scenes import style

        style.forget_window_sizes()
        self.ui_manager.set_window_resolution(self.size)
        self.scenes.resize(self.size)

    def capture_frame(self) -> Any:
        """A copy of the last frame shown (overlay backdrops)."""
        return self.screen.copy()

    # -- settings -----------------------------------------------------------
    def save_settings(self) -> None:
        """Persist settings; a failing disk is reported, never fatal."""
        import dataclasses

        from scenes.i18n import tr

        try:
            save_settings(dataclasses.replace(self.settings, **self.one_off))
        except OSError:
            self.toast.show(tr("ui.errors.settings_not_saved"), "error")

    def set_language(self, lang: str) -> None:
        """Switch language live: every screen rebuilds its texts."""
        from scenes import i18n

        self.settings.language = lang
        self.one_off.pop("language", None)  # chosen in the settings: it is kept
        i18n.set_language(lang)
        self.ui_manager.set_locale(lang)
        self.scenes.relabel()
        self.save_settings()

    def set_palette(self, name: str) -> None:
        """Switch the player colours live (tables read them every frame)."""
        from scenes import palette

        palette.use_palette(name)
        self.settings.palette = name
        self.one_off.pop("palette", None)  # chosen in the settings: it is kept
        self.save_settings()

    def set_text_size(self, percent: int) -> None:
        """Every text at `percent` % from now on: our fonts and pygame-gui's theme
        at the new size, and every open screen laid out again for it."""
        from scenes import style, text_scale

        self.settings.text_size = percent
        self.one_off.pop("text_size", None)  # chosen in the settings: it is kept
        self.save_settings()
        if percent == text_scale.text_size():
            return
        text_scale.use_text_size(percent)
        style.forget_drawn_text()
        # pygame-gui has no live re-theme of font sizes: a new manager, the
        # screens' widgets built again into it (as a resize rebuilds them)
        self.ui_manager.clear_and_reset()
        self.ui_manager = self._make_ui_manager()
        self.scenes.resize(self.size)

    # -- helpers for scenes -------------------------------------------------
    def notify(self, text: str, kind: str = "info") -> None:
        """Show a message on the notification line."""
        self.toast.show(text, kind)
        if kind == "error":
            self.sound.play("error")

    def confirm(
        self,
        title: Words,
        message: Words,
        on_yes: Callable[[], None],
        yes: Words = "",
        no: Words = "",
    ) -> None:
        """Ask before something destructive (texts given as `later(...)` follow a
        language switch while the question is open)."""
        from scenes.dialogs import ConfirmDialog

        self.scenes.push(ConfirmDialog(self, title, message, on_yes, yes_text=yes, no_text=no))

    def request_quit(self) -> None:
        """Window close / Quit: confirm when a match would be lost."""
        from scenes.i18n import later

        at_risk = any(s.wants_quit_confirmation() for s in self.scenes.stack)
        if at_risk and self.settings.confirm_quit:
            self.confirm(
                later("ui.confirm.quit_title"),
                later("ui.confirm.quit_match"),
                self.stop,
                yes=later("ui.confirm.quit_yes"),
            )
        else:
            self.stop()

    def stop(self) -> None:
        """End the main loop."""
        self.running = False

    # -- signals ------------------------------------------------------------
    def _on_signal(self, signum: int, _frame: Any) -> None:
        """Ctrl+C / SIGTERM: noted here, acted on between two frames."""
        self.signalled = signum

    def end_on_signal(self) -> int:
        """Save every unfinished match as an autosave, say where, and give the
        exit code of a process ended by that signal (128 + its number)."""
        from scenes.i18n import tr

        for scene in self.scenes.stack:
            path = scene.emergency_save()
            if path:
                logging.getLogger(__name__).warning(
                    "ended by signal %s; saved %s", self.signalled, path
                )
                print("taverna: " + tr("ui.table_base.interrupted", path=path), file=sys.stderr)
        self.running = False
        return 128 + int(self.signalled or 0)

    # -- loop ---------------------------------------------------------------
    def step(self, dt: float, events: list[Any]) -> None:
        """One frame: events, update, draw (used by the loop and by tests).

        A scene may hold a guard over the whole frame (an online table: the
        host's server thread never changes the match while a frame reads it)."""
        with contextlib.ExitStack() as guard:
            for scene in list(self.scenes.stack):
                frame_guard = getattr(scene, "frame_guard", None)
                if callable(frame_guard):
                    guard.enter_context(frame_guard())
            self._step(dt, events)

    def guarded_step(self, dt: float, events: list[Any]) -> None:
        """One frame of the real loop: an error nobody expected saves every open
        match (the autosave a shutdown writes), leaves a report under the data
        folder's logs/ and says so on screen, instead of closing the window."""
        try:
            self.step(dt, events)
        except Exception as error:  # noqa: BLE001 -- the whole point: nothing is lost
            self.crashed(error)

    def crashed(self, error: Exception) -> None:
        """Save what is open, write the report, show the crash screen over the menu."""
        from game import logs
        from scenes.crash_screen import CrashScene
        from scenes.main_menu import MainMenu

        if self.crashes >= 3:  # the crash screen itself fails: give up, loudly
            raise error
        self.crashes += 1
        saved: list[str] = []
        for scene in list(self.scenes.stack):
            with contextlib.suppress(Exception):
                path = scene.emergency_save()
                if path:
                    saved.append(path)
        report = logs.crash_report(error, "a frame of the window")
        for scene in reversed(self.scenes.stack):
            with contextlib.suppress(Exception):
                scene.exit()
        self.scenes.stack.clear()
        with contextlib.suppress(Exception):
            self.ui_manager.clear_and_reset()
        self.scenes.push(MainMenu(self), fade=False)
        self.scenes.push(CrashScene(self, report, saved), fade=False)

    def _step(self, dt: float, events: list[Any]) -> None:
        import pygame

        from scenes.key_input import draw_focus, route_key

        for event in events:
            if event.type == pygame.QUIT:
                self.request_quit()
                continue
            if event.type == pygame.VIDEORESIZE and not self.fullscreen:
                w, h = max(MIN_WINDOW[0], event.w), max(MIN_WINDOW[1], event.h)
                self.windowed_size = (w, h)
                if self.screen.get_size() != (w, h):
                    self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
                self.settings.window_width, self.settings.window_height = w, h
                self.one_off.pop("window_width", None)  # the player sized the window
                self.one_off.pop("window_height", None)
                self._resized()
                continue
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            if self.scenes.intercept(event):
                continue  # e.g. a guided game's note, over the table's own buttons
            if route_key(self, self.scenes.top, event):
                continue  # Tab, arrows, Enter on the focus ring; F1 the keys sheet
            consumed = self.ui_manager.process_events(event)
            if not consumed or event.type >= pygame.USEREVENT:
                self.scenes.handle_event(event)
        self.scenes.update(dt)
        if self.standby is not None and not self.standby.pump():
            self.standby = None
        if self.music is not None:
            self.music.update(dt)
        self.ui_manager.update(dt)
        self.toast.update(dt)
        screen = next((s for s in reversed(self.scenes.stack) if not s.overlay), None)
        if screen is not self._toast_screen:  # dialogs and pauses keep the messages
            self._toast_screen = screen
            self.toast.new_screen()
        self.scenes.draw(self.screen)
        self.ui_manager.draw_ui(self.screen)
        self.scenes.draw_over(self.screen)
        if not self.scenes.busy:
            draw_focus(self.scenes.top, self.screen)
        area = getattr(self.scenes.top, "toast_area", None)
        self.toast.draw(self.screen, area() if callable(area) else None)
        self.scenes.draw_fade(self.screen)

    def run(self, first: list[Any]) -> int:
        """Push the first scenes, run until quit or the frame limit."""
        import signal

        # Our own handlers, not SDL's (which turn them into a window-close that
        # opens a dialog nobody at a terminal can answer).
        previous = {
            sig: signal.signal(sig, self._on_signal) for sig in (signal.SIGINT, signal.SIGTERM)
        }
        try:
            return self._run(first)
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)

    def _run(self, first: list[Any]) -> int:
        import pygame

        code = 0
        for i, scene in enumerate(first):
            self.scenes.push(scene, fade=False)
            if i < len(first) - 1:
                for _ in range(30):  # let it settle (fades), so an overlay above has its backdrop
                    self.step(1 / 60, [])
        # TAVERNA_STEADY_CLOCK=1: every frame counts 1/60 s whatever the machine did,
        # so frame N of a fixed seed is the same picture run after run (screenshots
        # compared byte for byte before and after a refactoring)
        steady = bool(os.environ.get("TAVERNA_STEADY_CLOCK"))
        while self.running:
            if self.signalled is not None:
                code = self.end_on_signal()
                break
            dt = self.clock.tick(60) / 1000.0
            if steady:
                dt = 1 / 60
            start = time.perf_counter()
            self.guarded_step(min(dt, 0.1), pygame.event.get())
            self.frame_times.append(time.perf_counter() - start)
            pygame.display.flip()
            self.frame += 1
            if self.first_frame_at is None:
                self.first_frame_at = time.perf_counter()
                self.start_audio()
                if os.environ.get("TAVERNA_REPORT_FIRST_FRAME"):
                    # wall clock, and the CPU this process spent to get there
                    print(f"first-frame {time.time():.6f} {time.process_time():.6f}", flush=True)
            if self.frames_limit and self.frame >= self.frames_limit:
                break
        if self.screenshot:
            Path(self.screenshot).parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.screen, self.screenshot)
        if not self.fullscreen:
            self.settings.window_width, self.settings.window_height = self.windowed_size
        self.save_settings()
        if self.standby is not None:
            self.standby.close()
            self.standby = None
        pygame.quit()
        return code or self.exit_code


def first_scenes(app: App, args: argparse.Namespace) -> list[Any]:
    """The screens the command line asks for (the main menu by default)."""
    from scenes.main_menu import MainMenu

    if getattr(args, "command", None) == "join":
        from scenes.online.join import JoinScene

        join = JoinScene(
            app, args.address, args.code, args.name, auto=True, autoplay=bool(args.autoplay)
        )
        return [MainMenu(app), join]
    if getattr(args, "command", None) == "play":
        from scenes.tables import open_table_from_args

        return [open_table_from_args(app, args)]
    name = getattr(args, "scene", None)
    if name:
        from scenes.debug_scenes import scene_by_name

        return scene_by_name(app, name)
    return [MainMenu(app)]


def run_app(args: argparse.Namespace) -> int:
    """Boot the app as the command line says."""
    from game import logs

    logs.setup()
    try:
        app = App(args)
    except NoDisplay as e:
        print(f"taverna: {e}", file=sys.stderr)
        return 1
    try:
        scenes = first_scenes(app, args)
    except ValueError as e:
        import pygame

        pygame.quit()
        print(f"taverna: {e}", file=sys.stderr)
        return 2
    return app.run(scenes)
