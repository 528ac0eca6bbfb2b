"""`taverna soak --minutes N`: bots play every table through the real scenes.

The app runs on SDL's dummy video driver with no frame cap; about a third of
the legs animate at the "fast" speed, the rest instantly (`SPEEDS`). Leg after leg it opens each registered table (`scenes.tables.TABLES`,
so a new table joins without a change here) with bots in every seat and random
options, and on the way opens the pause menu, saves from it, continues the saved
match from the new-match screen, resizes the window, switches language and
goes back to the main menu. It counts what would have closed the app (crashes,
which it survives to find the next one), what the app caught and told the
player about, the frames drawn, and the memory at the start, after the first
round of tables (the caches are warm by then) and at the end, each read after
`heap.trim` has handed freed heap pages back (live memory, not what the
allocator kept).

Everything is written under a private temporary folder (`TAVERNA_HOME`), so
the player's settings, saves and statistics are never touched.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import resource
import shutil
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.progress import Progress
from scenes import heap
from scenes.window_flags import window_args

if TYPE_CHECKING:
    from game.registry import GameInfo
    from scenes.manager import AppHost

#: sizes the soak resizes to (the minimum, the default and a large one among random ones)
SIZES = ((1024, 640), (1280, 800), (1600, 1000))
#: animation speeds a leg is played at: "instant" covers the most ground, and a
#: speed players use makes the effects that "instant" skips (a Xisum duel once
#: crashed only at those)
SPEEDS = ("instant", "instant", "fast")


def rss_mb() -> float:
    """Resident memory of this process now, in MiB (0 when the OS does not say)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as fh:
            pages = int(fh.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError, AttributeError):
        return 0.0


