"""The Wyr table's pure parts: the bet reveal's reasons ([Y2]), the round
indicator ([Y10]), the trade selection read from legal actions ([Y3], [Y4]),
the score board built from events ([Y7]-[Y9]) and the practice odds."""

from __future__ import annotations

from game import new_match
from game.cards import parse_cards
from game.wyr import records as R
from scenes.tables.wyr import aids
from scenes.tables.wyr.choices import TradeChoice
from scenes.tables.wyr.model import (
    ScoreBoard,
    active_variants,
    explain_bets,
    group_totals,
    money_history,
    round_info,
    seat_tag,
)


def test_bet_reasons_follow_the_seed_y2() -> None:
    assert explain_bets({0: 20, 1: 20, 2: 50}, 20).reason == "majority"
    r = explain_bets({0: 20, 1: 20, 2: 50, 3: 50}, 20)
    assert r.reason == "tie_lowest" and r.count == 2
    assert explain_bets({0: 10, 1: 20, 2: 50}, 10).reason == "all_different"
    assert explain_bets({0: 50, 1: 50}, 50).reason == "unanimous"


def test_group_bet_reveal_compares_group_totals_y2() -> None:
    groups = [[0, 2], [1, 3]]
    r = explain_bets({0: 10, 1: 20, 2: 50, 3: 50}, 60, groups)
    assert r.reason == "groups_lowest"
    assert [(g, p) for g, _, p in r.proposals] == [("A", 60), ("B", 70)]
    assert explain_bets({0: 10, 1: 20, 2: 20, 3: 10}, 30, groups).reason == "groups_agree"


def _to_trade(m, picks=(20, 20, 20)):  # type: ignore[no-untyped-def]
    for s, b in enumerate(picks):
        m.apply(s, R.PickBet(b))
    return m


def test_round_indicator_variants_and_groups_y10_y11() -> None:
    m = new_match("wyr", 4, seed=1, options={"groups": "pairs", "nimb": True, "hyninn": 2})
    v = m.public_view()
    info = round_info(v)
    assert (info.round, info.dealer, info.dealt, info.dealers_total) == (1, 0, 1, 4)
    assert info.left_to_deal == 3
    assert active_variants(v) == ["hyninn", "nimb"]
    assert [seat_tag(v, s) for s in range(4)] == ["A1", "B1", "A2", "B2"]
    assert group_totals(v) == [("A", [0, 2], 200), ("B", [1, 3], 200)]


def test_mao_de_wyr_choice_reads_the_legal_actions_y4() -> None:
    m = _to_trade(new_match("wyr", 3, seed=3))
    v = m.view(0)
    ch = TradeChoice(aids.hand_cards(v), m.legal_actions(0), True, len(v["table"]))
    assert ch.build("pass") == "wyr.illegal.mao_must_choose"
    ch.toggle_card(0)
    assert ch.sources() == {"none"}
    one = ch.build("none")
    assert isinstance(one, R.Trade) and one.source == "none"
    ch.toggle_card(1)
    assert ch.sources() == {"pile", "table"}
    assert ch.build("none") == "wyrtable.trade.mao_one_only"
    assert ch.build("table") == "wyrtable.trade.choose_table"
    ch.toggle_take(sorted(ch.takeable())[0])
    action = ch.build("table")
    assert isinstance(action, R.Trade) and len(action.take) == 1
    m.apply(0, action)  # the engine accepts what the selection built


def test_a_refused_take_says_why_y4() -> None:
    # option 1 of the Mao de Wyr takes nothing: the reason is that, not "your own discards"
    m = _to_trade(new_match("wyr", 3, seed=3))
    v = m.view(0)
    ch = TradeChoice(aids.hand_cards(v), m.legal_actions(0), True, len(v["table"]))
    ch.toggle_card(0)
    assert ch.toggle_take(0) == "wyrtable.trade.mao_two_three"
    # the Lorde's own discard stays on the table: nobody's selection takes it back
    m.apply(0, next(a for a in m.legal_actions(0) if isinstance(a, R.Trade) and a.source == "none"))
    own = len(m.view(0)["table"]) - 1
    m.apply(1, R.Pass())
    m.apply(2, R.Pass())
    assert m.to_move == [0]  # the second turn of discards
    v = m.view(0)
    ch = TradeChoice(aids.hand_cards(v), m.legal_actions(0), False, len(v["table"]))
    ch.toggle_card(0)
    assert ch.toggle_take(own) == "wyrtable.trade.not_takeable"


def test_trade_choice_limits_and_pass_y3() -> None:
    m = _to_trade(new_match("wyr", 3, seed=3))
    m.apply(0, next(a for a in m.legal_actions(0) if isinstance(a, R.Trade) and a.source == "none"))
    v = m.view(1)
    ch = TradeChoice(aids.hand_cards(v), m.legal_actions(1), False, len(v["table"]))
    assert ch.can_pass and isinstance(ch.build("pass"), R.Pass)
    for i in range(3):
        assert ch.toggle_card(i) is None
    assert ch.toggle_card(3) == "wyrtable.trade.max_three"
    assert ch.build("pass") == "wyrtable.trade.unselect_to_pass"
    pile = ch.build("pile")
    assert isinstance(pile, R.Trade) and pile.source == "pile" and len(pile.discard) == 3


