"""The doorman without sockets (a clock moved by hand): connection caps and
rate per address, join attempts slotted after wrong guesses, the table-wide
alarm, strikes that fade, and refusals logged once then counted."""

from __future__ import annotations

from game.net.guard import Doorman, Tally, address_key, strike_key
from tests.game.net.memlink import Clock


def _doorman() -> tuple[Doorman, Clock]:
    clock = Clock()
    return Doorman(clock), clock


def test_addresses_are_keyed_by_host_or_ipv6_network() -> None:
    assert address_key("203.0.113.9") == "203.0.113.9"
    assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:bbbb::9")
    assert address_key("2001:db8:1:2::1") != address_key("2001:db8:1:3::1")
    assert address_key("::ffff:203.0.113.9") == "203.0.113.9"
    assert address_key("not an address") == "not an address"
    assert strike_key("203.0.113.9") == "addr:203.0.113.9"


def test_open_connections_are_capped_per_address_and_in_all() -> None:
    door, clock = _doorman()
    door.CONNECT_BURST = 1000.0  # the cap, not the rate, is under test here
    assert all(door.admit("10.0.0.1") is None for _ in range(door.MAX_PER_ADDRESS))
    assert door.admit("10.0.0.1") == "too_many"
    assert door.admit("10.0.0.2") is None  # another address is not held up
    door.release("10.0.0.1")
    assert door.admit("10.0.0.1") is None
    door.MAX_OPEN = door.open
    assert door.admit("10.0.0.3") == "full"
    door.seated("10.0.0.4")  # a seated player's reconnection passes a full house
    assert door.admit("10.0.0.4") is None


def test_connections_a_second_are_limited_per_address() -> None:
    door, clock = _doorman()
    admitted = 0
    for _ in range(100):
        if door.admit("10.0.0.1") is None:
            admitted += 1
            door.release("10.0.0.1")
    assert admitted == int(door.CONNECT_BURST)
    assert door.admit("10.0.0.1") == "too_fast"
    clock.now += 1.0
    assert door.admit("10.0.0.1") is None


def test_wrong_guesses_are_slotted_further_and_further_apart() -> None:
    door, clock = _doorman()
    slots = []
    for _ in range(12):  # one guess as soon as its slot comes, and wrong
        at = door.check_at("10.0.0.1")
        clock.now = max(clock.now, at)
        slots.append(at)
        door.failed("10.0.0.1")
    gaps = [round(b - a, 3) for a, b in zip(slots, slots[1:], strict=False)]
    free = door.FREE_FAILURES
    assert gaps[: free - 1] == [0.0] * (free - 1)  # a person mistyping is answered at once
    assert gaps[free - 1 : free + 3] == [0.25, 0.5, 1.0, 2.0]
    assert set(gaps[free + 3 :]) == {door.DELAY_MAX}
    # Another address is not slowed at all; this one is forgiven in time.
    assert door.check_at("10.0.0.2") == clock.now
    clock.now += door.FORGET + 1
    assert door.check_at("10.0.0.1") == clock.now and door.delay("10.0.0.1") == 0.0


def test_guesses_sent_at_once_are_slotted_as_if_each_failed() -> None:
    door, clock = _doorman()
    slots = [door.check_at("10.0.0.1") for _ in range(door.MAX_PER_ADDRESS)]
    assert slots.count(clock.now) == door.FREE_FAILURES  # not sixteen free answers
    assert slots[-1] - clock.now >= door.DELAY_MAX * (door.MAX_PER_ADDRESS - 9)
    # a right code takes its attempt back: a player who joins is not slowed later
    door2, clock2 = _doorman()
    for _ in range(20):
        door2.check_at("10.0.0.5")
        door2.passed("10.0.0.5")
    assert door2.check_at("10.0.0.5") == clock2.now


def test_many_addresses_guessing_raise_the_table_alarm() -> None:
    door, clock = _doorman()
    for i in range(door.TABLE_FREE + 1):
        door.check_at(f"10.1.{i // 250}.{i % 250}")
        door.failed(f"10.1.{i // 250}.{i % 250}")
    assert door.under_attack(clock.now)
    assert door.delay("10.1.0.0") == door.DELAY_MAX  # one failure is enough now
    assert door.delay("10.9.9.9") == 0.0  # a player who never failed: at once


def test_strikes_fade_and_follow_every_key() -> None:
    door, clock = _doorman()
    assert door.strike("addr:a", "seat:t:0") == 1.0
    assert door.strike("addr:b", "seat:t:0") == 2.0  # the seat's count, from a new address
    clock.now += door.STRIKE_DECAY
    assert door.strikes("seat:t:0") == 1.0 and door.strikes("addr:a") == 0.0


def test_a_refusal_is_logged_once_per_address_then_summed_up() -> None:
    tally = Tally(period=60.0)
    lines = [tally.note("flood", "10.0.0.1") for _ in range(500)]
    assert sum(1 for line in lines if line) == 1
    assert tally.note("flood", "10.0.0.2") is not None
    assert tally.summary(0.0) == "refused in the last 60 s: flood 499"
    assert tally.summary(1.0) is None  # not before the period
