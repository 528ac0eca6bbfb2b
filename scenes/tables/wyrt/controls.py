"""The betting controls: fold, check/call, raise with a slider, ½ pot, pot,
all-in and a typed amount; the straddle prompt; cheating; getting up.

`BetControls` owns the pygame-gui widgets (built once per layout, shown and
hidden) and turns a click or a key into an engine action through the table's
`submit`. Every button's tooltip names its key. The raise amount the player
types goes to the engine as typed: the engine enforces the minimum raise and
its refusal explains it ([T3]).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from game import Action
from game.wyrt.records import (
    AllIn,
    Call,
    CheatGiveUp,
    CheatPress,
    Check,
    Fold,
    Join,
    Leave,
    NoStraddle,
    Raise,
    Stay,
    Straddle,
)
from scenes import ui
from scenes.i18n import tr
from scenes.tables.wyrt.money import money
from scenes.tables.wyrt.words import unit_words

#: key -> control name (shown in each button's tooltip)
KEYS: dict[int, str] = {
    pygame.K_f: "fold",
    pygame.K_c: "call",
    pygame.K_k: "call",
    pygame.K_r: "raise",
    pygame.K_a: "allin",
    pygame.K_h: "half",
    pygame.K_p: "pot",
    pygame.K_s: "straddle",
    pygame.K_n: "no_straddle",
    pygame.K_RETURN: "stay",
}
KEY_NAMES = {
    "fold": "F",
    "call": "C",
    "raise": "R",
    "allin": "A",
    "half": "H",
    "pot": "P",
    "straddle": "S",
    "no_straddle": "N",
    "stay": "Enter",
}

BETTING = ("fold", "call", "raise", "allin", "half", "pot", "slider", "amount")


class BetControls:
    """The control bar of the person to act."""

    def __init__(
        self,
        manager: pygame_gui.UIManager,
        container: Any,
        rect: pygame.Rect,
        submit: Callable[[Action], bool],
        ask: Callable[[str, str, Callable[[], None]], None],
    ) -> None:
        self.manager = manager
        self.container = container
        self.rect = pygame.Rect(rect)
        self.submit = submit
        self.ask = ask
        self.widgets: dict[str, Any] = {}
        self.view: dict[str, Any] | None = None
        self.unit = "T$"
        self.raise_to = 0
        self.lo = 0
        self.hi = 0
        self.legal: list[Action] = []
        #: an amount typed in the box (sent as typed: the engine judges it)
        self.typed: int | None = None
        self._build()
        self.hide()

    # -- building ----------------------------------------------------------------
    def _tip(self, name: str, key: str) -> str:
        return tr(f"wyrttable.tips.{name}", shortcut=KEY_NAMES.get(name, ""))

    def _button(
        self, name: str, rect: pygame.Rect, primary: bool = False, compact: bool = False
    ) -> None:
        # the sizing row is narrow: its words ("½ pote", "All-in T$ 1.000") need a smaller font
        style = "#primary_button" if primary else "#compact_button" if compact else None
        self.widgets[name] = ui.button(
            rect,
            "",
            self.manager,
            self.container,
            style,
            tooltip=self._tip(name, KEY_NAMES.get(name, "")),
        )

    def _build(self) -> None:
        r = self.rect
        gap = 8
        bh = min(44, (r.height - gap) // 2)
        bw = (r.width - 3 * gap) // 4
        y1, y2 = r.top, r.top + bh + gap
        x = [r.left + i * (bw + gap) for i in range(4)]
        # second row: the three big decisions; first row: sizing
        self._button("fold", pygame.Rect(x[0], y2, bw, bh))
        self._button("call", pygame.Rect(x[1], y2, bw, bh))
        self._button("raise", pygame.Rect(x[2], y2, bw * 2 + gap, bh), primary=True)
        sw = bw * 2 + gap - 2 * 60
        self.widgets["slider"] = pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(x[0], y1 + 4, sw, bh - 8), 1, (1, 2), self.manager, self.container
        )
        self.widgets["amount"] = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x[0] + sw + gap, y1 + 2, 120 - gap, bh - 4), self.manager, self.container
        )
        self.widgets["amount"].set_allowed_characters("numbers")
        self._button("half", pygame.Rect(x[2], y1, (bw - gap) // 2, bh), compact=True)
        self._button(
            "pot", pygame.Rect(x[2] + (bw + gap) // 2, y1, (bw - gap) // 2, bh), compact=True
        )
        self._button("allin", pygame.Rect(x[3], y1, bw, bh), compact=True)
        # other moments share the same places
        self._button("straddle", pygame.Rect(x[2], y2, bw * 2 + gap, bh), primary=True)
        self._button("no_straddle", pygame.Rect(x[1], y2, bw, bh))
        self._button("press", pygame.Rect(x[2], y2, bw * 2 + gap, bh), primary=True)
        self._button("give_up", pygame.Rect(x[1], y2, bw, bh))
        self._button("stay", pygame.Rect(x[2], y2, bw * 2 + gap, bh), primary=True)
        self._button("join", pygame.Rect(x[1], y2, bw, bh))
        # between hands and before a straddle, getting up sits at the left
        self._button("leave", pygame.Rect(x[0], y2, bw, bh))
        for name, key in (
            ("straddle", "wyrt.actions.straddle"),
            ("no_straddle", "wyrt.actions.no_straddle"),
            ("press", "wyrt.actions.cheat_press"),
            ("give_up", "wyrt.actions.cheat_give_up"),
            ("stay", "wyrttable.next_hand"),
            ("join", "wyrt.actions.join"),
            ("leave", "wyrttable.get_up"),
            ("fold", "wyrt.actions.fold"),
            ("half", "wyrttable.half_pot"),
            ("pot", "wyrttable.pot_button"),
        ):
            ui.fit_words(self.widgets[name], tr(key), self._tip(name, KEY_NAMES.get(name, "")))

    def kill(self) -> None:
        """Remove the widgets (before a rebuild)."""
        for w in self.widgets.values():
            w.kill()
        self.widgets = {}

    # -- state ---------------------------------------------------------------------
    def hide(self) -> None:
        """Nothing to do for the person at the screen."""
        for w in self.widgets.values():
            w.hide()
        self.view = None
        self.legal = []

    def _show(self, names: set[str]) -> None:
        for name, w in self.widgets.items():
            if name in names:
                w.show()
            else:
                w.hide()

    def show_for(self, view: dict[str, Any], legal: list[Action]) -> None:
        """Show what the seat may do now (from its view and the legal actions)."""
        if self.view is None or self.view.get("hand_log") != view.get("hand_log"):
            self.typed = None  # a new decision: the box and the slider start at the minimum
            self.raise_to = 0
        self.view = view
        self.legal = legal
        self.unit = view["unit"]
        kinds = {type(a) for a in legal}
        names: set[str] = set()
        if Stay in kinds:
            names |= {"stay"}
            if Join in kinds:
                names.add("join")
            if Leave in kinds:
                names.add("leave")
        elif Straddle in kinds:
            names |= {"straddle", "no_straddle"}
            if Leave in kinds:
                names.add("leave")
            self.widgets["straddle"].set_text(
                tr("wyrttable.straddle_for", amount=money(2 * view["big_blind"], self.unit))
            )
        elif CheatPress in kinds:
            names |= {"press", "give_up"}
        elif Fold in kinds:
            names |= {"fold", "call"}
            if AllIn in kinds:
                names.add("allin")
            owe = int(view["to_call"])
            self.widgets["call"].set_text(
                tr("wyrttable.call_amount", amount=money(owe, self.unit))
                if owe > 0
                else tr("wyrt.actions.check")
            )
            if view["can_raise"] and any(isinstance(a, Raise) for a in legal):
                names |= {"raise", "half", "pot", "slider", "amount"}
                self.lo, self.hi = int(view["min_raise_to"]), int(view["max_raise_to"])
                self.raise_to = max(self.lo, min(self.hi, self.raise_to or self.lo))
                if not self.lo <= self.raise_to <= self.hi:
                    self.raise_to = self.lo
                slider = self.widgets["slider"]
                slider.value_range = (self.lo, max(self.lo + 1, self.hi))
                slider.set_current_value(self.raise_to)
                self._sync_amount()
            allin_amount = int(view["seats"][view["seat"]]["stack"])
            self.widgets["allin"].set_text(
                tr("wyrttable.allin_amount", amount=money(allin_amount, self.unit))
            )
            # cheating and getting up mid-hand live in the top bar, away from slips
        self._show(names)

    def cheat_tip(self, view: dict[str, Any]) -> str:
        """The cheat button's tooltip: difficulty, who sets it, the targets and the odds."""
        c = view["cheat"]
        watcher = c["watcher"]
        who = view["seats"][watcher]["name"] if 0 <= watcher < len(view["seats"]) else "—"
        return tr(
            "wyrttable.tips.cheat",
            shortcut="T",
            difficulty=tr(f"wyrt.difficulty.{c['difficulty']}"),
            watcher=who,
            i_target=max(0, c["i_target"]),
            h_target=max(0, c["h_target"]),
            steal=round(100 * c["steal_chance"]),
            caught=round(100 * c["caught_chance"]),
        )

    def _raise_text(self, to: int) -> str:
        key = (
            "wyrttable.raise_to" if self.view and self.view["current_bet"] > 0 else "wyrttable.bet"
        )
        return tr(key, amount=money(to, self.unit))

    def _sync_amount(self, force: bool = False) -> None:
        """The button says what pressing it sends, the box the same amount (a box
        being typed in keeps the typing, unless the slider or a pot button moved
        the amount: `force`)."""
        amount = self.typed if self.typed is not None else self.raise_to
        self.widgets["raise"].set_text(self._raise_text(amount))
        entry = self.widgets["amount"]
        typing = entry.is_focused and self.typed is not None and not force
        if entry.get_text() != str(amount) and not typing:
            entry.set_text(str(amount))

    def set_raise(self, to: int) -> None:
        """Move the raise amount (clamped to what the slider allows)."""
        self.raise_to = max(self.lo, min(self.hi, to))
        self.typed = None
        self.widgets["slider"].set_current_value(self.raise_to)
        self._sync_amount(force=True)

    def pot_raise(self, fraction: float) -> int:
        """A raise of `fraction` of the pot: the call first, then that share of the new pot."""
        v = self.view or {}
        owe = int(v.get("to_call", 0))
        pot = int(v.get("pot_total", 0))
        return int(v.get("current_bet", 0)) + int((pot + owe) * fraction)

    # -- input -----------------------------------------------------------------------
    def handle_ui(self, event: pygame.event.Event) -> bool:
        """A pygame-gui event; True when it was one of ours."""
        if self.view is None:
            return False
        el = getattr(event, "ui_element", None)
        slider = self.widgets.get("slider")
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and el is slider and el is not None:
            self.raise_to = int(el.get_current_value())
            self.typed = None
            self._sync_amount(force=True)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and el is self.widgets.get("amount"):
            self.typed = self.typed_amount()
            if self.typed is not None:
                self.raise_to = max(self.lo, min(self.hi, self.typed))
                self.widgets["slider"].set_current_value(self.raise_to)
                self.widgets["raise"].set_text(self._raise_text(self.typed))
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and el is self.widgets.get("amount"):
            self.press("raise")
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for name, w in self.widgets.items():
                if el is w:
                    self.press(name)
                    return True
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        """A key press; True when it did something."""
        if self.view is None:
            return False
        if event.key in (pygame.K_UP, pygame.K_DOWN) and self.widgets["slider"].visible:
            step = int(self.view["big_blind"]) * (1 if event.key == pygame.K_UP else -1)
            self.set_raise(self.raise_to + step)
            return True
        name = KEYS.get(event.key)
        if name is None or not self.widgets[name].visible:
            return False
        self.press(name)
        return True

    def typed_amount(self) -> int | None:
        """The amount in the box, if it is a number."""
        text = self.widgets["amount"].get_text().strip()
        return int(text) if text.isdigit() else None

    def _then(self, action: Action) -> Callable[[], None]:
        """Submit `action` once the person says yes (a refusal is said in words)."""

        def go() -> None:
            self.submit(action)

        return go

    def press(self, name: str) -> None:
        """Do what a control says."""
        if name == "fold":
            if self.view and int(self.view["to_call"]) == 0:
                # folding when a check is free is almost always a slip: ask first
                self.ask(
                    tr("wyrttable.fold_free_title"),
                    tr("wyrttable.fold_free"),
                    self._then(Fold()),
                )
                return
            self.submit(Fold())
        elif name == "call":
            owe = int(self.view["to_call"]) if self.view else 0
            self.submit(Call() if owe > 0 else Check())
        elif name == "raise":
            if not self.submit(Raise(self.typed if self.typed is not None else self.raise_to)):
                # refused (said in words): the box and the button go back to an
                # amount the slider allows, not the refused one
                self.typed = None
                self._sync_amount(force=True)
        elif name == "allin":
            self.submit(AllIn())
        elif name == "half":
            self.set_raise(self.pot_raise(0.5))
        elif name == "pot":
            self.set_raise(self.pot_raise(1.0))
        elif name == "straddle":
            self.submit(Straddle())
        elif name == "no_straddle":
            self.submit(NoStraddle())
        elif name == "press":
            self.submit(CheatPress())
        elif name == "give_up":
            self.submit(CheatGiveUp())
        elif name == "stay":
            self.submit(Stay())
        elif name == "join":
            self.submit(Join())
        elif name == "leave":
            self.ask(
                tr("wyrttable.get_up_title"),
                unit_words("wyrttable.get_up_confirm", self.unit),
                self._then(Leave()),
            )
