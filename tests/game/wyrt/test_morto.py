"""O Morto ([T11]): the Death Match, the Life Cassino and A Mão do Morto (house)."""

from __future__ import annotations

import pytest

from game.cards import Card, parse_cards
from game.core import IllegalAction
from game.registry import OptionsError, new_match
from game.wyrt import profile_result
from game.wyrt.records import (
    AllIn,
    Call,
    Cheat,
    CheatPress,
    Check,
    DiceCardRerolled,
    DiceCardRolled,
    Fold,
    HandShown,
    HandStarted,
    HoleCards,
    InvokeRelic,
    Join,
    Leave,
    MaskWorn,
    MortoDefeated,
    PlayerJoined,
    PlayerLeft,
    RelicExchange,
    RelicInvoked,
    RelicPeek,
    SoulTaken,
    Stay,
    WishGranted,
)
from tests.game.wyrt.helpers import act, dice, give, of, stacks, table

# ---------------------------------------------------------------------------
# Death Match


def test_death_match_stakes_are_life_points_t11() -> None:
    """[T11] PV instead of tibares; O Morto sits at his table with 30 PV."""
    m = table(3, mode="death_match", start_pv=12)
    assert m.unit == "PV" and m.morto_seat == 2 and m.persona_ids[2] == "morto"
    assert m.start_stacks == [12, 12, 30]
    assert m.public_view()["seats"][2]["is_morto"]
    assert of(m.start_events, HandStarted)[0].deck == "morto"


def test_nobody_leaves_while_o_morto_stands_t11() -> None:
    """[T11] players who sit down cannot leave."""
    m = table(3, mode="death_match")
    assert Leave() not in m.legal_actions(0)
    with pytest.raises(IllegalAction) as err:
        act(m, Leave())
    assert (err.value.rule, err.value.key) == ("T11", "wyrt.illegal.no_leaving")


def _beat_o_morto() -> tuple[object, list]:
    m = table(3, mode="death_match")
    stacks(m, 50, 19, 28)  # 50, 20 and O Morto 30 in all
    give(m, "AS AH AD AC KS", "2C 7D 9S JH 4D", "3C 8D 10S QH 5D")
    dice(m, 2, 1, 1, 3, 1, 2)
    events = []
    events += act(m, AllIn())
    events += act(m, Fold())
    events += act(m, Call())  # O Morto calls all-in and loses
    return m, events


def test_o_morto_at_zero_is_defeated_and_players_may_leave_t11() -> None:
    """[T11] O Morto at 0 PV: defeated; from then on anyone may leave."""
    m, events = _beat_o_morto()
    assert of(events, MortoDefeated)[0].reason == "pv"
    assert m.morto_defeated and m.status[2] == "defeated"
    seat = m.to_move[0]
    assert Leave() in m.legal_actions(seat)


def test_last_one_standing_wins_the_wish_t11() -> None:
    """[T11] the one player left at the table wins the Wish."""
    m, _ = _beat_o_morto()
    leaver = 1
    while m.to_move and m.to_move[0] != leaver:
        act(m, Fold())
    events = act(m, Leave())
    assert of(events, PlayerLeft)[0].seat == 1
    assert m.is_over and of(events, WishGranted)[0].seat == 0
    assert m.standings()[0] == [0]


def test_zero_life_points_is_death_t11() -> None:
    """[T11] a player at 0 PV is dead and out."""
    m = table(3, mode="death_match")
    give(m, "2C 7D 9S JH 4D", "AS AH AD AC KS", "3C 8D 10S QH 5D")
    dice(m, 2, 1, 1, 3, 1, 2)
    act(m, AllIn())
    act(m, Call())
    events = act(m, Fold())
    assert of(events, SoulTaken)[0].seat == 0 and m.status[0] == "dead"


def test_caught_cheating_at_o_mortos_table_is_death_t11() -> None:
    """[T11] being caught cheating in the Death Match kills."""
    m = table(["Ana", "Bia", "bot:morto"], mode="death_match", cheating=True)
    dice(m, 6, 6)
    act(m, Cheat())
    events = act(m, CheatPress())
    assert of(events, SoulTaken)[0].seat == 0 and m.status[0] == "dead"


def test_only_one_o_morto_t11() -> None:
    """[T11] one O Morto per Death Match; he never plays at the Life Cassino."""
    with pytest.raises(OptionsError):
        new_match("wyrt", 3, seed=1, options={"mode": "death_match", "personas": ["morto"] * 3})
    with pytest.raises(OptionsError):
        new_match("wyrt", ["bot:morto", "b"], seed=1, options={"mode": "life_cassino"})


# ---------------------------------------------------------------------------
# Life Cassino


