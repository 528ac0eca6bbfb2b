"""The Wyr table's layout at every seat count and window size: the dice tray,
plaques, banners and variant badges keep clear of the lords' cards and of
each other, and every text reads whole."""

from __future__ import annotations

import random

import pygame
import pytest

from scenes import style
from scenes.tables import felt
from scenes.tables.face import SeatSetup
from tests.scenes.conftest import (
    make_app,
    pump,
)
from tests.scenes.wyr_table_helpers import (
    table,
    until,
)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_small_window_dice_tray_and_board_keep_off_the_lords_cards(n: int) -> None:
    """1024x640: while the dice roll, the tray and the score board stand clear of
    every lord's cards and of the round plaque; the board's texts fit their columns
    and it is tall enough for every row and the winner line."""
    from scenes.tables.wyr.paint import _cells, _need, board_least_height

    app = make_app("--lang", "pt", "--size", "1024x640")
    app.settings.animation_speed = "instant"
    t = None
    try:
        seats = [SeatSetup(f"Lorde {i + 1}", "easy") for i in range(n)]
        t = table(app, seats, seed=7, options={"thyatis": True})
        until(app, lambda: bool(t.tray.rows) and t._board_shown(), 6000)
        fans = [f.rect for s, f in t.fans.items() if f.sprites and s != t.viewer]
        tray = t._tray_rect()
        assert not any(tray.colliderect(r) for r in fans), (tray, fans)
        board = t._board_rect()
        assert not any(board.colliderect(r) for r in fans), (board, fans)
        assert not board.colliderect(t.plaques.plaque_rect)
        plates = [t.ring.plate_rect(s) for s in range(n)]
        assert not any(board.colliderect(p) for p in plates), (board, plates)
        assert not any(tray.colliderect(p) for p in plates), (tray, plates)
        assert t.shown.board is not None
        rows = [_cells(r, t.name) for r in t.shown.board.rows]
        assert _need(rows, 11)[1] <= board.width - 40  # legible: 11 px or more
        # every lord's row and the winner line under them (with four lords the
        # winner line was written over the last row)
        assert board.height >= board_least_height(len(t.shown.board.rows)), board
    finally:
        if t is not None:
            t.worker.close()
        pygame.quit()


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_six_seat_groups_plaque_clear_of_the_plates_at_1024x640_y1(lang: str) -> None:
    """The groups plaque (top right) shows one whole line a group and leaves the
    top-right lord's plate in sight ([Y1] pairs at six seats)."""
    a = make_app("--lang", lang, "--size", "1024x640")
    try:
        seats = [SeatSetup("Ana")] + [SeatSetup(f"Lorde {i}", "easy") for i in range(5)]
        t = table(a, seats, options={"groups": "pairs"})
        t.draw(a.screen)
        r = t.plaques.groups_rect
        assert r.height == 12 + (15 + 4) + 3 * (12 + 4), r  # no group's line wraps
        for s in range(6):
            assert not r.colliderect(t.ring.plate_rect(s)), (s, r, t.ring.plate_rect(s))
    finally:
        pygame.quit()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("size", "n", "options"),
    [
        ((1280, 800), 2, {}),
        ((1280, 800), 4, {}),
        ((1280, 800), 5, {}),
        ((1024, 640), 2, {}),
        ((1024, 640), 3, {"nimb": True, "thyatis": True}),
        ((1024, 640), 4, {}),
        ((1024, 640), 5, {}),
    ],
)
def test_hora_da_verdade_banner_and_tray_read_whole(
    size: tuple[int, int], n: int, options: dict[str, bool]
) -> None:
    """The pot's banner lies in the free band between the score board (and tray) and
    the cards below (it covered the bottom lord's cards and his combination; at
    1024x640 with four lords there was no band at all: the board now gives up
    height, stands right of the round plaque, and the banner trims its padding),
    the pot and every lord's badge stay clear of the banner and the cards, and a
    tray note is never cut ("sc…" for "score 11"): the tray widens to it, or
    says the short form ("→ 11"). With three lords and Nimb's three dice at
    1024x640 the tray beside the board was 90 px wide ("Bo…", "=…", notes over a
    lord's cards): it stands under that lord's cards instead, and the banner
    beside it rather than pushed onto the bottom lord's plate."""
    app = make_app("--size", f"{size[0]}x{size[1]}", "--lang", "en")
    names = ["Borin", "Lisandra", "Thorgrim", "Yara", "Kael"]
    seats = [SeatSetup(names[i], "normal") for i in range(n)]
    t = table(app, seats, seed=4, options=options)
    until(
        app,
        lambda: bool(t.banner.visible and t._board_shown() and t.tray.rows and t.tray.settled),
        6000,
    )
    pump(app, 2)  # a note set this frame resizes the tray at the next draw
    centre, width, compact = t._banner_place()
    banner = pygame.Rect(0, 0, width, t.banner.height(width, compact=compact))
    banner.center = centre
    board = t._board_rect()
    # the board and the dice stay readable
    assert banner.top >= board.bottom and not banner.colliderect(t.tray.rect), (banner, t.tray)
    if options:  # three dice: a row reads whole at the smallest dice
        assert t.tray.rect.width >= t.tray.least_width(), (t.tray.rect, t.tray.least_width())
    below = [t.ring.plate_rect(s) for s in range(n)]
    below += [t.fans[s].rect for s in range(n) if t.fans[s].sprites]
    assert not any(banner.colliderect(r) for r in below), (banner, below)
    assert width >= int(t.ring.oval.width * 0.45)  # its letters still read
    # The pot stands beside the banner's band (its words lay over the chips),
    # and every lord's badge -- his combination now -- stays clear of the
    # cards (the bottom lord's cards hid the one on his plate's top edge).
    pot = t._pot_footprint(t._pot_spot())
    assert not pot.colliderect(t._banner_rect(subtitle=True, words=True)), pot
    if (size, n) in (((1280, 800), 2), ((1280, 800), 4), ((1024, 640), 2)):  # room beside it
        assert not pot.colliderect(t._banner_rect(subtitle=True)), (pot, t._banner_rect(True))
    fans = [t.fans[s].rect for s in range(n) if t.fans[s].sprites]
    for s in range(n):
        info = t._plate(s, t.shown.view)
        assert info.badge, s
        badge = felt.badge_rect(t.ring.plate_rect(s), info.badge, below=t._cards_over_plate(s))
        assert badge.collidelist(fans) < 0, (s, badge, fans)
        assert t.felt_area.contains(badge), (s, badge, t.felt_area)
    if compact:  # only when the full banner finds no room
        span = pygame.Rect(banner.left, banner.top, banner.width, 400)
        room = min(r.top for r in below if r.top > banner.top and r.colliderect(span))
        assert room - banner.top < t.banner.height(width), (room, banner)
    size_ = t.tray.text_size
    for row in t.tray.rows:
        if not row.note:
            continue
        last = row.dice.dice[-1]
        free = t.tray.rect.right - round(last.x + last.size + 8) - 6
        shown = row.note if style.text_width(row.note, size_, "bold") <= free else row.short_note
        assert shown and style.text_width(shown, size_, "bold") <= free, (row.note, free)
    if size == (1280, 800) and n == 2:
        assert t.tray.rect.width >= t.tray.content_width(), (t.tray.rect, t._tray_rect())


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_five_lords_round_plaque_and_pot_stay_clear_of_the_seats(size: tuple[int, int]) -> None:
    """At five lords the top-left lord's plate covered the round plaque's last
    lines and the right lord's cards hid the pot under the dice tray: the plaque
    narrows (and grows taller) left of the plate, the pot moves left along its
    line to the first free place."""
    app = make_app("--size", f"{size[0]}x{size[1]}", "--lang", "pt")
    names = ["Borin", "Lisandra", "Thorgrim", "Yara", "Kael"]
    t = table(app, [SeatSetup(name, "normal") for name in names], seed=4)
    until(app, lambda: bool(t._board_shown() and t.tray.rows and t.tray.settled), 6000)
    pump(app, 2)
    seats = [t.ring.plate_rect(s) for s in range(5)]
    tags = [pygame.Rect(r.left, r.top - 14, r.width, r.height + 14) for r in seats]
    fans = [t.fans[s].rect for s in range(5) if t.fans[s].sprites]
    plaque = t.plaques.plaque_rect
    assert plaque.collidelist(tags) < 0, (plaque, tags)
    assert plaque.collidelist(fans) < 0, (plaque, fans)
    pot = t._pot_footprint(t._pot_spot())
    assert pot.collidelist(seats + fans) < 0, (pot, seats, fans)
    assert not pot.colliderect(t._board_rect())


