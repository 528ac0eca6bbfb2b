"""The Chama table around the game: the practice reveal, pause and resume,
skipping the bots ahead, a continued match's log, replays, the guided game and
what lies under the frame."""

from __future__ import annotations

import pygame

from game.chama import actions as A
from scenes.main_menu import MainMenu
from scenes.tables.chama import ChamaTable
from scenes.tables.face import SeatSetup
from tests.scenes.chama_table_helpers import (
    my_phase,
    table,
    until,
)
from tests.scenes.conftest import (
    click_widget,
    key,
    pump,
)

# -- the new base and the life tools (adoption) -------------------------------------------


def test_practice_reveal_is_the_pause_menu_switch_and_h_toggles_it(app) -> None:  # type: ignore[no-untyped-def]
    from scenes.pause import PauseMenu

    t = table(app, [SeatSetup("Ana"), SeatSetup("Borin", "easy")], seed=3, practice=True)
    until(app, my_phase(t, "realm"))
    drawn: list[int] = []
    paint = t.paint.draw_bot_hand
    t.paint.draw_bot_hand = lambda surface, area, seat, view: (  # type: ignore[method-assign]
        drawn.append(seat),
        paint(surface, area, seat, view),
    )
    pump(app, 2)
    assert drawn == [] and t.revealed_seats() == []
    key(app, pygame.K_h)  # the shortcut flips the practice tools' switch
    assert t.tools.reveal and t.revealed_seats() == [1]
    pump(app, 2)
    assert drawn and set(drawn) == {1}  # the bot's hand is painted, nobody else's
    key(app, pygame.K_ESCAPE)
    menu = app.scenes.top
    assert isinstance(menu, PauseMenu)
    click_widget(app, menu.buttons["reveal"])  # the same switch, from the pause menu
    assert not t.tools.reveal
    if app.scenes.top is not t:
        key(app, pygame.K_ESCAPE)
    drawn.clear()
    pump(app, 2)
    assert drawn == []


def test_pause_and_resume_restore_exactly_the_phase_controls(app) -> None:  # type: ignore[no-untyped-def]
    t = table(app, [SeatSetup("Ana"), SeatSetup("Borin", "easy")], seed=3)
    until(app, my_phase(t, "realm"))
    assert t.row is not None
    before = [(e.label, e.enabled) for e in t.row.entries]
    shown_before = [b.visible for b in t.row.buttons + t.row.primary]
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is not t
    click_widget(app, app.scenes.top.buttons["resume"])
    pump(app, 2)
    assert app.scenes.top is t
    assert [(e.label, e.enabled) for e in t.row.entries] == before
    assert [b.visible for b in t.row.buttons + t.row.primary] == shown_before
    # a button of no entry stays hidden: it cannot be clicked
    assert sum(b.visible for b in t.row.buttons + t.row.primary) == len(t.row.entries)


def test_space_skips_the_bots_to_the_persons_next_decision(app) -> None:  # type: ignore[no-untyped-def]
    app.settings.animation_speed = "slow"
    t = table(app, [SeatSetup("Ana"), SeatSetup("Borin", "normal"), SeatSetup("Lis", "normal")])
    until(app, lambda: t.my_turn() or bool(t.events) or t.animating() or t.worker.busy, 600)
    if t.my_turn():  # Ana plays first: pass her turn to hand over to the bots
        until(app, my_phase(t, "realm"))
        while t.my_turn():
            t.submit(next(a for a in t.legal() if isinstance(a, (A.EndStep, A.KeepHand))))
    pump(app, 2)
    key(app, pygame.K_SPACE)
    assert t.skipping or t.my_turn()
    until(app, lambda: t.my_turn() and not t.events and not t.animating(), 900)
    assert not t.fx and not t.skipping


