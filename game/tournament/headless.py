"""`taverna tournament <game> …`: a whole bot tournament on the command line.

main.py parses the arguments; `main(args)` builds the tournament (entrants are
bots cycling through `--bots`, default every bot of the game), plays it with
`--simulate` (without it, only round 1 is paired and shown) and prints rounds,
pairings, results and final standings as text, or one JSON document with
`--json`. Problems print one line to stderr and return 2. With `--simulate`,
stderr says first about how long a round takes, then shows the progress;
`--jobs N` plays each round's tables in N processes (same results). A Chama tournament
run here is a ranked event, so it needs 8 entrants [R10]; `--double-points`
announces its "pontuação dupla" [R9]. `--semifinal` adds the melee semifinal
stage (16 entrants at tables of four, places 5-16).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from typing import Any

from game.registry import OptionsError, get_info, resolve_bot_id
from game.tournament.errors import TournamentError
from game.tournament.export import standings_rows
from game.tournament.organizer import (
    Tournament,
    bot_choices,
    bot_entrants,
    create_tournament,
)
from game.tournament.pace import round_note
from game.tournament.parallel import simulate_tournament_jobs
from game.tournament.play import describe_table, estimate_matches, matches_played


def build(args: argparse.Namespace) -> Tournament:
    """The tournament the command line describes (raises `TournamentError`)."""
    info = get_info(args.game)
    # levels name the game's own bots (Wyrt: personas), as in `simulate`
    bots = [resolve_bot_id(info, b.strip()) for b in (args.bots or "").split(",") if b.strip()]
    if args.entrants < 1:
        raise TournamentError(
            "tournament.errors.too_few_entrants", "--entrants must be at least 1", minimum=1
        )
    entrants = bot_entrants(args.game, args.entrants, bots or bot_choices(args.game))
    return create_tournament(
        args.game,
        entrants,
        format=args.format,
        rounds=args.rounds,
        top_cut=args.top_cut,
        turn_limit=args.turn_limit,
        options=dict(args.option or []),
        seed=args.seed,
        ranked=args.game == "chama",
        semifinal=bool(getattr(args, "semifinal", False)),
        double_points=bool(getattr(args, "double_points", False)),
    )


def report(t: Tournament) -> dict[str, Any]:
    """The whole tournament as one JSON-able document."""
    champion = t.champion()
    return {
        "tournament": {
            "name": t.name,
            "game": t.game,
            "format": t.format,
            "entrants": len(t.entrants),
            "rounds": t.rounds_planned,
            "top_cut": t.top_cut,
            "turn_limit": t.turn_limit,
            "seed": t.seed,
            "options": t.options,
            "ranked": t.ranked,
            "semifinal": t.semifinal,
            "double_points": t.double_points,
            "finished": t.is_finished,
        },
        "rounds": [
            {
                "number": r.number,
                "stage": r.stage,
                "tables": [describe_table(t, r.number, tb.number) for tb in r.tables],
            }
            for r in t.rounds
        ],
        "standings": standings_rows(t, final=False) if t.format != "elimination" else [],
        "final_standings": standings_rows(t, final=True),
        "bracket": [dataclasses.asdict(b) for b in t.bracket()],
        "champion": (
            {"number": champion.number, "name": champion.name, "bot": champion.bot}
            if champion
            else None
        ),
        "matches": matches_played(t),
    }


def _table_line(t: Tournament, stage: str, table: dict[str, Any]) -> str:
    seats = table["seats"]
    if len(seats) == 1:
        s = seats[0]
        word = "walkover" if s["outcome"] == "walkover" else "bye"
        return f"  {word}: {s['name']}"
    if table["result"] is None:
        return f"  table {table['table']}: " + " vs ".join(s["name"] for s in seats)
    timed = " (on time)" if table["result"]["timed"] else ""
    if stage in ("melee", "semifinal", "final"):
        ranked = sorted(seats, key=lambda s: s["place"])
        body = ", ".join(f"{s['place']}. {s['name']} ({s['points']})" for s in ranked)
        return f"  table {table['table']}: {body}{timed}"
    a, b = seats
    if a["outcome"] == "draw":
        return f"  table {table['table']}: {a['name']} draws with {b['name']}{timed}"
    win, lose = (a, b) if a["place"] == 1 else (b, a)
    score = f" ({win['points']}-{lose['points']})" if win["points"] is not None else ""
    return f"  table {table['table']}: {win['name']} beats {lose['name']}{score}{timed}"


def _print_text(t: Tournament, doc: dict[str, Any], seconds: float | None) -> None:
    head = doc["tournament"]
    cut = f", top cut {t.top_cut}" if t.top_cut else ""
    timed = f", turn limit {t.turn_limit}" if t.turn_limit else ""
    rounds = f", {t.rounds_planned} rounds" if t.format != "elimination" else ""
    semi = ", semifinal stage" if t.semifinal else ""
    double = ", double points" if t.double_points else ""
    print(
        f"{t.name}: {t.game}, {t.format}, {head['entrants']} entrants"
        f"{rounds}{cut}{semi}{timed}{double}, seed {t.seed}"
    )
    for rnd in doc["rounds"]:
        print(f"Round {rnd['number']} ({rnd['stage']})")
        for table in rnd["tables"]:
            print(_table_line(t, rnd["stage"], table))
    if not t.is_finished:
        print("(round 1 paired; add --simulate to let the bots play the whole tournament)")
        return
    cols = [c for c in t.columns(final=True) if c not in ("bot",)]
    print("Final standings")
    rows = doc["final_standings"]
    cells = [[_cell(r[c]) for c in cols] for r in rows]
    widths = [max(len(c), *(len(x[i]) for x in cells)) for i, c in enumerate(cols)]
    print("  " + "  ".join(c.ljust(w) for c, w in zip(cols, widths, strict=True)))
    for x in cells:
        print("  " + "  ".join(v.ljust(w) for v, w in zip(x, widths, strict=True)))
    champ = doc["champion"]
    if champ:
        print(f"Champion: {champ['name']}")
    if seconds is not None:
        print(f"{doc['matches']} matches in {seconds:.2f} s")


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def main(args: argparse.Namespace) -> int:
    """Run `taverna tournament`; 0 on success, 2 on a problem with the request."""
    from game.progress import Progress

    jobs = int(getattr(args, "jobs", 1) or 1)
    try:
        t = build(args)
        started = time.perf_counter()
        if args.simulate:
            # stderr, like the progress: stdout stays the report (or the JSON)
            note = round_note(t, jobs)
            if note:
                print(f"tournament: {note}", file=sys.stderr, flush=True)
            with Progress("tournament", estimate_matches(t), "matches") as progress:
                simulate_tournament_jobs(t, jobs, progress=progress)
        else:
            t.start_round()
        seconds = time.perf_counter() - started
    except (TournamentError, OptionsError) as e:
        print(f"taverna: {e}", file=sys.stderr)
        return 2
    doc = report(t)
    if args.json:
        print(json.dumps(doc, indent=2, ensure_ascii=False))
    else:
        _print_text(t, doc, seconds if args.simulate else None)
    return 0
