"""The shared felt-table pieces (scenes/tables/felt): geometry, chips, cards,
dice tray, banner and hand history, drawn on plain surfaces."""

from __future__ import annotations

import pygame
import pytest

from game.cards import parse_cards
from scenes.tables import felt
from scenes.widgets.tween import Tweens


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()


@pytest.mark.parametrize("n", range(2, 9))
@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_ring_places_every_seat_inside_and_apart(n: int, size: tuple[int, int]) -> None:
    area = pygame.Rect(10, 56, size[0] - 320, size[1] - 66)
    ring = felt.SeatRing(n, bottom=0)
    ring.set_area(area)
    plates = [ring.plate_rect(s) for s in range(n)]
    for p in plates:
        assert area.contains(p)
    for i in range(n):
        for j in range(i + 1, n):
            assert not plates[i].colliderect(plates[j]), (i, j)
    # the bottom seat is the lowest plate, and seats go clockwise: the next is on its left
    assert plates[0].centery == max(p.centery for p in plates)
    if n > 2:
        assert plates[1].centerx < plates[0].centerx
    for s in range(n):  # bets and cards lie on the cloth
        assert ring.oval.collidepoint(ring.bet_spot(s))
        assert ring.oval.inflate(20, 20).collidepoint(ring.cards_spot(s))


def test_ring_turns_and_resizes() -> None:
    ring = felt.SeatRing(4, bottom=0)
    ring.set_area(pygame.Rect(0, 0, 900, 600))
    before = ring.plate_rect(2).center
    ring.set_bottom(2)
    assert ring.plate_rect(2).centery > before[1]
    ring.set_area(pygame.Rect(0, 0, 600, 400))
    assert ring.oval.width < 600 and pygame.Rect(0, 0, 600, 400).contains(ring.plate_rect(0))
    with pytest.raises(ValueError):
        felt.SeatRing(9)


def test_pots_stand_apart_and_chips_fly() -> None:
    pots = felt.PotRow()
    pots.set_spot((400, 300), 24)
    pots.set_pots([(300, "main"), (120, "side 1"), (40, "side 2")])
    spots = [pots.pot_spot(i) for i in range(3)]
    assert spots[0][0] < spots[1][0] < spots[2][0]
    assert min(b[0] - a[0] for a, b in zip(spots, spots[1:], strict=False)) >= 48
    assert pots.total() == 460
    tweens = Tweens()
    flights = felt.Flights(tweens)
    landed: list[int] = []
    flights.launch(50, (0, 0), (100, 100), 0.3, on_land=lambda: landed.append(1))
    assert flights.busy and not landed
    for _ in range(30):
        tweens.update(1 / 60)
    assert not flights.busy and landed == [1]
    instant = felt.Flights(Tweens(lambda: 0.0))
    instant.launch(10, (0, 0), (5, 5), 0.3, on_land=lambda: landed.append(2))
    assert not instant.busy and landed == [1, 2]


def test_card_fan_deals_raises_best_five_and_mucks() -> None:
    tweens = Tweens()
    fan = felt.CardFan(tweens, 40)
    fan.place((300, 300))
    for _ in range(5):
        fan.deal(None, (0, 0), duration=0.2)
    tweens.finish_all()
    xs = [s.x for s in fan.sprites]
    assert xs == sorted(xs) and len(set(xs)) == 5
    cards = parse_cards("A♠ K♠ Q♥ Q♥ 2c")
    fan.reveal(cards, 0.2)
    assert fan.busy
    fan.finish()
    assert all(s.face_up for s in fan.sprites)
    fan.raise_cards(parse_cards("Q♥ Q♥ A♠"))  # duplicates raise two sprites
    tweens.finish_all()
    assert fan.raised == {0, 2, 3}
    assert fan.sprites[2].y < fan.sprites[1].y
    fan.muck((0, 0), 0.2)
    tweens.finish_all()
    assert fan.sprites == [] and fan.mucked


