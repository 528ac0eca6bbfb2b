"""The Chama table's parts without a window: the battle calculator, hint
reasons, the table geometry and the display copy that events move forward."""

from __future__ import annotations

import pygame
import pytest

from game import make_bot, new_match
from game.cards import parse_card
from game.chama import actions as A
from game.chama.match import ChamaMatch
from game.rng import Rng
from scenes.tables.chama import layout as L
from scenes.tables.chama.calculator import battle_calc, unseen_ranks
from scenes.tables.chama.display import Display
from scenes.tables.chama.hints import reason


def _fight() -> tuple[ChamaMatch, int, int]:
    """A battle in its fight stage: attacker 5 (holding a 9) against defender 3."""
    m = new_match("chama", 2, seed=1)
    assert isinstance(m, ChamaMatch)
    a = m.active
    d = 1 - a
    sa, sd = m.suits[a], m.suits[d]

    def give(seat: int, codes: str) -> None:
        want = [parse_card(c) for c in codes.split()]
        rest = m.hands[seat] + m.draw[seat]
        for c in want:
            rest.remove(c)
        m.hands[seat], m.draw[seat] = want, rest

    give(a, f"5{sa} 9{sa}")
    give(d, f"3{sd} 10{sd} 8{sd} A{sd}")
    realm = parse_card(f"K{sd}")
    m.draw[d].remove(realm)
    m.slot_card[d][0] = realm
    while m.phase != "attack":
        m.apply(a, A.EndStep())
    m.apply(a, A.Attack(d, "A"))
    m.apply(a, A.PresentHand(parse_card(f"5{sa}")))
    m.apply(d, A.PresentHand(parse_card(f"3{sd}")))
    return m, a, d


def test_calculator_defender_needs_only_to_equal_c8() -> None:
    m, a, d = _fight()
    calc = battle_calc(m.view(d))
    assert calc is not None and calc.side == "defense"
    assert (calc.mine, calc.theirs, calc.need) == (3, 5, 2)  # a tie would be the defender's
    assert sorted(calc.hand_singles) == sorted([f"10{m.suits[d]}", f"8{m.suits[d]}"])
    assert calc.aces_in_hand == 1
    # the unseen cards are exactly the draw pile, counted from the view alone [G4]
    assert sum(unseen_ranks(m.view(d), d).values()) == len(m.draw[d])
    assert calc.deck_singles[10] == 3 and calc.deck_singles[6] == 4
    ahead = battle_calc(m.view(a))  # the winning side is told it leads
    assert ahead is not None and ahead.need == 0 and not ahead.hand_singles


def test_calculator_attacker_must_pass_the_defender_c8() -> None:
    m, a, d = _fight()
    m.apply(d, A.Reinforce(parse_card(f"10{m.suits[d]}")))
    calc = battle_calc(m.view(a))
    assert calc is not None and calc.side == "attack"
    assert (calc.mine, calc.theirs, calc.need) == (5, 13, 9)  # ties go to the defender
    assert calc.hand_singles == [f"9{m.suits[a]}"]
    hint = reason(m.view(a), A.Reinforce(parse_card(f"9{m.suits[a]}")), ["Ana", "Bia"])
    assert "14" in hint and "13" in hint


