"""The end screen speaks to the person (issue 34): "You win!" / "Você venceu!"
when the one person playing at this screen wins, never "Vitória de Você";
the winner's name otherwise, and in hot-seat, where the screen is shared at
that moment, every winner keeps his name."""

from __future__ import annotations

import pytest

import game
from scenes.tables.face import SeatSetup
from scenes.victory import VictoryOverlay, victory_title
from tests.scenes.conftest import open_test_table, pump, spy_texts

#: seeds of the tiny game, played by first legal moves: who wins
ANA_WINS, BOT_WINS, BOTH_WIN = 0, 3, 2

WORDS = {
    "en": {
        "you": "You win!",
        "shared": "You share the victory with Bot!",
        "bot": "Victory for Bot!",
        "ana": "Victory for Ana!",
    },
    "pt": {
        "you": "Você venceu!",
        "shared": "Você divide a vitória com Bot!",
        "bot": "Vitória de Bot!",
        "ana": "Vitória de Ana!",
    },
}


def _finished(seed: int, names: list[str]) -> game.Match:
    m = game.new_match("alta", names, seed=seed)
    while not m.is_over:
        s = m.to_move[0]
        m.apply(s, m.legal_actions(s)[0])
    return m


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_solo_person_reads_you_win_and_the_bots_win_by_name(
    app, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    app.set_language(lang)
    words = WORDS[lang]
    t = open_test_table(app, "alta", [SeatSetup("Ana"), SeatSetup("Bot", "random")], seed=1)
    t.match = _finished(ANA_WINS, ["Ana", "Bot"])
    assert t.match.winners() == [0]
    drawn = spy_texts(monkeypatch)
    app.scenes.push(VictoryOverlay(app, t), fade=False)
    pump(app, 2)
    assert words["you"] in drawn  # on the screen, not only in the function
    assert not [text for text in drawn if "Você!" in text or "for Ana" in text]
    t.match = _finished(BOT_WINS, ["Ana", "Bot"])
    assert victory_title(t) == words["bot"]
    t.match = _finished(BOTH_WIN, ["Ana", "Bot"])
    assert t.match.winners() == [0, 1]
    assert victory_title(t) == words["shared"]


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_hot_seat_keeps_the_winners_names(app, lang: str) -> None:  # type: ignore[no-untyped-def]
    app.set_language(lang)
    t = open_test_table(app, "alta", [SeatSetup("Ana"), SeatSetup("Bot")], seed=1)
    assert len(t.humans) == 2
    t.match = _finished(ANA_WINS, ["Ana", "Bot"])
    assert victory_title(t) == WORDS[lang]["ana"]