def test_dice_tray_keeps_rerolls_visible_and_struck() -> None:
    tray = felt.DiceTray()
    tray.set_rect(pygame.Rect(0, 0, 200, 120))
    row = tray.throw([6], "suit", duration=0.5)
    assert not tray.settled
    tray.finish()
    tray.update(0.01)
    assert tray.settled and row.dice.shown == [6]
    tray.strike(row, "reroll")
    tray.throw([2], "suit", duration=0).suit = "H"
    assert row.struck and all(d.dim for d in row.dice.dice)
    surf = pygame.Surface((300, 200))
    tray.draw(surf)


def test_banner_fades_in_and_out() -> None:
    b = felt.Banner()
    b.show("Full house", "Ana", seconds=1.0)
    assert b.visible and b.alpha() == 0
    b.update(0.5)
    assert b.alpha() == 255
    b.update(0.6)
    assert not b.visible
    b.show("x", seconds=0)
    assert not b.visible


def test_banner_paints_its_ribbon_once_and_fades_it() -> None:
    """While it fades only its opacity changes: the ribbon is painted once per
    text and size (it was painted anew every frame)."""
    b = felt.Banner()
    b.show("Full house", "Ana", seconds=1.0)
    surf = pygame.Surface((400, 200))
    b.update(0.1)
    b.draw(surf, (200, 100), 300)
    first = b._ribbon(300, False)
    faint = first.get_alpha()
    b.update(0.3)
    b.draw(surf, (200, 100), 300)
    assert b._ribbon(300, False) is first and first.get_alpha() == 255 != faint
    assert surf.get_at((200, 100)) != (0, 0, 0, 255)  # it shows
    b.show("Two pair", "Bo", seconds=1.0)
    assert b._ribbon(300, False) is not first
    assert b._ribbon(260, False).get_width() == 260


def test_hand_history_pages_through_hands() -> None:
    h = felt.HandHistory(pygame.Rect(0, 0, 300, 300), "History")
    for n in range(3):
        h.start_hand(f"Hand {n + 1}")
        h.add(f"line {n + 1}")
    assert [t for t, _ in h.hand_lines(1)] == ["Hand 2", "line 2"]
    left = h._arrows()[0].center
    h.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=left, button=1))
    assert h.page == 1
    assert [t for t, _ in h._lines()] == ["Hand 2", "line 2"]
    right = h._arrows()[1].center
    h.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=right, button=1))
    assert h.page is None
    h.draw(pygame.Surface((400, 400)))


def test_everything_draws_on_a_plain_surface() -> None:
    surf = pygame.Surface((1024, 640))
    ring = felt.SeatRing(6)
    ring.set_area(surf.get_rect())
    for look in (felt.TAVERN, felt.CANDLELIGHT):
        felt.draw_felt(surf, ring.oval, look)
    info = felt.PlateInfo("Ana", "you", "T$ 10", (200, 40, 40), "star", "All-in", "all_in", True)
    felt.draw_plate(surf, ring.plate_rect(0), info, 0.5)
    felt.draw_marker(surf, ring.marker_spot(0), "D", "dealer")
    felt.draw_pile(surf, 1234, ring.bet_spot(0), 24, lambda a: f"PV {a}", "side pot")
    felt.draw_deck(surf, ring.deck_spot, 40, "forest", 20)
    felt.candle(surf, (100, 100), 30, 1.0)
    felt.draw_line_chart(
        surf,
        pygame.Rect(0, 0, 400, 300),
        [felt.Series("Ana", (200, 0, 0), "circle", (10, 20, 5))],
        "Chips",
        "hand",
    )


def test_card_fan_cards_dealt_in_flight_land_in_the_grown_fan() -> None:
    """Five cards dealt one after another while the earlier ones still fly: each
    lands on its slot in the fan of five, not on the slot it aimed at when the
    fan was smaller (the cards would pile up on the left otherwise)."""
    tweens = Tweens()
    fan = felt.CardFan(tweens, 60)
    fan.place((300, 200), overlap=0.12)
    for k in range(5):
        fan.deal(None, (0, 0), False, 0.25, k * 0.05)
    for _ in range(100):
        tweens.update(0.02)
    assert not tweens.busy
    for i, s in enumerate(fan.sprites):
        assert (s.x, s.y) == pytest.approx(fan.slot(i, 5)), i
    xs = [s.x for s in fan.sprites]
    assert all(b - a > 40 for a, b in zip(xs, xs[1:], strict=False))  # spread, not piled


