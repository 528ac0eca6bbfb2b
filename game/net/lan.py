"""Tables announced on the local network (mDNS / DNS-SD, with `zeroconf`).

A host announces its table as a `_taverna._tcp.local.` service carrying the
game and the host's name (never the join code: the code is what a friend is
given in person). A joiner's screen lists what it hears. Both are optional:
without `zeroconf`, without a network, or with `TAVERNA_NO_LAN=1` (the test
suite sets it: tests send nothing but to loopback), nothing is announced and
the list stays empty; joining by address always works.
"""

from __future__ import annotations

import os
import socket
import threading
from dataclasses import dataclass
from typing import Any

SERVICE = "_taverna._tcp.local."


@dataclass(frozen=True)
class LanTable:
    """A table heard on the local network."""

    name: str
    game: str
    address: str
    port: int

    @property
    def where(self) -> str:
        """ "HOST:PORT" to join it."""
        return f"{self.address}:{self.port}"


def enabled() -> bool:
    """Whether this process may announce or listen on the local network."""
    if os.environ.get("TAVERNA_NO_LAN"):
        return False
    try:
        import zeroconf  # noqa: F401
    except ImportError:
        return False
    return True


def table_from_info(info: Any) -> LanTable | None:
    """A `zeroconf.ServiceInfo` as a table, or None when it is not one of ours."""
    props = {
        (k.decode() if isinstance(k, bytes) else str(k)): (
            v.decode(errors="replace") if isinstance(v, bytes) else str(v or "")
        )
        for k, v in (getattr(info, "properties", None) or {}).items()
    }
    addresses = [socket.inet_ntoa(a) for a in getattr(info, "addresses", []) if len(a) == 4]
    port = getattr(info, "port", None)
    if not addresses or not isinstance(port, int) or not props.get("game"):
        return None
    name = props.get("host") or str(getattr(info, "name", "")).split(".")[0]
    return LanTable(name[:40], props["game"][:16], addresses[0], port)


class Announcement:
    """This machine's table, announced until `close`."""

    def __init__(self, game: str, host: str, port: int, addresses: list[str]) -> None:
        self._zc: Any = None
        self._info: Any = None
        if not enabled():
            return
        try:
            from zeroconf import ServiceInfo, Zeroconf

            packed = [socket.inet_aton(a) for a in addresses if not a.startswith("127.")]
            if not packed:
                return
            self._info = ServiceInfo(
                SERVICE,
                f"{host[:40]} {port}.{SERVICE}",
                addresses=packed,
                port=port,
                properties={"game": game, "host": host[:40]},
            )
            self._zc = Zeroconf()
            self._zc.register_service(self._info)
        except Exception:  # noqa: BLE001 -- a LAN that will not carry it: join by address
            self.close()

    def close(self) -> None:
        """Stop announcing."""
        zc, self._zc = self._zc, None
        if zc is not None:
            try:
                if self._info is not None:
                    zc.unregister_service(self._info)
            finally:
                zc.close()


class LanBrowser:
    """The tables heard so far (read `tables()` from any thread)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._found: dict[str, LanTable] = {}
        self._zc: Any = None
        if not enabled():
            return
        try:
            from zeroconf import ServiceBrowser, Zeroconf

            self._zc = Zeroconf()
            ServiceBrowser(self._zc, SERVICE, handlers=[self._changed])
        except Exception:  # noqa: BLE001
            self.close()

    def _changed(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        if str(getattr(state_change, "name", state_change)).endswith("Removed"):
            with self._lock:
                self._found.pop(name, None)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=1500)
        table = table_from_info(info) if info is not None else None
        if table is not None:
            self.add(name, table)

    def add(self, key: str, table: LanTable) -> None:
        """Note a table (the browser's thread, or a test)."""
        with self._lock:
            self._found[key] = table

    def tables(self) -> list[LanTable]:
        """What is heard now, by name."""
        with self._lock:
            return sorted(self._found.values(), key=lambda t: (t.name, t.port))

    def close(self) -> None:
        """Stop listening."""
        zc, self._zc = self._zc, None
        if zc is not None:
            zc.close()
