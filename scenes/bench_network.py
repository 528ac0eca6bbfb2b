"""`taverna bench`, section "network": play across machines on loopback (a
joiner's state messages, an action's round trip) and the host's frames while
joiners play (`scenes.bench_online`)."""

from __future__ import annotations

from typing import Any

from scenes.bench_rows import pct, row
from scenes.bench_tables import FRAME_P99_BUDGET, table_frame_times


def network_rows(quick: bool) -> list[dict[str, Any]]:
    """Play across machines on loopback: a joiner's state messages and the round
    trip of one action (sent, checked and applied by the host, the new state
    back), every seat remote (`game.net.bench`)."""
    from game.net.bench import CASES, summary

    rows: list[dict[str, Any]] = []
    for game in CASES:
        try:
            s = summary(game, 40 if quick else 200)
        except Exception as e:  # noqa: BLE001
            rows.append(row("network", f"{game}: loopback", f"failed: {e!r}"[:60], ok=False))
            continue
        rows.append(
            row(
                "network",
                f"{game}, {s['seats']} joiners: state message, median (largest)",
                f"{s['state_bytes_median'] / 1024:.1f} KiB ({s['state_bytes_max'] / 1024:.0f})",
                "",
                "reference",
            )
        )
        rows.append(
            row(
                "network",
                f"{game}: round trip of an action, median (p90 of {s['actions']})",
                f"{s['rtt_ms_median']:.1f} ({s['rtt_ms_p90']:.1f})",
                "ms",
                "reference",
            )
        )
    return rows


def host_load_rows(quick: bool, home: str) -> list[dict[str, Any]]:
    """The host's frame CPU p99 with joiners playing (a Wyrt table of six, a War
    game of six) beside the same table played by local bots."""
    from scenes.bench_online import hosted_frame_times

    rows: list[dict[str, Any]] = []
    for game, options in (("wyrt", {"hand_limit": 3}), ("war", {"turn_limit": 60})):
        frames = 300 if quick else 1200
        try:
            hosted = hosted_frame_times(game, 5, frames, options, home)["cpu"]
            local = table_frame_times(game, frames)["cpu"]
        except Exception as e:  # noqa: BLE001
            rows.append(row("network", f"{game}: host's frames", f"failed: {e!r}"[:60], ok=False))
            continue
        rows.append(
            row(
                "network",
                f"{game}: host's p99 frame CPU, 5 joiners (all bots local)",
                f"{pct(hosted, 99) * 1000:.2f} ({pct(local, 99) * 1000:.2f})",
                "ms",
                f"<= {FRAME_P99_BUDGET * 1000:.0f} ms",
                pct(hosted, 99) <= FRAME_P99_BUDGET,
            )
        )
    return rows


def hardening_rows(quick: bool) -> list[dict[str, Any]]:
    """The hardening's attacks on 127.0.0.1 (`game.net.attack`): what one address
    gets from guessing a join code, from 2,000 connections that never join and
    from unreadable messages; and what the secret generator costs a War match."""
    from game.net import attack

    rows: list[dict[str, Any]] = []
    try:
        g = attack.guess_rate(5.0 if quick else 30.0)
        idle = attack.idle_connections(300 if quick else 2000)
        junk = attack.junk_messages(5000, 5.0 if quick else 20.0)
        draws = attack.draw_cost(3 if quick else 10)
    except Exception as e:  # noqa: BLE001
        return [row("network", "attacks on loopback", f"failed: {e!r}"[:60], ok=False)]
    rows.append(
        row(
            "network",
            f"join code guessed by one address: answers a second ({g['seconds']:.0f} s)",
            f"{g['guesses_per_s']:.2f}",
            "/s",
            f"{g['expected_days_to_guess']:.0f} days to guess",
            **g,
        )
    )
    rows.append(
        row(
            "network",
            f"{idle['attempted']} connections that never join: held at most (after the deadline)",
            f"{idle['held_at_most']} ({idle['held_after_deadline']})",
            "",
            f"{idle['log_lines']} log lines",
            **idle,
        )
    )
    rows.append(
        row(
            "network",
            "unreadable messages: sent in the time (refused), log lines",
            f"{junk['messages']} ({junk['refusals']}), {junk['log_lines']}",
            "",
            "reference",
            **junk,
        )
    )
    rows.append(
        row(
            "network",
            f"secret generator: a War match's chance ({draws['draws_per_match']} draws)",
            f"{draws['secret_ms_per_match']:.2f}",
            "ms",
            "< 1 ms",
            ok=draws["secret_ms_per_match"] < 1.0,
            **draws,
        )
    )
    return rows


