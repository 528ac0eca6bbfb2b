"""Who may knock, how often, and how a hostile address is slowed: no sockets.

`Doorman` keeps, per address, the connections open now, a connection-rate
bucket, failed join attempts (wrong codes, unknown tokens) and strikes (bad
messages, floods). The transport asks it before a connection is kept
(`admit` / `release`); the session asks it when a join may be checked
(`check_at`) and tells it what failed (`failed`, `strike`).

Guessing a join code is slowed per address: the first `FREE_FAILURES` wrong
codes are answered at once (a person mistyping), then each further attempt
from that address waits for its slot, `DELAY_BASE` doubling up to
`DELAY_MAX` apart, so one address gets at most one guess per `DELAY_MAX`
however many connections it opens. The table counts failures from every
address too: once more than `TABLE_FREE` have failed recently, any address
that has failed even once waits the longest delay from its next attempt. An
address that never failed is never slowed, so the other players on a network
are not locked out, and a player with the right code is admitted as soon as
the slot comes (a wrong guess and a right one wait alike, so the wait tells
nothing).

Addresses are keyed by IPv4 address or IPv6 /64 (one home network has a
whole /64). The clock is injected; nothing here blocks.
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field


def address_key(address: str) -> str:
    """The key an address is counted under: IPv4 as is, IPv6 by its /64."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address[:64] or "?"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{ip}/64", strict=False))
    return str(ip)


@dataclass
class Bucket:
    """A token bucket: `rate` tokens a second, up to `burst` saved."""

    rate: float
    burst: float
    tokens: float
    stamp: float

    def take(self, now: float) -> bool:
        """Spend one token if there is one."""
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


@dataclass
class Address:
    """What the doorman remembers of one address."""

    connects: Bucket
    open: int = 0
    failures: int = 0
    last_failure: float = -math.inf
    #: when the next join attempt from here may be checked
    next_check: float = -math.inf
    #: a player seated from here (its reconnections pass a full house)
    seated: bool = False


@dataclass
class Tally:
    """Repeated refusals logged once, then counted: `note` gives a line for the
    first of a kind from an address, `summary` the counts at most once a period."""

    period: float = 60.0
    seen: set[tuple[str, str]] = field(default_factory=set)
    counts: dict[str, int] = field(default_factory=dict)
    last: float = -math.inf

    def note(self, kind: str, address: str, detail: str = "") -> str | None:
        """The line to log for this refusal, or None when it is only counted."""
        key = (kind, address)
        if key in self.seen:
            self.counts[kind] = self.counts.get(kind, 0) + 1
            return None
        if len(self.seen) > 4096:  # a wide attack: forget the oldest kinds seen
            self.seen.clear()
        self.seen.add(key)
        more = f" ({detail})" if detail else ""
        return f"refused {kind} from {address}{more}; repeats are counted, not logged"

    def summary(self, now: float) -> str | None:
        """ "refused in the last 60 s: flood 1200, wrong_code 35" once a period."""
        if not self.counts or now - self.last < self.period:
            return None
        self.last = now
        parts = ", ".join(f"{k} {v}" for k, v in sorted(self.counts.items()))
        self.counts.clear()
        return f"refused in the last {self.period:.0f} s: {parts}"


