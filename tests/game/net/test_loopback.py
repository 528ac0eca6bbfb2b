"""Host and joiners over real websockets on 127.0.0.1 (ephemeral ports, bounded
time): whole matches of every game, a dropped joiner that comes back, and a
raw socket sending garbage, oversized and flooding messages."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.net.bot_client import run_join
from game.net.protocol import MAX_MESSAGE, PROTOCOL_VERSION, encode
from game.net.remote_match import RemoteMatch
from game.net.transport import HostServer, local_addresses

CODE = "ACDEFGHJ"
ROOT = Path(__file__).resolve().parents[3]
#: short matches: turn and hand limits ([R7])
SHORT = {
    "wyr": {},
    "wyrt": {"hand_limit": 3},
    "war": {"turn_limit": 6},
    "chama": {"turn_limit": 6},
}
#: the host's bot seat
BOT = {"wyr": "easy", "wyrt": "cliente_casual", "war": "easy", "chama": "easy"}


class Table:
    """A headless host on a thread and joiners on threads."""

    def __init__(self, game: str, seats: str = "", grace: float = 60.0, seed: int = 7):
        from game.net.headless import run_host

        self.out = io.StringIO()
        self.stop = threading.Event()
        self.ready = threading.Event()
        self.server: HostServer | None = None
        self.status: int | None = None

        def on_ready(server: HostServer) -> None:
            self.server = server
            self.ready.set()

        self.bot = BOT[game]

        def host() -> None:
            self.status = run_host(
                game,
                seats or f"remote,remote,bot:{self.bot}",
                bind="127.0.0.1",
                seed=seed,
                options=SHORT[game],
                code=CODE,
                grace=grace,
                fallback_bot=BOT[game],
                out=self.out,
                stop=self.stop,
                on_ready=on_ready,
            )

        self.thread = threading.Thread(target=host, daemon=True)
        self.thread.start()
        assert self.ready.wait(10)
        self.joiners: list[threading.Thread] = []
        self.results: dict[str, int] = {}

    @property
    def address(self) -> str:
        assert self.server is not None
        return f"127.0.0.1:{self.server.port}"

    def join(self, name: str, **kwargs: Any) -> None:
        def run() -> None:
            self.results[name] = run_join(
                self.address, name=name, code=CODE, bot_id="easy", out=io.StringIO(), **kwargs
            )

        t = threading.Thread(target=run, daemon=True)
        t.start()
        self.joiners.append(t)

    def finish(self, timeout: float = 120.0) -> None:  # a bound for a loaded machine, not a budget
        deadline = time.monotonic() + timeout
        for t in [*self.joiners, self.thread]:
            t.join(max(0.1, deadline - time.monotonic()))
        if self.thread.is_alive():
            self.stop.set()
            self.thread.join(5)
            pytest.fail("the match did not finish in time")


@pytest.mark.parametrize("game", sorted(SHORT))
def test_a_headless_host_and_two_autoplay_joiners_finish_a_match(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game import saves
    from game.net.headless import save_path

    written: list[Path] = []
    real_write = saves.write_document

    def spy(path: Path, document: dict[str, Any], thumbnail: bytes | None = None) -> Path:
        written.append(path)
        return real_write(path, document, thumbnail)

    monkeypatch.setattr(saves, "write_document", spy)
    table = Table(game)
    table.join("Ana")
    table.join("Bia")
    table.finish()
    assert table.status == 0 and table.results == {"Ana": 0, "Bia": 0}
    # our own quick clients were never taken for a flood
    assert table.server is not None
    assert not {kind for kind, _ in table.server.session.doorman.tally.seen} & {"flood"}
    lines = table.out.getvalue().splitlines()
    assert lines[0] == f"address: {table.address}" and lines[1] == "code: ACDE-FGHJ"
    assert lines[-1].startswith("match over: ")
    names = [n for group in json.loads(lines[-1][len("match over: ") :]) for n in group]
    assert sorted(names) == sorted(["Ana", "Bia", "Borin"])  # a bot takes a tavern name
    # Autosaved while it ran (once a turn), and the save is gone once it ended.
    assert table.server is not None
    mine = save_path(table.server.session)
    assert written and set(written) == {mine} and not mine.exists()


def test_a_dropped_joiner_reconnects_with_its_token_and_the_match_finishes() -> None:
    table = Table("chama")
    dropped: list[tuple[int | None, str | None]] = []

    def drop_once(remote: RemoteMatch) -> None:
        if not dropped and remote.log and len(remote.log) >= 10:
            dropped.append((remote.seat, remote.token))
            remote.link.close()  # type: ignore[attr-defined]

    table.join("Ana", on_state=drop_once)
    table.join("Bia")
    table.finish()
    assert dropped and table.status == 0 and table.results == {"Ana": 0, "Bia": 0}
    assert table.server is not None
    seat, _token = dropped[0]
    assert seat is not None
    ana = table.server.session.seats[seat]
    # Still the joiner's seat (not handed to a bot), and it did come back once.
    assert ana.kind == "remote" and ana.name == "Ana" and ana.reconnects == 1


def _raw(address: str) -> Any:
    return connect(f"ws://{address}", proxy=None, open_timeout=20, max_size=2**20).__enter__()


def test_garbage_oversized_and_floods_are_refused_or_closed_and_the_match_is_unharmed() -> None:
    table = Table("wyr")
    # Oversized: websockets itself closes before the session is bothered.
    big = _raw(table.address)
    with pytest.raises(ConnectionClosed):
        big.send("x" * (MAX_MESSAGE + 10))
        big.recv(timeout=30)
    # Garbage: each refused, then the connection closed.
    junk = _raw(table.address)
    codes = []
    # (the host may close while the last of these are still being sent: the
    # refusals sent before it are read all the same)
    with contextlib.suppress(ConnectionClosed):
        for raw in ["{", "[]", '{"t":"state"}', '{"t":"act","seq":1,"action":{}}'] * 5:
            junk.send(raw)
    with pytest.raises(ConnectionClosed):
        while True:
            codes.append(json.loads(junk.recv(timeout=30))["code"])
    assert codes[:4] == ["bad_json", "bad_shape", "bad_shape", "not_joined"]
    assert codes[-1] == "closed"
    # A wrong code and a version mismatch are refused with a reason.
    for join, code in (({"code": "WRONG"}, "wrong_code"), ({"version": 99}, "version")):
        ws = _raw(table.address)
        ws.send(
            json.dumps(
                {"t": "join", "version": PROTOCOL_VERSION, "code": CODE, "name": "X", **join}
            )
        )
        got = json.loads(ws.recv(timeout=30))
        assert got["t"] == "refused" and got["code"] == code
        ws.close()
    # A flood: refused, then closed.
    flood = _raw(table.address)
    with pytest.raises(ConnectionClosed):
        for n in range(500):
            flood.send(encode("ping", n=n))
        while True:
            flood.recv(timeout=30)
    table.join("Ana")
    table.join("Bia")
    table.finish()
    assert table.status == 0 and table.results == {"Ana": 0, "Bia": 0}


def test_local_addresses_end_with_loopback() -> None:
    addrs = local_addresses()
    assert addrs[-1] == "127.0.0.1" and addrs.count("127.0.0.1") == 1
    assert all(a.count(".") == 3 for a in addrs)


def test_the_command_line_host_and_joiners_play_to_the_end(tmp_path: Path) -> None:
    env = {**os.environ, "TAVERNA_HOME": str(tmp_path)}
    cmd = [sys.executable, str(ROOT / "main.py")]
    host = subprocess.Popen(
        [
            *cmd,
            "host",
            "wyr",
            "--seats",
            "remote,remote,bot:easy",
            "--bind",
            "127.0.0.1",
            "--headless",
            "--seed",
            "3",
            "--code",
            CODE,
        ],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    try:
        assert host.stdout is not None
        first = host.stdout.readline().strip()
        assert first.startswith("address: 127.0.0.1:")
        assert host.stdout.readline().strip() == "code: ACDE-FGHJ"
        address = first.split(" ", 1)[1]
        joiners = [
            subprocess.Popen(
                [*cmd, "join", address, "--name", name, "--code", CODE, "--autoplay", "--headless"],
                stdout=subprocess.PIPE,
                text=True,
                env=env,
                cwd=ROOT,
            )
            for name in ("Ana", "Bia")
        ]
        assert [j.wait(20) for j in joiners] == [0, 0]
        assert host.wait(10) == 0
        rest = host.stdout.read().strip().splitlines()
        assert rest[-1].startswith("match over: ")
    finally:
        if host.poll() is None:
            host.kill()


def test_a_host_stopped_mid_match_tells_the_joiners_and_saves(tmp_path: Path) -> None:
    table = Table("war")
    seen: list[RemoteMatch] = []

    def stop_soon(remote: RemoteMatch) -> None:
        if not seen:
            seen.append(remote)
        if remote.log and len(remote.log) >= 3:
            table.stop.set()

    table.join("Ana", on_state=stop_soon)
    table.join("Bia")
    table.finish()
    assert table.status == 130 and set(table.results.values()) == {1}
    assert seen and seen[0].host_closed
    assert "saved: " in table.out.getvalue()
    from game.net.headless import save_path
    from game.saves import load_save

    assert table.server is not None
    saved = load_save(save_path(table.server.session))
    assert sorted(saved.seats[:2]) == ["Ana", "Bia"] and len(saved.log) >= 3


def test_the_net_bench_measures_sizes_and_round_trips() -> None:
    from game.net.bench import measure

    row = measure("chama", 3, {"turn_limit": 4}, actions=10)
    assert row["actions"] == 10 and len(row["trips"]) == 10
    assert row["sizes"] and min(row["sizes"]) > 100


def test_sigterm_on_the_host_tells_the_joiner_and_saves_the_match(tmp_path: Path) -> None:
    import signal

    env = {**os.environ, "TAVERNA_HOME": str(tmp_path)}
    host = subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "host",
            "chama",
            "--seats",
            "remote,bot:easy",
            "--bind",
            "127.0.0.1",
            "--headless",
            "--code",
            CODE,
        ],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    try:
        assert host.stdout is not None
        address = host.stdout.readline().strip().split(" ", 1)[1]
        host.stdout.readline()
        ws = _raw(address)
        ws.send(encode("join", version=PROTOCOL_VERSION, code=CODE, name="Bia"))
        kinds = []
        while "state" not in kinds:
            kinds.append(json.loads(ws.recv(timeout=5))["t"])
        host.send_signal(signal.SIGTERM)
        with pytest.raises(ConnectionClosed):
            while True:
                kinds.append(json.loads(ws.recv(timeout=5))["t"])
        assert kinds[-1] == "host_closing"
        assert host.wait(10) != 0
        assert "saved: " in host.stdout.read()
        assert list(tmp_path.rglob("host-chama-*.json"))
    finally:
        if host.poll() is None:
            host.kill()