def test_with_a_person_and_three_bots_the_board_holds_every_row_at_1024x640() -> None:
    """Ana and three bots at 1024x640: at the Hora da Verdade the winner line was
    written over the fourth lord's row (the board was cut below its least height)."""

    from scenes.tables.wyr.paint import board_least_height

    app = make_app("--lang", "pt", "--size", "1024x640")
    app.settings.animation_speed = "instant"
    t = None
    try:
        seats = [SeatSetup("Ana"), SeatSetup("Normal1", "normal"), SeatSetup("Hard2", "hard")]
        t = table(app, [*seats, SeatSetup("Easy3", "easy")], seed=7)
        rng = random.Random(7)
        for _ in range(6000):
            if t.shown.board is not None and t._board_shown() and t.shown.board.winners:
                break
            idle = not (t.events or t.animating() or t.tweens.busy)
            if t.human_to_act() == 0 and idle:
                t.submit(rng.choice(t.match.legal_actions(0)), 0)
            pump(app)
        assert t.shown.board is not None and t.shown.board.winners
        assert t._board_rect().height >= board_least_height(len(t.shown.board.rows))
    finally:
        if t is not None:
            t.worker.close()
        pygame.quit()


@pytest.mark.parametrize("n", [3, 4, 5, 6])
@pytest.mark.parametrize("size", ["1024x640", "1280x800"])
def test_the_variant_badges_keep_off_every_lord_y11(n: int, size: str) -> None:
    """With five or six lords at 1024x640 the lower-left lord's plate and cards
    covered the variant badges (their corner was thought free of seats)."""
    a = make_app("--lang", "en", "--size", size)
    a.settings.animation_speed = "instant"
    t = None
    try:
        seats = [SeatSetup("Ana")] + [SeatSetup(f"Lorde {i}", "easy") for i in range(1, n)]
        options = {"hyninn": 4, "nimb": True, "azgher": True, "thyatis": True, "tenebra": True}
        if n >= 4 and n % 2 == 0:
            options["groups"] = "pairs"
        t = table(a, seats, options=options)
        until(a, lambda: any(f.sprites for s, f in t.fans.items() if s != t.viewer), 3000)
        t.draw(a.screen)
        badges = t.plaques.badges_rect
        assert badges.height > 0 and t.felt_area.contains(badges), (badges, t.felt_area)
        blocks = [t.ring.plate_rect(s) for s in range(n)]
        blocks += [f.rect for f in t.fans.values() if f.sprites]
        assert badges.collidelist(blocks) < 0, (badges, blocks)
    finally:
        if t is not None:
            t.worker.close()
        pygame.quit()


