"""`taverna create` and `taverna join … --autoplay --headless` against a real
`taverna server` on 127.0.0.1 (issue 46): a public table joined by its id, a
private one by its code, a wrong code refused; each joiner is another machine
(its own data folder), the creator keeps one player id on the server."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def _env(home: Path) -> dict[str, str]:
    return {**os.environ, "TAVERNA_NO_LAN": "1", "PYTHONUNBUFFERED": "1", "TAVERNA_HOME": str(home)}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`taverna server` on an ephemeral port of 127.0.0.1; yields HOST:PORT."""
    data = tmp_path_factory.mktemp("server")
    proc = subprocess.Popen(
        [sys.executable, "main.py", "server", "--port", "0", "--bind", "127.0.0.1"]
        + ["--data", str(data), "--bot-workers", "0"],
        cwd=ROOT,
        env=_env(data),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        while line and not line.startswith("server: "):
            line = proc.stdout.readline()
        assert line.startswith("server: 127.0.0.1:"), line
        yield line.split()[1].strip()
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()


def _taverna(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "main.py", *args],
        cwd=ROOT,
        env=_env(home),
        capture_output=True,
        text=True,
        timeout=30,
    )


def _fields(out: str) -> dict[str, str]:
    """`key: value` lines -> {key: value}."""
    return dict(line.split(": ", 1) for line in out.splitlines() if ": " in line)


def _play(tmp_path: Path, address: str, where: list[str]) -> list[str]:
    """Two joiners on two machines play the table; returns their outputs."""
    joiners = [
        subprocess.Popen(
            [sys.executable, "main.py", "join", address, "--name", name, *where]
            + ["--autoplay", "--headless"],
            cwd=ROOT,
            env=_env(tmp_path / name),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in ("Ana", "Bia")
    ]
    try:
        done = [j.communicate(timeout=45) for j in joiners]
    finally:
        for j in joiners:
            if j.poll() is None:
                j.kill()
    assert [j.returncode for j in joiners] == [0, 0], done
    return [out for out, _err in done]


def _player(home: Path, address: str) -> str:
    kept = json.loads((home / "data" / "servers.json").read_text(encoding="utf-8"))
    return str(kept["servers"][f"ws://{address}"]["player"])


def test_a_public_table_made_from_a_terminal_is_played_to_the_end(
    server: str, tmp_path: Path
) -> None:
    org = tmp_path / "org"
    made = _taverna(org, "create", server, "wyr", "--seats", "remote,remote,bot:normal")
    assert made.returncode == 0, made.stderr
    said = _fields(made.stdout)
    assert "code" not in said  # a public table is joined by its id
    assert said["join"].endswith(f"--table {said['table']} --autoplay --headless")
    outs = _play(tmp_path, server, ["--table", said["table"]])
    for out in outs:
        final = _fields(out)["final"]
        assert {"Ana", "Bia"} <= set(final.replace("·", ",").replace(" ", ",").split(","))
        assert _fields(out)["match over"].startswith("[[")
    # the creator is one player there: a second table, the same id
    first = _player(org, server)
    again = _taverna(org, "create", server, "chama", "--seats", "remote,bot:easy", "--name", "Org")
    assert again.returncode == 0, again.stderr
    assert _player(org, server) == first


def test_a_private_table_is_joined_by_its_code_and_a_wrong_code_is_refused(
    server: str, tmp_path: Path
) -> None:
    org = tmp_path / "org"
    made = _taverna(
        org, "create", server, "chama", "--seats", "remote,bot:easy,remote", "--private"
    )
    assert made.returncode == 0, made.stderr
    said = _fields(made.stdout)
    code = said["code"]
    assert f"--code {code}" in said["join"]
    outs = _play(tmp_path, server, ["--code", code])
    assert all("final" in _fields(out) for out in outs)
    wrong = _taverna(
        tmp_path / "cid",
        "join",
        server,
        "--name",
        "Cid",
        "--code",
        "ACDE-FGHJ-KMNP",
        "--autoplay",
        "--headless",
    )
    assert wrong.returncode == 2 and "wrong_code" in wrong.stderr


def test_a_refused_create_says_why(server: str, tmp_path: Path) -> None:
    made = _taverna(tmp_path, "create", server, "wyr", "--seats", "remote,bot:nobody")
    assert made.returncode == 2 and "bad_seats" in made.stderr
    made = _taverna(tmp_path, "create", server, "nogame", "--seats", "remote,bot:easy")
    assert made.returncode == 2 and "bad_game" in made.stderr
