"""`taverna bench` rows of the engines: Wyrt's hand evaluator against the
reference libraries, full random games per second per engine, and each game's
own `game/<name>/bench.py` rows (`--extras`).
"""

from __future__ import annotations

import importlib
import importlib.util
import random
import time
from collections.abc import Callable
from typing import Any

from scenes.bench_rows import row

EVALUATOR_RATIO_BUDGET = 2.0


def _rate(fn: Callable[[list[Any]], Any], hands: list[list[Any]]) -> float:
    t = time.perf_counter()
    for h in hands:
        fn(h)
    return len(hands) / (time.perf_counter() - t)


def evaluator_rows(quick: bool, hands: int | None = None) -> list[dict[str, Any]]:
    """Wyrt's evaluator against treys and eval7 on the same random 7-card hands."""
    from game import GAMES

    if "wyrt" not in GAMES:
        return [row("evaluators", "wyrt engine not installed", "-")]
    from game.cards import standard_deck
    from game.wyrt import evaluate
    from game.wyrt import evaluator as ev

    n = hands or (20_000 if quick else 200_000)
    r = random.Random(20)
    deck = standard_deck()
    sample = [r.sample(deck, 7) for _ in range(n)]
    if hasattr(ev, "warm_up"):
        ev.warm_up()
    rows: list[dict[str, Any]] = []
    ours: dict[str, float] = {"evaluate()": _rate(evaluate, sample)}
    if hasattr(ev, "score_codes") and hasattr(ev, "card_code"):
        codes = [[ev.card_code(c) for c in h] for h in sample]
        ours["score path"] = _rate(ev.score_codes, codes)
    for label, rate in ours.items():
        rows.append(
            row("evaluators", f"wyrt {label}: 7-card hands", round(rate), "hands/s", "reference")
        )

    def name(c: Any) -> str:  # treys and eval7 both read "Ts", "Ah", …
        return ("T" if c.rank == 10 else c.code[:-1]) + c.suit.lower()

    refs: dict[str, float | str] = {}
    try:
        import treys
    except ImportError:
        refs["treys"] = "treys not installed"
    else:
        evaluator = treys.Evaluator()
        tc = [[treys.Card.new(name(c)) for c in h] for h in sample]
        refs["treys"] = _rate(lambda h: evaluator.evaluate(h[:2], h[2:]), tc)
    try:
        import eval7
    except ImportError:
        refs["eval7"] = "eval7 not installed"
    else:
        ec = [[eval7.Card(name(c)) for c in h] for h in sample]
        refs["eval7"] = _rate(eval7.evaluate, ec)
    best = max(ours.values())
    for lib, ref in refs.items():
        if isinstance(ref, str):
            rows.append(row("evaluators", f"{lib}: 7-card hands", ref, "", "bench extra", None))
            continue
        rows.append(row("evaluators", f"{lib}: the same hands", round(ref), "hands/s", "reference"))
        ratio = best / ref
        if lib == "treys":
            rows.append(
                row(
                    "evaluators",
                    "wyrt (fastest path) / treys",
                    round(ratio, 2),
                    "x",
                    f">= {EVALUATOR_RATIO_BUDGET:.0f}x",
                    ratio >= EVALUATOR_RATIO_BUDGET,
                )
            )
        else:
            rows.append(
                row(
                    "evaluators",
                    f"wyrt (fastest path) / {lib} (compiled)",
                    round(ratio, 2),
                    "x",
                    "informative",
                )
            )
    return rows


def seat_count(info: Any) -> int:
    n = int(info.extra.get("default_seats", max(2, info.min_seats)))
    return max(info.min_seats, min(info.max_seats, n))


def random_games_rate(
    game: str, seconds: float, cap: int = 20_000, options: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Random bots play whole matches of `game` for about `seconds`."""
    from game import get_info, new_match
    from game.bots import RandomBot
    from game.rng import Rng
    from game.runner import play_out

    info = get_info(game)
    n = seat_count(info)
    bots = [RandomBot() for _ in range(n)]
    done = capped = actions = 0
    start = time.perf_counter()
    g = 0
    while time.perf_counter() - start < seconds or done + capped == 0:
        match = new_match(game, n, seed=1000 + g, options=options)
        res = play_out(match, bots, Rng(f"bench/random/{g}"), max_actions=cap)
        actions += res.actions
        capped += res.capped
        done += not res.capped
        g += 1
    spent = time.perf_counter() - start
    return {"games": done, "capped": capped, "seconds": spent, "actions": actions, "seats": n}


#: when random play does not end a game (War: nobody conquers the world), the
#: game's own timed end ([R7]) closes it after this many turns
RANDOM_TURN_LIMIT = 60


def engine_rows(quick: bool) -> list[dict[str, Any]]:
    """Full random games per second, per engine."""
    from game import GAMES

    rows = []
    for game in GAMES:
        seconds = 1.5 if quick else 8.0
        r = random_games_rate(game, seconds)
        note = ""
        if r["capped"]:  # one capped game already says random play may never end
            r = random_games_rate(game, seconds, options={"turn_limit": RANDOM_TURN_LIMIT})
            note = f", ended by a {RANDOM_TURN_LIMIT}-turn limit [R7]: random play never wins"
        rows.append(
            row(
                "engines",
                f"{game}: full random games ({r['seats']} seats, {r['games']} games"
                + (f", {r['capped']} stopped at 20000 actions" if r["capped"] else "")
                + note
                + ")",
                round(r["games"] / r["seconds"], 1),
                "games/s",
                "reference",
                actions_per_s=round(r["actions"] / r["seconds"]),
            )
        )
    return rows


def extra_rows(quick: bool) -> list[dict[str, Any]]:
    """Rows from every game's own bench module (`game/<name>/bench.py`)."""
    from game import KNOWN_GAMES

    rows: list[dict[str, Any]] = []
    for name in (*KNOWN_GAMES, "tournament"):
        if (
            importlib.util.find_spec(f"game.{name}") is None
            or importlib.util.find_spec(f"game.{name}.bench") is None
        ):
            continue
        module = importlib.import_module(f"game.{name}.bench")
        for r in module.bench(quick):
            rows.append({"section": f"{name} (own)", **r})
    return rows


WAR_FASTSIM_SPEEDUP_GOAL = 20.0


def war_fastsim_rows(quick: bool, games: int | None = None) -> list[dict[str, Any]]:
    """Full 4-player War games per second: the fast simulator with its normal-like
    policy against normal bots through `WarMatch`, on the same deals (CPU time)."""
    from game.war.bots.fastplay import speed

    # a quick run still takes six deals: two short games alone read several x low
    r = speed(games or (6 if quick else 20))
    ratio = round(r["speedup"], 1)
    return [
        row(
            "bots",
            f"War fast simulator: games/s vs WarMatch ({r['games']} deals,"
            f" {r['fast_games_per_s']:.0f} vs {r['normal_games_per_s']:.1f} games/s;"
            f" rules alone {r['rules_speedup']:.0f}x)",
            ratio,
            "x",
            f">= {WAR_FASTSIM_SPEEDUP_GOAL:.0f}x",
            ratio >= WAR_FASTSIM_SPEEDUP_GOAL,
            **{k: round(v, 2) if isinstance(v, float) else v for k, v in r.items()},
        )
    ]
