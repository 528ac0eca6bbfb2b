"""`taverna join HOST:PORT --autoplay --headless`: a joiner whose seat a bot plays.

The bot sees exactly what the host sent this seat (its view and legal
actions), as a table's hint bot would. A dropped connection is retried with
the seat's token until the host hands the seat away or the retry time runs out.
Against a server of many tables (`taverna server`) the joiner first says who
it is (`game.net.greeter`: on the server's `hello_first`, or at once with a
table id) and then plays the same way; a single host never sees a hello.
Exit status: 0 at match over, 1 when the host closed or the link was lost,
2 when the join was refused (the reason is printed).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from functools import partial
from typing import TextIO

from game.bots import Bot
from game.names import clean_name
from game.net.greeter import Greeter
from game.net.protocol import printable
from game.net.remote_match import RemoteMatch
from game.net.transport import ClientConnection
from game.registry import OptionsError, get_info, make_bot
from game.rng import Rng


def url_of(address: str) -> str:
    """ "HOST:PORT" (or a ws:// URL) -> the websocket URL."""
    if address.startswith(("ws://", "wss://")):
        return address
    host, sep, port = address.rpartition(":")
    if not sep or not port.isdigit() or not host:
        raise ValueError(f"an address looks like HOST:PORT, not {address!r}")
    return f"ws://{host}:{port}"


def run_join(
    address: str,
    *,
    name: str,
    code: str = "",
    bot_id: str = "easy",
    seed: int = 0,
    retry: float = 10.0,
    out: TextIO = sys.stdout,
    on_state: Callable[[RemoteMatch], None] | None = None,
    token: str | None = None,
    table: str | None = None,
) -> int:
    """Join the table at `address` and let a bot play our seat to the end
    (with `token`, the seat that token holds, as after a dropped connection;
    with `table`, that table of a server, a public one joined by its id)."""
    name = clean_name(name)  # typed at a terminal: cleaned like any name
    if not name:
        print("taverna: a name needs at least one visible character", file=sys.stderr)
        return 2
    try:
        url = url_of(address)
        link = ClientConnection(url)
    except (OSError, ValueError) as e:
        print(f"taverna: cannot reach {address}: {e}", file=sys.stderr)
        return 1
    remote = RemoteMatch(link, name=name, code=code)
    remote.table = table
    greeter = Greeter(url, name)
    if table:  # only a server has table ids: say who we are first
        greeter.hello(link, lambda: remote.join(token))
    else:
        remote.join(token)
    bot: Bot | None = None
    rng = Rng(f"join/{seed}/{name}")
    while True:
        for text in link.wait(0.5):
            if not greeter.take(text, link, lambda: remote.join(token)):
                remote.handle_text(text)
        if remote.refusal is not None and remote.seat is None:
            code, key, detail = remote.refusal
            said = printable(f"{code} [{key}] {detail}".rstrip())  # a host's words reach a terminal
            print(f"taverna: the host refused: {said}", file=sys.stderr)
            return 2
        if remote.is_over:
            print(f"match over: {remote.standings()}", file=out, flush=True)
            print(f"final: {final_line(remote)}", file=out, flush=True)
            link.close()
            return 0
        if remote.host_closed:
            print("taverna: the host closed the table", file=sys.stderr)
            return 1
        if link.closed:
            if link.close_reason:  # e.g. "too_slow": the host cut us for falling behind
                print(
                    f"taverna: the host closed the connection ({printable(link.close_reason)}); "
                    "reconnecting",
                    file=sys.stderr,
                )
            again = _reconnect(remote, url, retry, greeter)
            if again is None:
                print("taverna: lost the connection to the host", file=sys.stderr)
                return 1
            link = again
            continue
        if on_state is not None:
            on_state(remote)
        seat = remote.seat
        if seat is None or not remote.started or seat not in remote.to_move:
            continue
        if bot is None:
            try:
                bot = make_bot(remote.game_name, _level(remote.game_name, bot_id))
            except (OptionsError, KeyError) as e:
                print(f"taverna: {e}", file=sys.stderr)
                return 2
        legal = remote.legal_actions(seat)
        if legal:
            remote.apply(seat, bot.choose(remote.view(seat), legal, rng))


def _level(game: str, bot_id: str) -> str:
    """`bot_id` if the game has it, else its weakest bot (Wyrt's are personas)."""
    ids = get_info(game).bot_ids
    return bot_id if bot_id in ids or bot_id == "random" or not ids else ids[0]


def final_line(remote: RemoteMatch) -> str:
    """The finishing order with names: `1 Ana, 2 Bia · Cid` (a tie shares a place)."""
    parts, place = [], 1
    for group in remote.standings():
        names = [printable(remote.seats[s]) if 0 <= s < remote.n_seats else "?" for s in group]
        parts.append(f"{place} {' · '.join(names)}")
        place += len(group)
    return ", ".join(parts)


def _reconnect(
    remote: RemoteMatch, url: str, retry: float, greeter: Greeter
) -> ClientConnection | None:
    """Open a new link and ask for our seat back with its token (a server
    first hears who we are: a new connection starts with a hello)."""
    deadline = time.monotonic() + retry
    while time.monotonic() < deadline:
        try:
            link = ClientConnection(url)
        except OSError:
            time.sleep(0.2)
            continue
        if greeter.server:
            remote.link = link
            greeter.hello(link, partial(remote.relink, link))
        else:
            remote.relink(link)
        return link
    return None
