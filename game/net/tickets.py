"""A joiner's seats kept across a restart of the app, and the join form's last values.

In the profile (`profile.json`, section "online"): for each table joined lately
(its address and code) the seat's latest token, so an app that crashed or was
closed mid-match takes its seat back by joining again; and the address, code
and name last typed. The token changes at every reconnection (the host rotates
it), so the one kept is always the newest. Reads never raise: a damaged file is
moved aside by `storage.read_json` and nothing is remembered.
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

from game import storage
from game.net.seating import normal_code

PROFILE_FILE = "profile.json"
SECTION = "online"
#: tables remembered at most (the newest kept)
KEEP = 8


def _path() -> Path:
    return storage.data_dir() / PROFILE_FILE


def _read() -> tuple[dict[str, Any], dict[str, Any]]:
    """The whole profile and its "online" section (both fresh dicts)."""
    data = storage.read_json(_path(), {}).data
    whole = data if isinstance(data, dict) else {}
    section = whole.get(SECTION)
    return whole, dict(section) if isinstance(section, dict) else {}


def _write(whole: dict[str, Any], section: dict[str, Any]) -> None:
    whole[SECTION] = section
    with contextlib.suppress(OSError):  # a full disk only costs the convenience
        storage.atomic_write_json(_path(), whole)


def _key(address: str, code: str) -> str:
    return f"{address.strip().lower()}|{normal_code(code)}"


def _tables(section: dict[str, Any]) -> dict[str, dict[str, Any]]:
    tables = section.get("tables")
    if not isinstance(tables, dict):
        return {}
    return {k: v for k, v in tables.items() if isinstance(v, dict)}


def remember(address: str, code: str, name: str, token: str) -> None:
    """Keep the seat token of the table at `address` with `code` (the newest wins)."""
    whole, section = _read()
    tables = _tables(section)
    tables[_key(address, code)] = {"token": token, "name": name, "at": time.time()}
    newest = sorted(tables.items(), key=lambda kv: -float(kv[1].get("at", 0) or 0))[:KEEP]
    section["tables"] = dict(newest)
    _write(whole, section)


def token_for(address: str, code: str) -> str | None:
    """The seat token kept for that table, if any."""
    _whole, section = _read()
    token = _tables(section).get(_key(address, code), {}).get("token")
    return token if isinstance(token, str) and token else None


def forget(address: str, code: str) -> None:
    """That table is over (or its token refused): drop its ticket."""
    whole, section = _read()
    tables = _tables(section)
    if tables.pop(_key(address, code), None) is not None:
        section["tables"] = tables
        _write(whole, section)


def remember_form(address: str, code: str, name: str) -> None:
    """The join form's values, offered again next time."""
    whole, section = _read()
    section["last"] = {"address": address, "code": code, "name": name}
    _write(whole, section)


def last_form() -> dict[str, str]:
    """The join form's last values ({} when none)."""
    _whole, section = _read()
    last = section.get("last")
    if not isinstance(last, dict):
        return {}
    return {k: str(v) for k, v in last.items() if k in ("address", "code", "name")}
