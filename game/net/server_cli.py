"""`taverna create SERVER GAME --seats …`: a table on a server, from a terminal.

It says hello as this machine's player on that server (the app's identity
store, `game.net.identities`), asks for the table and prints what a joiner
needs: `table: ID`, and `code: CODE` for a private table (a public one is
joined by its id), then a `join:` line to copy. The table then waits on the
server for its players (`game.net.server.hub.OPEN_IDLE`); the creator has no
seat of his own unless he joins one like anyone else (with the same player
id he is known as its creator there). Exit status: 0 made, 1 the server was
not reached, 2 refused (the reason is printed).
"""

from __future__ import annotations

import shlex
import sys
from typing import Any, TextIO

from game.names import clean_name
from game.net.event_client import LobbyLink, with_lobby
from game.net.protocol import printable


def seat_list(text: str) -> list[str]:
    """ "remote, remote,bot:normal" -> ["remote", "remote", "bot:normal"]."""
    return [s.strip() for s in text.split(",") if s.strip()]


def run_create(
    server: str,
    game: str,
    *,
    seats: str,
    private: bool = False,
    watchers: bool = True,
    clock: str = "off",
    options: dict[str, Any] | None = None,
    name: str | None = None,
    out: TextIO = sys.stdout,
) -> int:
    """Create a table on `server`; prints `table: ID` (and `code: CODE`)."""
    if name is not None:
        name = clean_name(name)  # typed at a terminal: cleaned like any name
        if not name:
            print("taverna: a name needs at least one visible character", file=sys.stderr)
            return 2

    def ask(lobby: LobbyLink) -> Any:
        lobby.send(
            "create",
            game=game,
            seats=seat_list(seats),
            options=options or {},
            private=private,
            watchers=watchers,
            clock=clock,
        )
        return lobby.expect("created")

    status, made = with_lobby(server, name, ask)
    if status or made is None:
        return status or 1  # (an answer without the event: the server made no sense)
    table, code = made.get("table"), made.get("code")
    if not isinstance(table, str) or (code is not None and not isinstance(code, str)):
        print("taverna: the server's answer made no sense", file=sys.stderr)
        return 1
    table = printable(table)  # a server's words reach a terminal
    print(f"table: {table}", file=out)
    where = f"--code {shlex.quote(printable(code))}" if code else f"--table {shlex.quote(table)}"
    if code:
        print(f"code: {printable(code)}", file=out)
    line = f"taverna join {shlex.quote(server)} --name NAME {where} --autoplay --headless"
    print(f"join: {line}", file=out, flush=True)
    return 0
