"""What the Chama table says: the prompt under the victory screen, questions
with one answer, real plurals and Portuguese articles in the log, the battle
title and every line of the battle calculator at the smallest window."""

from __future__ import annotations

import random

import pygame
import pytest

from game.cards import parse_card
from game.chama import actions as A
from scenes.i18n import tr
from scenes.tables.chama.animations import between
from scenes.tables.face import SeatSetup
from scenes.victory import VictoryOverlay
from tests.scenes.chama_table_helpers import (
    my_phase,
    setup_hand,
    table,
    until,
)
from tests.scenes.conftest import (
    key,
    make_app,
    pump,
    spy_texts,
)


def test_under_the_victory_screen_the_prompt_says_the_match_is_over() -> None:
    """With a person at the table the prompt under the victory screen could still
    say "Bo is playing." (the last mover) until "Look at the table" was clicked."""
    app = make_app("--lang", "en", "--size", "1024x640")
    app.settings.animation_speed = "fast"  # as players have it: the end still moves
    t = table(app, [SeatSetup("Ana"), SeatSetup("Bo", "easy")], seed=2, options={"turn_limit": 8})
    rng = random.Random(2)
    try:
        for _ in range(40000):
            if isinstance(app.scenes.top, VictoryOverlay):
                break
            idle = not (t.events or t.animating() or t.tweens.busy)
            if t.human_to_act() == 0 and idle:
                t.submit(rng.choice(t.match.legal_actions(0)), 0)
            pump(app)
        assert isinstance(app.scenes.top, VictoryOverlay)
        assert t.row is not None and t.row.prompt == tr("chamatable.prompt.over")
        # the prompt as the last settled frame left it when the bots' final move
        # ended the match: the end itself must bring it up to date
        app.scenes.pop(fade=False)
        t.row.set([], tr("chamatable.prompt.waiting", name="Bo"))
        t.on_match_over()
        assert t.row.prompt == tr("chamatable.prompt.over")
    finally:
        t.worker.close()
        pygame.quit()


def test_a_question_with_one_answer_reads_nothing_to_do_and_enter_goes_on_c17(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, [SeatSetup("Ana"), SeatSetup("Borin", "easy")], seed=3)
    until(app, my_phase(t, "realm"))
    m = t.match
    suit = t.view()["players"][0]["suit"]
    setup_hand(t, 0, f"K{suit}")
    t.submit(A.EndStep())  # on to step 3 holding only a realm
    until(app, my_phase(t, "pool"), 200)
    # step 3 with nothing to pool: the engine still asks ([C17]), one answer
    legal = t.legal()
    assert legal == [A.EndStep()], legal
    assert t.row is not None and "Enter" in t.row.prompt and "Nothing to do" in t.row.prompt
    moves = len(m.log)
    key(app, pygame.K_RETURN)
    assert len(m.log) == moves + 1


def test_draw_lines_use_real_plurals(app) -> None:  # type: ignore[no-untyped-def]
    from game.chama import events as E

    t = table(app, [SeatSetup("Ana"), SeatSetup("Borin", "easy")], seed=3)
    for n, word in ((1, "card "), (5, "cards ")):
        text = t.event_text(E.DrewCards(1, n, "turn", 30))
        assert text.startswith(f"Borin draws {n} {word}") and "(s)" not in text, text
        spoils = t.event_text(E.SpoilsDrawn(1, n, False))
        assert f"{n} spoils {word.strip()}." in spoils, spoils