def test_life_cassino_fixed_dealer_who_does_not_play_t11() -> None:
    """[T11] O Morto deals and does not play; stakes are PV."""
    m = table(3, mode="life_cassino")
    assert of(m.start_events, HandStarted)[0].dealer == -1
    assert m.public_view()["dealer"] == "morto"
    assert "morto" not in m.persona_ids and m.unit == "PV"


def test_the_buck_never_deals_at_the_life_cassino_t11() -> None:
    """[T11] O Morto is the Life Cassino's fixed dealer: a dealer passing with the
    buck is an impossible combination, refused in words."""
    with pytest.raises(OptionsError) as err:
        table(3, mode="life_cassino", dealer="buck")
    assert err.value.key == "wyrt.options.cassino_fixed_dealer"
    assert table(3, mode="life_cassino", dealer="fixed").public_view()["dealer"] == "morto"


def test_players_leave_and_join_between_hands_t11() -> None:
    """[T11] between hands each may get up or sit down; a newcomer posts a big blind."""
    m = table(3, mode="life_cassino")
    act(m, Fold())
    act(m, Fold())
    assert m.phase == "between" and sorted(m.to_move) == [0, 1, 2]
    m.apply(0, Leave())
    m.apply(1, Stay())
    events = m.apply(2, Stay())
    assert of(events, PlayerLeft)[0].seat == 0 and m.status[0] == "away"
    assert not m.in_hand[0] and m.in_hand[1] and m.in_hand[2]
    act(m, Fold())
    assert m.phase == "between" and Join() in m.legal_actions(0)
    m.apply(0, Join())
    m.apply(1, Stay())
    events = m.apply(2, Stay())
    assert of(events, PlayerJoined)[0].seat == 0
    joined = [e for e in events if getattr(e, "blind", "") == "join"]
    assert joined and joined[0].seat == 0
    # In the small blind's seat he tops his blind up to a full big blind.
    assert m.sb_seat == 0 and m.contrib[0] == m.bb_amount


def test_session_ends_when_too_few_stay_t11() -> None:
    m = table(2, mode="life_cassino")
    act(m, Fold())
    m.apply(0, Leave())
    m.apply(1, Stay())
    assert m.is_over and m.end_reason == "empty"


def test_lost_all_in_takes_the_soul_and_the_profile_sees_it_t11() -> None:
    """[T11] losing an all-in at the Life Cassino: profile PV 0 and dead."""
    m = table(2, mode="life_cassino", profile_seat=0, profile_pv=15)
    assert m.start_stacks == [15, 20]
    give(m, "2C 7D 9S JH 4D", "AS AH AD AC KS")
    dice(m, 2, 1, 1, 3, 1, 2)
    act(m, AllIn())
    events = act(m, Call())
    assert of(events, SoulTaken)[0].seat == 0
    result = profile_result(m)
    assert result is not None and result.dead and result.pv == 0 and result.mode == "life_cassino"


def test_life_cassino_winnings_are_permanent_t11() -> None:
    """[T11] PV won at the Life Cassino come back as the profile's new PV."""
    m = table(2, mode="life_cassino", profile_seat=0, profile_pv=15)
    give(m, "AS AH AD AC KS", "2C 7D 9S JH 4D")
    dice(m, 2, 1, 1, 3, 1, 2)
    act(m, AllIn())
    act(m, Call())
    result = profile_result(m)
    assert result is not None and not result.dead and result.pv == 30 and result.changed


def test_caught_at_the_cassino_is_only_expelled_t11() -> None:
    """[T11] caught cheating at the Life Cassino: expelled, not killed."""
    m = table(3, mode="life_cassino", cheating=True)
    dice(m, 6, 6)
    act(m, Cheat())
    act(m, CheatPress())
    assert m.status[0] == "expelled"


def test_no_profile_result_in_a_plain_session() -> None:
    assert profile_result(table(2)) is None


# ---------------------------------------------------------------------------
# A Mão do Morto


def _relic_table(**options: object) -> object:
    m = table(3, mode="death_match", **options)
    give(m, "AS KS QS JS 10S", "2C 7D 9S JH 4D", "3C 8D 10H QH 5D")
    return m


def test_relic_cards_are_marked_for_the_art_t11() -> None:
    """[T11] O Morto's deck shows the five cards of A Mão do Morto."""
    m = table(3, mode="death_match")
    dealt = of(m.start_events, HoleCards)
    for e in dealt:
        for card, relic in zip(e.cards, e.relics, strict=True):
            expected = {"AS": "cetro", "KS": "coroa", "QS": "moeda", "JS": "rosa", "10S": "mascara"}
            assert relic == expected.get(card.code, "")
    assert m.public_view()["relics"]["cards"]["AS"] == "cetro"
    plain = table(3)
    assert all(r == "" for e in of(plain.start_events, HoleCards) for r in e.relics)
    assert plain.public_view()["relics"]["cards"] == {}