@pytest.mark.parametrize("size", ["1024x640", "1280x800"])
@pytest.mark.parametrize("n", [3, 4, 5])
def test_a_bet_token_never_covers_the_draw_pile_or_its_count(n: int, size: str) -> None:
    """Issue 49: with five lords at 1024x640 Lisandra's "?" hid "Draw pile: 37";
    every lord's token keeps off the pile, its count, the plates and the cards."""
    app = make_app("--lang", "en", "--size", size)
    app.settings.animation_speed = "instant"
    t = None
    try:
        seats = [SeatSetup("Ana")] + [SeatSetup(f"Lorde {i}", "normal") for i in range(1, n)]
        t = table(app, seats, seed=4)
        pump(app, 3)
        view = t.match.view(0)
        deck = pygame.Rect(t.ring.deck_spot, (t.ring.card_width(), t.ring.card_width() * 7 // 5))
        words = style.text_width(f"Draw pile: {view['pile_size']}", 12)
        label = pygame.Rect(0, 0, words, 16)
        label.midbottom = (deck.centerx, deck.top - 4)
        plates = [t.ring.plate_rect(s) for s in range(n)]
        for s in range(1, n):
            token = felt.marker_rect(t._bet_spot(s), 15)
            assert not token.colliderect(deck) and not token.colliderect(label), (s, token)
            assert token.collidelist(plates) < 0, (s, token, plates)
            fans = [f.rect for f in t.fans.values() if f.sprites]
            assert token.collidelist(fans) < 0, (s, token, fans)
    finally:
        if t is not None:
            t.worker.close()
        pygame.quit()