def test_a_continued_match_tells_its_log_again(app) -> None:  # type: ignore[no-untyped-def]
    import game as G

    m = G.new_match("chama", ["Ana", "Borin", "Lis"], seed=9)
    bot = G.make_bot("chama", "easy")
    from game.rng import Rng

    rng = Rng(2)
    for _ in range(60):
        s = m.to_move[0]
        m.apply(s, bot.choose(m.view(s), m.legal_actions(s), rng))
    loaded = G.load_match(m.save())
    app.scenes.push(MainMenu(app), fade=False)
    seats = [SeatSetup("Ana"), SeatSetup("Borin", "easy"), SeatSetup("Lis", "easy")]
    t = ChamaTable(app, loaded, seats)
    app.scenes.push(t, fade=False)
    pump(app)
    lines = [text for text, _ in t.log.entries]
    assert len(lines) > 10 and any("Borin" in line for line in lines)
    # Ana reads her own draws ("You drew …"), never the bots' cards
    own = [e for e, *_ in t.history if e is not None and e.PRIVATE and e.visible_to(0)]
    assert own and all(t.event_text(e, **t.event_extra(e)) in lines for e in own)
    # a list of drawn cards reads as a list ("army 6, army 10, realm K")
    import game.chama.events as CE

    many = [
        (t.event_text(e, **extra), e)
        for e, _, _, extra in t.history
        if isinstance(e, CE.CardsDrawn) and e.seat == 0 and len(e.cards) > 1
    ]
    assert many and all(text.count(", ") == len(e.cards) - 1 for text, e in many), many
    assert all("[" not in text for text, _ in many), many
    others = [e for e, *_ in t.history if e is not None and e.PRIVATE and not e.visible_to(0)]
    assert others and all(t.event_text(e) == "" for e in others)


def test_a_replay_of_a_finished_match_steps_forward_and_back(app) -> None:  # type: ignore[no-untyped-def]
    import game as G
    from game.rng import Rng
    from scenes.replay import open_replay

    m = G.new_match("chama", ["Ana", "Bot"], seed=4)
    m.meta = {"players": [{"name": "Ana", "bot": None}, {"name": "Bot", "bot": "easy"}]}
    bot = G.make_bot("chama", "easy")
    rng = Rng(3)
    while not m.is_over:
        s = m.to_move[0]
        m.apply(s, bot.choose(m.view(s), m.legal_actions(s), rng))
    app.scenes.push(MainMenu(app), fade=False)
    viewer = open_replay(app, m.save())
    assert viewer is not None and type(viewer).__name__ == "ReplayChamaTable"
    app.scenes.push(viewer, fade=False)
    viewer.replay_speed_index = 5
    until(app, lambda: viewer.replay_position >= 8, 3000)
    viewer.replay_toggle_play()
    until(app, lambda: not viewer.events and not viewer.animating(), 600)
    at = viewer.replay_position
    viewer.replay_step_back()
    pump(app, 3)
    assert viewer.replay_position == at - 1
    assert viewer.shown() == viewer.view()  # the table shows the position as it stands
    viewer.replay_step_forward()
    until(app, lambda: not viewer.events and not viewer.animating(), 600)
    assert viewer.replay_position == at


def test_the_guided_game_points_at_real_parts_of_the_table(app) -> None:  # type: ignore[no-untyped-def]
    import json
    from pathlib import Path

    from scenes.tutorial import start_tutorial

    app.scenes.push(MainMenu(app), fade=False)
    t = start_tutorial(app, "chama")
    assert t is not None and t.tutorial is not None
    app.scenes.push(t, fade=False)
    until(app, lambda: t.tutorial.current is not None, 3000)
    targets = t.tutorial_targets()
    assert t.tutorial.current.target in targets
    steps = json.loads(Path("assets/tutorials/chama.json").read_text())["steps"]
    for step in steps:  # every step points at something the table has
        rect = targets[step["target"]]
        assert rect.width > 0 and rect.height > 0, step["id"]


def test_the_layer_under_the_frame_is_the_wood_and_the_felt(app) -> None:  # type: ignore[no-untyped-def]
    """The wood and the felt (with its border) are painted together once per
    layout, not blitted every frame (two large blits were a fifth of the frame
    time); the layer is what the two blits painted, and a new layout paints it
    again."""
    from scenes import style

    t = table(app, [SeatSetup("Ana"), SeatSetup("Bot", "normal")])
    pump(app, 2)

    def by_hand(size: tuple[int, int]) -> bytes:
        assert t.lay is not None
        surf = pygame.Surface(size)
        surf.blit(style.wood_background(size), (0, 0))
        surf.blit(t.paint.felt_surface(t.lay), t.lay.felt.topleft)
        pygame.draw.rect(surf, style.GOLD_DARK, t.lay.felt, width=2, border_radius=10)
        return pygame.image.tobytes(surf, "RGB")

    size = app.screen.get_size()
    first = t.under_layer(size)
    assert t.under_layer(size) is first
    assert pygame.image.tobytes(first, "RGB") == by_hand(size)
    t.lay.felt = t.lay.felt.inflate(-40, -40)  # as a new layout would
    again = t.under_layer(size)
    assert again is not first
    assert pygame.image.tobytes(again, "RGB") == by_hand(size)
    t.worker.close()
