"""Encrypted connections (wss://): the server's TLS context and the client's.

A server given `--tls-cert` and `--tls-key` serves wss:// itself (TLS 1.2 at
least); without them it serves ws:// and may sit behind a reverse proxy that
terminates TLS (README, "Run a Taverna server"). A client trusts the system's
certificate store and checks the host name, as a browser does; a server with
a certificate of its own making is trusted by naming its certificate (or the
CA that signed it) in `cafile`, or in the environment variable
`TAVERNA_TLS_CA` (tests, a club's own server).
"""

from __future__ import annotations

import os
import ssl
from pathlib import Path

#: the environment variable naming extra certificates a client trusts (PEM)
CA_ENV = "TAVERNA_TLS_CA"


class TlsError(ValueError):
    """A certificate or key the server cannot use; the message says which and why."""


def _readable(path: Path, what: str) -> None:
    try:
        with path.open("rb") as f:
            head = f.read(64 * 1024)
    except FileNotFoundError:
        raise TlsError(f"the TLS {what} file {path} does not exist") from None
    except IsADirectoryError:
        raise TlsError(f"the TLS {what} file {path} is a folder") from None
    except OSError as e:
        raise TlsError(f"the TLS {what} file {path} cannot be read: {e.strerror or e}") from None
    if b"-----BEGIN " not in head:
        raise TlsError(f"the TLS {what} file {path} is not in PEM form (-----BEGIN ...)")


def server_context(cert: str | Path, key: str | Path) -> ssl.SSLContext:
    """The server's TLS context from a PEM certificate (chain) and its private
    key; raises `TlsError` for a missing, unreadable or mismatched file."""
    cert_path, key_path = Path(cert), Path(key)
    _readable(cert_path, "certificate")
    _readable(key_path, "key")
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        ctx.load_cert_chain(cert_path, key_path)
    except ssl.SSLError as e:
        if "KEY_VALUES_MISMATCH" in str(e) or "key values mismatch" in str(e):
            raise TlsError(
                f"the TLS key {key_path} does not match the certificate {cert_path}"
            ) from None
        raise TlsError(
            f"the TLS certificate {cert_path} or key {key_path} cannot be used: {e.reason or e}"
        ) from None
    except OSError as e:
        raise TlsError(f"the TLS certificate or key cannot be read: {e}") from None
    return ctx


def client_context(cafile: str | Path | None = None) -> ssl.SSLContext:
    """A client's TLS context: the system's trust store plus `cafile` (or the
    file `TAVERNA_TLS_CA` names); the host name is always checked."""
    ctx = ssl.create_default_context()
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    extra = cafile or os.environ.get(CA_ENV) or None
    if extra:
        ctx.load_verify_locations(cafile=str(extra))
    return ctx


def check_pair(cert: str | None, key: str | None) -> ssl.SSLContext | None:
    """`--tls-cert`/`--tls-key` as given: both (a context), neither (None);
    one alone raises `TlsError`."""
    if not cert and not key:
        return None
    if not cert or not key:
        raise TlsError("give both --tls-cert and --tls-key, or neither")
    return server_context(cert, key)