def test_board_follows_the_events_of_a_round_y7_y9() -> None:
    m = _to_trade(new_match("wyr", 3, seed=9))
    board = None
    events = []
    while m.view(0)["round"] == 1:
        seat = m.to_move[0]
        events += m.apply(seat, m.legal_actions(seat)[0])
    for ev in events:
        if isinstance(ev, R.HandsShown):
            board = ScoreBoard.from_shown(1, ev)
        elif board is not None:
            board.play(ev)
    assert board is not None
    lr = m.last_round
    assert [r.seat for r in board.rows] == lr["order"]
    for r in board.rows:
        assert r.score == lr["scores"][r.seat] and r.dice == lr["dice"][r.seat]
        assert r.payout == lr["payout"].get(r.seat, 0)
    assert set(board.winners) == set(lr["winners"])


def test_money_history_replays_every_round() -> None:
    m = new_match("wyr", 2, seed=4)
    while not m.is_over:
        seat = m.to_move[0]
        m.apply(seat, m.legal_actions(seat)[0])
    rows = money_history(m)
    assert rows[0] == [100, 100] and rows[-1] == m.public_view()["money"]
    assert len(rows) == m.public_view()["rounds_played"] + 1


def test_improve_chance_is_exact_for_a_known_case() -> None:
    # Par of kings; throwing the three odd cards and drawing three of the 47 unseen:
    # better is a king among them (Trinca or better) or three of a kind (Dragão);
    # a drawn pair makes two pairs, still a Par ([Y5]).
    view = {
        "seat": 0,
        "hand": [c.code for c in parse_cards("KS KH 2D 7C 9S")],
        "table": [],
        "history": [],
        "deck_size": 52,
        "pile_size": 47,
        "trade": {"mao_de_wyr": False, "trade_round": 1},
    }
    p_keep = aids.improve_chance(view, [], "pile")
    assert p_keep == 0.0
    p = aids.improve_chance(view, [2, 3, 4], "pile")
    with_king = 16215 - 14190  # C(47,3) - C(45,3)
    trips = 3 * 1 + 9 * 4  # 2, 7, 9 have three copies left; nine ranks have four
    assert abs(p - (with_king + trips) / 16215) < 1e-12
    best = aids.best_discards(view, mao=False)
    assert best and best[0][1] >= p


def test_score_distribution_and_reis_second_roll_y9() -> None:
    plain = dict(aids.score_distribution(2, nimb=False))
    assert min(plain) == 4 and max(plain) == 14 and abs(sum(plain.values()) - 1) < 1e-9
    reis = dict(aids.score_distribution(6, nimb=False))
    mean_plain = sum(k * p for k, p in plain.items()) - 2
    mean_reis = sum(k * p for k, p in reis.items()) - 6
    assert mean_reis > mean_plain  # the better of two rolls
    nimb = dict(aids.score_distribution(1, nimb=True))
    assert min(nimb) == 4 and max(nimb) == 19


def test_a_shared_pot_reads_in_the_plural_y9() -> None:
    from scenes.i18n import set_language
    from scenes.tables.wyr.words import event_line

    names = {0: "Ana", 1: "Borin"}.__getitem__
    for lang, verb in (("en", "Ana and Borin share"), ("pt", "Ana e Borin dividem")):
        set_language(lang)
        line = event_line(R.RoundWon((0, 1), "reis_split", 30), names, 0, True)
        assert line.startswith(verb), line
        # said to Ana, at her screen: "Borin and you share"
        mine = event_line(R.RoundWon((0, 1), "reis_split", 30), names, 0, True, you=0)
        assert mine.startswith(("Borin and you share", "Borin e você dividem")), mine
        single = event_line(R.RoundWon((0,), "score", 30), names, 0, True)
        assert "share" not in single and "dividem" not in single
    set_language("en")


def test_the_log_names_a_face_down_discard_to_its_owner_alone_y11_g4() -> None:
    from game.cards import parse_cards
    from scenes.i18n import set_language
    from scenes.tables.wyr.words import event_line

    names = {0: "Ana", 1: "Borin"}.__getitem__
    laid = R.CardsLaidDown(0, tuple(parse_cards("9s")), (3,))
    for lang, said in (("en", "You laid 9"), ("pt", "Você deixou 9")):
        set_language(lang)
        assert event_line(laid, names, 0, True).startswith(said)
        assert event_line(laid, names, 1, True) == ""  # another seat's screen
        assert event_line(laid, names, None, True) == ""  # a spectator
        assert event_line(laid, names, 0, False) == ""  # hot-seat: the log outlives the curtain
    set_language("en")


def test_the_hand_label_says_what_a_hyninn_stands_for_y11() -> None:
    from game.cards import parse_cards
    from scenes.i18n import set_language
    from scenes.tables.wyr.words import hand_combo

    set_language("en")
    trinca = hand_combo(parse_cards("As Ah JK 2c 7d"))
    assert trinca.endswith("(Hyninn = A)"), trinca
    plain = hand_combo(parse_cards("As Ah Ad 2c 7d"))
    assert "Hyninn" not in plain and plain == trinca.split(" (")[0]


def test_money_history_from_the_told_events_equals_the_replay() -> None:
    """A joined table has no log to replay: the events it was sent give the same chart."""
    m = new_match("wyr", 3, seed=6)
    told = list(m.start_events)
    while not m.is_over:
        seat = m.to_move[0]
        told += m.apply(seat, m.legal_actions(seat)[0])
    assert money_history(m, told) == money_history(m)
