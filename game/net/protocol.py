"""The wire format of play across machines: JSON messages with a version.

Every message is one JSON object `{"t": <type>, ...fields}` sent as one
websocket text frame. `decode` is the only way in: it checks the size, that the
text is JSON, that the type is known and that every field has the right type,
and raises `ProtocolError` with a stable `code` otherwise. Nothing received is
ever evaluated or unpickled; actions inside `act` are rebuilt later by
`Action.parse`, which only knows registered record types.

Refusals carry a translation key `net.refused.<code>` so that the joiner's
screen can say why in the player's language.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from game.names import MAX_NAME

#: bumped whenever a message changes shape; a joiner of another version is refused
PROTOCOL_VERSION = 1
#: the largest message a host accepts from a client (an action is a few hundred bytes)
MAX_MESSAGE = 64 * 1024
#: the largest message a client accepts from the host (a War state is ~10 KiB;
#: history is sent in chunks well under this)
MAX_HOST_MESSAGE = 1024 * 1024
#: deepest JSON nesting accepted (views nest a handful of levels)
MAX_DEPTH = 32

CLIENT_TYPES = ("join", "act", "ping", "leave")
#: what a client may also say to a server of many tables (`game.net.server`)
LOBBY_TYPES = (
    "hello",
    "list",
    "create",
    "watch",
    "phrase",
    "start",
    "mine",
    "leaderboard",
    "replay",
)
HOST_TYPES = (
    "welcome",
    "state",
    "history",
    "refused",
    "waiting",
    "pong",
    "host_closing",
    "match_over",
)
#: what a server of many tables also answers
SERVER_TYPES = (
    "greeted",
    "tables",
    "created",
    "watching",
    "said",
    "my_tables",
    "ranks",
    "left",
    "replay",
)
#: a server's online events (issue 47; `game.net.server.events`): what a client says
EVENT_TYPES = (
    "event_create",
    "event_list",
    "event_join",
    "event_leave",
    "event_close",
    "event_start",
    "event_remove",
    "event_bot",
    "event_result",
    "event_view",
)
#: … and what the server answers (`event_news` reaches an entrant wherever he is)
EVENT_SERVER_TYPES = ("event_created", "events", "event", "event_news")


class ProtocolError(ValueError):
    """A message that cannot be read; `code` is stable ("too_big", "bad_json",
    "bad_shape", "version", "unknown_type")."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail


