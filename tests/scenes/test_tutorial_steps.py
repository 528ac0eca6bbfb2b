"""Every guided-game step file is sound: known trigger kinds, engine events
that exist in its game, and texts in both languages."""

from __future__ import annotations

import importlib

import pytest

from scenes.i18n import has, set_language
from scenes.tutorial import TUTORIALS, load_steps

EVENT_MODULES = {
    "war": "game.war.records",
    "wyr": "game.wyr.records",
    "wyrt": "game.wyrt.records",
    "chama": "game.chama.events",
}


@pytest.mark.parametrize("game", sorted(p.stem for p in TUTORIALS.glob("*.json")))
def test_steps_name_real_events_and_translated_texts(game: str) -> None:
    steps = load_steps(game)
    assert steps, f"{game}.json has no steps"
    assert len({s.id for s in steps}) == len(steps)
    module = importlib.import_module(EVENT_MODULES[game])
    for step in steps:
        kinds = set(step.when) - {"mine"}
        assert kinds <= {"turn", "phase", "event"} and len(kinds) == 1
        if "event" in step.when:
            assert hasattr(module, step.when["event"]), step.when["event"]
        if "mine" in step.when:  # only an event with a seat can be the person's own
            fields = getattr(module, step.when["event"]).__dataclass_fields__
            assert "event" in step.when and "seat" in fields, step.id
        for lang in ("en", "pt"):
            set_language(lang)
            assert has(step.title) and has(step.text), (lang, step.id)
    set_language("en")


def test_war_phases_are_the_engine_s_phases() -> None:
    import game
    from game.war import match as war

    m = game.new_match("war", 3, seed=1)
    phases = {war.PHASE_REINFORCE, war.PHASE_ATTACK, war.PHASE_OCCUPY, war.PHASE_MOVE}
    assert m.public_view()["phase"] in phases
    for step in load_steps("war"):
        if "phase" in step.when:
            assert step.when["phase"] in phases
