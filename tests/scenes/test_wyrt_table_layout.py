"""The Wyrt table's layout at every window size and language: bar words clear of
buttons, the dealer and the banner clear of the plates, dialogs in their frames."""

from __future__ import annotations

import pygame
import pytest

from game.cards import Card
from game.wyrt import records as R
from scenes.main_menu import MainMenu
from scenes.tables import felt, open_table
from scenes.tables.face import SeatSetup
from scenes.tables.wyrt import WyrtTable
from scenes.tables.wyrt.dialogs import StealDialog
from tests.scenes.conftest import make_app, pump
from tests.scenes.wyrt_table_helpers import BOTS, my_decision, table, until


@pytest.mark.slow
@pytest.mark.parametrize("size", ["1280x800", "1024x640"])
@pytest.mark.parametrize("lang", ["pt", "en"])
def test_bar_words_never_under_a_button(size: str, lang: str) -> None:
    a = make_app("--lang", lang, "--size", size)
    a.settings.animation_speed = "instant"
    try:
        for seats, opts in (
            (BOTS, {}),  # the straddle prompt, then a bet
            ([SeatSetup("Ana"), SeatSetup("Bo", "carteador")], {"mode": "life_cassino"}),
        ):
            t = table(a, seats, **opts)
            for _ in range(2):
                until(a, my_decision(t))
                pump(a, 3)
                words = t.bar_text_rect
                assert words.width > 0
                for e in t.ui.elements:
                    if e.visible:
                        assert not e.rect.colliderect(words), (e.rect, words)
                legal = t.match.legal_actions(0)
                nxt = [x for x in legal if isinstance(x, (R.NoStraddle, R.Call, R.Check))]
                t.submit(nxt[0] if nxt else legal[0])
    finally:
        pygame.quit()


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_sizing_buttons_words_fit_at_1024x640(lang: str) -> None:
    """ "½ pote" and "All-in T$ 1.000" are drawn whole inside their narrow buttons."""
    a = make_app("--lang", lang, "--size", "1024x640")
    a.settings.animation_speed = "instant"
    try:
        t = table(a, BOTS)
        until(a, my_decision(t))
        if not t.controls.widgets["allin"].visible:  # the straddle prompt comes first
            t.submit(R.NoStraddle())
            until(a, my_decision(t))
        pump(a, 3)
        c = t.controls
        assert c is not None
        for name in ("half", "pot", "allin"):
            b = c.widgets[name]
            width = b.font.size(b.text)[0]
            room = b.rect.width - 2 * (2 + 2)  # the theme's border and shadow, each side
            assert width <= room, (name, b.text, width, room)
    finally:
        pygame.quit()


@pytest.mark.slow
@pytest.mark.parametrize("size", ["1280x800", "1024x640"])
def test_morto_the_dealer_stands_clear_of_the_plates_t11(size: str) -> None:
    """O Morto's hood stood at the head of the table, hidden behind the top seat's
    plate with 2, 4 and 6 seats: now it is never behind a plate or its badge, and who
    deals is said in the title (a cloth label collided with bets and markers)."""
    from scenes.tables.wyrt.morto import hood_rect, hood_spot

    a = make_app("--lang", "pt", "--size", size)
    try:
        names = ["carteador", "clandestino", "cliente_casual", "carteador", "clandestino"]
        for n in range(2, 7):
            seats = [SeatSetup("Ana")] + [SeatSetup(f"B{i}", names[i]) for i in range(n - 1)]
            t = table(a, seats, mode="life_cassino")
            hood = hood_rect(t.ring, hood_spot(t.ring))
            assert t.ring.area.inflate(0, 120).contains(hood), (n, hood)
            for s in range(n):
                assert not hood.colliderect(t.ring.plate_rect(s).inflate(8, 24)), (n, s, hood)
            assert "não joga" in t.status_text()
            a.scenes.pop(fade=False)
            a.scenes.pop(fade=False)
    finally:
        pygame.quit()


