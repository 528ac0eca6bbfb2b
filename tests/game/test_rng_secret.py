"""The secret generator of matches played across machines ([G1]: the same seed
and the same moves give the same match; [G4]: nothing a seat sees tells it the
deal): deterministic, unbiased, and a hosted save replays like any other."""

from __future__ import annotations

import copy
import itertools
from collections import Counter

import pytest

from game.registry import SaveError, load_match, new_match
from game.rng import (
    Rng,
    SecretRng,
    bots_seed,
    is_secret_seed,
    is_seed,
    match_rng,
    new_secret_seed,
    secret_seed_from,
    seed_label,
)

SEED = secret_seed_from(1)


def _stream(rng: Rng, n: int = 200) -> list[object]:
    # words and six-sided dice (their own stream): 10 x n dice pass a dice block
    dice = [rng.roll(10) for _ in range(n)]
    return [rng.randint(1, 6) for _ in range(n)] + [rng.random() for _ in range(20)] + dice


def test_secret_seeds_are_256_bits_and_told_apart_from_typed_ones() -> None:
    a, b = new_secret_seed(), new_secret_seed()
    assert a != b and is_secret_seed(a) and len(a) == len("secret:") + 64
    assert is_seed(7) and is_seed(a) and not is_seed(True) and not is_seed("7")
    assert not is_secret_seed("secret:" + "g" * 64) and not is_secret_seed("secret:ab")
    assert isinstance(match_rng(a), SecretRng) and type(match_rng(7)) is Rng
    assert seed_label(a) == "online" and seed_label(42) == "42"


def test_the_same_secret_seed_gives_the_same_stream_g1() -> None:
    assert _stream(SecretRng(SEED)) == _stream(SecretRng(SEED))
    assert _stream(SecretRng(SEED)) != _stream(SecretRng(secret_seed_from(2)))
    # past the first block of words, too
    long_a, long_b = SecretRng(SEED), SecretRng(SEED)
    assert [long_a.randrange(1000) for _ in range(3000)] == [
        long_b.randrange(1000) for _ in range(3000)
    ]


def test_copies_and_states_go_on_from_the_same_point() -> None:
    rng = SecretRng(SEED)
    _stream(rng, 700)  # into the second block
    twin, deep = rng.copy(), copy.deepcopy(rng)
    state = rng.getstate()
    ahead = _stream(rng)
    assert _stream(twin) == ahead and _stream(deep) == ahead
    again = SecretRng(secret_seed_from(9))
    again.setstate(state)
    assert _stream(again) == ahead
    with pytest.raises(ValueError):
        again.setstate(("mt", SEED, 0, 0, 0, 0))


def test_rolls_are_fair() -> None:
    rng = SecretRng(SEED)
    n = 60_000
    counts = Counter(rng.randint(1, 6) for _ in range(n))
    rolled = Counter(face for _ in range(n // 3) for face in rng.roll(3))
    for faces in (counts, rolled):  # the words' dice and the dice stream alike
        assert set(faces) == {1, 2, 3, 4, 5, 6}
        chi2 = sum((c - n / 6) ** 2 / (n / 6) for c in faces.values())
        assert chi2 < 25.7  # 5 degrees of freedom: a fair die exceeds it once in 10,000
    # every order of three cards comes up, about equally
    orders: Counter[tuple[int, ...]] = Counter()
    for _ in range(6000):
        deck = [1, 2, 3]
        rng.shuffle(deck)
        orders[tuple(deck)] += 1
    assert set(orders) == set(itertools.permutations([1, 2, 3]))
    assert max(orders.values()) - min(orders.values()) < 200


def test_draws_stay_in_range_and_samples_are_distinct() -> None:
    rng = SecretRng(SEED)
    big = 2**64 - 59
    assert all(0 <= rng.randrange(big) < big for _ in range(200))
    assert all(0.0 <= rng.random() < 1.0 for _ in range(200))
    picked = rng.sample(range(10), 10)
    assert sorted(picked) == list(range(10))
    assert rng.choice("abc") in "abc"
    with pytest.raises(ValueError):
        rng.randrange(0)
    with pytest.raises(ValueError):
        rng.sample([1, 2], 3)
    with pytest.raises(IndexError):
        rng.choice([])
    assert rng.fork("x").seed != rng.seed and is_secret_seed(rng.fork("x").seed)


@pytest.mark.parametrize(
    ("game", "options"),
    [("wyr", {}), ("wyrt", {"hand_limit": 2}), ("war", {"turn_limit": 8}), ("chama", {})],
)
def test_a_secret_seeded_match_saves_and_loads_to_the_same_state_g1(
    game: str, options: dict[str, object]
) -> None:
    from game.registry import make_bot

    seed = new_secret_seed()
    match = new_match(game, 3, seed=seed, options=options)
    bot, rng = make_bot(game, "random"), Rng("moves")
    for _ in range(60):
        if match.is_over:
            break
        seat = match.to_move[0]
        match.apply(seat, bot.choose(match.view(seat), match.legal_actions(seat), rng))
    again = load_match(match.save())
    assert again.fingerprint() == match.fingerprint() and again.seed == seed
    assert match.clone().fingerprint() == match.fingerprint()


def test_a_save_with_a_malformed_secret_seed_is_refused_in_words() -> None:
    data = new_match("wyr", 3, seed=1).save()
    data["seed"] = "secret:123"
    with pytest.raises(SaveError, match="seed"):
        load_match(data)


def test_bots_never_draw_from_the_secret() -> None:
    secret = new_secret_seed()
    mine = {bots_seed(secret) for _ in range(5)}
    assert len(mine) == 5 and all(isinstance(s, int) for s in mine)  # fresh every time
    assert bots_seed(1234) == 1234  # a typed seed replays the bots' choices too
