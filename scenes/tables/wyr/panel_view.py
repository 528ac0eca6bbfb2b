"""What the panel under the Wyr table says: the words of the step, and in
practice the aids (chances, best discards, the spread of the score); the
painter (painting.py) paints them with the person's hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scenes import style
from scenes.i18n import tr
from scenes.tables.wyr import aids
from scenes.tables.wyr.choices import TradeChoice
from scenes.tables.wyr.look import Line
from scenes.tables.wyr.model import (
    trade_round_text_params,
)
from scenes.tables.wyr.words import cards_text, money


def panel_lines(
    view: dict[str, Any],
    mine: bool,
    choice: TradeChoice | None,
    movers: Callable[[], list[int]],
    name: Callable[[int], str],
) -> list[Line]:
    """What the controls panel says: the decision, whose turn, the round of trade
    (`mine`: the person at the screen must act; `movers`: who the screen says must)."""
    out: list[Line] = []
    phase = str(view.get("phase"))
    if phase == "over":
        return [(tr("wyr.phases.over"), 22, style.INK, "serif")]
    if phase == "bet":
        out.append((tr("wyrtable.bet.title"), 20, style.INK, "serif"))
        if mine:
            out.append((tr("wyrtable.bet.help"), 14, style.INK, "sans"))
        elif view.get("my_pick") is not None:
            out.append(
                (
                    tr("wyrtable.bet.picked", amount=money(int(view["my_pick"]))),
                    15,
                    style.INK,
                    "bold",
                )
            )
            waiting = [name(s) for s in movers()]
            if waiting:
                out.append(
                    (
                        tr("wyrtable.bet.waiting", names=", ".join(waiting)),
                        13,
                        style.INK_SOFT,
                        "sans",
                    )
                )
        else:
            out.append((tr("wyrtable.phrase.bet"), 14, style.INK_SOFT, "sans"))
    elif phase == "mulligan":
        out.append((tr("wyr.phases.mulligan"), 20, style.INK, "serif"))
        out.append((tr("wyrtable.mulligan_help"), 14, style.INK, "sans"))
    elif phase == "trade":
        params = trade_round_text_params(view) or {"round": 1, "turn": 1, "turns": 1}
        who = name(int(view["trade"]["seat"]))
        mao = bool(view["trade"]["mao_de_wyr"])
        title = tr("wyr.ui.mao_de_wyr") if mao else tr("wyrtable.trade.title", **params)
        out.append((title, 20, style.INK, "serif"))
        if mine and mao:
            out.append((tr("wyrtable.mao.help"), 13, style.INK, "sans"))
            options = "  ·  ".join(f"{k}: " + tr(f"wyr.ui.mao_option_{k}") for k in (1, 2, 3))
            out.append((options, 12, style.INK_SOFT, "sans"))
        elif mine:
            out.append((tr("wyrtable.trade.help"), 13, style.INK, "sans"))
            ch = choice
            if ch is not None and ch.selected and ch.need("table"):
                out.append(
                    (
                        tr(
                            "wyrtable.trade.chosen",
                            chosen=len(ch.takes),
                            count=ch.need("table"),
                        ),
                        13,
                        style.INK,
                        "bold",
                    )
                )
            if view.get("variants", {}).get("tenebra"):
                out.append((tr("wyrtable.trade.tenebra"), 13, style.INK_SOFT, "sans"))
        else:
            out.append((tr("wyrtable.trade.whose", name=who, **params), 15, style.INK, "bold"))
        if mine and choice is not None and choice.selected:
            out.append(
                (
                    tr("wyrtable.trade.selected", cards=cards_text(choice.discard)),
                    13,
                    style.RED,
                    "bold",
                )
            )
    elif phase == "show":
        out.append((tr("wyr.ui.hora_da_verdade"), 20, style.INK, "serif"))
        out.append((tr("wyrtable.phrase.hora"), 14, style.INK_SOFT, "sans"))
        out.append((tr("wyrtable.show_help"), 13, style.INK, "sans"))
    elif phase == "thyatis":
        out.append((tr("wyr.ui.hora_da_verdade"), 20, style.INK, "serif"))
        show = view.get("show") or {}
        pending = show.get("pending")
        if mine:
            out.append((tr("wyrtable.thyatis.help"), 14, style.INK, "sans"))
        elif pending is not None and int(pending) in movers():
            # only once the rolls on screen have caught up: the snapshot's
            # "pending" is one decision behind while they play out
            out.append(
                (
                    tr("wyrtable.thyatis.waiting", name=name(int(pending))),
                    14,
                    style.INK,
                    "sans",
                )
            )
    return out


class AidWords:
    """The practice panel's words, kept while the decision and the selection stay."""

    def __init__(self) -> None:
        self._cache: tuple[tuple[Any, ...], list[str]] | None = None

    def lines(
        self,
        view: dict[str, Any],
        viewer: int | None,
        choice: TradeChoice | None,
        mine: bool,
        position: tuple[int, int],
    ) -> list[str]:
        """The practice panel's words, cached per decision (`position`: the match's
        log length and identity) and selection (`mine`: the person must act now)."""
        ch = choice
        key = (
            position[0],
            viewer,
            tuple(ch.selected) if ch else (),
            tuple(ch.takes) if ch else (),
            position[1],
        )
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        lines = _aid_lines(view, viewer, choice if mine else None)
        self._cache = (key, lines)
        return lines


