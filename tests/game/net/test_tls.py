"""wss:// on 127.0.0.1 (issue 46): a server with a self-signed certificate made
here, a client that trusts it, one that does not, one that speaks plain ws://,
and `taverna server`'s words for a certificate it cannot use."""

from __future__ import annotations

import argparse
import datetime
import ipaddress
import json
import socket
import ssl
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.net import transport
from game.net.commands import run
from game.net.protocol import PROTOCOL_VERSION, encode
from game.net.server.bots import BotPool
from game.net.server.hub import Hub
from game.net.server.store import Store
from game.net.tls import TlsError, check_pair, server_context
from game.net.transport import ClientConnection, HostServer

x509 = pytest.importorskip(
    "cryptography.x509", reason="the cryptography package makes the test certificate"
)


def _make_cert(folder: Path, name: str = "server", ours: bool = True) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and localhost (or, not `ours`,
    for another host name only), and its key (PEM)."""
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName(
                [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
                if ours
                else [x509.DNSName("elsewhere.invalid")]
            ),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = folder / f"{name}.crt", folder / f"{name}.key"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert_path, key_path


@pytest.fixture
def wss(tmp_path: Path) -> Iterator[tuple[int, Path]]:
    cert, key = _make_cert(tmp_path)
    hub = Hub(Store(":memory:"), bots=BotPool(0))
    server = HostServer(hub, "127.0.0.1", 0, tls=server_context(cert, key))
    port = server.start()
    try:
        yield port, cert
    finally:
        server.stop()


def _greet(link: ClientConnection) -> dict[str, object]:
    link.send(encode("hello", version=PROTOCOL_VERSION, name="Ana"))
    for _ in range(20):
        for text in link.wait(0.5):
            msg = json.loads(text)
            if msg["t"] == "greeted":
                return dict(msg)
    raise AssertionError("no greeting over wss://")


def test_a_wss_client_that_trusts_the_certificate_is_greeted(wss: tuple[int, Path]) -> None:
    port, cert = wss
    link = ClientConnection(f"wss://127.0.0.1:{port}", cafile=str(cert))
    try:
        assert _greet(link)["name"] == "Ana"
    finally:
        link.close()


def test_an_untrusted_certificate_and_a_plain_ws_client_fail_cleanly(
    wss: tuple[int, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    port, cert = wss
    monkeypatch.delenv("TAVERNA_TLS_CA", raising=False)
    with pytest.raises(ssl.SSLCertVerificationError):  # the system's store knows it not
        ClientConnection(f"wss://127.0.0.1:{port}", open_timeout=3)
    # an OSError, as every other failure to connect (the app's join screen says it)
    with pytest.raises(ConnectionError, match="no Taverna table"):
        ClientConnection(f"ws://127.0.0.1:{port}", open_timeout=3)
    # the server is none the worse
    link = ClientConnection(f"wss://127.0.0.1:{port}", cafile=str(cert))
    try:
        assert _greet(link)
    finally:
        link.close()


def test_a_trusted_certificate_for_another_host_name_is_refused(tmp_path: Path) -> None:
    cert, key = _make_cert(tmp_path, ours=False)
    hub = Hub(Store(":memory:"), bots=BotPool(0))
    server = HostServer(hub, "127.0.0.1", 0, tls=server_context(cert, key))
    port = server.start()
    try:
        with pytest.raises(ssl.SSLCertVerificationError, match="match|mismatch"):
            ClientConnection(f"wss://127.0.0.1:{port}", open_timeout=3, cafile=str(cert))
    finally:
        server.stop()


def test_a_socket_that_never_starts_tls_is_dropped_at_the_handshake_deadline(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(transport, "HANDSHAKE_SECONDS", 1.0)
    cert, key = _make_cert(tmp_path)
    hub = Hub(Store(":memory:"), bots=BotPool(0))
    server = HostServer(hub, "127.0.0.1", 0, tls=server_context(cert, key))
    port = server.start()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
            started = time.monotonic()
            assert sock.recv(1) == b""  # closed by the server, nothing said
            assert time.monotonic() - started < 4
    finally:
        server.stop()


def test_a_certificate_the_server_cannot_use_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cert, key = _make_cert(tmp_path)
    _, other_key = _make_cert(tmp_path, "other")
    assert check_pair(None, None) is None
    with pytest.raises(TlsError, match="both"):
        check_pair(str(cert), None)
    with pytest.raises(TlsError, match="does not exist"):
        server_context(tmp_path / "nope.crt", key)
    (tmp_path / "junk.key").write_text("not a key")
    with pytest.raises(TlsError, match="PEM"):
        server_context(cert, tmp_path / "junk.key")
    with pytest.raises(TlsError, match="does not match"):
        server_context(cert, other_key)
    args = argparse.Namespace(
        command="server",
        port=0,
        bind="127.0.0.1",
        data=str(tmp_path / "data"),
        max_tables=10,
        bot_workers=0,
        grace=60.0,
        tls_cert=str(cert),
        tls_key=str(other_key),
        behind_proxy=False,
    )
    assert run(args) == 2
    assert "does not match" in capsys.readouterr().err
