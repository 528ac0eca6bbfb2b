"""The guided first game: scripted steps on the real table.

A game's steps are data, `assets/tutorials/<game>.json`:

    {"steps": [{"id": "placement", "when": {"phase": "reinforce"},
                "target": "button:place", "title": "life.tutorial.war.placement_title",
                "text": "life.tutorial.war.placement"}, ...]}

`when` is one of `{"turn": true}` (the person is to act), `{"phase": P}` (the
person is to act and `view["phase"] == P`) or `{"event": "EventName"}` (that
engine event is about to be shown; with `"mine": true` only when the event is
the person's own). The notes come in the file's order, each once: only the
next one waits for its moment, so "1/5" is always first. A note stands before
what it explains: the table holds that event (and everything after it) until
the note is read, and the bots wait. It points at `target`, a name from the
table's `tutorial_targets()` (e.g. "map", "panel", "seats", "button:place"),
keeps clear of the table's widgets, its target and what the person needs now
(`tutorial_avoid()`), and stays where it first stood. The player may leave
the tutorial at any moment (the match goes on as a practice match). A new
table only needs its JSON file and the target names it offers.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame
import pygame_gui

from game.core import TableMatch
from scenes import style
from scenes.i18n import tr
from scenes.paths import ASSETS

if TYPE_CHECKING:
    from scenes.manager import AppHost
    from scenes.tables.base import TableScene

TUTORIALS = ASSETS / "tutorials"


class GuidedTable(Protocol):
    """What the guide reads of the table it guides."""

    @property
    def app(self) -> AppHost: ...
    @property
    def match(self) -> TableMatch: ...
    @property
    def ui(self) -> pygame_gui.core.UIContainer | None: ...
    def you(self) -> int | None: ...
    def tutorial_targets(self) -> dict[str, pygame.Rect]: ...


@dataclass(frozen=True)
class Step:
    """One note of a guided game."""

    id: str
    when: dict[str, Any]
    target: str
    title: str
    text: str

    def matches_event(self, event: Any, person: int | None) -> bool:
        """Whether this step is triggered by an engine event (the person's own,
        when the step says "mine")."""
        if self.when.get("event") != type(event).__name__:
            return False
        return not self.when.get("mine") or getattr(event, "seat", None) == person

    def matches_turn(self, phase: str | None) -> bool:
        """Whether this step is triggered by the person's turn in `phase`."""
        if "phase" in self.when:
            return bool(self.when["phase"] == phase)
        return bool(self.when.get("turn"))


def load_steps(game: str) -> list[Step]:
    """The steps of a game's guided first game ([] when it has none)."""
    path = TUTORIALS / f"{game}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    steps = []
    for raw in data.get("steps", []):
        steps.append(
            Step(
                str(raw["id"]),
                dict(raw["when"]),
                str(raw.get("target", "")),
                str(raw["title"]),
                str(raw["text"]),
            )
        )
    return steps


def has_tutorial(game: str) -> bool:
    """Whether a game offers a guided first game."""
    return bool(load_steps(game))