def peak_rss_mb() -> float:
    """The highest resident memory this process has had, in MiB."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 1024


def random_options(info: GameInfo, n_seats: int, rng: random.Random) -> dict[str, Any]:
    """A random choice for some of a game's options, each within its schema.

    Internal options (set by the app) are left alone; a turn limit is often set
    so long matches end on time ([R7]) within a leg.
    """
    out: dict[str, Any] = {}
    for spec in info.options:
        if spec.internal or rng.random() < 0.5:
            continue
        if spec.key == "turn_limit":
            out[spec.key] = rng.choice((0, 6, 12, 30))
        elif spec.kind == "bool":
            out[spec.key] = rng.random() < 0.5
        elif spec.kind == "choice" and spec.choices:
            out[spec.key] = rng.choice(spec.choices)
        elif spec.kind == "int":
            out[spec.key] = rng.randint(spec.minimum, min(spec.maximum, spec.minimum + 60))
        elif spec.kind == "per_seat" and spec.choices:
            out[spec.key] = [rng.choice(spec.choices) for _ in range(n_seats)]
    return out


@dataclass
class SoakReport:
    """What a soak saw."""

    minutes: float
    seed: int
    tables: list[str]
    seconds: float = 0.0
    frames: int = 0
    crashes: int = 0
    crash_samples: list[str] = field(default_factory=list)
    exceptions_caught: int = 0
    caught_samples: list[str] = field(default_factory=list)
    matches_started: dict[str, int] = field(default_factory=dict)
    matches_finished: dict[str, int] = field(default_factory=dict)
    options_refused: int = 0
    pauses: int = 0
    saves: int = 0
    loads: int = 0
    loads_failed: int = 0
    resizes: int = 0
    language_switches: int = 0
    menu_visits: int = 0
    #: legs played at each animation speed
    legs_by_speed: dict[str, int] = field(default_factory=dict)
    rss_start_mb: float = 0.0
    rss_warm_mb: float = 0.0
    rss_end_mb: float = 0.0
    peak_rss_mb: float = 0.0
    #: RSS after each leg (MiB), to see whether memory is flat beyond the caches
    rss_by_leg: list[float] = field(default_factory=list)

    def lines(self) -> list[str]:
        """The report in words (one fact a line)."""
        started = sum(self.matches_started.values())
        finished = sum(self.matches_finished.values())
        per_table = ", ".join(
            f"{g} {self.matches_finished.get(g, 0)}/{self.matches_started.get(g, 0)}"
            for g in self.tables
        )
        out = [
            f"soak: {self.seconds / 60:.1f} min, seed {self.seed}, tables: {', '.join(self.tables)}",
            f"  crashes: {self.crashes}",
            f"  exceptions caught and reported to the player: {self.exceptions_caught}",
            f"  frames drawn: {self.frames} ({self.frames / max(self.seconds, 1e-9):.0f} per second)",
            f"  matches finished/started: {finished}/{started} ({per_table})",
            f"  option sets refused with a reason: {self.options_refused}",
            f"  pause menus {self.pauses}, saves {self.saves}, loads {self.loads}"
            f" (failed {self.loads_failed}), resizes {self.resizes},"
            f" language switches {self.language_switches}, main-menu visits {self.menu_visits}",
            "  legs by animation speed: "
            + (", ".join(f"{k} {v}" for k, v in sorted(self.legs_by_speed.items())) or "none"),
            f"  memory (RSS): start {self.rss_start_mb:.0f} MiB, after the first round of tables"
            f" {self.rss_warm_mb:.0f} MiB, end {self.rss_end_mb:.0f} MiB"
            f" (growth after warm-up {self.rss_end_mb - self.rss_warm_mb:+.0f} MiB),"
            f" peak {self.peak_rss_mb:.0f} MiB",
        ]
        legs = self.rss_by_leg
        if len(legs) >= 4:
            marks = [legs[max(0, len(legs) * q // 4 - 1)] for q in (1, 2, 3, 4)]
            out.append(
                "  RSS after each quarter of the legs: "
                + ", ".join(f"{m:.0f}" for m in marks)
                + f" MiB ({len(legs)} legs)"
            )
        out += [f"  CRASH: {s}" for s in self.crash_samples]
        out += [f"  caught: {s}" for s in self.caught_samples]
        return out


class Soak:
    """Drives one App through legs of bot-played tables."""

    def __init__(
        self,
        minutes: float,
        seed: int = 1,
        games: list[str] | None = None,
        leg_seconds: float = 45.0,
        min_legs: int = 0,
        frame_clock: bool = False,
    ) -> None:
        #: time counted in frames of 1/60 s instead of the wall clock: the same soak
        #: on any machine, however busy (the tests use it)
        self.frame_clock = frame_clock
        self._ticks = 0
        self.deadline = self.now() + minutes * 60
        #: legs played even past the deadline (a loaded machine still visits every table)
        self.min_legs = min_legs
        self.rng = random.Random(seed)
        self.leg_seconds = leg_seconds
        self.wanted = games
        self.report = SoakReport(minutes=minutes, seed=seed, tables=[])
        self.app: AppHost | None = None
        self._caught: Counter[str] = Counter()
        self._crashes: Counter[str] = Counter()

    def now(self) -> float:
        """Seconds for the soak's deadlines: the wall clock, or frames tried / 60."""
        return self._ticks / 60 if self.frame_clock else time.monotonic()

    # -- bookkeeping -------------------------------------------------------------
    def _note_caught(self, text: str) -> None:
        self.report.exceptions_caught += 1
        self._caught[text[:160]] += 1

    def _note_crash(self) -> None:
        self.report.crashes += 1
        tb = traceback.format_exc(limit=-4).strip().splitlines()
        self._crashes[" | ".join(line.strip() for line in tb[-5:])[:400]] += 1

    def _watch_app(self, app: AppHost) -> None:
        """Count every error the app shows and every exception a thread lets out."""
        notify = app.notify

        def counted(text: str, kind: str = "info") -> None:
            if kind == "error":
                self._note_caught(f"notified: {text}")
            notify(text, kind)

        app.notify = counted  # type: ignore[method-assign]  # the soak's own app, wrapped once
        previous = threading.excepthook

        def hook(args: threading.ExceptHookArgs) -> None:
            self._note_caught(
                f"thread {args.thread.name if args.thread else '?'}: {args.exc_value!r}"
            )
            previous(args)

        threading.excepthook = hook

    # -- the frame loop ----------------------------------------------------------
    def frame(self, events: list[Any] | None = None) -> bool:
        """One frame of the real loop; False when it raised (counted as a crash)."""
        import pygame

        app = self.app
        assert app is not None
        self._ticks += 1  # a frame that raised counts too, or crashes would stop the clock
        try:
            app.step(1 / 60, list(events or []) + pygame.event.get())
            pygame.display.flip()
        except Exception:  # the soak's whole point: count it, recover, go on  # noqa: BLE001
            self._note_crash()
            self.recover()
            return False
        self.report.frames += 1
        return True

    def frames(self, n: int) -> None:
        """Run `n` frames."""
        for _ in range(n):
            self.frame()

    def recover(self) -> None:
        """After a crash: back to a fresh main menu, as a restarted app would be."""
        from scenes.main_menu import MainMenu

        app = self.app
        assert app is not None
        try:
            for scene in app.scenes.stack:
                self._safe_exit(scene)
            app.scenes.stack.clear()
            app.scenes._phase, app.scenes._fade, app.scenes._pending = "", 0.0, None
            app.scenes.push(MainMenu(app), fade=False)
        except Exception:  # noqa: BLE001
            self._note_crash()

    @staticmethod
    def _safe_exit(scene: Any) -> bool:
        with contextlib.suppress(Exception):  # a half-built scene may fail to close
            scene.exit()
        return False

    def click(self, widget: Any) -> None:
        """A real mouse click on the centre of a widget."""
        import pygame

        pos = widget.rect.center
        pygame.mouse.set_pos(pos)
        self.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
        self.frames(2)

    def key(self, k: int) -> None:
        """Press and release a key."""
        import pygame

        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            self.frame([pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0)])

    # -- the things a player does on the way --------------------------------------
    def resize(self) -> None:
        """Resize the window as a player dragging its corner would."""
        import pygame

        w, h = self.rng.choice(
            (*SIZES, (self.rng.randint(1024, 1700), self.rng.randint(640, 1050)))
        )
        self.report.resizes += 1
        self.frame([pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))])

    def switch_language(self) -> None:
        """Switch pt <-> en live."""
        app = self.app
        assert app is not None
        self.report.language_switches += 1
        try:
            app.set_language("pt" if app.settings.language == "en" else "en")
        except Exception:  # noqa: BLE001
            self._note_crash()
            self.recover()

    def pause_and_save(self, table: Any) -> bool:
        """Esc, the pause menu's Save, Esc; True when a save was written."""
        import pygame

        from scenes.pause import PauseMenu

        app = self.app
        assert app is not None
        self.key(pygame.K_ESCAPE)
        top = app.scenes.top
        if not isinstance(top, PauseMenu):
            return False
        self.report.pauses += 1
        before = table.saved_path
        self.frames(self.rng.randint(1, 5))
        if self.rng.random() < 0.8 and top.buttons["save"].is_enabled:
            from scenes.load_screen import SaveNameDialog

            table.saved_path = None
            self.click(top.buttons["save"])
            self.frames(1)
            dialog = app.scenes.top
            if isinstance(dialog, SaveNameDialog):  # a named save: keep the offered name
                self.click(dialog.save)
                self.frames(1)
        saved = table.saved_path is not None
        if saved:
            self.report.saves += 1
        else:
            table.saved_path = before
        if app.scenes.top is top:
            self.key(pygame.K_ESCAPE)
        return saved

    def continue_saved(self, game: str) -> Any:
        """Main menu -> new-match screen -> "continue saved match"; the table or None."""
        from scenes.main_menu import MainMenu
        from scenes.new_match import NewMatchScene
        from scenes.tables.base import TableScene

        app = self.app
        assert app is not None
        app.scenes.reset(MainMenu(app), fade=False)
        self.report.menu_visits += 1
        self.frames(2)
        scene = NewMatchScene(app, game)
        app.scenes.push(scene, fade=False)
        self.frames(2)
        if app.scenes.top is not scene or not scene.load_btn.is_enabled:
            self.report.loads_failed += 1
            return None
        self.click(scene.load_btn)
        # at a speed players use the table comes in after the screen's fade
        for _ in range(240):
            self.frames(1)
            table = next((s for s in app.scenes.stack if isinstance(s, TableScene)), None)
            if table is not None:
                self.report.loads += 1
                return table
        self.report.loads_failed += 1
        return None

    # -- legs ----------------------------------------------------------------------
    def open_leg(self, game: str) -> Any:
        """A new table of `game` with bots in every seat and random options."""
        from game import OptionsError, get_info
        from scenes.tables import open_table
        from scenes.tables.face import SeatSetup

        app = self.app
        assert app is not None
        info = get_info(game)
        n = self.rng.randint(info.min_seats, min(info.max_seats, 4))
        seats = [SeatSetup(f"Bot {i + 1}", self.rng.choice(info.bot_ids)) for i in range(n)]
        seed = self.rng.randrange(1, 10**6)
        options = random_options(info, n, self.rng)
        try:
            table = open_table(app, game, seats, seed, options)
        except (ValueError, OptionsError):
            self.report.options_refused += 1
            table = open_table(app, game, seats, seed, {})
        app.scenes.reset(table, fade=False)
        self.report.matches_started[game] = self.report.matches_started.get(game, 0) + 1
        self.frames(1)
        return table

    def play_leg(self, game: str) -> None:
        """One table from its opening to its end (or the leg's time)."""
        from scenes.main_menu import MainMenu
        from scenes.tables.base import TableScene

        app = self.app
        assert app is not None
        speed = self.rng.choice(SPEEDS)
        app.settings.animation_speed = speed
        self.report.legs_by_speed[speed] = self.report.legs_by_speed.get(speed, 0) + 1
        try:
            table = self.open_leg(game)
        except Exception:  # noqa: BLE001
            self._note_crash()
            self.recover()
            return
        leg_end = min(self.deadline, self.now() + self.leg_seconds)
        loaded = False
        while self.now() < leg_end and app.running:
            self.frame()
            top = app.scenes.top
            if not isinstance(table, TableScene) or table not in app.scenes.stack:
                break  # a crash sent us back to the menu
            if table.finished:
                self.report.matches_finished[game] = self.report.matches_finished.get(game, 0) + 1
                self.frames(self.rng.randint(2, 20))  # the victory screen, a moment
                break
            if top is not table:
                continue
            roll = self.rng.random()
            if roll < 0.004:
                if self.pause_and_save(table) and not loaded and self.rng.random() < 0.7:
                    nxt = self.continue_saved(game)
                    loaded = True
                    if nxt is None:
                        break
                    table = nxt
            elif roll < 0.007:
                self.resize()
            elif roll < 0.009:
                self.switch_language()
            elif roll < 0.012:
                self.key(self.rng.choice((32, 13, 9)))  # space, return, tab: harmless keys
        if self.rng.random() < 0.5 and app.running:
            app.scenes.reset(MainMenu(app), fade=False)
            self.report.menu_visits += 1
            self.frames(self.rng.randint(2, 10))

    def run(self, progress: Callable[[int, int], None] | None = None) -> SoakReport:
        """Soak until the deadline and return the report; `progress(seconds, of)`
        after each leg (the soak runs for a time, not a count of games)."""
        from scenes.app import App
        from scenes.main_menu import MainMenu
        from scenes.tables import TABLES, table_ready

        started = time.monotonic()
        args = window_args(["--size", "1280x800", "--lang", "en"])
        app = App(args)
        self.app = app
        app.settings.confirm_quit = False
        self._watch_app(app)
        games = [g for g in sorted(TABLES) if table_ready(g)]
        if self.wanted:
            games = [g for g in games if g in self.wanted]
        self.report.tables = games
        app.scenes.push(MainMenu(app), fade=False)
        self.frames(3)
        heap.trim()
        self.report.rss_start_mb = rss_mb()
        leg = 0
        while (self.now() < self.deadline or leg < self.min_legs) and app.running and games:
            self.play_leg(games[leg % len(games)])
            leg += 1
            heap.trim()
            self.report.rss_by_leg.append(round(rss_mb(), 1))
            if progress is not None:
                total = self.deadline - started
                progress(int(min(total, time.monotonic() - started)), int(total))
            if leg == len(games):
                heap.trim()
                self.report.rss_warm_mb = rss_mb()
        if not self.report.rss_warm_mb:
            self.report.rss_warm_mb = rss_mb()
        app.scenes.reset(MainMenu(app), fade=False)
        self.frames(2)
        for scene in list(app.scenes.stack):
            self._safe_exit(scene)
        heap.trim()
        self.report.rss_end_mb = rss_mb()
        self.report.peak_rss_mb = peak_rss_mb()
        self.report.seconds = time.monotonic() - started
        self.report.crash_samples = [f"{n}x {t}" for t, n in self._crashes.most_common(10)]
        self.report.caught_samples = [f"{n}x {t}" for t, n in self._caught.most_common(10)]
        import pygame

        pygame.quit()
        return self.report


def run_soak(
    minutes: float,
    seed: int = 1,
    as_json: bool = False,
    games: list[str] | None = None,
    home: str | None = None,
) -> int:
    """`taverna soak`: print the report; exit status 1 when anything crashed."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # --json: stdout is data only
    private = home is None
    folder = Path(home) if home else Path(tempfile.mkdtemp(prefix="taverna-soak-"))
    previous = os.environ.get("TAVERNA_HOME")
    os.environ["TAVERNA_HOME"] = str(folder)
    try:
        with Progress("soak", int(minutes * 60), "s", rate=False) as progress:
            report = Soak(minutes, seed=seed, games=games).run(progress)
    finally:
        if previous is None:
            os.environ.pop("TAVERNA_HOME", None)
        else:
            os.environ["TAVERNA_HOME"] = previous
        if private:
            shutil.rmtree(folder, ignore_errors=True)
    if as_json:
        print(json.dumps(asdict(report), indent=2, ensure_ascii=False))
    else:
        print("\n".join(report.lines()))
    return 1 if report.crashes else 0
