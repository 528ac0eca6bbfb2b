"""What the Wyr table shows, read from a view: no pygame, no rules of its own.

The round indicator, the variant badges, groups and their totals, and the words
for the bet reveal (the table bet and why) all come from the engine's view and
events; this module only puts them in the order and shape the screen needs, so
tests can check them without a window.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from game import Event

#: Variant badges in the order they are drawn ([Y11]).
VARIANTS: tuple[str, ...] = ("hyninn", "nimb", "azgher", "thyatis", "tenebra")
#: Group letters as the seed names them (A1, B1, C1, A2, ...) ([Y1]).
GROUP_LETTERS = "ABC"


def active_variants(view: dict[str, Any]) -> list[str]:
    """The variants switched on, as badge ids ("hyninn" only with jokers)."""
    v = view.get("variants") or {}
    out = []
    for name in VARIANTS:
        value = v.get(name)
        if name == "hyninn":
            if int(value or 0) > 0:
                out.append(name)
        elif value:
            out.append(name)
    return out


@dataclass(frozen=True)
class RoundInfo:
    """The round indicator: who deals, how many seats have dealt, how it ends."""

    round: int
    dealer: int
    dealt: int
    dealers_total: int
    out: int
    #: seats still to deal before the "every seat dealt once" end ([Y10])
    left_to_deal: int


def round_info(view: dict[str, Any]) -> RoundInfo:
    """Read the round indicator from a view ([Y10])."""
    out = list(view.get("out") or [])
    dealt = list(view.get("dealt") or [])
    playing = [s for s in range(len(out)) if not out[s]]
    return RoundInfo(
        round=int(view.get("round", 1)),
        dealer=int(view.get("dealer", 0)),
        dealt=sum(1 for d in dealt if d),
        dealers_total=len(dealt),
        out=sum(1 for o in out if o),
        left_to_deal=sum(1 for s in playing if not dealt[s]),
    )


def group_letter(index: int) -> str:
    """ "A", "B", "C" for group 0, 1, 2."""
    return GROUP_LETTERS[index] if index < len(GROUP_LETTERS) else str(index + 1)


def seat_tag(view: dict[str, Any], seat: int) -> str | None:
    """ "A1", "B2"… in group play (the seed's own naming), else None ([Y1])."""
    groups = view.get("groups")
    if not groups:
        return None
    for g, members in enumerate(groups):
        if seat in members:
            return f"{group_letter(g)}{members.index(seat) + 1}"
    return None


def group_totals(view: dict[str, Any]) -> list[tuple[str, list[int], int]]:
    """(letter, members, money) for every group; empty without groups."""
    groups = view.get("groups")
    if not groups:
        return []
    money = view.get("money") or []
    return [
        (group_letter(g), list(members), sum(int(money[s]) for s in members))
        for g, members in enumerate(groups)
    ]


@dataclass(frozen=True)
class BetReveal:
    """Everything the bet reveal says ([Y2]).

    `reason` is "majority" (one value was picked most often), "tie_lowest"
    (several values tied for most often: the lowest of them), "all_different"
    (every pick differs: the lowest), "unanimous", or for group play
    "groups_agree" / "groups_lowest" (group proposals are the totals of the
    members' picks; when they differ the lowest stands).
    """

    picks: dict[int, int]
    table_bet: int
    reason: str
    #: the value(s) the reason talks about and how many lords picked it
    count: int
    #: group play: (letter, members, proposal) per group
    proposals: tuple[tuple[str, tuple[int, ...], int], ...] = ()
    #: lords who could not cover their part and went all in
    all_in: tuple[int, ...] = ()


def explain_bets(
    picks: dict[int, int],
    table_bet: int,
    groups: list[list[int]] | None = None,
    all_in: tuple[int, ...] = (),
) -> BetReveal:
    """Why the table bet is what it is, in the words of [Y2]."""
    if groups:
        proposals = tuple(
            (group_letter(g), tuple(m), sum(picks.get(s, 0) for s in m if s in picks))
            for g, m in enumerate(groups)
            if any(s in picks for s in m)
        )
        totals = {p for _, _, p in proposals}
        reason = "groups_agree" if len(totals) == 1 else "groups_lowest"
        return BetReveal(dict(picks), table_bet, reason, len(proposals), proposals, all_in)
    counts = Counter(picks.values())
    top = max(counts.values()) if counts else 0
    leaders = [v for v, c in counts.items() if c == top]
    if len(counts) == 1:
        reason = "unanimous"
    elif top == 1:
        reason = "all_different"
    elif len(leaders) > 1:
        reason = "tie_lowest"
    else:
        reason = "majority"
    return BetReveal(dict(picks), table_bet, reason, top, (), all_in)


def trade_round_text_params(view: dict[str, Any]) -> dict[str, int] | None:
    """Which of the two trade rounds, and the turn within it ([Y3])."""
    trade = view.get("trade")
    if not trade:
        return None
    per = max(1, int(trade["turns_total"]) // 2)
    return {
        "round": int(trade["trade_round"]),
        "turn": int(trade["turn_index"]) % per + 1,
        "turns": per,
    }


def money_history(match: Any, events: Iterable[Event] | None = None) -> list[list[int]]:
    """Every lord's money at the start and after each round: from `events` (a
    table's told history, which follows undo and Continue) or else replayed
    from the match's log. A joined table has no log to replay: it passes the
    events the host sent it."""
    from game import load_match
    from game.wyr.records import RoundEnded

    start = [int(match.public_view()["starting_money"])] * match.n_seats
    rows: list[list[int]] = [start]
    if events is None:
        replay = load_match(match.save(), upto=0)
        events = (ev for seat, action in match.log for ev in replay.apply(seat, action))
    rows += [list(ev.money) for ev in events if isinstance(ev, RoundEnded)]
    return rows


# ---------------------------------------------------------------------------
# The Hora da Verdade score board, built from events as they are shown


@dataclass
class BoardRow:
    """One lord on the score board ([Y7]-[Y9])."""

    seat: int
    combination: str
    points: int
    cards: list[str]
    dice: list[int] | None = None
    #: the Reis de Arton's second roll ([Y9]) or the Thyatis reroll ([Y11]), as shown
    extra: list[int] | None = None
    rerolled: tuple[int, int] | None = None
    score: int | None = None
    rolloff: list[int] | None = None
    payout: int = 0


@dataclass
class ScoreBoard:
    """The board of one Hora da Verdade, in show order (best combination first)."""

    round: int
    rows: list[BoardRow]
    winners: tuple[int, ...] = ()
    reason: str = ""
    pot: int = 0

    def row(self, seat: int) -> BoardRow | None:
        """The row of a seat."""
        return next((r for r in self.rows if r.seat == seat), None)

    def play(self, event: Any) -> None:
        """Move the board on by one engine event (unknown events change nothing)."""
        from game.wyr import records as R

        row = self.row(getattr(event, "seat", -1))
        if isinstance(event, R.DiceRolled) and row is not None:
            if event.kind == "main":
                row.dice = list(event.dice)
            elif event.kind == "reis_second":
                row.extra = list(event.dice)
            else:
                row.rolloff = list(event.dice)
        elif isinstance(event, R.ReisBestKept) and row is not None:
            row.dice = list(event.dice)
        elif isinstance(event, R.DieRerolled) and row is not None:
            row.rerolled = (event.old, event.new)
            row.dice = list(event.dice)
        elif isinstance(event, R.ScoreSet) and row is not None:
            row.score = event.score
        elif isinstance(event, R.RoundWon):
            self.winners, self.reason, self.pot = tuple(event.winners), event.reason, event.pot
        elif isinstance(event, R.PotMoved) and row is not None:
            row.payout += event.amount

    @staticmethod
    def from_shown(round_no: int, event: Any) -> ScoreBoard:
        """A fresh board from a `HandsShown` event."""
        rows = [
            BoardRow(s, name, pts, [c.code for c in hand])
            for s, hand, name, pts in zip(
                event.seats, event.hands, event.combinations, event.points, strict=True
            )
        ]
        return ScoreBoard(round_no, rows)

    @staticmethod
    def from_view(view: dict[str, Any]) -> ScoreBoard | None:
        """The board as the view has it (a match resumed mid-Hora da Verdade)."""
        show = view.get("show")
        if not show:
            return None
        rows = []
        for s in show["order"]:
            dice = show["dice"][s]
            rows.append(
                BoardRow(
                    s,
                    show["combinations"][s],
                    int(show["points"][s]),
                    list(show["hands"][s] or []),
                    list(dice) if dice is not None else None,
                    score=show["scores"][s],
                )
            )
        return ScoreBoard(int(view.get("round", 1)), rows)