def server_rows(quick: bool) -> list[dict[str, Any]]:
    """A server of many tables under load (`game.net.loadtest`): Wyr tables of
    two remote players and a bot, each player acting every 3 s, against a
    server of its own on 127.0.0.1; the same flat out (players acting at once)
    for the actions a second one core carries; and 1,000 addresses guessing
    join codes."""
    from game.net import loadtest

    tables, seconds = (20, 10) if quick else (100, 30)
    argv = ["--tables", str(tables), "--game", "wyr", "--seconds", str(seconds)]
    try:
        r = loadtest.run(loadtest.parse([*argv, "--pace", "3"]))
        flat_argv = ["--tables", str(tables), "--game", "wyr", "--seconds", "10", "--pace", "0"]
        flat = loadtest.run(loadtest.parse(flat_argv))
        g = loadtest.guess_flood(1000, 20.0 if quick else 60.0)
    except Exception as e:  # noqa: BLE001
        return [row("server", "load on loopback", f"failed: {e!r}"[:60], ok=False)]
    failed = sum(r["errors"].values())
    return [
        row(
            "server",
            f"wyr tables held open at a person's pace (connections), {seconds} s",
            f"{r['tables_held_open']} of {tables} ({r['connections']})",
            "",
            f"{failed} failed" if failed else "reference",
            ok=False if failed else None,
            **{k: v for k, v in r.items() if k not in ("refused", "errors", "seats")},
        ),
        row(
            "server",
            f"action round trip p50 (p99 of {r['round_trips']})",
            f"{r['rtt_ms_p50']:.1f} ({r['rtt_ms_p99']:.1f})",
            "ms",
            "reference",
        ),
        row(
            "server",
            "longest tick of the server (its loop's lag; the players' loop's)",
            f"{r['server_tick_ms_max'] or 0:.1f} ({r['server_loop_lag_ms_max'] or 0:.1f}; "
            f"{r['players_loop_lag_ms_max']:.1f})",
            "ms",
            "reference",
        ),
        row(
            "server",
            f"longest wait for a bot decision ({r['bot_decisions']} decisions)",
            f"{r['bot_longest_wait_s'] or 0:.3f}",
            "s",
            "reference",
        ),
        row(
            "server",
            f"server CPU a table at a person's pace (whole server, {r['tables_held_open']} tables)",
            f"{r.get('server_cpu_ms_per_table_s', 0):.2f} ({r.get('server_cpu_share', 0):.2f})",
            "ms/s (core)",
            "reference",
        ),
        row(
            "server",
            f"server memory a table (whole server, {r['tables_held_open']} tables)",
            f"{r.get('server_rss_kb_per_table', 0):.0f} ({r.get('server_rss_mb', 0):.0f})",
            "KiB (MiB)",
            "reference",
        ),
        row(
            "server",
            f"actions a second of one core, flat out ({flat['actions']} + "
            f"{flat['bot_decisions']} bots' in 10 s)",
            f"{flat.get('server_actions_per_cpu_s', 0):.0f}",
            "/s",
            "reference",
        ),
        row(
            "server",
            f"code guesses checked from {g['addresses']} addresses (server-wide cap)",
            f"{g['guesses_per_s']:.1f}",
            "/s",
            f"{g['expected_years_1000_tables']:,} years to guess 1 of 1,000 private tables",
            **g,
        ),
    ]
