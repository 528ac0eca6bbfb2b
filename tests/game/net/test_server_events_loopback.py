"""Online events for real on 127.0.0.1 (issue 47): `taverna server` in a
subprocess, `taverna event create|join|start` as an organizer and two people
would type them, bots for the rest of the field; the finished event is then
checked against the same event run locally with the same entrants and seed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from game.net.protocol import PROTOCOL_VERSION
from tests.game.net.eventlink import check_against_local

ROOT = Path(__file__).resolve().parents[3]


def _env(home: Path) -> dict[str, str]:
    return {**os.environ, "TAVERNA_NO_LAN": "1", "PYTHONUNBUFFERED": "1", "TAVERNA_HOME": str(home)}


def _taverna(home: Path, *args: str, timeout: float = 30.0) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "main.py", *args],
        cwd=ROOT,
        env=_env(home),
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def _view(address: str, code: str) -> dict[str, Any]:
    """The event's public view, as a watcher with no id of his own sees it."""
    with connect(f"ws://{address}", open_timeout=5, proxy=None) as ws:
        ws.send(json.dumps({"t": "hello", "version": PROTOCOL_VERSION, "name": "Watcher"}))
        ws.send(json.dumps({"t": "event_view", "event": code}))
        while True:
            msg = json.loads(ws.recv(timeout=10))
            if msg["t"] == "event":
                return dict(msg["event"])


def _run_event(tmp: Path, create: list[str]) -> tuple[str, str, list[str]]:
    """A server, an event created and started, two people playing it to the end."""
    server = subprocess.Popen(
        [sys.executable, "main.py", "server", "--port", "0", "--data", str(tmp / "data")]
        + ["--bot-workers", "1", "--bind", "127.0.0.1"],
        cwd=ROOT,
        env=_env(tmp / "server"),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert line.startswith("server: 127.0.0.1:"), line
        address = line.split()[1].strip()
        made = _taverna(tmp / "org", "event", "create", address, *create)
        assert made.returncode == 0, made.stderr
        code = made.stdout.strip().removeprefix("event: ")
        people = [
            subprocess.Popen(
                [sys.executable, "main.py", "event", "join", address, code, "--name", name]
                + ["--autoplay", "--headless", "--timeout", "60"],
                cwd=ROOT,
                env=_env(tmp / name),
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for name in ("Ana", "Bia")
        ]
        # both registered before the start (the server answers each in turn)
        for p in people:
            assert p.stdout is not None
            assert p.stdout.readline().startswith("registered: ")
        started = _taverna(tmp / "org", "event", "start", address, code)
        assert started.returncode == 0, started.stderr
        finals = []
        for p in people:
            out, err = p.communicate(timeout=90)
            assert p.returncode == 0, err
            finals.append(next(x for x in out.splitlines() if x.startswith("final: ")))
        view = _view(address, code)
        return address, json.dumps(view), finals
    finally:
        server.send_signal(signal.SIGTERM)
        server.communicate(timeout=20)


def test_a_swiss_event_of_eight_through_a_real_server(tmp_path: Path) -> None:
    _, raw, finals = _run_event(
        tmp_path,
        ["war", "--format", "swiss", "--seats", "8", "--rounds", "3"]
        + ["--fill-bots", "6", "--turn-limit", "1", "--bot", "easy"],
    )
    view = json.loads(raw)
    check_against_local(view, "war", "swiss", rounds=3, turn_limit=1)
    names = [e["name"] for e in view["entrants_list"]]
    assert "Ana" in names and "Bia" in names and len(names) == 8
    assert finals[0] == finals[1]  # both printed the same final standings
    assert all(n in finals[0] for n in ("Ana", "Bia"))


def test_a_melee_event_with_a_semifinal_through_a_real_server(tmp_path: Path) -> None:
    _, raw, finals = _run_event(
        tmp_path,
        ["war", "--format", "melee", "--seats", "16", "--rounds", "2", "--semifinal"]
        + ["--fill-bots", "14", "--turn-limit", "1", "--bot", "easy"],
    )
    view = json.loads(raw)
    check_against_local(view, "war", "melee", rounds=2, semifinal=True, turn_limit=1)
    assert [r["stage"] for r in view["rounds"]] == ["melee", "melee", "semifinal", "final"]
    assert finals[0] == finals[1]
