"""Practice aids at the Wyrt table: the hand's strength now, its equity against
the players still in (exact when every card is known, else sampled), the pot
odds of a call, and the one-line reason under a hint.

Numbers are computed off the render loop (a thread per decision) from the
viewer's own view only — or, when the player chose to see the bots' cards,
from those bots' views too, and then the equity is exact over the dice cards
still to come.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from game import Action
from game.cards import Card, standard_deck
from game.core import TableMatch
from game.wyrt import evaluator as ev
from game.wyrt import records as R
from game.wyrt.dice_cards import value_probabilities
from game.wyrt.equity import simulate, strength
from scenes import style
from scenes.i18n import tr
from scenes.tables.wyrt.words import category_text

SAMPLES = 3000


class AidsTable(Protocol):
    """What the practice aids read of their table."""

    @property
    def match(self) -> TableMatch: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def show_bots(self) -> bool: ...
    def is_human(self, seat: int) -> bool: ...
    def money(self, amount: int) -> str: ...


@dataclass(frozen=True)
class Aids:
    """The numbers shown for one decision."""

    category: str
    strength: float
    equity: float
    exact: bool
    samples: int
    opponents: int
    to_call: int
    pot: int

    @property
    def need(self) -> float:
        """The equity a call needs: what it costs over the pot it wins."""
        if self.to_call <= 0:
            return 0.0
        return self.to_call / (self.pot + self.to_call)


def dice_card_weights() -> list[tuple[Card, float]]:
    """Every dice card with its probability (suit 1/4, value from 2d6) ([T5])."""
    values = value_probabilities()
    return [(Card(v, s), p / 4) for v, p in values.items() for s in ("H", "S", "D", "C")]


def exact_equity(mine: list[Card], board: list[Card], others: list[list[Card]]) -> float:
    """My share of the pot averaged over every dice card still to come (all hands known)."""
    missing = 2 - len(board)
    outcomes: list[tuple[list[Card], float]] = [([], 1.0)]
    weights = dice_card_weights()
    for _ in range(missing):
        outcomes = [(b + [c], p * q) for b, p in outcomes for c, q in weights]
    total = 0.0
    for extra, p in outcomes:
        full = board + extra
        me = ev.evaluate(mine + full).score
        scores = [ev.evaluate(o + full).score for o in others]
        best = max(scores, default=-1)
        if me > best:
            total += p
        elif me == best:
            total += p / (1 + scores.count(best))
    return total


class PracticeAids:
    """Computes and draws the practice panel."""

    def __init__(self, table: AidsTable) -> None:
        self.table = table
        #: the decision on screen, (moves so far, viewer, bots' cards shown)
        self._want: tuple[Any, ...] | None = None
        #: the decision whose numbers are being (or were last) worked out
        self._started: tuple[Any, ...] | None = None
        #: the last numbers worked out, with the decision they belong to
        self._result: tuple[tuple[Any, ...], Aids] | None = None
        self._busy = False

    @property
    def aids(self) -> Aids | None:
        """The numbers of the decision on screen; None while they are worked out.
        Numbers of an earlier decision are never shown: they were another pot's,
        and in hot-seat perhaps another person's hand ([G4])."""
        r = self._result
        if r is None or r[0] != self._want or r[0][1] != self.table.viewer:
            return None  # another decision's, or drawn while nobody looks (a save's picture)
        return r[1]

    def forget(self) -> None:
        """The viewer changed: show nothing until their own numbers are ready."""
        self._want = None
        self._started = None

    def refresh(self) -> None:
        """Recompute when the decision changed (never on the render loop)."""
        t = self.table
        seat = t.viewer
        key = (len(t.match.log), seat, t.show_bots)
        self._want = key
        if key == self._started or self._busy:
            return  # a thread still busy with an older decision: next quiet frame
        self._started = key
        if seat is None:
            return
        view = t.match.view(seat)
        if view["phase"] != "betting" or not view["hand_cards"]:
            return
        others: list[list[Card]] | None = []
        opponents = [
            s for s, x in enumerate(view["seats"]) if s != seat and x["in_hand"] and not x["folded"]
        ]
        for s in opponents:
            if t.show_bots and not t.is_human(s) and others is not None:
                others.append([Card.from_code(c) for c in t.match.view(s)["hand_cards"]])
            else:
                others = None  # someone's cards are unknown: sample
        mine = [Card.from_code(c) for c in view["hand_cards"]]
        board = [Card.from_code(c) for c in view["board"]]
        to_call = int(view["to_call"])
        pot = int(view["pot_total"])
        self._busy = True

        def work() -> None:
            try:
                cat = ev.evaluate(mine + board).category if len(mine) + len(board) >= 5 else ""
                pct = strength(mine, board)
                if others is not None and opponents:
                    eq, exact, n = exact_equity(mine, board, others), True, 0
                else:
                    unseen = [c for c in standard_deck() if c not in mine]
                    r = random.Random(len(t.match.log) * 7919 + (seat or 0))
                    rep = simulate(mine, board, unseen, len(opponents), SAMPLES, r)
                    eq, exact, n = rep.equity(), False, SAMPLES
                self._result = (key, Aids(cat, pct, eq, exact, n, len(opponents), to_call, pot))
            finally:
                self._busy = False

        threading.Thread(target=work, name="wyrt-aids", daemon=True).start()

    def reason(self, action: Action) -> str:
        """Why the strongest persona would do this, in one line."""
        a = self.aids
        if a is None:
            return tr("wyrttable.reason_general")
        eq = round(100 * a.equity)
        need = round(100 * a.need)
        if isinstance(action, R.Fold):
            return tr("wyrttable.reason_fold", equity=eq, need=need)
        if isinstance(action, R.Call):
            return tr("wyrttable.reason_call", equity=eq, need=need)
        if isinstance(action, R.Check):
            return tr("wyrttable.reason_check", equity=eq)
        if isinstance(action, (R.Raise, R.AllIn)):
            key = "wyrttable.reason_value" if a.equity >= 0.5 else "wyrttable.reason_bluff"
            return tr(key, equity=eq)
        return tr("wyrttable.reason_general")

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The practice panel on parchment."""
        surface.blit(style.parchment(rect.size), rect.topleft)
        x, y = rect.left + 14, rect.top + 10
        style.blit_text(surface, tr("wyrttable.aids_title"), 20, (x, y), style.INK, kind="serif")
        y += 30
        a = self.aids
        w = rect.width - 28
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if a is None:
            lines.append((tr("wyrttable.aids_wait"), style.INK_SOFT))
        else:
            if a.category:
                lines.append(
                    (
                        tr(
                            "wyrttable.aids_strength",
                            category=category_text(a.category),
                            pct=round(100 * a.strength),
                        ),
                        style.INK,
                    )
                )
            method = (
                tr("wyrttable.aids_exact") if a.exact else tr("wyrttable.aids_sampled", n=a.samples)
            )
            lines.append(
                (
                    tr("wyrttable.aids_equity", equity=round(100 * a.equity), n=a.opponents),
                    style.INK,
                )
            )
            lines.append((method, style.INK_SOFT))
            if a.to_call > 0:
                lines.append(
                    (
                        tr(
                            "wyrttable.aids_odds",
                            call=self.table.money(a.to_call),
                            pot=self.table.money(a.pot + a.to_call),
                            need=round(100 * a.need),
                        ),
                        style.INK,
                    )
                )
            else:
                lines.append((tr("wyrttable.aids_free"), style.INK_SOFT))
        for text, colour in lines:
            for part in style.wrap_text(text, 14, w):
                if y > rect.bottom - 18:
                    return
                style.blit_text(surface, part, 14, (x, y), colour)
                y += 18
