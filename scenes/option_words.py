"""Options and bots in words for the set-up screens (new match, tournaments):
an option's label and help, a choice's label, a refusal that names the option
as shown, and labels cut to fit their boxes."""

from __future__ import annotations

from typing import Any

import i18n

from game import OptionsError, OptionSpec, get_info
from scenes import style
from scenes.i18n import has, language, tr, tr_first
from scenes.names import bot_label

__all__ = [
    "bot_label",
    "choice_label",
    "first_fitting",
    "fit_label",
    "label_style",
    "labelled_error",
    "option_help",
    "option_label",
    "short_bot_label",
    "untranslated_names",
]


def option_label(game: str, spec: OptionSpec) -> str:
    """The option's label, with a house-rule mark where it is our own rule."""
    text = tr_first([f"{game}.options.{spec.key}.label", f"core.options.common.{spec.key}.label"])
    return text + (" · " + tr("ui.new_match.house") if spec.house else "")


#: int options whose 0 means something, said in words beside the entry
ZERO_MEANS = {
    "turn_limit": "ui.table_base.no_limit",
    "hand_limit": "ui.table_base.no_limit",
    "stack_bb": "ui.new_match.zero_table_own",
}


def zero_words(key: str, value: str) -> str:
    """What an entry of an option in `ZERO_MEANS` holding `value` means ("" past 0)."""
    return tr(ZERO_MEANS[key]) if value.strip() in ("", "0") else ""


def option_help(game: str, spec: OptionSpec) -> str | None:
    """The option's tooltip, if any; in English it also says which of the
    option's words are names kept in Portuguese (Aliados, Xisum, Campeonato)."""
    text = None
    for key in (f"{game}.options.{spec.key}.help", f"core.options.common.{spec.key}.help"):
        if has(key):
            text = tr(key)
            break
    names = untranslated_names(game, spec)
    if names:
        note = tr("ui.table_base.names_note", names=", ".join(names))
        text = f"{text}\n{note}" if text else note
    return text


def untranslated_names(game: str, spec: OptionSpec) -> list[str]:
    """The option's label and choices that read the same in both languages while
    the interface speaks English: they are names from the source rules."""
    if language() == "pt":
        return []
    keys = [f"{game}.options.{spec.key}.label"]
    keys += [f"{game}.options.{spec.key}.choices.{c}" for c in spec.choices or ()]
    out = []
    for key in keys:
        if not has(key):
            continue
        en, pt = tr(key), str(i18n.t(key, locale="pt"))
        if en == pt and any(ch.isalpha() for ch in en):
            out.append(en)
    return out


def labelled_error(
    game: str, error: OptionsError, labels: dict[str, str] | None = None
) -> OptionsError:
    """`error` naming its option as the screen labels it ("Starting life points",
    not "start_pv"); `labels` gives screens' own labels for options they show
    themselves (a tournament's turn limit)."""
    key = error.params.get("option")
    if not isinstance(key, str):
        return error
    label = (labels or {}).get(key)
    if label is None:
        info = get_info(game)
        spec = next((o for o in info.options if o.key == key), None)
        if spec is None:
            return error
        label = option_label(game, spec)
    return OptionsError(error.key, str(error), **{**error.params, "option": label})


def choice_label(game: str, spec: OptionSpec, value: Any) -> str:
    """The label of one choice value."""
    key = f"{game}.options.{spec.key}.choices.{value}"
    return tr(key) if has(key) else str(value)


def short_bot_label(game: str, bot_id: str) -> str:
    """A bot's shortest name: its seat name when the game has one ("Clandestino
    genial"), else its label."""
    key = f"{game}.seat_names.{bot_id}"
    return tr(key) if has(key) else bot_label(game, bot_id)


#: the narrowest a seat's name box gets when per-seat choices want more room
NAME_MIN = 110


def first_fitting(texts: list[str], width: int, size: int = 16) -> str:
    """The first of `texts` that fits `width` at `size`, else the last one cut with "…"."""
    return next(
        (t for t in texts if style.font(size).size(t)[0] <= width),
        style.ellipsize(texts[-1], size, width),
    )


def fit_label(text: str, width: int) -> str:
    """The text, cut with an ellipsis if even the small label size cannot hold it."""
    return style.ellipsize(text, 13, width)


def label_style(text: str, width: int) -> str:
    """The normal label, or a smaller one for long texts."""
    return "#ink_label" if style.font(16).size(text)[0] <= width else "#ink_label_small"