@pytest.mark.slow
@pytest.mark.parametrize("size", ["1024x640", "1280x800"])
def test_the_banner_keeps_off_every_seat(size: str) -> None:
    """At six seats at 1024x640 the banner (a dice card, a pot won) hid a side
    seat's plate, and the pot under the community row: it narrows, or moves
    to the middle of the cloth, above the row or to the side, until no plate,
    badge or hand's place, nor the row, the dice tray or a big pot lies under
    it, for 2-8 seats, watched or played."""
    personas = ["cliente_casual", "clandestino", "carteador_genial", "nobre_expert"]
    for n in range(2, 9):
        for person in (False, True):
            app = make_app("--size", size, "--lang", "pt")
            try:
                seats = [SeatSetup(f"P{i}", personas[i % 4]) for i in range(n)]
                if person:
                    seats[0] = SeatSetup("Ana")
                t = table(app, seats, seed=5)
                pump(app, 30)
                t.banner.show("Carta dos dados 2", "6♠", 2.0)
                pump(app)
                t.pots.set_pots([(1995, "Pote")])  # a tall pile, its amount and caption
                (x, y), width, compact = t.banner_placer.place()
                ribbon = pygame.Rect(0, 0, width, t.banner.height(width, compact=compact))
                ribbon.center = (x, y)
                assert not ribbon.colliderect(t.ring.board_rect)  # the row stays whole
                assert not ribbon.colliderect(t.ring.tray_rect)  # and the dice in sight
                pots = t.pots.rect(t.money)
                assert pots is not None
                # At 1024x640 five or seven seats leave no room clear of a tall pot
                # too (the seat across the cloth and the hands' places fill it).
                if size != "1024x640" or n not in (5, 7):
                    assert not ribbon.colliderect(pots), (n, person, pots)
                assert t.ring.oval.contains(ribbon.inflate(-ribbon.height, 0))
                for s in range(n):
                    plate = t.ring.plate_rect(s)
                    badge = pygame.Rect(plate.left, felt.badge_top(plate), plate.width, 20)
                    assert not ribbon.colliderect(plate), (n, person, s, ribbon, plate)
                    assert not ribbon.colliderect(badge), (n, person, s, ribbon, badge)
                    hand = (
                        t.ring.hero_cards_rect(t.ring.card_width(large=True))
                        if s == t.ring.bottom
                        else t.ring.cards_rect(s)
                    )
                    assert not ribbon.colliderect(hand), (n, person, s, ribbon, hand)
                assert width >= int(t.ring.oval.width * 0.4)  # its letters still read
            finally:
                pygame.quit()


def test_with_no_clear_place_the_banner_covers_the_least_of_the_seats() -> None:
    # seven seats at 1024x640 with hands shown: it fell back to its widest at the
    # middle, over a side seat's shown hand
    app = make_app("--size", "1024x640", "--lang", "en")
    try:
        seats = [SeatSetup(f"P{i}", "clandestino") for i in range(7)]
        t = table(app, seats, seed=5)
        pump(app, 5)
        o = t.ring.oval
        wall = pygame.Rect(o.left, o.top, int(o.width * 0.7), o.height)  # no room anywhere
        (x, y), width, compact = t.banner_placer.find(t.ring.board_rect.bottom + 40, [wall], None)
        ribbon = pygame.Rect(0, 0, width, t.banner.height(width, compact=compact))
        ribbon.center = (x, y)
        covered = ribbon.clip(wall).width * ribbon.clip(wall).height
        old = pygame.Rect(0, 0, min(int(o.width * 0.62), 540), ribbon.height)
        old.center = (t.ring.board_rect.centerx, y)
        assert covered < old.clip(wall).width * old.clip(wall).height
        assert compact and width == min(int(o.width * t.banner_placer.WIDTHS[-1]), 540)
    finally:
        pygame.quit()


def test_a_banner_keeps_its_place_unless_a_pot_comes_under_it() -> None:
    """The banner does not jump about while it shows: it moves only when pots
    gathered or paid meanwhile would lie under it, and a new banner is placed
    anew."""
    app = make_app("--size", "1280x800", "--lang", "pt")
    try:
        t = table(app, [SeatSetup(f"P{i}", "cliente_casual") for i in range(4)], seed=5)
        pump(app, 30)
        t.pots.set_pots([])
        t.banner.show("Carta dos dados 1", "6♠", 2.0)
        first = t.banner_placer.place()
        (x, y), width, compact = first
        ribbon = pygame.Rect(0, 0, width, t.banner.height(width, compact=compact))
        ribbon.center = (x, y)
        t.pots.set_pots([(15, "Pote")])
        t.pots.spot = (ribbon.centerx, ribbon.top - 90)  # a pot clear of it: it stays
        assert not ribbon.colliderect(t.pots.rect(t.money))
        assert t.banner_placer.place() == first
        t.pots.spot = ribbon.center  # a pot right under it: it moves off
        moved = t.banner_placer.place()
        assert moved != first
        (x, y), width, compact = moved
        ribbon = pygame.Rect(0, 0, width, t.banner.height(width, compact=compact))
        ribbon.center = (x, y)
        assert not ribbon.colliderect(t.pots.rect(t.money))
    finally:
        pygame.quit()


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_bar_says_every_line_in_practice_at_the_smallest_window(lang: str) -> None:
    """Practice at 1024x640 in Portuguese moved the status into the bar and cut
    the last line ("Um aumento deve chegar a pelo" and no more): every line of a
    decision with a call and a raise is written, in smaller letters if need be."""
    a = make_app("--lang", lang, "--size", "1024x640")
    a.settings.animation_speed = "instant"
    a.scenes.push(MainMenu(a), fade=False)
    t = open_table(a, "wyrt", BOTS, seed=3, options={"straddle": False}, practice=True)
    a.scenes.push(t, fade=False)
    try:
        assert isinstance(t, WyrtTable)
        until(a, lambda: my_decision(t)() and t.view().get("to_call", 0) > 0)
        pump(a, 3)
        assert t.view().get("can_raise")
        assert t.bar_lines_cut == 0
        # issue 49: "Get up" sat three slots out and pushed the status into the
        # bar; it now stands against Menu and the status keeps its top line
        leave = t.extra_buttons["leave"]
        assert leave.visible
        first = min(b.rect.left for b in t.buttons.values())
        assert leave.rect.right + 8 == first
        assert t._top_room() >= 430
    finally:
        t.worker.close()
        pygame.quit()