def test_victory_and_discard_lines_use_real_plurals(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.i18n import set_language, tr

    for lang, one, many in (
        ("en", "1 realm standing", "3 realms standing"),
        ("pt", "1 reino de pé", "3 reinos de pé"),
    ):
        set_language(lang)
        assert one in tr("chamatable.victory.line", name="Ana", count=1, razes=0)
        assert many in tr("chamatable.victory.line", name="Ana", count=3, razes=0)
        for n in (1, 2):
            assert "(s)" not in tr("chamatable.prompt.discard", count=n)
    set_language("en")
    assert tr("chamatable.prompt.discard", count=1).endswith("1 card to discard.")


def test_status_names_the_next_only_after_a_bots_move(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Partway through Thorgrim's move the top line must not already say "To act: Lisandra"."""
    from scenes import style
    from scenes.i18n import tr

    seats = [SeatSetup("Ana", "normal"), SeatSetup("Bia", "normal")]
    t = table(app, seats, seed=4)
    drawn: list[str] = []
    real = style.blit_text

    def spy(surface, text, size, pos, *a, **k):  # type: ignore[no-untyped-def]
        if pos == (20, 20):
            drawn.append(text)
        return real(surface, text, size, pos, *a, **k)

    monkeypatch.setattr(style, "blit_text", spy)
    to_act = tr("ui.table.to_act", names="")
    held_back = shown = 0
    for _ in range(1500):
        if t.match.is_over:
            break
        pump(app)
        drawn.clear()
        t.draw_status(app.screen)
        line = drawn[-1]
        if t.playing_out():
            assert to_act not in line, line
            held_back += bool(t.match.to_move)
        elif t.match.to_move:
            names = ", ".join(t.seats[s].name for s in t.match.to_move)
            shown += tr("ui.table.to_act", names=names) in line
    assert held_back > 0 and shown > 0


def test_battle_lines_in_portuguese_take_the_right_article() -> None:
    """ "apresenta … no defesa", "reforça o defesa", "vencida pelo defesa": a bare
    "ataque"/"defesa" took the article of "ataque" for both sides. The sides now
    read as "lado do ataque" / "lado da defesa" in every sentence."""
    from game.chama import events as E

    a = make_app("--lang", "pt", "--size", "1024x640")
    t = table(a, [SeatSetup("Ana"), SeatSetup("Bo", "normal")], seed=3)
    try:
        k5, s8 = parse_card("5H"), parse_card("8H")
        for side, want in (("attack", "lado do ataque"), ("defense", "lado da defesa")):
            events = [
                E.CommanderPresented(0, side, 1, 7, k5, None, True, 5),
                E.Reinforced(0, side, s8, 13, 5),
                E.SideStopped(0, side, False),
                E.IncursionResolved(1, side, 13, 5, ()),
            ]
            for ev in events:
                line = t.event_text(ev, **t.event_extra(ev))
                assert want in line, line
                assert " no defesa" not in line and " o defesa" not in line, line
    finally:
        t.worker.close()
        pygame.quit()


def test_an_armistice_ace_keeps_off_the_battle_title_c11(monkeypatch: pytest.MonkeyPatch) -> None:
    """With four players an armistice's ace and its "Bot2 – Bot1" label lay on the
    battle panel's title. While a battle fills the centre, such an ace is left out;
    outside battles it shows ([C11])."""

    a = make_app("--lang", "en", "--size", "1024x640")
    seats = [SeatSetup("Ana")] + [SeatSetup(f"Bot{i}", "normal") for i in (1, 2, 3)]
    t = table(a, seats, seed=11)
    try:
        assert t.lay is not None
        pairs = [(x, y) for x in range(4) for y in range(4) if x < y]
        inside = [p for p in pairs if t.lay.centre.collidepoint(between(t.lay, *p))]
        assert inside  # the layout does put some between-points on the centre
        drawn = spy_texts(monkeypatch)
        caster, target = inside[0]
        view = {"armistices": [{"caster": caster, "target": target, "card": "AS"}]}
        label = tr(
            "chamatable.armistice_marker", caster=t.seats[caster].name, target=t.seats[target].name
        )
        surf = pygame.Surface(a.size)
        names = [s.name for s in t.seats]
        t.paint.draw_armistices(surf, view, t.lay, names)
        assert label in drawn
        drawn.clear()
        t.paint.draw_armistices(surf, {**view, "battle": {"stage": "fight"}}, t.lay, names)
        assert label not in drawn
    finally:
        t.worker.close()
        pygame.quit()


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_battle_calculator_says_every_line_at_1024x640(lang: str) -> None:
    """At 1024x640 the hand strip is short and the calculator's last line, the
    deck's odds ("Still in your deck, enough alone: 7×4, 8×3…"), was cut: every
    line of a losing side's calculator is written, in smaller letters if need be."""
    from scenes.tables.chama.calculator import battle_calc

    a = make_app("--lang", lang, "--size", "1024x640")
    a.settings.animation_speed = "instant"
    t = table(a, [SeatSetup("Ana"), SeatSetup("Bo", "normal")], seed=7, practice=True)
    rng = random.Random(7)

    def losing_calc() -> bool:
        calc = battle_calc(t.view()) if t.viewer is not None else None
        return calc is not None and calc.need > 0

    try:
        t.show_calc = True
        for _ in range(20000):
            if losing_calc() and not (t.events or t.animating()):
                break
            if t.human_to_act() == 0 and not (t.events or t.animating() or t.tweens.busy):
                t.submit(rng.choice(t.match.legal_actions(0)), 0)
            pump(a)
        assert losing_calc()
        t.draw(a.screen)
        assert t.paint.calc_lines_cut == 0
    finally:
        t.worker.close()
        pygame.quit()
