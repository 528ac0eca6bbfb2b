"""Standings, bracket and every screen at both sizes and in both languages."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pygame
import pytest

from game.tournament import Result, create_tournament, simulate_round
from scenes.tournament import (
    BracketScene,
    CreateTournament,
    StandingsScene,
    TournamentHome,
    TournamentHub,
)
from scenes.tournament.dialogs import DropDialog, LateEntryDialog, ResultDialog
from tests.scenes.conftest import click_widget, make_app, pump
from tests.scenes.tournament.helpers import bots, open_scene, resize, saved
from tests.test_translations import load_all

ROOT = Path(__file__).resolve().parents[3]
KEY = re.compile(r"(tournament|ui)\.[a-z_]+(\.[a-z_]+)+")


def finished_swiss_with_cut():  # type: ignore[no-untyped-def]
    """A finished 13-player Swiss with a top cut of 8, one human among bots."""
    t = create_tournament(
        "alta", ["Ana Clara de Souza", *bots(12)], format="swiss", top_cut=8, seed=9
    )
    while not t.is_finished:
        if t.can_start_round():
            t.start_round()
        simulate_round(t)
        rnd = t.current_round
        for tb in rnd.pending:
            t.record_result(rnd.number, tb.number, Result.win(tb.seats[0], tb.seats[1]))
    return saved(t)


def test_standings_show_every_tie_break_column(app) -> None:  # type: ignore[no-untyped-def]
    t = finished_swiss_with_cut()
    scene = open_scene(app, StandingsScene(app, t))
    assert scene.final and scene.columns == t.columns(True)
    for col in ("points", "beat_all", "sos", "prelim_rank", "seed", "reached", "grand_points"):
        assert col in scene.columns
    assert [r.number for r in scene.rows] == [r.number for r in t.final_standings()]
    assert scene.cell(scene.rows[0], "reached") == "Champion"
    resize(app, (1024, 640))
    scene.scroll_sideways(10_000)
    assert scene.hscroll == scene._max_hscroll() > 0  # wide tables scroll sideways
    click_widget(app, scene.toggle)
    assert not scene.final and scene.columns == t.columns(False)
    assert [r.number for r in scene.rows] == [r.number for r in t.prelim_standings()]


@pytest.mark.slow
def test_wide_standings_scroll_sideways_by_clicks_too(app) -> None:  # type: ignore[no-untyped-def]
    t = finished_swiss_with_cut()
    scene = open_scene(app, StandingsScene(app, t))
    resize(app, (1024, 640))
    assert scene._max_hscroll() > 0
    assert scene.side_right.visible and scene.side_left.visible
    assert not scene.side_left.is_enabled  # already at the left end
    click_widget(app, scene.side_right)
    assert scene.hscroll > 0 and scene.side_left.is_enabled
    click_widget(app, scene.side_left)
    assert scene.hscroll == 0
    resize(app, (1600, 1000))
    if scene._max_hscroll() == 0:  # everything fits: no arrows
        assert not scene.side_right.visible


def test_standings_scroll_for_large_fields(app) -> None:  # type: ignore[no-untyped-def]
    t = saved(create_tournament("alta", bots(120), format="swiss", seed=1))
    t.start_round()
    simulate_round(t)
    scene = open_scene(app, StandingsScene(app, t))
    assert scene.list.max_scroll > 0
    pygame.mouse.set_pos(scene.list.rect.center)
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False)])
    assert scene.list.scroll > 0


def test_bracket_view_draws_the_top_cut(app) -> None:  # type: ignore[no-untyped-def]
    t = finished_swiss_with_cut()
    scene = open_scene(app, BracketScene(app, t))
    assert [r.label for r in scene.rounds] == ["quarterfinal", "semifinal", "final"]
    assert scene.page is not None
    final = scene.rounds[-1].matches[0]
    champ = t.champion()
    assert champ is not None and final.winner == champ.number
    # the winner's half of the final box is painted gold
    box = scene.box_rect(2, 0)
    half = 0 if final.top == final.winner else 1
    at = (box.left + box.width // 2, box.top + 6 + half * (box.height // 2))
    assert scene.page.get_at(at)[:3] == (246, 219, 140)


def test_bracket_view_without_a_bracket_says_so(app) -> None:  # type: ignore[no-untyped-def]
    t = saved(create_tournament("alta", bots(6), format="melee", seed=1))
    scene = open_scene(app, BracketScene(app, t))
    assert scene.page is None
    pump(app, 2)


def test_a_big_elimination_bracket_scrolls(app) -> None:  # type: ignore[no-untyped-def]
    t = saved(create_tournament("alta", bots(40), format="elimination", seed=1))
    t.start_round()
    scene = open_scene(app, BracketScene(app, t))
    assert scene._max_scroll() > 0
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)])
    assert scene.scroll > 0


def _screens(app, t):  # type: ignore[no-untyped-def]
    rnd = t.current_round
    return [
        lambda: TournamentHome(app),
        lambda: CreateTournament(app, "alta"),
        lambda: TournamentHub(app, t),
        lambda: StandingsScene(app, t),
        lambda: BracketScene(app, t),
        lambda: ResultDialog(app, t, rnd.number, rnd.tables[0], lambda r: None),
        lambda: DropDialog(app, t, lambda n: None),
        lambda: LateEntryDialog(app, t, lambda n, b: None),
    ]


@pytest.mark.slow
def test_every_screen_resizes_and_switches_language() -> None:
    """Each screen: pt at 1280x800, then 1024x640, then English, then back."""
    lang = "pt"
    app = make_app("--lang", lang, "--size", "1280x800")
    app.settings.animation_speed = "instant"
    t = finished_swiss_with_cut()
    other = "en" if lang == "pt" else "pt"
    for make in _screens(app, t):
        scene = make()
        open_scene(app, scene)
        resize(app, (1024, 640))
        assert app.size == (1024, 640)
        app.set_language(other)
        pump(app, 2)
        resize(app, (1280, 800))
        app.set_language(lang)
        pump(app, 2)
        assert app.scenes.top is scene
        while app.scenes.stack:
            app.scenes.pop(fade=False)
    pygame.quit()


def test_every_key_the_screens_use_exists_in_both_languages() -> None:
    table = load_all()
    used: set[str] = set()
    for path in (ROOT / "scenes" / "tournament").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            text = node.value if isinstance(node, ast.Constant) else None
            if isinstance(text, str) and KEY.fullmatch(text):
                used.add(text)
    assert len(used) > 60
    for lang in ("en", "pt"):
        # a plural entry is used by its parent key ("…done" -> "…done.one")
        missing = sorted(k for k in used if k not in table[lang] and f"{k}.one" not in table[lang])
        assert missing == [], f"{lang}: {missing}"