@pytest.mark.parametrize("size", ["1024x640", "1280x800"])
def test_the_steal_dialogs_hand_row_stays_above_its_buttons_t9(size: str) -> None:
    """At 1024x640 the first and last cards of a hand of eleven (five and six
    taken) ran about 12 px under "Best for me" and "Take the cards"."""
    from game.cards import standard_deck

    a = make_app("--lang", "en", "--size", size)
    a.settings.animation_speed = "instant"
    a.scenes.push(MainMenu(a), fade=False)
    t = open_table(a, "wyrt", BOTS, seed=2, options={"straddle": False})
    a.scenes.push(t, fade=False)
    try:
        assert isinstance(t, WyrtTable)
        deck = [c.code for c in standard_deck()]
        view = {"steal": {"count": 6, "deck": deck[5:]}, "hand_cards": deck[:5]}
        dialog = StealDialog(a, t, view)
        a.scenes.push(dialog, fade=False)
        pump(a)
        dialog.take = [Card.from_code(c) for c in deck[5:11]]
        dialog._hand_sprites()
        for sp in dialog.hand_sprites:
            for button in (dialog.best, dialog.confirm):
                assert not sp.rect.colliderect(button.rect), (sp.card, button.rect)
    finally:
        t.worker.close()
        pygame.quit()


@pytest.mark.slow
def test_no_marker_lies_on_a_neighbours_shown_hand(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """At seven seats on a 1024x640 window the small-blind puck of the lower-left
    seat lay on the left seat's shown hand at the showdown. A marker that would
    cover another seat's shown hand is left out while that hand is up, as a
    seat's own markers already were under its own shown hand."""
    a = make_app("--lang", "en", "--size", "1024x640")
    names = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gil"]
    bots = ["clandestino_genial", "clandestino", "cliente_genial", "nobre_expert"]
    bots += ["carteador", "nobre_invicto", "cliente_casual"]
    seats = [SeatSetup(n, b) for n, b in zip(names, bots, strict=True)]
    a.scenes.push(MainMenu(a), fade=False)
    t = open_table(a, "wyrt", seats, seed=5, options={})
    a.scenes.push(t, fade=False)
    assert isinstance(t, WyrtTable)
    drawn: list[pygame.Rect] = []
    real = felt.draw_marker

    def record(surface, centre, text, kind, radius=13):  # type: ignore[no-untyped-def]
        drawn.append(felt.marker_rect(centre, radius))
        return real(surface, centre, text, kind, radius)

    monkeypatch.setattr(felt, "draw_marker", record)
    crowded = 0
    try:
        for _ in range(3000):
            pump(a)
            shown = {s: f.rect for s, f in t.fans.items() if f.raised}
            if not shown:
                continue
            drawn.clear()
            t.painter.draw_markers(a.screen, t.shown)
            for s, r in shown.items():
                assert r.collidelist(drawn) < 0 or s == t.ring.bottom, (s, r, drawn)
            sh = t.shown
            for s in (sh.buck, sh.small_blind, sh.big_blind):
                if s >= 0 and s not in shown:
                    spot = felt.marker_rect(t.ring.marker_spot(s), 12)
                    others = [r for q, r in shown.items() if q != s]
                    crowded += spot.collidelist(others) >= 0
            if crowded:
                break
        assert crowded, "the crowded showdown never came: the test shows nothing"
    finally:
        t.worker.close()
        pygame.quit()
