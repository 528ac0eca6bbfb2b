"""The `taverna host` and `taverna join` subcommands (registered by main.py)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

COMMANDS = ("host", "join")


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

    join = sub.add_parser("join", help="join a table hosted on another machine")
    join.add_argument("address", help="HOST:PORT")
    join.add_argument("--name", required=True)
    join.add_argument("--code", default="")
    # --autoplay (a bot plays our seat) comes with the window flags main.py adds
    join.add_argument("--bot", default="easy", help="the autoplay bot's level")
    join.add_argument("--headless", action="store_true", help="no window (needs --autoplay)")


def run(args: argparse.Namespace) -> int:
    """Run `host` or `join`; returns the exit status."""
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

    return run_join(args.address, name=args.name, code=args.code, bot_id=args.bot)
