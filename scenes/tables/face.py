"""What screens outside a table may know of one: who sits where (`SeatSetup`)
and the few members the pause menu and the standings read (`TableFace`).

This floor sits under the tables and the screens they open: `scenes.manager`,
`scenes.pause` and `scenes.victory` name a table through `TableFace` and never
import `scenes.tables.base`, which imports them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from game.core import Match, TableMatch


@dataclass
class SeatSetup:
    """Who sits at a seat: a name and, for a bot, its id (level or persona)."""

    name: str
    bot: str | None = None
    #: played on another machine (a joiner's seat at the host, every other seat
    #: at a joiner): neither a person at this screen nor a bot it runs
    elsewhere: bool = False

    @property
    def is_bot(self) -> bool:
        """True for a bot seat."""
        return self.bot is not None


class RevealState(Protocol):
    """Whether practice shows the bots' secrets now."""

    @property
    def reveal(self) -> bool: ...


class TableFace(Protocol):
    """A table as its pause menu and its standings see it."""

    @property
    def match(self) -> TableMatch: ...
    @property
    def seats(self) -> Sequence[SeatSetup]: ...
    @property
    def practice(self) -> bool: ...
    @property
    def hosted_elsewhere(self) -> bool: ...
    @property
    def tools(self) -> RevealState: ...
    @property
    def on_result(self) -> Callable[[Match], None] | None: ...
    @property
    def on_leave(self) -> Callable[[Match], None] | None: ...
    def sole_person(self) -> int | None: ...
    def save_match(self, name: str = "") -> None: ...
    def toggle_reveal(self) -> None: ...
    def quit_to_menu(self) -> None: ...
    def leave_to_caller(self) -> None: ...
    def rematch(self) -> None: ...
    def victory_lines(self) -> list[str]: ...