def _aid_lines(view: dict[str, Any], seat: int | None, ch: TradeChoice | None) -> list[str]:
    """The practice panel's words (`ch`: the person's selection, while he acts)."""
    phase = view.get("phase")
    if seat is None:
        return []
    if phase == "trade" and view["hand"] and not view["hand_hidden"]:
        trade = view.get("trade") or {}
        mao = bool(trade.get("mao_de_wyr"))
        lines = []
        if ch is not None and ch.selected:
            pile = aids.improve_chance(view, ch.selected, "pile")
            lines.append(tr("wyrtable.aids.pile", percent=round(pile * 100)))
            if "table" in ch.sources():
                table = aids.improve_chance(view, ch.selected, "table", ch.takes)
                lines.append(tr("wyrtable.aids.table", percent=round(table * 100)))
        lines.append(tr("wyrtable.aids.best"))
        hand = aids.hand_cards(view)
        for idx, p in aids.best_discards(view, mao):
            lines.append(
                tr(
                    "wyrtable.aids.best_line",
                    cards=cards_text([hand[i] for i in idx]),
                    percent=round(p * 100),
                )
            )
        return lines
    if phase == "thyatis":
        show = view["show"]
        pending = show.get("pending")
        lines = []
        if pending == seat:
            keep, again = aids.reroll_chances(view, seat)
            lines.append(
                tr("wyrtable.aids.thyatis", keep=round(keep * 100), again=round(again * 100))
            )
        elif show["scores"][seat] is not None or show["points"][seat] is not None:
            lines.append(tr("wyrtable.aids.pot", percent=round(aids.pot_chance(view, seat) * 100)))
        lines.append(tr("wyrtable.aids.spread"))
        return lines
    if phase == "bet":
        return [tr("wyrtable.aids.bet_help")]
    return []


def aid_histogram(
    view: dict[str, Any], seat: int | None
) -> tuple[list[tuple[int, float]], int | None] | None:
    """The spread of the viewer's score and the best score shown so far (practice)."""
    show = view.get("show")
    if not show or seat is None or show["points"][seat] is None:
        return None
    nimb = bool(view["variants"]["nimb"])
    dist = aids.score_distribution(int(show["points"][seat]), nimb)
    scored = [int(x) for i, x in enumerate(show["scores"]) if x is not None and i != seat]
    return dist, (max(scored) if scored else None)
