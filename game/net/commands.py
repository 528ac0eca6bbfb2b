"""The `taverna host`, `taverna join`, `taverna server`, `taverna create` and
`taverna event` subcommands (registered by main.py)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

COMMANDS = ("host", "join", "server", "create", "event")


def add_parsers(sub: Any, option: Callable[[str], tuple[str, Any]]) -> None:
    """Add `host` and `join` to main.py's subparsers; `option` parses key=value."""
    host = sub.add_parser("host", help="host a table other machines join")
    host.add_argument("game")
    host.add_argument(
        "--seats",
        required=True,
        help='comma-separated: remote or bot:<level>, e.g. "remote,bot:normal"',
    )
    host.add_argument("--port", type=int, default=0, help="port to listen on (0: any free one)")
    host.add_argument("--bind", default="0.0.0.0", help="address to listen on")
    host.add_argument(
        "--seed",
        type=int,
        help="fix the deal (tests only: whoever knows the number knows every card; "
        "default: a secret 256-bit seed)",
    )
    host.add_argument(
        "--code", help="join code, 8 or more of the code letters (default: a random one)"
    )
    host.add_argument(
        "--grace", type=float, default=60.0, help="seconds before a dropped seat goes to a bot"
    )
    host.add_argument("--fallback-bot", default="normal", help="bot level for dropped seats")
    host.add_argument("--headless", action="store_true", help="no window (a small server)")
    host.add_argument(
        "--option", "-o", action="append", type=option, default=[], metavar="KEY=VALUE"
    )

    join = sub.add_parser("join", help="join a table hosted on another machine or a server")
    join.add_argument("address", help="HOST:PORT")
    join.add_argument("--name", required=True)
    join.add_argument("--code", default="")
    join.add_argument("--table", help="a server's public table, by the id `taverna create` printed")
    # --autoplay (a bot plays our seat) comes with the window flags main.py adds
    join.add_argument("--bot", default="easy", help="the autoplay bot's level")
    join.add_argument("--headless", action="store_true", help="no window (needs --autoplay)")

    server = sub.add_parser("server", help="a server of many tables, headless and long-running")
    server.add_argument(
        "--port", type=int, default=47474, help="port to listen on (0: any free one)"
    )
    server.add_argument(
        "--bind",
        default="127.0.0.1",
        help="address to listen on (default: this machine only; a community server says 0.0.0.0)",
    )
    server.add_argument("--data", help="data folder (default: the app's data folder's server/)")
    server.add_argument("--max-tables", type=int, default=200, help="tables open at once")
    server.add_argument(
        "--bot-workers", type=int, default=2, help="processes bots think in (0: in the server)"
    )
    server.add_argument(
        "--grace", type=float, default=60.0, help="seconds before a bot plays an absent seat"
    )
    server.add_argument(
        "--tls-cert", help="serve wss://: the certificate (chain) as a PEM file (with --tls-key)"
    )
    server.add_argument("--tls-key", help="serve wss://: the certificate's private key (PEM)")
    server.add_argument(
        "--behind-proxy",
        action="store_true",
        help="a reverse proxy on this machine forwards the players: count each by the "
        "address in its X-Forwarded-For, not as 127.0.0.1",
    )
    _add_create_parser(sub, option)
    _add_event_parsers(sub, option)


def _add_create_parser(sub: Any, option: Callable[[str], tuple[str, Any]]) -> None:
    """`taverna create SERVER GAME --seats …` (issue 46)."""
    create = sub.add_parser("create", help="make a table on a Taverna server; prints its code")
    create.add_argument("server", help="HOST:PORT")
    create.add_argument("game")
    create.add_argument(
        "--seats",
        required=True,
        help='comma-separated: remote or bot:<level>, e.g. "remote,remote,bot:normal"',
    )
    create.add_argument("--private", action="store_true", help="not listed: joined by its code")
    create.add_argument(
        "--watchers",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="others may watch the table (default: yes)",
    )
    # the server's `table.CLOCKS` (not imported: building the parser stays light)
    clocks = ("off", "relaxed", "normal", "quick")
    create.add_argument("--clock", default="off", choices=clocks, help="the turn clock")
    create.add_argument("--name", help="your name on the server (default: the one used there)")
    create.add_argument(
        "--option", "-o", action="append", type=option, default=[], metavar="KEY=VALUE"
    )


