"""A tiny hidden-information game to exercise the engine contract and harness.

"Alta": each seat gets 3 cards; in each of 3 rounds every seat secretly picks a
card (simultaneous), then all picks are revealed and the highest rank scores.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from game.cards import Card, Deck, standard_deck
from game.core import Action, Event, IllegalAction, Match, MatchOver
from game.registry import TOURNAMENT_OPTION, TURN_LIMIT_OPTION, GameInfo, OptionSpec


@dataclass(frozen=True)
class Pick(Action):
    card: Card


@dataclass(frozen=True)
class PicksRevealed(Event):
    picks: tuple[Card, ...]
    winners: tuple[int, ...]


class AltaMatch(Match):
    game_name = "alta"

    def __init__(self, seats: list[str], seed: int, options: dict[str, Any]) -> None:
        super().__init__(seats, seed, options)
        self.deck = Deck(standard_deck())
        self.deck.shuffle(self.rng)
        self.hands = [self.deck.draw(options["hand"]) for _ in seats]
        self.picks: list[Card | None] = [None] * len(seats)
        self.table: list[Card] = []
        self.score = [0] * len(seats)

    @property
    def to_move(self) -> list[int]:
        if not any(self.hands) or self.timed_out:
            return []
        return [s for s in range(self.n_seats) if self.picks[s] is None]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move:
            return []
        return [Pick(c) for c in sorted(set(self.hands[seat]))]

    def check(self, seat: int, action: Action) -> None:
        if not isinstance(action, Pick):
            raise IllegalAction("alta", "tiny.illegal.pick_only")
        if action.card not in self.hands[seat]:
            raise IllegalAction("alta", "tiny.illegal.not_in_hand", card=str(action.card))

    def _apply(self, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, Pick)
        self.hands[seat].remove(action.card)
        self.picks[seat] = action.card
        if any(p is None for p in self.picks):
            return []
        picks = tuple(p for p in self.picks if p is not None)
        best = max(c.rank for c in picks)
        winners = tuple(s for s, c in enumerate(picks) if c.rank == best)
        for w in winners:
            self.score[w] += 1
        self.table.extend(picks)
        self.picks = [None] * self.n_seats
        self.turn += 1
        limit = self.options.get("turn_limit", 0)
        if limit and self.turn >= limit and any(self.hands):
            self.timed_out = True
        events: list[Event] = [PicksRevealed(picks, winners)]
        if self.is_over:
            events.append(
                MatchOver(tuple(tuple(g) for g in self.standings()), timed=self.timed_out)
            )
        return events

    def view(self, seat: int) -> dict[str, Any]:
        v = self.public_view()
        v["hand"] = [c.code for c in self.hands[seat]]
        v["my_pick"] = self.picks[seat].code if self.picks[seat] else None
        return v

    def public_view(self) -> dict[str, Any]:
        return {
            "hand_sizes": [len(h) for h in self.hands],
            "picked": [p is not None for p in self.picks],
            "table": [c.code for c in self.table],
            "score": list(self.score),
        }

    def standings(self) -> list[list[int]]:
        levels = sorted(set(self.score), reverse=True)
        return [[s for s in range(self.n_seats) if self.score[s] == lv] for lv in levels]

    def distance_to_victory(self, seat: int) -> float:
        return float(max(self.score) - self.score[seat])

    def snapshot(self) -> dict[str, Any]:
        return {
            "deck": [c.code for c in self.deck.cards],
            "hands": [[c.code for c in h] for h in self.hands],
            "picks": [p.code if p else None for p in self.picks],
            "table": [c.code for c in self.table],
            "score": self.score,
        }


def invariants(match: Match) -> None:
    assert isinstance(match, AltaMatch)
    cards: Counter[Card] = Counter(match.deck.cards)
    for h in match.hands:
        cards.update(h)
    cards.update(p for p in match.picks if p)
    cards.update(match.table)
    assert cards == Counter(standard_deck()), "cards not conserved"


def check_view(match: Match, seat: int, view: dict[str, Any]) -> None:
    assert isinstance(match, AltaMatch)
    text = str(view)
    assert "deck" not in view
    for other in range(match.n_seats):
        if other != seat and match.picks[other] is not None:
            assert (
                view["my_pick"] != match.picks[other].code
                or match.picks[seat] == match.picks[other]
            )
    assert view["hand"] == [c.code for c in match.hands[seat]], text


INFO = GameInfo(
    name="alta",
    min_seats=2,
    max_seats=5,
    match_class=AltaMatch,
    options=(
        OptionSpec("hand", "int", 3, minimum=1, maximum=8),
        TURN_LIMIT_OPTION,
        TOURNAMENT_OPTION,
    ),
    bot_ids=("random",),
    invariants=invariants,
    check_view=check_view,
)
