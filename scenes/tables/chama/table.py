"""The Chama table: every seat's formation, pool and piles, the battle in the
centre, the turn bar, the hand, and the controls.

The scene holds no rules. What may be clicked is what `legal_actions` lists;
a click the engine refuses comes back with the rule's own reason. Engine
events drive the animations (cards flying, realms razed, spoils drawn).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import Action, Event
from game.cards import Card, parse_card
from game.chama import actions as A
from game.chama import events as E
from game.core import TableMatch
from scenes import style, ui
from scenes.i18n import later, tr
from scenes.tables.base import TableScene
from scenes.tables.chama import animations, focus, prompts
from scenes.tables.chama import layout as L
from scenes.tables.chama.animations import ChamaEffects, warm_sizes, warm_up
from scenes.tables.chama.calculator import calc_room
from scenes.tables.chama.clicks import ChamaClicks, TableInput, Turn, hand_codes, target_at
from scenes.tables.chama.controls import ControlRow, Entry, button_actions, button_label
from scenes.tables.chama.display import Display, before_draws
from scenes.tables.chama.effects import Fx
from scenes.tables.chama.formation_view import AreaMarks
from scenes.tables.chama.hints import reason
from scenes.tables.chama.look import seat_colour, seat_emblem
from scenes.tables.chama.painting import ChamaFrame, ChamaPainter
from scenes.tables.chama.selection import Hit, Selection, marks_for
from scenes.tables.face import SeatSetup
from scenes.text_scale import scaled

if TYPE_CHECKING:
    from scenes.keyboard import FocusTarget
    from scenes.manager import AppHost

SLOTS = "ABCDEF"


class ChamaTable(TableInput, TableScene):
    """Plays a `ChamaMatch`."""

    BOT_PACE = 0.35
    KEY_LINES = (
        "chamatable.keys.enter",
        "chamatable.keys.back",
        "chamatable.keys.reveal",
        "chamatable.keys.calc",
    )
    #: event fields naming seats, beyond the base's (an armistice's, a xisum's)
    SEAT_FIELDS = (*TableScene.SEAT_FIELDS, *animations.SEAT_FIELDS)

    def __init__(
        self,
        app: AppHost,
        match: TableMatch,
        seats: list[SeatSetup],
        practice: bool = False,
        **hooks: Any,
    ) -> None:
        super().__init__(app, match, seats, practice=practice, **hooks)
        self.lay: L.Layout | None = None
        self.display = Display()
        self._view_cache: tuple[tuple[int, int | None], dict[str, Any]] | None = None
        self.settled: dict[str, Any] = self.current_view()
        if self.events:  # the opening deal is still to be shown
            self.settled = before_draws(self.settled, list(self.events), self.viewer)
        self.fx: list[Fx] = []
        self.row: ControlRow | None = None
        #: the viewer's picks: a hand card, a realm to rebuild, a Xisum commander, a drag
        self.sel = Selection()
        self.show_calc = practice
        self.pulse = 0.0
        self.turn_key: tuple[Any, ...] = ()
        self.extra_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self._warm: list[tuple[Card, int]] = []
        self.effects = ChamaEffects(
            self.fx, self.tweens, self.seats, self._play_sound, self.said_of
        )
        self.clicks = ChamaClicks(
            self.sel,
            self.submit,
            self.app.notify,
            self.refresh_controls,
            lambda: self.waiting_prompt(self.view()),
        )
        self.paint = ChamaPainter()

    # -- views ------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        """The viewer's view, computed once per change of the match."""
        key = (len(self.match.log), self.viewer)
        if self._view_cache is None or self._view_cache[0] != key:
            self._view_cache = (key, self.current_view())
        return self._view_cache[1]

    def shown(self) -> dict[str, Any]:
        """What the table paints now: the animated copy, or the engine's view."""
        return self.display.view if self.display.view is not None else self.view()

    def my_turn(self) -> bool:
        """True when the person at the screen must act now (and nothing is moving)."""
        return (
            self.viewer is not None
            and self.viewer in self.match.to_move
            and self.is_human(self.viewer)
            and not self.events
            and not self.animating()
        )

    def legal(self) -> list[Action]:
        """The viewer's legal moves now (none when it is not his move)."""
        if not self.my_turn() or self.viewer is None:
            return []
        return self.match.legal_actions(self.viewer)

    def bottom_seat(self) -> int:
        """Who sits at the bottom: the person at the screen, else the first human, else 0."""
        if self.viewer is not None:
            return self.viewer
        return self.humans[0] if self.humans else 0

    @property
    def duplas(self) -> bool:
        """Duplas mode ([C14])."""
        return self.settled.get("mode") == "duplas"

    def seat_look(self, seat: int) -> tuple[tuple[int, int, int], str]:
        return seat_colour(seat, self.duplas), seat_emblem(seat)

    def turn(self) -> Turn:
        """What a click is read against now."""
        return Turn(self.view(), self.legal(), self.viewer, self.my_turn(), self.hand_codes())

    def hand_codes(self) -> list[str]:
        """The shown hand, in the order it is painted."""
        return hand_codes(self.shown())

    def calc_room(self, view: dict[str, Any]) -> int:
        """Width kept in the hand strip for the battle calculator (0 when not shown)."""
        return calc_room(view, self.lay.hand if self.lay else None, self.show_calc)

    def target_at(self, pos: tuple[int, int]) -> Hit | None:
        """What is under the mouse (see `clicks.target_at`)."""
        if self.lay is None:
            return None
        view = self.shown()
        return target_at(self.lay, view, self.viewer, self.calc_room(view), pos)

    def marks_for(self, seat: int, view: dict[str, Any], legal: list[Action]) -> AreaMarks:
        """Highlights of one area for this frame."""
        spoils = self.view().get("spoils_card")
        return marks_for(seat, view, legal, self.sel, self.viewer, spoils)

    # -- layout -----------------------------------------------------------------
    def layout(self) -> None:
        self.paint.areas.clear()
        self.lay = L.compute(self.app.size, len(self.seats), self.bottom_seat())
        lay = self.lay
        n = max(1, len(self.seats))
        # room for a tag line under the name; taller cards at a larger text size
        seat_h = min(n * scaled(84), int(lay.right.height * (0.5 if scaled(10) == 10 else 0.62)))
        self.seat_panel.set_rect(
            pygame.Rect(lay.right.left + 14, lay.right.top, lay.right.width - 14, seat_h)
        )
        self.log.set_rect(
            pygame.Rect(
                lay.right.left,
                lay.right.top + seat_h + 6,
                lay.right.width,
                lay.right.height - seat_h - 6,
            )
        )
        self.row = ControlRow(self.app.ui_manager, self.ui, lay.controls)
        suits = [p["suit"] for p in self.settled["players"]]
        self._warm = [
            (parse_card(f"{r}{s}"), w)
            for w in warm_sizes(self.lay)
            for s in suits
            for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
        ]
        self.extra_buttons = {}
        left_of = min((b.rect.left for b in self.buttons.values()), default=self.app.size[0] - 16)
        if self.practice:  # the bots' hands are the pause menu's one reveal switch (or H)
            self.extra_buttons["calc"] = ui.button(
                pygame.Rect(left_of - 128, 12, 120, 36),
                tr("chamatable.practice.calc"),
                self.app.ui_manager,
                self.ui,
                tooltip=tr("chamatable.practice.calc_tip"),
            )
        self.refresh_controls()

    def _relayout_if_rotated(self) -> None:
        if self.lay is not None and self.lay.positions.get(self.bottom_seat()) != "bottom":
            self.lay = L.compute(self.app.size, len(self.seats), self.bottom_seat())

    # -- the flow -----------------------------------------------------------------
    def animating(self) -> bool:
        """Effects the table waits for (floating words are decoration)."""
        return any(fx.blocking for fx in self.fx)

    def on_match_over(self) -> None:
        """The prompt under the victory screen says the match is over (it still
        named the last mover)."""
        self.refresh_controls()
        super().on_match_over()

    def toast_area(self) -> pygame.Rect | None:
        """Messages stand above the bar of buttons at the bottom, as wide as it."""
        if self.lay is None:
            return None
        c = self.lay.controls
        return pygame.Rect(c.left, 0, c.width, c.top - 4)

    def finish_animations(self) -> None:
        self.fx.clear()  # cards land where the settled view shows them

    def hide_secrets(self) -> None:
        # the animated copy and the selections are the last viewer's hand
        self.display.stop()
        self.fx.clear()
        self.sel.drag = None
        self.sel.hover = None
        self.sel.clear()
        self._view_cache = None

    def show_secrets(self) -> None:
        self._view_cache = None
        self.sel.clear()

    def tutorial_targets(self) -> dict[str, pygame.Rect]:
        out = super().tutorial_targets()
        lay = self.lay
        if lay is None:
            return out
        out.update(
            {
                "table": lay.board,
                "centre": lay.centre,
                "turn_bar": lay.turn_bar,
                "controls": lay.controls,
                "hand": lay.hand,
            }
        )
        area = lay.areas.get(self.bottom_seat())
        if area is not None:
            out["formation"] = area.slots[0].unionall(area.slots[1:])
            out["pool"] = area.pool
            out["piles"] = area.draw_pile.union(area.discard_pile)
        return out

    def update(self, dt: float) -> None:
        self.pulse = (self.pulse + dt) % 1.6
        if self._warm:
            warm_up(self._warm)
        for fx in list(self.fx):
            fx.update(dt)
            if fx.done:
                self.fx.remove(fx)
        busy = bool(self.events) or self.animating() or self.tweens.busy
        super().update(dt)
        if not self.events and not self.animating() and not self.tweens.busy:
            if self.display.view is not None or busy:
                self.display.stop()
                self._view_cache = None
                self.settled = self.view()
                human = self.human_to_act()
                if human is not None and human == self.viewer:
                    self.on_human_turn(human)  # the same frame the table settles
                self.refresh_controls()
        elif self.display.view is None:
            self.display.start(self.settled)

    def sync(self) -> None:
        """Snap to the engine (undo, load, curtain)."""
        self._view_cache = None
        self.display.stop()
        self.fx.clear()
        self.settled = self.view()
        self.sel.clear()
        self._relayout_if_rotated()
        self.turn_key = ()
        self.refresh_controls()

    def on_human_turn(self, seat: int) -> None:
        self._relayout_if_rotated()
        view = self.view()
        key = (seat, len(self.match.log), view.get("phase"))
        if key == self.turn_key:
            return
        self.turn_key = key
        self.sel.clear(keep_rebuild=False)
        spoils = view.get("spoils_card")
        if spoils and view.get("phase") == "spoils":
            self.sel.selected = spoils
        self.refresh_controls()

    def submit(self, action: Action, seat: int | None = None) -> bool:
        self.display.start(self.view())
        ok = super().submit(action, seat)
        self._view_cache = None
        if ok:
            self.sel.clear()
        else:
            self.display.stop()
        self.refresh_controls()
        return ok

    # -- input ------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if not self.table_event(event):
            super().handle_event(event)

    def table_targets(self) -> list[FocusTarget]:
        return focus.table_targets(self)

    def back_out(self) -> bool:
        return focus.back_out(self)

    # -- events: the log and the animations ---------------------------------------------
    def log_event(self, event: Event, **extra: Any) -> None:
        if isinstance(event, E.StepStarted):
            return  # the turn bar shows the step; the log keeps what happened
        # a private event is kept too: `event_text` words it only for its owner,
        # and the base tells the log again whenever another person looks
        super().log_event(event, **extra)

    def event_extra(self, event: Event) -> dict[str, Any]:
        """Card names, outcome words and seat names for an event's log line."""
        return animations.event_extra(event, self.seats)

    def play_event(self, event: Event) -> None:
        self.log_event(event)
        self.display.start(self.settled)
        self.display.apply(event, self.view(), self.viewer)
        self._view_cache = None
        if self.tweens.scaled(1.0) <= 0 or self.lay is None:
            return
        # an animation never stops the table; the state is drawn anyway
        with contextlib.suppress(KeyError, IndexError, ValueError):
            self.effects.animate(event, self.lay, self.viewer, self.shown())

    def _play_sound(self, name: str) -> None:
        self.app.sound.play(name)

    # -- painting ------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        if self.lay is not None:
            self.paint.draw(surface, self.frame(self.lay))

    def frame(self, lay: L.Layout) -> ChamaFrame:
        """What the painter shows this frame."""
        view = self.shown()  # the felt lies in the layer under the frame (`under_layer`)
        legal = self.legal()
        revealed = set(self.revealed_seats())
        return ChamaFrame(
            lay=lay,
            view=view,
            legal=legal,
            viewer=self.viewer,
            names=[s.name for s in self.seats],
            looks={seat: self.seat_look(seat) for seat in range(len(self.seats))},
            headers={seat: self.header_for(seat, view) for seat in lay.areas},
            marks={seat: self.marks_for(seat, view, legal) for seat in lay.areas},
            bot_hands={seat: self.match.view(seat) for seat in lay.areas if seat in revealed},
            sel=self.sel,
            pulse=self.pulse,
            fx=self.fx,
            row=self.row,
            show_calc=self.show_calc,
            calc_room=self.calc_room(view),
            last_result=self.effects.last_result,
            my_turn=self.my_turn(),
        )

    def under_layer(self, size: tuple[int, int]) -> pygame.Surface:
        """The wood with the felt and its border, put together once per layout."""
        return self.paint.under_layer(size, self.lay)

    def draw_status(self, surface: pygame.Surface) -> None:
        view = self.view()
        if self.match.is_over:
            super().draw_status(surface)
            return
        base = tr("chamatable.status", game=view.get("game_no", 1), turn=view.get("turn", 0))
        to_act = self.to_act_note()
        thinking = ""
        if self.worker.busy and self.worker.seat is not None:
            thinking = "  ·  " + tr("ui.table.thinking", name=self.seats[self.worker.seat].name)
        left_of = min(
            [b.rect.left for b in self.buttons.values()]
            + [b.rect.left for b in self.extra_buttons.values()],
            default=surface.get_width() - 16,
        )
        # the longest line that fits at full size: with many buttons at 1024x640
        # the whole line shrank to tiny letters; the thinking bot names who acts
        skip = self.skip_note()
        choices = [base + to_act + thinking + skip, base + to_act + thinking, base + thinking]
        text = next(
            (c for c in choices if style.text_width(c, 17, "bold") <= left_of - 40),
            base + to_act,
        )
        style.blit_text(
            surface,
            text,
            17,
            (20, 20),
            style.CREAM,
            kind="bold",
            shadow=style.BLACK,
            max_width=left_of - 40,
        )

    # -- controls -----------------------------------------------------------------
    def refresh_controls(self) -> None:
        """Buttons and prompt for the viewer's move now."""
        if self.row is None:
            return
        legal = self.legal()
        view = self.view()
        phase = str(view.get("phase"))
        entries: list[Entry] = []
        if not legal:
            self.row.set([], self.waiting_prompt(view))
            return
        sel = self.sel
        if sel.rebuild_slot is not None:
            entries.append(
                Entry(
                    tr("chamatable.rebuild.confirm", count=len(sel.rebuild_pick)),
                    self.clicks.do_rebuild,
                    primary=True,
                    enabled=len(sel.rebuild_pick) == 3,
                )
            )
            entries.append(Entry(tr("ui.common.back"), self.clicks.cancel_rebuild))
            self.row.set(entries, tr("chamatable.prompt.rebuild", slot=SLOTS[sel.rebuild_slot]))
            return
        for action in button_actions(legal):
            name = type(action).__name__
            run = self._runner(action, forced=len(legal) == 1)
            primary = len(legal) == 1 or (
                name in ("EndStep", "ContinueBattle", "KeepHand", "Stop")
                and not (name == "Stop" and self._can_turn_battle(legal))
            )
            label = button_label(action, phase)
            b = view.get("battle")
            if name == "Stop" and b and self.viewer not in (b["attacker"], b["defender"]):
                label = tr("chamatable.buttons.stay_out")  # an Aliados helper [C15]
            entries.append(Entry(label, run, primary=primary, action=action))
        if len(legal) == 1 and len(entries) == 1:
            # the engine asks even when one answer is possible ([C10], [C17]): one
            # short line and Enter, worded the same whatever made it the only one
            self.row.set(entries, self._only_prompt(phase, entries[0].label))
            return
        self.row.set(entries, self._prompt(view, legal))

    def _only_prompt(self, phase: str, label: str) -> str:
        """The prompt of a question with one answer: nothing to do, Enter goes on."""
        if phase == "spoils":
            return tr("chamatable.prompt.only_spoils")
        return tr("chamatable.prompt.only", button=label)

    def _can_turn_battle(self, legal: list[Action]) -> bool:
        return any(isinstance(a, (A.Reinforce, A.PlayArmistice)) for a in legal)

    def _runner(self, action: Action, forced: bool = False) -> Callable[[], None]:
        def run() -> None:  # a button's run: whether the engine took it, `submit` shows
            self.submit(action)

        if isinstance(action, A.Redraw):
            return lambda: self.app.confirm(
                later("chamatable.redraw.title"),
                later("chamatable.redraw.message"),
                run,
                yes=later("chamatable.redraw.yes"),
            )
        if isinstance(action, A.Decline) and not forced:  # a forced decline needs no warning
            return lambda: self.app.confirm(
                later("chamatable.decline.title"),
                later("chamatable.decline.message"),
                run,
                yes=later("chamatable.decline.yes"),
            )
        return run

    def waiting_prompt(self, view: dict[str, Any]) -> str:
        if self.shows_the_end():
            return tr("chamatable.prompt.over")
        movers = self.match.to_move
        if not movers:
            return ""
        return tr("chamatable.prompt.waiting", name=self.seats[movers[0]].name)

    def _prompt(self, view: dict[str, Any], legal: list[Action]) -> str:
        names = [seat.name for seat in self.seats]
        return prompts.prompt(view, legal, self.sel, self.viewer, names)

    # -- clicks ---------------------------------------------------------------------
    def header_for(self, seat: int, view: dict[str, Any]) -> list[tuple[str, tuple[int, int, int]]]:
        """The words on top of a seat's area."""
        return prompts.header(seat, view, self.seats[seat].name)

    def seat_lines(self, seat: int) -> list[str]:
        view = self.view()
        p = view["players"][seat]
        if not p["alive"]:
            return [tr("chamatable.seat.out")]
        unrazed = sum(1 for f in p["formation"] if f["card"] and not f["razed"])
        line = tr(
            "chamatable.seat.line",
            realms=unrazed,
            hand=p["hand_count"],
            deck=p["draw_count"],
            pool=len(p["pool"]),
        )
        lines = [line]
        if view.get("turn_limit"):
            lines.append(tr("chamatable.seat.score", score=p["score"]))
        if p.get("pineapple"):
            lines.append(tr("chamatable.seat.pineapple"))
        return lines

    def victory_lines(self) -> list[str]:
        """Each seat's table at the end: realms, razes, score."""
        view = self.match.public_view()
        lines = []
        for s, p in enumerate(view["players"]):
            unrazed = sum(1 for f in p["formation"] if f["card"] and not f["razed"])
            line = tr(
                "chamatable.victory.line", name=self.seats[s].name, count=unrazed, razes=p["razes"]
            )
            if view.get("turn_limit"):
                line += " · " + tr("chamatable.seat.score", score=p["score"])
            lines.append(line)
        if view.get("timed_out"):
            lines.append(tr("chamatable.victory.timed"))
        return lines

    def describe_action(self, action: Action) -> str:
        from scenes.tables.chama.hints import move_text

        return move_text(action, [s.name for s in self.seats])

    def hint_reason(self, action: Action) -> str:
        names = [s.name for s in self.seats]
        text = reason(self.view(), action, names).rstrip(".")
        if text and not any(text.startswith(n) for n in names):
            text = text[0].lower() + text[1:]  # it follows the move, in brackets
        return text

    def show_hint(self, action: Action) -> None:
        super().show_hint(action)  # the one hint line: the move, and `hint_reason`
        card = getattr(action, "card", None)
        if isinstance(action, (A.PlayRealm, A.AttachArmy)) and isinstance(card, Card):
            self.sel.selected = card.code
        # the hinted target is framed on the table until the next move
        if isinstance(action, A.Attack):
            self.sel.hint_mark = ("slot", action.target, SLOTS.index(action.slot))
        elif isinstance(action, (A.PresentPool, A.CallXisum)) and self.viewer is not None:
            self.sel.hint_mark = ("unit", self.viewer, action.uid)
        elif isinstance(action, (A.PlaySpoilsRealm, A.RebuildRealm)) and self.viewer is not None:
            self.sel.hint_mark = ("slot", self.viewer, SLOTS.index(action.slot))
        self.refresh_controls()