class Tutorial:
    """The running guide of one table."""

    def __init__(self, game: str, steps: list[Step] | None = None) -> None:
        self.game = game
        self.steps = steps if steps is not None else load_steps(game)
        self.done: set[str] = set()
        self.current: Step | None = None
        #: the next step in the file's order: the only one waiting for its moment
        self.next_index = 0
        #: the ids of the notes shown, in the order they came up
        self.shown: list[str] = []
        self.finished = not self.steps
        self.next_rect = pygame.Rect(0, 0, 0, 0)
        self.leave_rect = pygame.Rect(0, 0, 0, 0)
        #: where the note is drawn (empty while none is up)
        self.box = pygame.Rect(0, 0, 0, 0)
        self._placed: tuple[tuple[Any, ...], pygame.Rect] | None = None

    # -- triggers -------------------------------------------------------------
    @property
    def blocking(self) -> bool:
        """A note is up: the bots wait for the reader."""
        return self.current is not None

    @property
    def waiting(self) -> Step | None:
        """The step whose moment is awaited (None when a note is up or all were read)."""
        if self.finished or self.current is not None or self.next_index >= len(self.steps):
            return None
        return self.steps[self.next_index]

    def _show(self, step: Step) -> None:
        self.current = step
        self.shown.append(step.id)
        self._placed = None

    def on_event(self, table: GuidedTable, event: Any) -> bool:
        """An engine event is about to be shown: True when its note comes first
        (the table then holds the event until the note is read)."""
        step = self.waiting
        if step is None or not step.matches_event(event, table.you()):
            return False
        self._show(step)
        return True

    def on_turn(self, table: GuidedTable, seat: int) -> None:
        """The person at `seat` is to act (every frame of the turn)."""
        step = self.waiting
        if step is not None and step.matches_turn(table.match.view(seat).get("phase")):
            self._show(step)

    def advance(self) -> None:
        """The reader has read the note: play on to the next one's moment."""
        if self.current is not None:
            self.done.add(self.current.id)
            self.next_index = self.steps.index(self.current) + 1
        self.current = None
        if self.next_index >= len(self.steps):
            self.finished = True

    def leave(self, table: GuidedTable) -> None:
        """Stop guiding; the match goes on."""
        self.finished = True
        self.current = None
        table.app.notify(tr("life.tutorial.left"))

    # -- input ----------------------------------------------------------------
    def handle_event(self, table: GuidedTable, event: pygame.event.Event) -> bool:
        """The note's own input, taken before the table sees it: every click on
        the note (its buttons act on release), and Enter or Space for "Got it".
        True when the event was the note's."""
        if self.current is None:
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            pos = getattr(event, "pos", None)
            if pos is None or not self.box.collidepoint(pos):
                return False
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                if self.next_rect.collidepoint(pos):
                    self.advance()
                elif self.leave_rect.collidepoint(pos):
                    self.leave(table)
            return True  # nothing under the note is clicked through it
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
        ):
            self.advance()
            return True
        return False

    # -- drawing ----------------------------------------------------------------
    def draw(self, table: GuidedTable, surface: pygame.Surface) -> None:
        """The note, with a gold frame around what it talks about."""
        step = self.current
        if step is None:
            self.box = pygame.Rect(0, 0, 0, 0)
            return
        w, h = surface.get_size()
        target = table.tutorial_targets().get(step.target)
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 110))
        if target is not None:
            hole = target.inflate(12, 12).clip(surface.get_rect())
            veil.fill((0, 0, 0, 0), hole)
        surface.blit(veil, (0, 0))
        if target is not None:
            style.gold_frame(surface, target.inflate(12, 12), width=3, radius=10)
        bw = min(460, w - 40)
        lines = style.wrap_text(tr(step.text), 16, bw - 36)
        bh = 96 + 21 * len(lines)
        avoid = [r for name, r in table.tutorial_targets().items() if name in AVOID and r != target]
        box = self._placed_box((bw, bh), target, surface.get_rect(), widget_rects(table), avoid)
        self.box = box
        surface.blit(style.shadow(box.size), box.move(6, 8).topleft)
        surface.blit(style.parchment(box.size), box.topleft)
        n = self.steps.index(step) + 1 if step in self.steps else 1
        style.blit_text(
            surface,
            tr(step.title),
            22,
            (box.left + 18, box.top + 12),
            style.INK,
            kind="serif",
            max_width=box.width - 90,
        )
        style.blit_text(
            surface,
            f"{n}/{len(self.steps)}",
            14,
            (box.right - 18, box.top + 18),
            style.INK_SOFT,
            anchor="topright",
        )
        for i, line in enumerate(lines):
            style.blit_text(surface, line, 16, (box.left + 18, box.top + 46 + 21 * i), style.INK)
        self.next_rect = pygame.Rect(box.right - 148, box.bottom - 46, 130, 34)
        self.leave_rect = pygame.Rect(box.left + 18, box.bottom - 46, 170, 34)
        for rect, text, primary in (
            (self.next_rect, tr("life.tutorial.next"), True),
            (self.leave_rect, tr("life.tutorial.leave"), False),
        ):
            pygame.draw.rect(
                surface, style.WOOD_DARK if primary else style.PARCHMENT_DARK, rect, border_radius=8
            )
            pygame.draw.rect(surface, style.GOLD_DARK, rect, width=2, border_radius=8)
            style.blit_text(
                surface,
                text,
                15,
                rect.center,
                style.CREAM if primary else style.INK,
                kind="bold",
                anchor="center",
                max_width=rect.width - 10,
            )

    def _placed_box(
        self,
        size: tuple[int, int],
        target: pygame.Rect | None,
        screen: pygame.Rect,
        widgets: list[pygame.Rect],
        avoid: list[pygame.Rect] = [],  # noqa: B006 - read only
    ) -> pygame.Rect:
        """`place`, worked out once per note and window (it scans the screen).

        A note stays where it first stood while widgets come and go: one that
        jumped between corners from frame to frame made the click on "Got it"
        miss. Only a new size of window or of note places it again."""
        key = (self.current.id if self.current else "", size, tuple(screen))
        if self._placed is not None and self._placed[0] == key:
            return self._placed[1].copy()
        box = place(pygame.Rect((0, 0), size), target, screen, widgets, avoid)
        self._placed = (key, box)
        return box.copy()