def test_relic_powers_are_a_switchable_house_rule_t11() -> None:
    """[T11] (house, optional) powers of the relics can be switched off."""
    from game.wyrt import INFO

    spec = next(o for o in INFO.options if o.key == "relics")
    assert spec.house and spec.ruling == "T11"
    m = _relic_table(relics=False)
    assert not any(isinstance(a, InvokeRelic) for a in m.legal_actions(0))
    with pytest.raises(IllegalAction) as err:
        act(m, InvokeRelic("coroa", target=1))
    assert err.value.key == "wyrt.illegal.no_relics"


def test_coroa_shows_a_card_once_per_match_t11() -> None:
    m = _relic_table()
    events = act(m, InvokeRelic("coroa", target=1))
    peek = of(events, RelicPeek)[0]
    assert peek.PRIVATE and peek.seat == 0 and peek.card in m.hands[1]
    assert m.view(0)["peeks"] == [f"1:{peek.card.code}"] and m.view(1)["peeks"] == []
    assert of(events, RelicInvoked)[0].relic == "coroa"
    assert m.to_move == [0]  # still his turn to bet
    with pytest.raises(IllegalAction) as err:
        act(m, InvokeRelic("coroa", target=2))
    assert err.value.key == "wyrt.illegal.relic_used"


def test_moeda_exchanges_a_card_with_the_deck_t11() -> None:
    m = _relic_table()
    top = m.deck.cards[-1]
    events = act(m, InvokeRelic("moeda", card=Card(10, "S")))
    ex = of(events, RelicExchange)[0]
    assert ex.given == Card(10, "S") and ex.drawn == top
    assert top in m.hands[0] and Card(10, "S") in m.deck.cards


def test_rosa_chooses_the_next_dice_suit_and_cetro_rerolls_t11() -> None:
    m = _relic_table()
    act(m, InvokeRelic("rosa", suit="D"))
    act(m, Call())
    act(m, Call())
    dice(m, 4, 4)  # only the value is rolled: 8
    events = act(m, Check())
    rolled = of(events, DiceCardRolled)[0]
    assert rolled.forced_suit and rolled.card == Card(8, "D")
    act(m, Check())  # seat 1 (small blind) first from round 2
    act(m, Check())  # seat 2
    dice(m, 5, 6, 6)
    events = act(m, InvokeRelic("cetro"))
    again = of(events, DiceCardRerolled)[0]
    assert again.old == Card(8, "D") and again.card == Card(12, "C") and m.board == [again.card]


def test_mascara_disguises_the_ten_of_spades_t11() -> None:
    m = table(3, mode="death_match")
    give(m, "10S 2H 5H 9H KH", "2C 7D 9S JH 4D", "3C 8D 10D QD 5D")
    events = act(m, InvokeRelic("mascara", suit="H"))
    assert of(events, MaskWorn)[0].suit == "H" and of(events, RelicInvoked)[0].suit == ""
    assert m.hand_value(0).category == "flush"
    dice(m, 3, 1, 1, 3, 1, 2)
    act(m, AllIn())
    act(m, Call())
    events = act(m, Call())
    shown = {e.seat: e for e in of(events, HandShown)}
    assert shown[0].category == "flush"
    assert Card(10, "H") in shown[0].best_five and Card(10, "S") in shown[0].cards


def test_relic_needs_its_card_t11() -> None:
    m = table(3, mode="death_match")
    give(m, "2C 7D 9S JH 4D", "AS KS QS JS 10S", "3C 8D 10H QH 5D")
    with pytest.raises(IllegalAction) as err:
        act(m, InvokeRelic("cetro"))
    assert err.value.key == "wyrt.illegal.relic_not_held"
    assert parse_cards("AS")[0] in m.hands[1]


def test_profile_seat_is_never_o_mortos_t11() -> None:
    m = table(3, mode="death_match", profile_seat=2, profile_pv=5)
    assert m.morto_seat == 2 and m.profile_seat == -1 and m.start_stacks[2] == 30
    assert profile_result(m) is None


def test_getting_up_mid_hand_at_the_cassino_folds_t11() -> None:
    """[T11] at the Life Cassino a player may get up on his turn; the table plays on."""
    m = table(3, mode="life_cassino")
    events = act(m, Leave())  # seat 0
    assert of(events, PlayerLeft)[0].seat == 0 and m.status[0] == "away" and m.folded[0]
    assert not m.is_over and m.to_move == [1]
