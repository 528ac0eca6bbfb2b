"""A refused save's message: the engine's English reason stays out of Portuguese."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import game
from game import saves, storage
from scenes.i18n import language, set_language, tr
from scenes.tables.autosave import refusal_text


@pytest.fixture
def lang() -> Iterator[None]:
    before = language()
    yield
    set_language(before)


def _unplayable_refusal() -> saves.SaveRefused:
    """A save whose log no longer replays (a card nobody holds), as load_save refuses it."""
    m = game.new_match("alta", ["Ana", "Bia"], seed=3)
    for _ in range(3):
        s = m.to_move[0]
        m.apply(s, m.legal_actions(s)[0])
    data = m.save()
    data["actions"][0][1] = {"type": "tests.game.tiny_game.Pick", "card": "JK"}
    data["save"] = {
        "version": saves.SAVE_FILE_VERSION,
        "kind": "auto",
        "name": "",
        "saved_at": 1.0,
        "turn": 0,
        "checksum": saves.checksum(data),
    }
    path = storage.saves_dir() / "alta-x.json"
    storage.atomic_write_json(path, data)
    with pytest.raises(saves.SaveRefused) as err:
        saves.load_save(path)
    return err.value


def test_portuguese_says_the_reason_in_its_own_words(lang: None) -> None:
    refused = _unplayable_refusal()
    detail = refused.params["reason"]
    assert detail
    set_language("pt")
    text = refusal_text(refused)
    assert detail not in text
    assert tr("ui.table_base.reason_unreadable") in text
    assert "alta-x.json" in text and "%{" not in text


def test_english_keeps_the_engine_detail(lang: None) -> None:
    refused = _unplayable_refusal()
    set_language("en")
    text = refusal_text(refused)
    assert refused.params["reason"] in text and "%{" not in text