def test_card_fan_place_while_cards_fly_moves_their_landing() -> None:
    tweens = Tweens()
    fan = felt.CardFan(tweens, 60)
    fan.deal(None, (0, 0), False, 0.25)
    fan.place((500, 300))
    for _ in range(50):
        tweens.update(0.02)
    assert (fan.sprites[0].x, fan.sprites[0].y) == pytest.approx(fan.slot(0, 1))


def _cloth_area(size: tuple[int, int]) -> pygame.Rect:
    """The seat ring's area on a card table at window `size` (the log on the right)."""
    w, h = size
    side = 290 if w >= 1200 else 250
    return pygame.Rect(10, 56, w - side - 30, h - 112 - 60)


def _shown_fan(
    ring: felt.SeatRing, seat: int, avoid: tuple[pygame.Rect, ...], raised: str
) -> felt.CardFan:
    """Seat's hand shown where the ring places it, `raised` cards raised, settled."""
    tweens = Tweens()
    fan = felt.CardFan(tweens, ring.card_width())
    fan.place(*ring.shown_cards_place(seat, avoid))
    fan.show(parse_cards("A♠ K♠ Q♥ J♥ 2c"), face_up=True)
    fan.raise_cards(parse_cards(raised))
    tweens.finish_all()
    return fan


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_shown_hands_stay_clear_of_the_tray_board_and_plates(size: tuple[int, int]) -> None:
    """At the showdown every shown hand (best five raised) misses the dice tray,
    the community row and the other plates, 2-8 seats, whoever sits at the bottom
    (at 1024x640 with 6-8 seats the fixed spread ran over the tray)."""
    area = _cloth_area(size)
    for n in range(2, 9):
        for bottom in range(n):
            ring = felt.SeatRing(n, bottom=bottom)
            ring.set_area(area)
            avoid = (ring.tray_rect, ring.board_rect)
            for s in range(n):
                if s == bottom:
                    continue
                r = _shown_fan(ring, s, avoid, "A♠ K♠ Q♥ J♥ 2c").rect
                blockers = [*avoid] + [ring.plate_rect(t) for t in range(n) if t != s]
                assert not any(r.colliderect(b) for b in blockers), (n, bottom, s)


@pytest.mark.parametrize("height", [44, 60, 80])
def test_badge_top_is_the_highest_row_a_plate_covers(height: int) -> None:
    """What a table draws above badge_top (a relic's name on tucked cards) stays in sight."""
    surf = pygame.Surface((300, 200), pygame.SRCALPHA)
    rect = pygame.Rect(60, 100, 160, height)
    info = felt.PlateInfo("Ana", "you", "T$ 10", (200, 40, 40), "star", "big blind", "info", True)
    felt.draw_plate(surf, rect, info, 0.5)
    rows = [y for y in range(200) if any(surf.get_at((x, y)).a for x in range(300))]
    top = felt.badge_top(rect)
    assert rows[0] >= top - 2, (rows[0], top)  # glow aside, nothing higher
    assert rows[0] <= top + 2, (rows[0], top)  # and the badge does reach it


def test_dice_tray_makes_room_for_the_rollers_name() -> None:
    """In the ring's narrowest tray (130 px) "Lorde 4" is written whole before its
    dice and the note still fits inside."""
    from scenes import style

    tray = felt.DiceTray()
    tray.set_rect(pygame.Rect(0, 0, 130, 110))
    row = tray.throw([4, 6], "Lorde 4", duration=0)
    tray.finish()
    name = style.font(tray.text_size).size("Lorde 4")[0]
    first = row.dice.dice[0]
    assert 10 + name + 4 <= first.x, (name, first.x)
    last = row.dice.dice[-1]
    note = style.font(tray.text_size, "bold").size("= 11")[0]
    assert last.x + last.size + 8 + note <= tray.rect.right - 6


