"""Cards, dice, chips and tweens render and behave."""

from __future__ import annotations

import pygame
import pytest

from game.cards import JOKER, Card, parse_card, standard_deck
from scenes.widgets.cards import CardSprite, back_surface, card_size, face_surface
from scenes.widgets.chips import ChipStack, split_amount
from scenes.widgets.dice import DiceTumble, die_face, pips_for
from scenes.widgets.tween import Tweens, ease_out_back, ease_out_bounce, ease_out_cubic


@pytest.fixture(autouse=True)
def _display():  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((200, 200))
    yield


@pytest.mark.parametrize("width", [40, 90, 160])
def test_every_face_renders(width: int) -> None:
    faces = [face_surface(c, width) for c in standard_deck() + [JOKER]]
    assert all(f.get_size() == card_size(width) for f in faces)
    # Faces really differ: no two cards render to the same pixels.
    raw = {pygame.image.tobytes(f, "RGBA") for f in faces}
    assert len(raw) == 53


def test_backs_differ_and_red_suits_are_red() -> None:
    assert pygame.image.tobytes(back_surface(80, "crimson"), "RGBA") != pygame.image.tobytes(
        back_surface(80, "forest"), "RGBA"
    )
    face = face_surface(Card(14, "H"), 100)
    w, h = face.get_size()
    r, g, b, _ = face.get_at((w // 2, h // 2))
    assert r > 150 and g < 80 and b < 80


def test_flip_turns_the_card_over() -> None:
    s = CardSprite(Card(5, "S"), 80, face_up=False)
    s.flip(0.3)
    for _ in range(30):
        s.update(0.02)
    assert s.face_up and not s.animating


def test_sprite_moves_to_target() -> None:
    s = CardSprite(Card(5, "S"), 80)
    s.move_to((300, 120), 0.5)
    for _ in range(40):
        s.update(0.02)
    assert (round(s.x), round(s.y)) == (300, 120)


@pytest.mark.parametrize("values", [[1, 2, 3], [6, 6], [4]])
def test_dice_land_on_given_values(values: list[int]) -> None:
    roll = DiceTumble(values, 40, (0, 0), seed=3)
    roll.roll(0.8)
    seen_other = False
    for _ in range(120):
        roll.update(1 / 60)
        seen_other |= roll.shown != values
        roll.draw(pygame.display.get_surface())
    assert roll.settled and roll.shown == values


def test_die_faces_have_right_pips() -> None:
    for v in range(1, 7):
        assert pips_for(v) == v
        assert die_face(v, 30).get_size() == (30, 30)


def test_chip_split_sums() -> None:
    assert sum(split_amount(1287, 100)) == 1287
    ChipStack(55, (50, 150)).draw(pygame.display.get_surface())


def test_tweens_scale_with_speed_and_finish() -> None:
    class Obj:
        x = 0.0

    o = Obj()
    speed = [1.0]
    tw = Tweens(lambda: speed[0])
    tw.add(o, "x", 10, 1.0)
    tw.update(0.5)
    assert 0 < o.x < 10
    tw.finish_all()
    assert o.x == 10 and not tw.busy
    speed[0] = 0.0
    tw.add(o, "x", 20, 1.0)
    assert o.x == 20 and not tw.busy  # instant


def test_easings_end_at_one() -> None:
    for f in (ease_out_cubic, ease_out_back, ease_out_bounce):
        assert abs(f(1.0) - 1.0) < 1e-9 and abs(f(0.0)) < 1e-9


def test_timed_effects_share_one_clock() -> None:
    """Every table effect counts its time the same way (one base, `Timed`)."""
    from scenes.tables.chama.effects import XisumDuel
    from scenes.tables.war.effects import BattleFx
    from scenes.widgets.floating import FloatingText, GlidingImage
    from scenes.widgets.tween import Timed

    image = pygame.Surface((10, 10))
    effects: list[Timed] = [
        FloatingText("+3", (50, 50), (255, 255, 255), 1.0),
        GlidingImage((0, 0), (100, 0), image, 1.0),
        XisumDuel(pygame.Rect(0, 0, 300, 200), None, parse_card("AS"), "won", 1.0),
        BattleFx((6, 5), (4,), (200, 200), pygame.Rect(0, 0, 800, 600), 1.0, seed=1),
    ]
    surface = pygame.Surface((800, 600))
    for fx in effects:
        assert isinstance(fx, Timed)
        assert not fx.done and fx.progress == 0.0
        fx.update(0.5)
        assert fx.progress == pytest.approx(0.5)
        fx.draw(surface)  # mid-way drawing works
        fx.update(0.6)
        assert fx.done and fx.progress == 1.0


def test_the_log_is_repainted_when_a_retelling_keeps_its_count_and_last_line() -> None:
    """Hot-seat retells the log for the next person: Ana's "your cards" line becomes
    Bia's while the count and the last line stay the same. The cached picture must
    not outlive it ([G4]: it showed Ana's cards to Bia)."""
    from scenes.widgets.log_panel import LogPanel

    pygame.init()
    panel = LogPanel(pygame.Rect(0, 0, 300, 200), "Log")
    surf = pygame.Surface((300, 200))
    for line in ("Hand 1", "Your cards: 8S 6D", "P3 folds."):
        panel.add(line)
    panel.draw(surf)
    before = pygame.image.tobytes(surf, "RGB")
    panel.clear()
    for line in ("Hand 1", "Your cards: 4H 9C", "P3 folds."):
        panel.add(line)
    panel.draw(surf)
    assert [t for t, _ in panel.drawn] == ["Hand 1", "Your cards: 4H 9C", "P3 folds."]
    assert pygame.image.tobytes(surf, "RGB") != before


def test_the_log_wraps_each_line_once_and_again_only_at_a_new_width(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every new line re-wrapped the whole log: a War table's frame spent 5 ms
    measuring 80 lines again. A line is wrapped when it arrives; a new width
    wraps them all again, and the lines still read the same."""
    from scenes import style
    from scenes.widgets.log_panel import LogPanel

    pygame.init()
    wrapped: list[str] = []
    real = style.wrap_text
    monkeypatch.setattr(
        style, "wrap_text", lambda text, *a, **k: wrapped.append(text) or real(text, *a, **k)
    )
    panel = LogPanel(pygame.Rect(0, 0, 300, 400), "Log")
    surf = pygame.Surface((300, 400))
    texts = [f"Turn {i}: Ana attacks Brasil from Argentina and takes it." for i in range(80)]
    for text in texts:
        panel.add(text)
        panel.draw(surf)
    assert len(wrapped) == 80  # not 80 * 81 / 2
    at_300 = [line for line, _ in panel._lines()]
    panel.set_rect(pygame.Rect(0, 0, 160, 400))
    panel.draw(surf)
    assert len(wrapped) == 160
    assert len(panel._lines()) > len(at_300)  # narrower: more lines
    panel.set_rect(pygame.Rect(0, 0, 300, 400))
    assert [line for line, _ in panel._lines()] == at_300


def test_tooltips_are_dark_boxes_with_light_words() -> None:
    """A tooltip's text box took the theme's plain text box: no background and
    dark ink, so the Cheat odds were printed straight over the hand history."""
    from tests.scenes.conftest import make_app

    app = make_app("--lang", "en")
    try:
        tip = app.ui_manager.create_tool_tip("Chance to steal 83%", (100, 100), (0, 0), None, None)
        bg = tip.text_block.background_colour
        assert bg.a >= 200 and sum(bg[:3]) < 200  # dark and all but opaque
    finally:
        pygame.quit()


def test_floating_words_wrap_within_their_width() -> None:
    """Chama's redraw ("Leopoldina Bragança: commander 3 armistice A …") floated
    as one line past both edges of a 1024-wide window: it wraps to `max_width`."""
    from scenes.widgets.floating import FloatingText

    text = "Leopoldina Bragança: " + " ".join(["commander 3", "armistice A"] * 6)
    wide = FloatingText(text, (400, 300), (255, 255, 255), 1.0, 20)
    fx = FloatingText(text, (400, 300), (255, 255, 255), 1.0, 20, max_width=500)
    assert wide.surf.get_width() > 500
    assert fx.surf.get_width() <= 500 + 2  # the text's shadow
    assert fx.surf.get_height() >= 2 * wide.surf.get_height() - 4  # on several lines
    short = FloatingText("+3", (50, 50), (255, 255, 255), 1.0, max_width=500)
    assert (
        short.surf.get_size() == FloatingText("+3", (50, 50), (255, 255, 255), 1.0).surf.get_size()
    )
