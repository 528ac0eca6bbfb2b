"""Personalities ([T10]) and the options that choose them."""

from __future__ import annotations

import pytest

from game.registry import OptionsError, make_bot, new_match
from game.wyrt import INFO, PERSONAS
from game.wyrt.personas import ROSTER_ORDER, persona_from_seat_name

EXPECTED = {
    # id: (H, I, tier) at the Wyrt table, after Arena, the kit, Genialidade and skills
    "cliente_casual": (0, 0, "novice"),
    "cliente_aprendiz": (0, 2, "casual"),
    "cliente_genial": (0, 4, "solid"),
    "clandestino": (2, 2, "casual"),
    "clandestino_experiente": (3, 2, "casual"),
    "clandestino_genial": (2, 4, "solid"),
    "carteador": (4, 4, "solid"),
    "carteador_genial": (4, 6, "solid"),
    "carteador_expert": (5, 9, "sharp"),
    "nobre_iniciante": (0, 1, "novice"),
    "nobre_experiente": (3, 3, "casual"),
    "nobre_genial": (0, 6, "solid"),
    "nobre_expert": (5, 10, "sharp"),
    "nobre_invicto": (12, 14, "master"),
    "morto": (4, 6, "boss"),
}


@pytest.mark.parametrize("pid", sorted(EXPECTED))
def test_roster_stats_after_table_bonuses_t10(pid: str) -> None:
    """[T10] H and I after Arena +2/+2, Genialidade +2 I, +1 I per skill (and the kit's Blefar)."""
    p = PERSONAS[pid]
    assert (p.h, p.i, p.tier) == EXPECTED[pid]


def test_o_morto_plays_with_h4_i6_t10_t11() -> None:
    """[T10][T11] the source's own sum: H0 I0 + Arena + Blefar + two skills = H4 I6."""
    m = PERSONAS["morto"]
    assert (m.base_h, m.base_i, m.h, m.i) == (0, 0, 4, 6) and m.boss


def test_whole_roster_is_offered_weakest_first_t10() -> None:
    """[T10] every NPC of the roster is a bot; weakest first, O Morto last."""
    assert set(INFO.bot_ids) == set(EXPECTED)
    assert INFO.bot_ids == ROSTER_ORDER and INFO.bot_ids[-1] == "morto"
    tiers = ["novice", "casual", "solid", "sharp", "master", "boss"]
    ranks = [tiers.index(PERSONAS[b].tier) for b in INFO.bot_ids]
    assert ranks == sorted(ranks)
    for bot_id in INFO.bot_ids:
        bot = make_bot("wyrt", bot_id)
        assert bot.level == PERSONAS[bot_id].tier
        assert bot.time_budget == (1.0 if bot_id == "morto" else 0.2)


def test_views_show_every_seats_persona_t10() -> None:
    """[T10] the seat panel can show H, I and perks of every seat."""
    m = new_match("wyrt", ["bot:carteador", "Ana", "nobre_expert#3"], seed=1)
    for v in (m.public_view(), m.view(1)):
        personas = [s["persona"] for s in v["seats"]]
        assert [p["id"] for p in personas] == ["carteador", "cliente_casual", "nobre_expert"]
        assert personas[0]["h"] == 4 and "crime" in personas[0]["perks"]


def test_per_seat_persona_option_t10() -> None:
    """[T10] a persona per seat; "auto" follows the seat's bot name."""
    spec = next(o for o in INFO.options if o.key == "personas")
    assert spec.kind == "per_seat" and spec.default == "auto"
    assert set(spec.choices) == {"auto", *EXPECTED}
    m = new_match(
        "wyrt", ["Ana", "bot:carteador"], seed=1, options={"personas": ["nobre_genial", "auto"]}
    )
    assert m.persona_ids == ["nobre_genial", "carteador"]
    with pytest.raises(OptionsError):
        new_match("wyrt", 2, seed=1, options={"personas": ["auto"]})
    with pytest.raises(OptionsError):
        new_match("wyrt", 2, seed=1, options={"personas": ["auto", "nobody"]})


def test_seat_names_name_personas() -> None:
    assert persona_from_seat_name("bot:Carteador") == "carteador"
    assert persona_from_seat_name("morto#2") == "morto"
    assert persona_from_seat_name("Ana") is None


def test_option_schema_has_shared_options_and_labels() -> None:
    keys = [o.key for o in INFO.options]
    assert "turn_limit" in keys and "tournament" in keys
    assert INFO.min_seats == 2 and INFO.max_seats == 8
    with pytest.raises(OptionsError):
        new_match("wyrt", 3, seed=1, options={"profile_seat": 5})
    with pytest.raises(OptionsError):
        new_match(
            "wyrt", 2, seed=1, options={"mode": "life_cassino", "profile_seat": 0, "profile_pv": 0}
        )


def test_tournament_draws_the_first_buck_r8() -> None:
    """[R8] tournament rules: the first buck is drawn from the match RNG and announced."""
    from game.wyrt.records import BuckDrawn, HandStarted

    bucks = set()
    for seed in range(12):
        m = new_match("wyrt", 4, seed=seed, options={"tournament": True, "straddle": False})
        drawn = [e for e in m.start_events if isinstance(e, BuckDrawn)]
        assert len(drawn) == 1
        started = next(e for e in m.start_events if isinstance(e, HandStarted))
        assert started.buck == drawn[0].seat
        bucks.add(drawn[0].seat)
    assert len(bucks) > 1