@dataclass(frozen=True)
class Message:
    """One decoded message: its type and its fields (plain JSON data)."""

    type: str
    data: dict[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        """A field, or `default` when absent."""
        return self.data.get(key, default)


_INT = (int,)
_STR = (str,)
_BOOL = (bool,)
_LIST = (list,)
_DICT = (dict,)
_NONE = (type(None),)

#: type -> field -> (accepted JSON types, required)
SCHEMA: dict[str, dict[str, tuple[tuple[type, ...], bool]]] = {
    "join": {
        "version": (_INT, True),
        "code": (_STR, True),
        "name": (_STR, True),
        "game": (_STR + _NONE, False),
        "token": (_STR + _NONE, False),
        "seat": (_INT + _NONE, False),
        # a server of many tables: which table (a public one's id, or with a token)
        "table": (_STR + _NONE, False),
    },
    "act": {"seq": (_INT, True), "action": (_DICT, True), "seat": (_INT + _NONE, False)},
    "ping": {"n": (_INT, False)},
    "leave": {},
    "welcome": {
        "version": (_INT, True),
        "seat": (_INT, True),
        "token": (_STR, True),
        "seats": (_LIST, True),
        "game": (_STR, True),
        "options": (_DICT, True),
        "n_seats": (_INT, True),
    },
    "state": {
        "seq": (_INT, True),
        "view": (_DICT + _NONE, True),
        "public_view": (_DICT + _NONE, True),
        "to_move": (_LIST, True),
        "legal": (_LIST, True),
        "events": (_LIST, True),
        "log_len": (_INT, True),
        "turn": (_INT, True),
        "is_over": (_BOOL, True),
        "started": (_BOOL, True),
        "standings": (_LIST + _NONE, False),
        "seats": (_LIST, True),
    },
    "history": {"events": (_LIST, True), "done": (_BOOL, True)},
    "refused": {"code": (_STR, True), "reason": (_STR, True), "detail": (_STR, False)},
    "waiting": {"seat": (_INT, True), "name": (_STR, True), "status": (_STR, True)},
    "pong": {"n": (_INT, False)},
    "host_closing": {"reason": (_STR, False)},
    "match_over": {"standings": (_LIST, True)},
    # -- a server of many tables: the lobby (client) --
    "hello": {
        "version": (_INT, True),
        "name": (_STR, True),
        "player": (_STR + _NONE, False),
        "secret": (_STR + _NONE, False),
    },
    "list": {"game": (_STR + _NONE, False)},
    "create": {
        "game": (_STR, True),
        "seats": (_LIST, True),
        "options": (_DICT, False),
        "private": (_BOOL, False),
        "watchers": (_BOOL, False),
        "clock": (_STR, False),
    },
    "watch": {"table": (_STR, True), "code": (_STR, False)},
    "phrase": {"id": (_STR, True)},
    "start": {"table": (_STR, True)},
    "mine": {},
    "leaderboard": {"game": (_STR, True)},
    # a finished table's replay: asked with `table` alone; answered with `doc`
    # (`game.replays`' format), or, past MAX_HOST_MESSAGE, in `chunk`s of its
    # JSON text numbered `part` of `parts` (`game.net.replay_wire`)
    "replay": {
        "table": (_STR, True),
        "doc": (_DICT, False),
        "chunk": (_STR, False),
        "part": (_INT, False),
        "parts": (_INT, False),
    },
    # -- a server of many tables: the lobby (server) --
    "greeted": {
        "version": (_INT, True),
        "player": (_STR, True),
        "secret": (_STR + _NONE, True),
        "name": (_STR, True),
    },
    "tables": {"tables": (_LIST, True)},
    "created": {"table": (_STR, True), "code": (_STR + _NONE, True)},
    "watching": {
        "table": (_STR, True),
        "game": (_STR, True),
        "options": (_DICT, True),
        "seats": (_LIST, True),
    },
    "said": {"id": (_STR, True), "seat": (_INT + _NONE, True), "name": (_STR, True)},
    "my_tables": {"tables": (_LIST, True)},
    "ranks": {"game": (_STR, True), "rows": (_LIST, True)},
    "left": {"table": (_STR, True), "reason": (_STR, False)},
    # -- a server's online events (client) --
    "event_create": {
        "game": (_STR, True),
        "format": (_STR, True),
        "seats": (_INT, True),
        "rounds": (_INT + _NONE, False),
        "top_cut": (_INT, False),
        "semifinal": (_BOOL, False),
        "double_points": (_BOOL, False),
        "turn_limit": (_INT, False),
        "options": (_DICT, False),
        "late": (_BOOL, False),
        "public": (_BOOL, False),
        "grace": (_INT, False),
        "no_show": (_STR, False),
        "start_at": (_INT + _NONE, False),
        "fill_bots": (_INT, False),
        "bot": (_STR, False),
        "name": (_STR, False),
    },
    "event_list": {"game": (_STR + _NONE, False)},
    "event_join": {"event": (_STR, True)},
    "event_leave": {"event": (_STR, True)},
    "event_close": {"event": (_STR, True)},
    "event_start": {"event": (_STR, True)},
    "event_remove": {"event": (_STR, True), "number": (_INT, True)},
    "event_bot": {"event": (_STR, True), "bot": (_STR, True)},
    "event_result": {
        "event": (_STR, True),
        "round": (_INT, True),
        "table": (_INT, True),
        "order": (_LIST, True),
        "reason": (_STR, True),
    },
    "event_view": {"event": (_STR, True)},
    # -- a server's online events (server) --
    "event_created": {"event": (_STR, True)},
    "events": {"events": (_LIST, True)},
    "event": {"event": (_DICT, True)},
    "event_news": {"event": (_STR, True), "news": (_STR, True), "data": (_DICT, True)},
}

#: lengths of short text fields a client may send (a name: `game.names.MAX_NAME`)
MAX_CODE = 16
MAX_TOKEN = 64
#: lobby fields: ids (a player's, a table's, a game's, a phrase's, a seat kind)
MAX_ID = 32
#: seats a created table may have, and the size of its options as JSON
MAX_SEATS = 8
MAX_OPTIONS = 2048


#: what never goes into a message, a log line or a terminal: controls (C0, DEL,
#: C1), lone surrogates, bidi overrides and isolates, zero-width characters
_UNPRINTABLE = re.compile(
    "[\x00-\x1f\x7f-\x9f\ud800-\udfff\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]"
)


def printable(text: str) -> str:
    """`text` safe to send, log or print: every character above is shown as "?"."""
    return _UNPRINTABLE.sub("?", text)


def reason_key(code: str) -> str:
    """The translation key of a refusal code."""
    return f"net.refused.{code}"


def _depth(value: Any, limit: int) -> int:
    """Nesting depth of JSON data, stopping once past `limit`."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    deepest = 0
    while stack:
        item, d = stack.pop()
        deepest = max(deepest, d)
        if deepest > limit:
            return deepest
        if isinstance(item, dict):
            stack.extend((v, d + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, d + 1) for v in item)
    return deepest


def _isinstance(value: Any, kinds: tuple[type, ...]) -> bool:
    # JSON true/false are Python bools, which are ints too: keep them apart.
    if isinstance(value, bool) and bool not in kinds:
        return False
    return isinstance(value, kinds)


def decode(raw: str | bytes, *, limit: int = MAX_MESSAGE) -> Message:
    """Read one message; raises `ProtocolError` and nothing else."""
    if not isinstance(raw, (str, bytes, bytearray)):
        raise ProtocolError("bad_json", "not text")
    size = len(raw.encode("utf-8", "surrogatepass")) if isinstance(raw, str) else len(raw)
    if size > limit:
        raise ProtocolError("too_big", f"{size} bytes > {limit}")
    try:
        text = raw if isinstance(raw, str) else bytes(raw).decode("utf-8")
        data = json.loads(text)
    except (ValueError, RecursionError, UnicodeError) as e:
        raise ProtocolError("bad_json", type(e).__name__) from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_shape", "not an object")
    kind = data.pop("t", None)
    if not isinstance(kind, str) or kind not in SCHEMA:
        raise ProtocolError("unknown_type", printable(str(kind)[:40]))
    spec = SCHEMA[kind]
    # The version first: a joiner of another version may also send other fields.
    if kind in ("join", "hello") and data.get("version") != PROTOCOL_VERSION:
        raise ProtocolError("version", f"client {data.get('version')!r}, host {PROTOCOL_VERSION}")
    for key in data:
        if key not in spec:
            raise ProtocolError("bad_shape", f"{kind} has no field {printable(key[:40])!r}")
    for key, (kinds, required) in spec.items():
        if key not in data:
            if required:
                raise ProtocolError("bad_shape", f"{kind} needs {key}")
            continue
        if not _isinstance(data[key], kinds):
            raise ProtocolError("bad_shape", f"{kind}.{key} has the wrong type")
    # The one free-form field a client sends; the rest are checked scalars.
    if kind == "act" and _depth(data["action"], MAX_DEPTH) > MAX_DEPTH:
        raise ProtocolError("bad_shape", "nested too deep")
    if kind == "join":
        too_long = (
            len(data["name"]) > MAX_NAME
            or len(data["code"]) > MAX_CODE
            or len(data.get("token") or "") > MAX_TOKEN
        )
        if too_long:
            raise ProtocolError("bad_shape", "a join field is too long")
    if kind in LOBBY_TYPES or kind == "join":
        _check_lobby(kind, data)
    if kind in EVENT_TYPES:
        _check_event(kind, data)
    return Message(kind, data)


def _check_lobby(kind: str, data: dict[str, Any]) -> None:
    """The lengths and contents of the lobby's fields (a server reads them as ids)."""
    short = [
        v
        for k, v in data.items()
        if isinstance(v, str) and k not in ("name", "secret", "token", "chunk")
    ]
    if any(len(v) > MAX_ID for v in short) or len(data.get("secret") or "") > MAX_TOKEN:
        raise ProtocolError("bad_shape", f"a {kind} field is too long")
    if kind == "hello" and len(data["name"]) > MAX_NAME:
        raise ProtocolError("bad_shape", "the name is too long")
    if kind == "create":
        seats = data["seats"]
        if not 1 <= len(seats) <= MAX_SEATS or not all(
            isinstance(s, str) and len(s) <= MAX_ID for s in seats
        ):
            raise ProtocolError("bad_shape", "create.seats is a short list of seat kinds")
        options = data.get("options", {})
        if _depth(options, 4) > 4 or len(json.dumps(options)) > MAX_OPTIONS:
            raise ProtocolError("bad_shape", "create.options is too big")


#: the longest reason an organizer gives for a corrected result
MAX_REASON = 200
#: bounds of an event's numbers as a client may send them
MAX_EVENT_NUMBER = 10_000


def _check_event(kind: str, data: dict[str, Any]) -> None:
    """The lengths and ranges of an event message's fields (ids, small numbers)."""
    for key, value in data.items():
        if isinstance(value, str) and key != "reason" and len(value) > MAX_ID:
            raise ProtocolError("bad_shape", f"{kind}.{key} is too long")
        if isinstance(value, int) and not isinstance(value, bool):
            limit = 2**40 if key == "start_at" else MAX_EVENT_NUMBER
            if not 0 <= value <= limit:
                raise ProtocolError("bad_shape", f"{kind}.{key} is out of range")
    if len(data.get("reason", "")) > MAX_REASON:
        raise ProtocolError("bad_shape", "the reason is too long")
    if kind == "event_create":
        options = data.get("options", {})
        if _depth(options, 4) > 4 or len(json.dumps(options)) > MAX_OPTIONS:
            raise ProtocolError("bad_shape", "event_create.options is too big")
    if kind == "event_result":
        order = data["order"]
        ok = 1 <= len(order) <= MAX_SEATS and all(
            isinstance(g, list)
            and 1 <= len(g) <= MAX_SEATS
            and all(
                isinstance(n, int) and not isinstance(n, bool) and 0 <= n < MAX_SEATS for n in g
            )
            for g in order
        )
        if not ok:
            raise ProtocolError("bad_shape", "event_result.order is groups of seat numbers")


def encode(kind: str, **fields: Any) -> str:
    """One message as JSON text (compact; UTF-8 kept as is)."""
    if kind not in SCHEMA:
        raise ValueError(f"unknown message type {kind!r}")
    return json.dumps({"t": kind, **fields}, ensure_ascii=False, separators=(",", ":"))


def refusal(code: str, detail: str = "") -> str:
    """A `refused` message for `code`."""
    code = printable(code)[:40]
    return encode("refused", code=code, reason=reason_key(code), detail=printable(detail)[:200])