def test_hint_reasons_name_what_the_move_does() -> None:
    m, a, d = _fight()
    text = reason(m.view(d), A.Reinforce(parse_card(f"8{m.suits[d]}")), ["Ana", "Bia"])
    assert "11" in text and "5" in text
    assert reason(m.view(d), A.Stop(), ["Ana", "Bia"])


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_crowded_pool_draws_its_commanders_side_by_side(size: tuple[int, int], n: int) -> None:
    """Three or four commanders in a narrow pool: smaller cards, never one over
    another's army and level (a third covered the second's)."""
    lay = L.compute(size, n, bottom=0)
    for area in lay.areas.values():
        for count in (3, 4):
            units = area.pool_units(count)
            if round(area.card_w * 0.62) * count + 6 * (count - 1) > area.pool.width:
                continue  # no room even for small cards: they overlap, as before
            for a, b in zip(units, units[1:], strict=False):
                assert a.right <= b.left, (size, n, area.seat, count)
            assert all(u.width >= round(area.card_w * 0.62) for u in units)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_pools_commanders_stand_where_its_empty_outline_stood(
    size: tuple[int, int], n: int
) -> None:
    """Issue 49: at 1024x640 the bottom seat's first commander landed a hand's
    width left of the outline that marked the empty pool (beside the pyramid)."""
    lay = L.compute(size, n, bottom=0)
    for area in lay.areas.values():
        assert area.pool.contains(area.empty_pool())
        assert area.pool_units(1)[0] == area.empty_pool(), (size, n, area.seat)
        assert area.pool_units(3)[0].topleft == area.empty_pool().topleft


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_layout_every_seat_fits_and_a_faces_the_centre_c5(size: tuple[int, int], n: int) -> None:
    lay = L.compute(size, n, bottom=1 % n)
    assert lay.positions[1 % n] == "bottom"
    if n == 4:  # Duplas partners sit opposite [C14]
        assert lay.positions[(1 + 2) % 4] == "top"
    cx, cy = lay.centre.center
    rects = [a.rect for a in lay.areas.values()] + [lay.centre]
    for i, r in enumerate(rects):
        assert lay.felt.contains(r), (r, lay.felt)
        for other in rects[i + 1 :]:
            assert not r.colliderect(other), (r, other)
    for area in lay.areas.values():
        dist = [abs(s.centerx - cx) + abs(s.centery - cy) for s in area.slots]
        assert dist.index(min(dist)) == 0  # slot A is the front of the pyramid
        back = max(dist[3:])
        assert max(dist[1:3]) < back  # B and C before the base D E F
        assert area.card_w >= 24
    cards = lay.hand_cards(10)
    assert all(lay.hand.contains(c) for c in cards)


def test_display_copy_follows_events_to_the_engine_view_g4() -> None:
    """Through a whole bot game, the copy moved by each action's events shows what
    the engine's view shows afterwards (seat 0's view: nothing hidden enters it)."""
    m = new_match("chama", 3, seed=6, options={"aliados": True})
    bot = make_bot("chama", "easy")
    rng = Rng(3)
    checked = 0
    for _ in range(400):
        if m.is_over:
            break
        seat = m.to_move[0]
        before = m.view(0)
        events = m.apply(seat, bot.choose(m.view(seat), m.legal_actions(seat), rng))
        after = m.view(0)
        d = Display()
        d.start(before)
        for e in events:
            d.apply(e, after, 0)
        assert d.view is not None
        if d.snapped:
            assert d.view == after
            continue
        shown = d.view
        for s, p in enumerate(after["players"]):
            q = shown["players"][s]
            assert [f["card"] for f in q["formation"]] == [f["card"] for f in p["formation"]]
            assert [f["razed"] for f in q["formation"]] == [f["razed"] for f in p["formation"]]
            assert q["hand_count"] == p["hand_count"], (s, events)
            assert q["draw_count"] == p["draw_count"]
            assert {u["uid"]: u["army"] for u in q["pool"]} == {
                u["uid"]: u["army"] for u in p["pool"]
            }
        assert sorted(shown["hand"]) == sorted(after["hand"])
        if after["battle"] and shown["battle"]:
            for side in ("attack", "defense"):
                assert shown["battle"][side]["level"] == after["battle"][side]["level"]
        checked += 1
    assert checked > 50
    pygame.quit()


def _player(filled: str, pool: int = 0) -> dict:  # type: ignore[type-arg]
    """A seat's public part: realms in the slots named by `filled`, `pool` commanders."""
    return {
        "formation": [{"card": "KH" if s in filled else None, "razed": False} for s in "ABCDEF"],
        "pool": [{"uid": i, "commander": "5H", "army": "9H"} for i in range(pool)],
    }


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_revealed_hand_strip_covers_no_realm_and_no_pool_card(
    size: tuple[int, int], n: int
) -> None:
    """Practice's revealed bot hand sits in the area's freest band: a full pyramid
    and a pool are never under it (under the header it covered a top seat's D E F)."""
    from scenes.tables.chama.formation_view import free_band, unit_rects

    pygame.init()
    lay = L.compute(size, n, bottom=0)
    for area in lay.areas.values():
        strip_h = 2 * 17 + 4 if area.facing in ("left", "right") else 21
        for filled, pool in (("ABCDEF", 0), ("DEF", 2), ("ABC", 3)):
            player = _player(filled, pool)
            x, y = free_band(area, player, (min(150, area.rect.width - 12), strip_h))
            strip = pygame.Rect(x, y, min(150, area.rect.width - 12), strip_h)
            assert area.rect.contains(strip)
            assert strip.top > area.header.bottom
            for i, rect in enumerate(area.slots):
                if "ABCDEF"[i] in filled:
                    assert not strip.colliderect(rect), (area.facing, filled, "ABCDEF"[i])
            for rect in unit_rects(area, player["pool"]).values():
                assert not strip.colliderect(rect), (area.facing, filled, pool)