def _add_event_parsers(sub: Any, option: Callable[[str], tuple[str, Any]]) -> None:
    """`taverna event create|start|join` (issue 47)."""
    event = sub.add_parser("event", help="an online event (a tournament) on a Taverna server")
    what = event.add_subparsers(dest="event_command", required=True)
    create = what.add_parser("create", help="create an event; prints its code")
    create.add_argument("server", help="HOST:PORT")
    create.add_argument("game")
    create.add_argument("--format", required=True, choices=("swiss", "melee", "elimination"))
    create.add_argument("--seats", type=int, default=8, help="entrants at most")
    create.add_argument("--rounds", type=int, help="Swiss or melee rounds (default: recommended)")
    create.add_argument("--top-cut", type=int, default=0, choices=(0, 4, 8))
    create.add_argument("--semifinal", action="store_true", help="melee: 4 semifinal tables")
    create.add_argument("--turn-limit", type=int, default=0, help="turns per match (0: none)")
    create.add_argument("--fill-bots", type=int, default=0, help="bot entrants from the start")
    create.add_argument("--bot", help="the bots' level (default: the game's first)")
    create.add_argument("--grace", type=int, default=120, help="seconds to sit at one's table")
    create.add_argument(
        "--no-show",
        default="lose",
        choices=("lose", "bot"),
        help="an entrant not at his table in time loses the match, or a bot plays for him",
    )
    create.add_argument(
        "--start-in", type=float, help="minutes from now to start by itself (default: by hand)"
    )
    create.add_argument("--late", action="store_true", help="late entries between rounds")
    create.add_argument("--private", action="store_true", help="not listed: joined by code")
    create.add_argument("--name", help="the event's name")
    create.add_argument(
        "--option", "-o", action="append", type=option, default=[], metavar="KEY=VALUE"
    )
    start = what.add_parser("start", help="close registration and start round 1")
    start.add_argument("server", help="HOST:PORT")
    start.add_argument("code")
    join = what.add_parser("join", help="register and let a bot play every round")
    join.add_argument("server", help="HOST:PORT")
    join.add_argument("code")
    join.add_argument("--name", required=True)
    join.add_argument("--bot", default="easy", help="the autoplay bot's level")
    join.add_argument("--autoplay", action="store_true", help="a bot plays the seat (needed)")
    join.add_argument("--headless", action="store_true", help="no window (needed)")
    join.add_argument("--timeout", type=float, default=0.0, help="give up after seconds (0: never)")


def _run_event(args: argparse.Namespace) -> int:
    import time

    from game.net import event_client

    if args.event_command == "create":
        return event_client.run_event_create(
            args.server,
            args.game,
            format=args.format,
            seats=args.seats,
            rounds=args.rounds,
            top_cut=args.top_cut,
            semifinal=args.semifinal or None,
            turn_limit=args.turn_limit,
            fill_bots=args.fill_bots,
            bot=args.bot,
            grace=args.grace,
            no_show=args.no_show,
            late=args.late,
            public=not args.private,
            name=args.name,
            options=dict(args.option),
            start_at=int(time.time() + 60 * args.start_in) if args.start_in else None,
        )
    if args.event_command == "start":
        return event_client.run_event_start(args.server, args.code)
    if not (args.autoplay and args.headless):
        print(
            "taverna: the app's event screens are not there yet: join with --autoplay --headless",
            file=sys.stderr,
        )
        return 2
    return event_client.run_event_join(
        args.server, args.code, name=args.name, bot_id=args.bot, timeout=args.timeout
    )


def run(args: argparse.Namespace) -> int:
    """Run `host`, `join`, `server`, `create` or `event`; returns the exit status."""
    if args.command == "event":
        return _run_event(args)
    if args.command == "create":
        from game.net.server_cli import run_create

        return run_create(
            args.server,
            args.game,
            seats=args.seats,
            private=args.private,
            watchers=args.watchers,
            clock=args.clock,
            options=dict(args.option),
            name=args.name,
        )
    if args.command == "server":
        from pathlib import Path

        from game.net.server.run import run_server
        from game.net.tls import TlsError, check_pair

        try:
            tls = check_pair(args.tls_cert, args.tls_key)
        except TlsError as e:
            print(f"taverna: {e}", file=sys.stderr)
            return 2
        return run_server(
            port=args.port,
            bind=args.bind,
            data=Path(args.data) if args.data else None,
            max_tables=max(1, args.max_tables),
            bot_workers=max(0, args.bot_workers),
            grace=args.grace,
            tls=tls,
            behind_proxy=args.behind_proxy,
        )
    if args.command == "host" and not args.headless:
        print(
            "taverna: a host with a window starts from the new-match screen (a seat set to "
            '"Remote player"); from the command line use --headless',
            file=sys.stderr,
        )
        return 2
    if args.command == "join" and not getattr(args, "autoplay", False):
        print("taverna: a joiner without a window needs --autoplay", file=sys.stderr)
        return 2
    if args.command == "host":
        from game.net.headless import run_host

        return run_host(
            args.game,
            args.seats,
            port=args.port,
            bind=args.bind,
            seed=args.seed,
            options=dict(args.option),
            code=args.code,
            grace=args.grace,
            fallback_bot=args.fallback_bot,
        )
    from game.net.bot_client import run_join

    return run_join(args.address, name=args.name, code=args.code, bot_id=args.bot, table=args.table)
