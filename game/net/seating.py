"""The seats of a networked table, its join code and its seat tokens.

A join code is `CODE_LENGTH` letters of an alphabet without look-alikes, shown
in groups of four ("KMPT-RXCA") so it reads aloud; typed in any case, with or
without the dash or spaces. A seat token proves a seat across reconnections:
the host keeps only its SHA-256 and issues a fresh one at every reconnection,
so a token that leaked works at most once.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.net.guard import Bucket
from game.net.protocol import Message
from game.rng import Seed, is_secret_seed, new_secret_seed, secret_seed_from

#: letters of a join code: no 0/O, 1/I/L, 2/Z, 5/S, 8/B to misread over the phone
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY"
#: 20**8 = 2.6e10 codes: at the 8,000 guesses a second one process managed on
#: loopback without throttling, half of them take 18 days (see `game.net.guard`
#: for how much slower a guesser really is)
CODE_LENGTH = 8
CODE_GROUP = 4


class SessionError(ValueError):
    """A host-side request the session cannot do (not a client's fault)."""


#: a server's private tables: it holds many at once and a code-only join is
#: checked against all of them, so each guess tries every table (issue 46)
SERVER_CODE_LENGTH = 12


def new_code(rng: Callable[[str], str] = secrets.choice, length: int = CODE_LENGTH) -> str:
    """A join code of unambiguous capital letters."""
    return "".join(rng(CODE_ALPHABET) for _ in range(length))


def normal_code(text: str) -> str:
    """A typed code as it is compared: capitals, no spaces or dashes."""
    return "".join(ch for ch in text.upper() if ch not in " -\t")


def shown_code(code: str) -> str:
    """A code as people read it: "KMPTRXCA" -> "KMPT-RXCA"."""
    return "-".join(code[i : i + CODE_GROUP] for i in range(0, len(code), CODE_GROUP))


def check_code(code: str) -> str:
    """A host's own code (`--code`), normalised; raises SessionError unless it is
    as strong as a drawn one (`CODE_LENGTH` letters of the alphabet)."""
    norm = normal_code(code)
    if len(norm) < CODE_LENGTH or not set(norm) <= set(CODE_ALPHABET):
        raise SessionError(
            f"a join code is at least {CODE_LENGTH} of the letters {CODE_ALPHABET}, not {code!r}"
        )
    return norm


def same_secret(typed: str, secret: str) -> bool:
    """Compare a typed code with the table's in constant time, whatever it contains."""
    a = hashlib.sha256(normal_code(typed).encode("utf-8", "replace")).digest()
    b = hashlib.sha256(secret.encode("utf-8")).digest()
    return secrets.compare_digest(a, b)


def token_hash(token: str) -> bytes:
    """What the host keeps of a seat token (any text hashes; a lone surrogate too)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).digest()


@dataclass
class Seat:
    """One seat at the networked table."""

    kind: str  # "remote", "local" or "bot"
    name: str
    bot_id: str | None = None
    #: SHA-256 of the seat's current token (None: no player holds it)
    token_hash: bytes | None = None
    conn: int | None = None
    #: "empty", "connected", "reconnecting", "local" or "bot"
    status: str = "empty"
    dropped_at: float | None = None
    #: times the seat came back with its token
    reconnects: int = 0
    #: every event dict this seat may see, in order (for a reconnecting log)
    events: list[dict[str, Any]] = field(default_factory=list)

    @property
    def taken(self) -> bool:
        """A player holds this seat (with a token)."""
        return self.token_hash is not None

    def new_token(self) -> str:
        """Issue a fresh token for this seat; the old one stops working."""
        token = secrets.token_urlsafe(24)
        self.token_hash = token_hash(token)
        return token

    def holds(self, token: str) -> bool:
        """Whether `token` is this seat's current token (constant time)."""
        return self.token_hash is not None and secrets.compare_digest(
            self.token_hash, token_hash(token)
        )

    def public(self) -> dict[str, Any]:
        """What every client is told about this seat."""
        # a bot's level is public: it shows on every player's seat panel
        return {"name": self.name, "kind": self.kind, "status": self.status, "bot": self.bot_id}


def numbered_names(names: list[str]) -> list[str]:
    """The seats' names with repeats numbered ("Ana", "Ana (2)"), in order."""
    out: list[str] = []
    for name in names:
        shown, n = name, 1
        while shown in out:
            n += 1
            shown = f"{name} ({n})"
        out.append(shown)
    return out


def parse_seat_kinds(spec: str) -> list[tuple[str, str | None]]:
    """ "remote,remote,bot:normal,local:Ana" -> [("remote", None), ..., ("local", "Ana")]."""
    out: list[tuple[str, str | None]] = []
    for raw in spec.split(","):
        s = raw.strip()
        if not s:
            continue
        head, _, rest = s.partition(":")
        head = head.lower()
        if head == "remote" and not rest:
            out.append(("remote", None))
        elif head == "bot" and rest.strip():
            out.append(("bot", rest.strip()))
        elif head == "local" and rest.strip():
            out.append(("local", rest.strip()))
        else:
            raise SessionError(f"a seat is remote, bot:<level> or local:<name>, not {s!r}")
    return out


@dataclass
class Conn:
    """One client connection as the session sees it."""

    id: int
    bucket: Bucket
    address: str = "local"
    opened_at: float = 0.0
    seat: int | None = None
    last_seq: int = -1
    sent_seq: int = 0
    #: a join waiting for its slot (see `Doorman.check_at`), and when it is due
    pending: tuple[Message, float] | None = None
    #: the last state sent asked this seat to move: its one answer is not rate-limited
    invited: bool = False


def session_seed(seed: Seed | None) -> str:
    """A hosted match's seed: always a secret one (a whole number, given for tests,
    fixes which one)."""
    if seed is None:
        return new_secret_seed()
    if is_secret_seed(seed):
        return seed
    if isinstance(seed, int):
        return secret_seed_from(seed)
    raise SessionError(f"a seed is a whole number or a secret seed, not {seed!r}")
