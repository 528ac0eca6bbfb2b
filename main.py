"""Taverna's entry point: the command line, the app, and headless commands.

    taverna                                   the app
    taverna play war --seats "Ana,bot:hard" --seed 7
    taverna simulate chama --seats bot:hard,bot:normal --games 200 --seed 1 --json
    taverna tournament chama --format swiss --entrants 16 --simulate --seed 3 --json
    taverna tournament chama --format melee --entrants 16 --semifinal --double-points --simulate
    taverna bench [--quick] [--json]
    taverna soak --minutes 30

GUI flags (app and play): --frames N, --screenshot PATH, --autoplay, --lang pt|en,
--size WxH, --scene NAME (open a screen directly: settings, new:<game>, rules, …).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

# A game prints nothing on a normal start: not even pygame's greeting, nor SDL's
# complaint about a missing XDG_RUNTIME_DIR (sessions without one: su, ssh, some
# containers), which gets a private folder of its own.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if sys.platform.startswith("linux") and not os.environ.get("XDG_RUNTIME_DIR"):
    import tempfile

    _runtime = os.path.join(tempfile.gettempdir(), f"taverna-runtime-{os.getuid()}")
    try:
        os.makedirs(_runtime, mode=0o700, exist_ok=True)
        os.environ["XDG_RUNTIME_DIR"] = _runtime
    except OSError:
        pass  # the complaint is only a line on stderr

from scenes.window_flags import WAR_BOTS_ROUNDS  # noqa: E402
from scenes.window_flags import add_gui_flags as _add_gui_flags  # noqa: E402


def _option(text: str) -> tuple[str, Any]:
    if "=" not in text:
        raise argparse.ArgumentTypeError(f"options look like key=value, not {text!r}")
    key, raw = text.split("=", 1)
    try:
        value: Any = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return key.strip(), value


def build_parser() -> argparse.ArgumentParser:
    """The whole command line."""
    from game.version import VERSION

    parser = argparse.ArgumentParser(prog="taverna", description="A game table of Arton.")
    parser.add_argument("--version", action="version", version=f"taverna {VERSION}")
    _add_gui_flags(parser)
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="open a table directly")
    play.add_argument("game")
    play.add_argument(
        "--seats", default="", help='comma-separated: a name, or bot:<level>, e.g. "Ana,bot:hard"'
    )
    play.add_argument("--seed", type=int)
    play.add_argument(
        "--option", "-o", action="append", type=_option, default=[], metavar="KEY=VALUE"
    )
    play.add_argument("--practice", action="store_true", help="hints, odds and undo")
    _add_gui_flags(play, again=True)

    sim = sub.add_parser(
        "simulate",
        help="bots play many matches headless",
        description="Bots play many matches headless. Progress shows on stderr. "
        f"War ends on time [R7] after {WAR_BOTS_ROUNDS} rounds (turn_limit = rounds x seats) "
        "unless -o turn_limit=N says otherwise (0: no limit).",
    )
    sim.add_argument("game")
    sim.add_argument(
        "--seats", required=True, help="comma-separated bot ids, e.g. bot:hard,bot:normal"
    )
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument(
        "--option", "-o", action="append", type=_option, default=[], metavar="KEY=VALUE"
    )
    sim.add_argument("--no-rotate", action="store_true", help="keep every bot on its seat")
    sim.add_argument(
        "--duplicate",
        action="store_true",
        help="deal each seed once per seat rotation, so luck cancels out",
    )
    sim.add_argument(
        "--budget", type=float, metavar="SECONDS", help="override every bot's time per decision"
    )
    sim.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="N",
        help="play the games in N processes (same results; 0: one per core)",
    )
    sim.add_argument("--json", action="store_true")

    tour = sub.add_parser(
        "tournament",
        help="run a tournament headless",
        description="Run a tournament headless. With --simulate, stderr first says about "
        "how long a round takes when hard bots play, then shows the progress.",
    )
    tour.add_argument("game")
    tour.add_argument("--format", choices=["swiss", "melee", "elimination"], default="swiss")
    tour.add_argument("--entrants", type=int, default=8)
    tour.add_argument("--rounds", type=int)
    tour.add_argument("--top-cut", type=int, choices=[0, 4, 8], default=0)
    tour.add_argument("--turn-limit", type=int, default=0)
    tour.add_argument(
        "--semifinal",
        action="store_true",
        help="melee: the top 16 play four semifinal tables before the final table",
    )
    tour.add_argument(
        "--double-points",
        action="store_true",
        help='Chama: the event announces "pontuação dupla" (placement points doubled)',
    )
    tour.add_argument("--bots", default="", help="comma-separated bot ids to cycle through")
    tour.add_argument("--simulate", action="store_true", help="bots play every match")
    tour.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="N",
        help="with --simulate: play each round's tables in N processes "
        "(same results; 0: one per core)",
    )
    tour.add_argument("--seed", type=int, default=1)
    tour.add_argument(
        "--option", "-o", action="append", type=_option, default=[], metavar="KEY=VALUE"
    )
    tour.add_argument("--json", action="store_true")

    bench = sub.add_parser("bench", help="measure the budgets of ARCHITECTURE.md")
    bench.add_argument("--quick", action="store_true")
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--extras", action="store_true", help="also each game's own benchmark rows")

    soak = sub.add_parser("soak", help="bots play every table through the real screens")
    soak.add_argument("--minutes", type=float, default=30.0)
    soak.add_argument("--seed", type=int, default=1)
    soak.add_argument("--games", default="", help="comma-separated tables (default: every table)")
    soak.add_argument("--json", action="store_true")

    from game.net.commands import add_parsers

    add_parsers(sub, _option)
    _add_gui_flags(sub.choices["join"], again=True)  # the joiner's table is a window
    return parser


def _fail(message: str, code: int = 2) -> int:
    print(f"taverna: {message}", file=sys.stderr)
    return code


def _known_game(name: str) -> str | None:
    """None when the game can be played, else a one-line reason."""
    from game import GAMES, KNOWN_GAMES

    if name in GAMES:
        return None
    if name in KNOWN_GAMES:
        return f"the {name} engine is not ready yet"
    return f"unknown game {name!r}; choose one of {', '.join(KNOWN_GAMES)}"


def _rate(row: dict[str, Any], key: str) -> str:
    """A per-100-hands figure of `simulate` with its 95% interval."""
    return f"{row[key]:+.1f} (95% {row[key + '_low']:+.1f} to {row[key + '_high']:+.1f})"


def _count(value: float) -> float | int:
    """Wins are whole unless tied wins were shared: 37.0 prints as 37, 12.5 stays."""
    return int(value) if float(value).is_integer() else round(float(value), 2)


def cmd_simulate(args: argparse.Namespace) -> int:
    """`taverna simulate`."""
    from game import OptionsError, get_info
    from game.progress import Progress
    from game.registry import bots_only_options, resolve_bot_id
    from game.runner import parse_seat_spec, simulate

    reason = _known_game(args.game)
    if reason:
        return _fail(reason)
    info = get_info(args.game)
    bot_ids = []
    for spec in args.seats.split(","):
        _, bot = parse_seat_spec(spec)
        if bot is None:
            return _fail(f"simulate needs bots in every seat (bot:<level>), not {spec!r}")
        bot_ids.append(resolve_bot_id(info, bot))
    if args.games < 1:
        return _fail("--games must be at least 1")
    if args.budget is not None and args.budget <= 0:
        return _fail("--budget must be a positive number of seconds")
    if args.jobs < 0:
        return _fail("--jobs must be 0 (one per core) or a positive number of processes")
    jobs = args.jobs or os.cpu_count() or 1
    options = bots_only_options(info, len(bot_ids), dict(args.option))
    try:
        with Progress("simulate", args.games, "games") as progress:
            out = simulate(
                args.game,
                bot_ids,
                games=args.games,
                seed=args.seed,
                options=options,
                rotate=not args.no_rotate,
                time_budget=args.budget,
                duplicate=args.duplicate,
                jobs=jobs,
                progress=progress,
            )
    except OptionsError as e:
        return _fail(str(e))
    for s in out["seats"]:
        s["wins"] = _count(s["wins"])
    if args.json:
        print(json.dumps(out, indent=2, ensure_ascii=False))
    else:
        rotated = "seats rotated" if out["rotated"] else "seats fixed"
        if out["duplicate"]:
            rotated += ", duplicate deals"
        print(
            f"{out['game']}: {out['games']} games, seed {out['seed']}, {rotated}, "
            f"average {out['average_turns']} turns"
        )
        for s in out["seats"]:
            line = (
                f"  {s['bot']:<16} wins {s['wins']:>7}  ({s['win_rate'] * 100:5.1f}%, "
                f"95% {s['win_low'] * 100:4.1f}-{s['win_high'] * 100:4.1f}%)  "
                f"decision p50 {s['p50_ms']} ms, p95 {s['p95_ms']} ms, max {s['max_ms']} ms"
            )
            if "chips_per_100" in s:
                line += f"  chips/100 hands {_rate(s, 'chips_per_100')}"
            if "adjusted_per_100" in s:
                line += f", luck-adjusted {_rate(s, 'adjusted_per_100')}"
            print(line)
        for d in out.get("pairs", []):
            line = (
                f"  {d['ahead']} - {d['behind']}: {d['chips_per_100']:+.1f} chips/100 hands "
                f"(95% {d['chips_per_100_low']:+.1f} to {d['chips_per_100_high']:+.1f})"
            )
            if "adjusted_per_100" in d:
                line += f"; luck-adjusted {_rate(d, 'adjusted_per_100')}"
            print(line)
        if "luck_events" in out:
            print(
                f"  luck-adjusted: the luck of {out['luck_events']} dice rolls taken out "
                "(each counted at its expected value)"
            )
        limit = options.get("turn_limit")
        if limit:
            print(
                f"  turn limit {limit} turns [R7]: {out['timed_games']} games ended on time"
                + ("" if "turn_limit" in dict(args.option) else " (-o turn_limit=0: no limit)")
            )
        if out["capped_games"]:
            print(f"  {out['capped_games']} games stopped at the safety cap")
        print(
            "  all invariants held"
            if out["invariants_held"]
            else f"  INVARIANTS BROKEN: {out['invariant_failures']}"
        )
    return 0 if out["invariants_held"] else 1


def cmd_tournament(args: argparse.Namespace) -> int:
    """`taverna tournament`."""
    reason = _known_game(args.game)
    if reason:
        return _fail(reason)
    if importlib.util.find_spec("game.tournament") is None:
        return _fail("the tournament organizer is not ready yet")
    if args.jobs < 0:
        return _fail("--jobs must be 0 (one per core) or a positive number of processes")
    args.jobs = args.jobs or os.cpu_count() or 1
    from game.tournament import headless

    return headless.main(args)


def cmd_bench(args: argparse.Namespace) -> int:
    """`taverna bench`."""
    from scenes.bench import run_bench

    return run_bench(quick=args.quick, as_json=args.json, extras=args.extras)


def cmd_soak(args: argparse.Namespace) -> int:
    """`taverna soak`."""
    from scenes.soak import run_soak

    if args.minutes <= 0:
        return _fail("--minutes must be more than 0")
    games = [g.strip() for g in args.games.split(",") if g.strip()] or None
    return run_soak(args.minutes, seed=args.seed, as_json=args.json, games=games)


def cli(argv: Sequence[str] | None = None) -> int:
    """Console-script entry point."""
    args = build_parser().parse_args(argv)
    if args.command == "simulate":
        return cmd_simulate(args)
    if args.command == "tournament":
        return cmd_tournament(args)
    if args.command == "bench":
        return cmd_bench(args)
    if args.command == "soak":
        return cmd_soak(args)
    windowed_join = args.command == "join" and not args.headless  # the app opens the table
    if args.command in ("host", "join", "server", "create", "event") and not windowed_join:
        from game import logs
        from game.net.commands import run

        logs.setup()  # what the host refuses goes to logs/taverna.log (and stderr)
        return run(args)
    if args.command == "play":
        reason = _known_game(args.game)
        if reason:
            return _fail(reason)
    from scenes.app import run_app

    return run_app(args)


if __name__ == "__main__":
    import multiprocessing

    multiprocessing.freeze_support()  # a frozen build's workers start this same program
    sys.exit(cli())