def test_a_long_persona_name_ends_in_an_ellipsis_inside_the_plate() -> None:
    """At 1024x640 a plate is ~125 px wide: "Jogador nobre genial" must end in "…"
    before the plate's right margin, never run off its edge cut mid-letter."""
    rect = pygame.Rect(0, 0, 124, 50)
    body = (54, 38, 28)
    for name in ("Carteador clandestino genial", "Cliente casual que aprende rápido 2"):
        info = felt.PlateInfo(name, "Habilidade 12 · Int. 14", "T$ 1.000", (0, 0, 200), "star")
        surf = pygame.Surface(rect.size, pygame.SRCALPHA)
        felt.draw_plate(surf, rect, info, 0.0)
        # the right margin of the name and subtitle rows is bare plate
        for y in range(12, 30):  # below the rounded corner
            for x in range(rect.width - 5, rect.width - 3):
                # no light ink there (the text's dark shadow may touch it)
                assert sum(surf.get_at((x, y))[:3]) <= sum(body) + 30, (name, x, y)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_persons_bet_stands_beside_their_large_cards(size: tuple[int, int]) -> None:
    """Heads-up at 1024x640 the person's big blind lay on their own cards: with large
    cards at the bottom, the bet (chips and the amount under them) misses those cards,
    the plates, the markers and the pot, for 2-8 seats (with eight at 1024x640 the
    neighbours' cards fill both corners: the bet lies low beside the cards, under the
    neighbour's plate; it touched that plate)."""
    area = _cloth_area(size)
    for n in range(2, 9):
        ring = felt.SeatRing(n)
        ring.set_area(area)
        large = ring.card_width(large=True)
        ring.set_hero_large(large)
        d = ring.chip_diameter()
        x, y = ring.bet_spot(0)
        bet = ring.bet_rect(0)  # chips and their label
        pot = pygame.Rect(0, 0, 60, 2 * d + 18)
        pot.midbottom = ring.pot_spot
        blockers = [ring.hero_cards_rect(large), pot, *(ring.plate_rect(t) for t in range(n))]
        blockers += [pygame.Rect(0, 0, 22, 22).move(*ring.marker_spot(0, i)) for i in (0, 1)]
        assert not any(bet.colliderect(b) for b in blockers), (n, bet)
        assert area.contains(bet)
        ring.set_hero_large(0)  # a spectator's small fan: the bet goes back past it
        assert ring.bet_spot(0) != (x, y)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_no_bet_lies_on_the_deck_or_another_bet(size: tuple[int, int]) -> None:
    """With three and four seats a side seat's bet lay on the deck."""
    area = _cloth_area(size)
    for n in range(2, 9):
        for large in (0, 1):
            ring = felt.SeatRing(n)
            ring.set_area(area)
            ring.set_hero_large(ring.card_width(large=True) if large else 0)
            bets = [ring.bet_rect(s) for s in range(n)]
            for s in range(n):
                assert not bets[s].colliderect(ring.deck_rect), (n, s, large)
                others = [b for t, b in enumerate(bets) if t != s]
                assert bets[s].collidelist(others) == -1, (n, s, large)