def widget_rects(table: GuidedTable) -> list[pygame.Rect]:
    """The table's visible widgets: pygame-gui paints them over the scene, so a
    note under one would be hidden by it (War's notes lay under its buttons)."""
    out: list[pygame.Rect] = []

    def walk(container: Any) -> None:
        for element in getattr(container, "elements", []):
            if not element.visible:
                continue
            if isinstance(element, pygame_gui.core.UIContainer):
                walk(element)  # a bare container paints nothing: look inside
            else:
                out.append(pygame.Rect(element.rect))

    walk(table.ui)
    return out


def _area(a: pygame.Rect, b: pygame.Rect) -> int:
    hidden = a.clip(b)
    return hidden.width * hidden.height


#: what the person needs at hand while a note is up: a note keeps off them
AVOID = ("hand", "controls", "pool", "practice", "aids", "panel", "turn_bar")


def place(
    box: pygame.Rect,
    target: pygame.Rect | None,
    screen: pygame.Rect,
    widgets: list[pygame.Rect] = [],  # noqa: B006 - read only
    avoid: list[pygame.Rect] = [],  # noqa: B006 - read only
) -> pygame.Rect:
    """Where a note stands: clear of every widget first, then hiding the least
    of its target, then of what the person needs at hand (`avoid`: the hand,
    the controls, the practice panel), then as near the target as it can
    (centred without one)."""
    area = screen.inflate(-16, -16)
    aim = target.center if target is not None else area.center
    best = box.copy()
    best_score: tuple[int, int, int, int] | None = None
    step = 16
    for y in range(area.top, max(area.top, area.bottom - box.height) + 1, step):
        for x in range(area.left, max(area.left, area.right - box.width) + 1, step):
            candidate = pygame.Rect((x, y), box.size)
            covered = sum(_area(candidate, w.inflate(8, 8)) for w in widgets)
            hidden = _area(candidate, target.inflate(12, 12)) if target is not None else 0
            needed = sum(_area(candidate, a) for a in avoid)
            far = (candidate.centerx - aim[0]) ** 2 + (candidate.centery - aim[1]) ** 2
            score = (covered, hidden, needed, far)
            if best_score is None or score < best_score:
                best, best_score = candidate, score
    return best


def start_tutorial(app: AppHost, game: str) -> TableScene | None:
    """Open a practice table of `game` with the guided first game running."""
    from game import get_info
    from scenes.names import bot_seat_name
    from scenes.tables import open_table
    from scenes.tables.face import SeatSetup

    info = get_info(game)
    easy = info.bot_ids[0]
    # A name, not "You": every log and status line is built as "<name> picks",
    # and "You picks" / "You's turn" / "vitória de Você" read wrong.
    seats = [SeatSetup(tr("life.tutorial.person_name"))]
    for i in range(1, max(info.min_seats, min(3, info.max_seats))):
        seats.append(SeatSetup(bot_seat_name(game, easy, (s.name for s in seats), i), easy))
    try:
        table = open_table(app, game, seats, random.randrange(1, 10**6), {}, practice=True)
    except ValueError as e:
        app.notify(str(e), "error")
        return None
    table.tutorial = Tutorial(game)
    return table
