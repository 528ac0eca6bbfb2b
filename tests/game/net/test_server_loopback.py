"""`taverna server` for real on 127.0.0.1 (issue 46): a subprocess with its
bots in a worker process, websockets clients, a restart by SIGTERM in the
middle of two tables, and a connection that never says hello."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from game.net.protocol import PROTOCOL_VERSION

ROOT = Path(__file__).resolve().parents[3]


class Server:
    """`python main.py server` on an ephemeral port of 127.0.0.1."""

    def __init__(self, data: Path) -> None:
        env = {**os.environ, "TAVERNA_NO_LAN": "1", "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "main.py",
                "server",
                "--port",
                "0",
                "--data",
                str(data),
                "--bot-workers",
                "1",
                "--bind",
                "127.0.0.1",
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        while line and not line.startswith("server: "):  # restored tables are logged first
            line = self.proc.stdout.readline()
        assert line.startswith("server: 127.0.0.1:"), line
        self.url = "ws://" + line.split()[1].strip()

    def stop(self) -> str:
        self.proc.send_signal(signal.SIGTERM)
        out, _ = self.proc.communicate(timeout=15)
        assert self.proc.returncode == 0, out
        return out


class Player:
    def __init__(self, url: str, name: str, **who: Any) -> None:
        self.ws: ClientConnection = connect(url, open_timeout=5, proxy=None).__enter__()
        self.seq = 0
        self.last_state: dict[str, Any] = {}
        self.send("hello", version=PROTOCOL_VERSION, name=name, **who)
        self.greeted = self.expect("greeted")

    def send(self, kind: str, **fields: Any) -> None:
        self.ws.send(json.dumps({"t": kind, **fields}))

    def expect(self, kind: str, timeout: float = 10.0) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            msg = json.loads(self.ws.recv(timeout=max(0.01, end - time.monotonic())))
            if msg["t"] == "state":
                self.last_state = msg
            if msg["t"] == kind:
                return msg
            assert msg["t"] != "refused", msg

    def play_until(self, log_len: int, timeout: float = 10.0) -> None:
        """Play the first legal action whenever asked, until the log is this long."""
        end = time.monotonic() + timeout
        while self.last_state.get("log_len", 0) < log_len and not self.last_state.get("is_over"):
            assert time.monotonic() < end, self.last_state.get("log_len")
            if self.last_state.get("legal"):
                self.seq += 1
                self.send("act", seq=self.seq, action=self.last_state["legal"][0])
                self.last_state = {**self.last_state, "legal": []}
            self.expect("state")

    def close(self) -> None:
        self.ws.close()


def test_a_server_restarted_mid_match_gives_every_player_their_seat(tmp_path: Path) -> None:
    server = Server(tmp_path)
    try:
        ana, bia = Player(server.url, "Ana"), Player(server.url, "Bia")
        ana.send("create", game="wyr", seats=["remote", "remote", "bot:easy"])
        wyr = ana.expect("created")["table"]
        ana.send("create", game="chama", seats=["remote", "bot:easy"], private=True)
        chama = ana.expect("created")
        ana.send("join", version=PROTOCOL_VERSION, code="", name="", table=wyr)
        bia.send("join", version=PROTOCOL_VERSION, code="", name="", table=wyr)
        tokens = {"ana": ana.expect("welcome"), "bia": bia.expect("welcome")}
        ana.expect("state")
        bia.expect("state")
        cid = Player(server.url, "Cid")
        cid.send("join", version=PROTOCOL_VERSION, code=chama["code"], name="")
        cid_welcome = cid.expect("welcome")
        cid.expect("state")
        for p in (ana, bia):
            p.play_until(2)
        cid.play_until(2)  # the chama bot answers from its worker process
        before = {"wyr": ana.last_state["log_len"], "chama": cid.last_state["log_len"]}
        out = server.stop()
        assert "created" in out and "stopped; 2 tables kept" in out
    finally:
        if server.proc.poll() is None:
            server.proc.kill()
    again = Server(tmp_path)
    try:
        back = {}
        for name, welcome, table in (
            ("ana", tokens["ana"], wyr),
            ("bia", tokens["bia"], wyr),
            ("cid", cid_welcome, chama["table"]),
        ):
            p = Player(again.url, name)
            p.send(
                "join",
                version=PROTOCOL_VERSION,
                code="",
                name="",
                table=table,
                token=welcome["token"],
            )
            assert p.expect("welcome")["seat"] == welcome["seat"]
            p.expect("state")
            back[name] = p
        assert back["ana"].last_state["log_len"] >= before["wyr"]
        assert back["cid"].last_state["log_len"] >= before["chama"]
        back["cid"].play_until(before["chama"] + 2)
        again.stop()
    finally:
        if again.proc.poll() is None:
            again.proc.kill()


def test_a_connection_that_never_says_hello_is_closed(tmp_path: Path) -> None:
    server = Server(tmp_path)
    try:
        ws = connect(server.url, open_timeout=5, proxy=None).__enter__()
        started = time.monotonic()
        try:
            ws.recv(timeout=12)
            raise AssertionError("the server sent something to a silent connection")
        except ConnectionClosed:
            pass
        assert time.monotonic() - started < 10
        assert ws.close_reason == "hello_timeout"
    finally:
        server.stop()