def test_a_suit_name_too_long_for_the_tray_gives_way_to_its_glyph(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A narrow tray cut "diamonds" to "diam…" beside the suit's own glyph; the
    glyph alone names the suit, so the word goes whole or not at all."""
    from scenes import style
    from tests.scenes.conftest import spy_texts

    drawn = spy_texts(monkeypatch)
    surf = pygame.Surface((400, 200))
    for width, whole in ((130, False), (380, True)):
        tray = felt.DiceTray()
        tray.set_rect(pygame.Rect(0, 0, width, 110))
        row = tray.throw([3], "Naipe", duration=0)
        row.suit, row.note = "D", "diamonds"
        tray.finish()
        drawn.clear()
        tray.draw(surf)
        assert ("diamonds" in drawn) is whole, (width, drawn)
        # and never a cut word: blit_text would shorten it with "…"
        room = tray.rect.right - 6 - round(row.dice.dice[-1].x + row.dice.dice[-1].size + 8)
        room -= round(tray.text_size * 1.8)
        if whole:
            assert style.text_width("diamonds", tray.text_size, "bold") <= room


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_a_shown_hand_can_be_read_past_its_own_plate(size: tuple[int, int]) -> None:
    """A top seat's shown hand was tucked under its own plate and its best five
    raised further under it: rank and suit (the cards' upper corners) were hidden.
    Every shown card's upper corner stays clear of every plate, its own included,
    for 2-8 seats at both sizes (three of five raised, as a hand with dice cards),
    except where the cloth has no such room at all: at 1024x640 with eight seats the
    two seats either side of the top one (there the other plates, the tray and the
    row are kept clear instead, as the test above requires)."""
    area = _cloth_area(size)
    for n in range(2, 9):
        ring = felt.SeatRing(n, bottom=0)
        ring.set_area(area)
        avoid = (ring.tray_rect, ring.board_rect)
        plates = [ring.plate_rect(t) for t in range(n)]
        for s in range(1, n):
            if size == (1024, 640) and n == 8 and s in (3, 5):
                continue
            fan = _shown_fan(ring, s, avoid, "A♠ Q♥ 2c")
            for sp in fan.sprites:
                r = sp.rect
                corner = pygame.Rect(r.left, r.top, max(8, r.width // 4), r.height // 3)
                assert corner.collidelist(plates) < 0, (size, n, s, sp.card)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_a_side_seats_shown_hand_reads_clear_of_the_deck(size: tuple[int, int]) -> None:
    """With the deck on the cloth (the Wyrt table avoids it too), a side seat's
    shown hand was squeezed between its plate and the deck: at seven seats and
    1024x640 the left seat's cards lay under both, only slivers in sight. Where
    nothing is clear past the plate the hand lies under (or over) the plate. Every
    shown card's upper corner stays clear of the plates, the tray, the row and the
    deck, and no two shown hands overlap (2-8 seats, whoever sits at the bottom;
    eight seats at 1024x640 has no such room for the left and right seats)."""
    area = _cloth_area(size)
    for n in range(2, 9):
        for bottom in range(n):
            ring = felt.SeatRing(n, bottom=bottom)
            ring.set_area(area)
            cw = ring.card_width()
            deck = pygame.Rect(ring.deck_spot, (cw, round(cw * 1.4))).inflate(8, 8)
            avoid = (ring.tray_rect, ring.board_rect, deck)
            plates = [ring.plate_rect(t) for t in range(n)]
            shown: dict[int, pygame.Rect] = {}
            for s in range(n):
                if s == bottom:
                    continue
                fan = _shown_fan(ring, s, avoid, "A♠ Q♥ 2c")
                shown[s] = fan.rect
                if size == (1024, 640) and n == 8 and (s - bottom) % n in (2, 6):
                    continue
                for sp in fan.sprites:
                    r = sp.rect
                    corner = pygame.Rect(r.left, r.top, max(8, r.width // 4), r.height // 3)
                    assert corner.collidelist([*plates, *avoid]) < 0, (size, n, bottom, s)
            for s, r in shown.items():
                others = [q for t, q in shown.items() if t > s]
                assert r.collidelist(others) < 0, (size, n, bottom, s)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_persons_bet_is_off_the_path_of_their_dealt_cards(size: tuple[int, int]) -> None:
    """Heads-up (Life Cassino with two seats) the person's big blind stood left of
    their cards, between them and the deck: the cards being dealt flew under the
    chips (drawn over the cards). The bet now lies off the deal's path."""
    area = _cloth_area(size)
    ring = felt.SeatRing(2)
    ring.set_area(area)
    large = ring.card_width(large=True)
    ring.set_hero_large(large)
    fan = ring.hero_cards_rect(large)
    bet = ring.bet_rect(0)
    # card-sized steps from the deck to the fan's first and last card
    (x0, y0), h = ring.deck_rect.center, round(large * 1.4)
    path = []
    for x1 in (fan.left + large // 2, fan.right - large // 2):
        for k in range(1, 10):
            step = pygame.Rect(0, 0, large, h)
            step.center = (round(x0 + (x1 - x0) * k / 10), round(y0 + (fan.centery - y0) * k / 10))
            path.append(step)
    assert bet.collidelist(path) == -1, (bet, ring.deck_rect, fan)
    assert not bet.colliderect(fan) and area.contains(bet)