class Doorman:
    """Connection caps, connection rate, join throttling and strikes, per address."""

    #: connections open at once from one address, and in all
    MAX_PER_ADDRESS = 16
    MAX_OPEN = 256
    #: connections a second from one address, and the burst allowed
    CONNECT_RATE = 4.0
    CONNECT_BURST = 24.0
    #: wrong codes or tokens from one address answered at once
    FREE_FAILURES = 5
    DELAY_BASE = 0.25
    DELAY_MAX = 2.0
    #: failures at the whole table (all addresses) in `FORGET` seconds before
    #: every address that failed waits the longest delay
    TABLE_FREE = 60
    #: seconds after the last failure when an address is forgiven
    FORGET = 900.0
    #: one strike forgiven every this many seconds
    STRIKE_DECAY = 30.0

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.addresses: dict[str, Address] = {}
        self.open = 0
        #: failure times at the table, oldest first (only the last `TABLE_FREE`+1 kept)
        self._table_failures: list[float] = []
        #: key -> (strikes, when last counted); keys are "addr:<address key>" or a seat's
        self._strikes: dict[str, tuple[float, float]] = {}
        self.tally = Tally()

    def _get(self, key: str) -> Address:
        rec = self.addresses.get(key)
        if rec is None:
            now = self.clock()
            rec = Address(Bucket(self.CONNECT_RATE, self.CONNECT_BURST, self.CONNECT_BURST, now))
            self.addresses[key] = rec
            if len(self.addresses) > 65536:
                self._prune(now)
        return rec

    def _prune(self, now: float) -> None:
        """Forget addresses with nothing open and nothing held against them."""
        for key, rec in list(self.addresses.items()):
            if rec.open == 0 and not rec.seated and now - rec.last_failure > self.FORGET:
                del self.addresses[key]
        for key in [k for k in self._strikes if self.strikes(k) < 0.01]:
            del self._strikes[key]

    # -- connections ------------------------------------------------------------

    def admit(self, address: str) -> str | None:
        """Keep a new connection from `address`? None when yes, else the reason
        ("too_many", "too_fast", "full"), which the transport closes it with."""
        key = address_key(address)
        rec = self._get(key)
        now = self.clock()
        reason: str | None = None
        if rec.open >= self.MAX_PER_ADDRESS:
            reason = "too_many"
        elif not rec.connects.take(now):
            reason = "too_fast"
        elif self.open >= self.MAX_OPEN and not (rec.seated and self.open < self.MAX_OPEN + 64):
            reason = "full"
        if reason is None:
            rec.open += 1
            self.open += 1
        return reason

    def release(self, address: str) -> None:
        """A connection admitted from `address` closed."""
        rec = self.addresses.get(address_key(address))
        if rec is not None and rec.open > 0:
            rec.open -= 1
            self.open = max(0, self.open - 1)

    def seated(self, address: str) -> None:
        """A player took a seat from `address`."""
        self._get(address_key(address)).seated = True

    # -- joins ------------------------------------------------------------------

    def under_attack(self, now: float) -> bool:
        """More than `TABLE_FREE` failed joins at this table within `FORGET` seconds."""
        recent = [t for t in self._table_failures if now - t < self.FORGET]
        self._table_failures = recent
        return len(recent) > self.TABLE_FREE

    def delay(self, address: str) -> float:
        """Seconds between two join checks from `address` now."""
        rec = self._get(address_key(address))
        now = self.clock()
        if rec.failures and self.under_attack(now):
            return self.DELAY_MAX
        over = rec.failures - self.FREE_FAILURES
        if over < 0:
            return 0.0
        return min(self.DELAY_MAX, self.DELAY_BASE * 2.0**over)

    def check_at(self, address: str) -> float:
        """When a join attempt from `address` arriving now may be checked (its
        slot): now for an address in good standing, later for one that guessed.

        The attempt counts as a failure until `passed` takes it back: attempts
        sent all at once over many connections are slotted as if each failed."""
        rec = self._get(address_key(address))
        now = self.clock()
        if now - rec.last_failure > self.FORGET:
            rec.failures = 0
        rec.failures += 1
        rec.last_failure = now
        at = max(now, rec.next_check)
        rec.next_check = at + self.delay(address)
        return at

    def passed(self, address: str) -> None:
        """The attempt checked last from `address` had the right code."""
        rec = self._get(address_key(address))
        rec.failures = max(0, rec.failures - 1)

    def failed(self, address: str) -> None:
        """The attempt from `address` had a wrong code or an unknown token (it
        already counts for the address; this counts it for the whole table)."""
        now = self.clock()
        self._get(address_key(address)).last_failure = now
        self._table_failures.append(now)
        del self._table_failures[: -(self.TABLE_FREE + 1)]

    # -- strikes ------------------------------------------------------------------

    def strikes(self, key: str) -> float:
        """The strikes held against `key` now (one fades every `STRIKE_DECAY` s)."""
        held, at = self._strikes.get(key, (0.0, 0.0))
        return max(0.0, held - (self.clock() - at) / self.STRIKE_DECAY)

    def strike(self, *keys: str) -> float:
        """One more strike against each key (an address's, a seat's); returns the
        most any of them holds now. Reconnecting does not wipe them."""
        now = self.clock()
        most = 0.0
        for key in keys:
            held = self.strikes(key) + 1.0
            self._strikes[key] = (held, now)
            most = max(most, held)
        return most


def strike_key(address: str) -> str:
    """The strike key of an address."""
    return "addr:" + address_key(address)
