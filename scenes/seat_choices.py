"""The words of the new-match screen's seat boxes: who sits (a person, a
friend elsewhere, a bot or persona) and each per-seat choice (War's colour,
Wyrt's persona), each as the forms a `WideDropDown` shows — the full text in
the open list, shorter ones for a narrow closed box."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game import GameInfo, OptionSpec
from scenes import style
from scenes.i18n import has, tr
from scenes.names import GENERIC_LEVELS, bot_label
from scenes.option_words import choice_label, short_bot_label
from scenes.widgets.wide_dropdown import BOX_PAD, TEXT_SIZE, Choice

HUMAN = "human"
#: a seat a friend takes from another machine (the table then opens a lobby)
REMOTE = "remote"


def kind_choices(game: str, info: GameInfo, practice: bool) -> list[Choice]:
    """Who may sit in a seat: a person, a friend elsewhere (not in practice:
    no practice aids online), then each bot, as "Bot · Captain (normal)",
    "Captain (normal)" and its short seat name ("Clandestino genial")."""
    kinds: list[Choice] = [((tr("ui.new_match.human"),), HUMAN)]
    if not practice:
        kinds.append(((tr("online.lobby.kinds.remote").capitalize(),), REMOTE))
    for bot in info.bot_ids:
        label = bot_label(game, bot)
        kinds.append(
            ((tr("ui.new_match.bot", level=label), label, short_bot_label(game, bot)), bot)
        )
    return kinds


def seat_choice_forms(game: str, info: GameInfo, spec: OptionSpec, value: Any) -> tuple[str, ...]:
    """The forms of one per-seat choice: its full label, then its short label;
    for the option naming each seat's bot (Wyrt's persona), the bot's short
    name, and "Auto" for the seat's own bot."""
    full = choice_label(game, spec, value)
    if spec.key != info.extra.get("bot_option"):
        short = f"{game}.options.{spec.key}.choices_short.{value}"
        return (full, tr(short)) if has(short) else (full,)
    return full, tr("ui.new_match.auto") if value == spec.default else short_bot_label(game, value)


def seat_choices(game: str, info: GameInfo, spec: OptionSpec) -> list[Choice]:
    """Every choice of a per-seat option, as drop-down choices."""
    return [(seat_choice_forms(game, info, spec, c), str(c)) for c in spec.choices or ()]


def seat_choice_need(game: str, info: GameInfo, per_seat: Sequence[OptionSpec]) -> int:
    """The box width the longest plain per-seat choice needs whole (the persona
    option is left out: its box says "Auto" or a short name)."""
    texts = [
        choice_label(game, o, c)
        for o in per_seat
        if o.key != info.extra.get("bot_option")
        for c in o.choices or ()
    ]
    return max((style.text_width(t, TEXT_SIZE) + BOX_PAD + 16 for t in texts), default=0)


def next_bot(info: GameInfo, taken: Sequence[str]) -> str:
    """The bot a new seat gets: the middle level; where the bots are characters
    (Wyrt's personas), the middle one not seated yet, then its neighbours in
    strength, so a new table is not one persona three times (never the boss)."""
    ids = [b for b in info.bot_ids if b != "morto"]
    if not ids:
        return "random"
    mid = len(ids) // 2
    if all(b in GENERIC_LEVELS for b in ids):
        return ids[mid]
    near = sorted(range(len(ids)), key=lambda i: (abs(i - mid), -i))
    return next((ids[i] for i in near if ids[i] not in taken), ids[mid])


def default_seat_count(info: GameInfo) -> int:
    """Seats a new-match form starts with: the game's say, else three (within its range)."""
    return int(info.extra.get("default_seats", max(info.min_seats, min(3, info.max_seats))))


def typed_choice(spec: OptionSpec, text: str) -> Any:
    """Drop-downs give text; give the option's own value back."""
    return next((c for c in spec.choices if str(c) == text), text)
