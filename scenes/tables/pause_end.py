"""Leaving and ending a table: the pause menu, leaving with a word on what is
lost, going back to the screen that opened the table, the end of a match
(result recorded once, the end screen) and a rematch.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from game import Match
from game.core import TableMatch, local_match
from scenes.i18n import later, tr
from scenes.manager import Scene
from scenes.tables import autosave
from scenes.tables.practice_tools import PracticeTools

if TYPE_CHECKING:
    from scenes.manager import AppHost
    from scenes.online.links import TableLink
    from scenes.tables.face import SeatSetup


class PauseAndEndHost(Protocol):
    """What pausing, leaving and ending read and call of the table (the pause
    menu and the standings see it as a `TableFace`)."""

    @property
    def app(self) -> AppHost: ...
    @property
    def match(self) -> TableMatch: ...
    @property
    def seats(self) -> list[SeatSetup]: ...
    @property
    def humans(self) -> list[int]: ...
    @property
    def practice(self) -> bool: ...
    @property
    def spectator(self) -> bool: ...
    @property
    def link(self) -> TableLink | None: ...
    @property
    def tools(self) -> PracticeTools: ...
    @property
    def autosaver(self) -> autosave.Autosaver: ...
    @property
    def on_result(self) -> Callable[[Match], None] | None: ...
    @property
    def on_leave(self) -> Callable[[Match], None] | None: ...
    @property
    def hosted_elsewhere(self) -> bool: ...
    @property
    def saved_now(self) -> bool: ...

    def sole_person(self) -> int | None: ...
    def autosave(self) -> Path | None: ...
    def save_match(self, name: str = "") -> None: ...
    def toggle_reveal(self) -> None: ...
    def quit_to_menu(self) -> None: ...
    def leave_warning(self) -> str: ...
    def leave_to_caller(self) -> None: ...
    def end_screen(self) -> Scene: ...
    def victory_lines(self) -> list[str]: ...
    def rematch(self) -> None: ...
    def rematch_options(self) -> dict[str, Any]: ...


class PauseAndEnd:
    """Pause, leave, end and rematch (mixed into `TableScene`)."""

    def pause(self: PauseAndEndHost) -> None:
        """Open the pause menu."""
        self.app.scenes.push(self.app.screens.pause_menu(self))

    def wants_quit_confirmation(self: PauseAndEndHost) -> bool:
        return not self.match.is_over

    def quit_to_menu(self: PauseAndEndHost) -> None:
        """Back to the main menu (asks first while the match is on).

        A table opened by another screen (a tournament) goes back to it instead,
        handing over the unfinished match through `on_leave`.
        """

        def go() -> None:
            if self.on_leave is not None or self.on_result is not None:
                if self.on_leave is not None and not self.match.is_over:
                    self.on_leave(local_match(self.match))
                self.leave_to_caller()
                return
            if autosave.keeps_saves(self) and not self.match.is_over:
                self.autosave()  # as it stands this moment: Continue picks it up here
            self.app.scenes.reset(self.app.screens.main_menu())

        if not self.match.is_over and self.app.settings.confirm_quit:
            self.app.confirm(
                later("ui.confirm.leave_title"),
                self.leave_warning,
                go,
                yes=later("ui.confirm.leave_yes"),
            )
        else:
            go()

    def leave_warning(self: PauseAndEndHost) -> str:
        """What leaving an unfinished match means, in words true right now."""
        if self.on_leave is not None or self.on_result is not None:
            return tr("ui.table_base.leave_tournament")
        if self.hosted_elsewhere:
            return tr("ui.table_base.leave_joined")
        if self.saved_now or autosave.keeps_saves(self):  # leaving writes the autosave
            return tr("ui.table_base.leave_saved")
        return tr("ui.confirm.leave_match")

    def leave_to_caller(self: PauseAndEndHost) -> None:
        """Pop every overlay and the table itself, back to the screen that opened it."""
        while self.app.scenes.top is not None and self.app.scenes.top is not self:
            self.app.scenes.pop(fade=False)
        self.app.scenes.pop()

    def on_match_over(self: PauseAndEndHost) -> None:
        """Record the result once, through the one end-of-match step every game
        shares (replay file, history line, autosave dropped), then show it."""
        if self.on_result is not None:
            self.on_result(local_match(self.match))
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
        if self.app.exit_at_match_end:  # `taverna join --autoplay`: done
            print(f"match over: {self.match.standings()}", flush=True)
            self.app.running = False

    def end_screen(self: PauseAndEndHost) -> Scene:
        """The screen that shows the result (a game may show its own standings)."""
        return self.app.screens.victory(self)

    def victory_lines(self: PauseAndEndHost) -> list[str]:
        """Lines of the table's own summary under the standings (none by default)."""
        return []

    def rematch(self: PauseAndEndHost) -> None:
        """Same seats and options, a new seed -- through the same door as a new
        table, so the table's own checks run again (a rematch at O Morto's table
        brought a dead character back with the life points of before)."""
        import random

        try:
            table = self.app.screens.new_table(
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

    def rematch_options(self: PauseAndEndHost) -> dict[str, Any]:
        """The options a rematch starts from (a table drops what it works out anew)."""
        return dict(self.match.options)