def test_revealed_hand_reads_by_role_high_first() -> None:
    from scenes.i18n import set_language
    from scenes.tables.chama.hints import bot_hand_text

    set_language("en")
    assert bot_hand_text(["7H", "KH", "AH", "9H", "QH"]) == "realms K Q · armies 9 7 · armistices A"
    assert bot_hand_text([]) == "empty"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_three_players_use_the_top_of_the_board(size: tuple[int, int]) -> None:
    """No top seat: the room goes to bigger side and bottom seats, and the centre
    (the battle) fills what is left between them, from the top of the board."""
    three, four = L.compute(size, 3, bottom=0), L.compute(size, 4, bottom=0)
    rects = [a.rect for a in three.areas.values()]
    for i, r in enumerate(rects):
        assert three.board.contains(r)
        assert r.collidelist(rects[i + 1 :]) < 0
        assert not r.colliderect(three.centre)
    for area in three.areas.values():
        for part in [*area.slots, area.draw_pile, area.discard_pile, area.header]:
            assert area.rect.contains(part), (area.facing, part)
    assert three.centre.top - three.board.top <= 8
    bottom = {a.facing: a for a in three.areas.values()}["up"]
    assert bottom.rect.top - three.centre.bottom <= 8  # nothing empty between them
    for facing in ("up", "left", "right"):
        mine = {a.facing: a for a in three.areas.values()}[facing]
        theirs = {a.facing: a for a in four.areas.values()}[facing]
        assert mine.card_w >= theirs.card_w and mine.rect.width * mine.rect.height > (
            theirs.rect.width * theirs.rect.height
        )
    assert bottom.card_w > {a.facing: a for a in four.areas.values()}["up"].card_w
    # the battle still fits its centre: both sides and the realm inside
    from scenes.tables.chama.battle_view import geometry

    g = geometry(three.centre)
    for r in (g.attack, g.defense, g.realm):
        assert three.centre.contains(r)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
@pytest.mark.parametrize("n", [3, 4])
def test_side_header_holds_its_second_line(size: tuple[int, int], n: int) -> None:
    """A narrow seat's header wraps to a second line 17 px down: the header rect
    (under which a revealed bot hand may lie) holds it, shadow included."""
    from scenes import style

    pygame.init()
    line = style.font(14, "sans").get_height()
    for area in L.compute(size, n, bottom=0).areas.values():
        if area.facing in ("left", "right"):
            assert area.header.height >= 1 + 17 + line + 1
            text_end = area.header.top + 1 + 17 + line
            assert all(s.top >= text_end for s in area.slots)  # cards start under the words
            assert area.draw_pile.top > text_end


def test_a_long_name_in_a_side_header_ends_in_an_ellipsis(monkeypatch: pytest.MonkeyPatch) -> None:
    """A side area's header shrank a long name to whatever fitted (unreadable);
    it now stays at 12 px or more and ends in "…" inside the header."""
    from scenes import style
    from scenes.tables.chama import formation_view

    pygame.init()
    drawn: list[tuple[str, int]] = []
    real = style.blit_text

    def spy(target, text, size, pos, *a, **k):  # type: ignore[no-untyped-def]
        drawn.append((text, size))
        return real(target, text, size, pos, *a, **k)

    monkeypatch.setattr(formation_view.style, "blit_text", spy)
    area = L.Area(1, pygame.Rect(0, 0, 170, 300), "right", 40)
    area.header = pygame.Rect(0, 0, 170, L.SIDE_HEADER_H)
    name = "Maximiliano Albuquerque de Vasconcelos"
    header = [(name, style.CREAM), ("Reinos 0/6", style.GOLD), ("Mão 5", style.PARCHMENT)]
    surf = pygame.Surface((200, 320), pygame.SRCALPHA)
    formation_view._paint_header(surf, area, header, (200, 40, 40), "square", {"suit": "H"})
    text, size = drawn[0]
    assert text.endswith("…") and size >= 12
    assert 38 + style.text_width(text, size, "bold") <= area.header.width - 4
