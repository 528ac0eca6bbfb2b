"""Build Taverna's standalone program (no Python needed to run it).

    python -m pip install -e ".[build]"
    python tools/build_bundle.py [--no-archive]

Runs PyInstaller on tools/taverna.spec and writes dist/taverna/ (the `taverna`
program and everything it needs, one folder), adds the Linux desktop entry and
the icon beside it, and packs dist/taverna-<version>-<platform>.tar.gz (a .zip
on Windows). Prints the folder's size and the time the build took. The same
spec builds on Windows and macOS (see README, "Making a release").
"""

from __future__ import annotations

import argparse
import platform
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
BUNDLE = DIST / "taverna"
DESKTOP = """[Desktop Entry]
Type=Application
Name=Taverna
GenericName=Game table
Comment=Wyr, Wyrt, War and Chama, against bots or friends
Comment[pt_BR]=Wyr, Wyrt, War e Chama, contra bots ou amigos
Exec=taverna
Icon=taverna
Terminal=false
Categories=Game;CardGame;BoardGame;
"""


def folder_size(path: Path) -> int:
    """Bytes of every file under `path`."""
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def platform_tag() -> str:
    """ "linux-x86_64", "windows-amd64", "macos-arm64"."""
    system = {"Darwin": "macos", "Windows": "windows"}.get(platform.system(), platform.system())
    return f"{system.lower()}-{platform.machine().lower()}"


def build() -> float:
    """Run PyInstaller; returns the seconds it took."""
    start = time.monotonic()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            str(ROOT / "tools" / "taverna.spec"),
            "--noconfirm",
            "--clean",
            "--log-level",
            "WARN",
            "--distpath",
            str(DIST),
            "--workpath",
            str(ROOT / "build" / "pyinstaller"),
        ],
        check=True,
        cwd=ROOT,
    )
    return time.monotonic() - start


def finish() -> None:
    """The desktop entry and the icon beside the program (Linux menus find them)."""
    shutil.copy2(ROOT / "assets" / "icon" / "taverna.png", BUNDLE / "taverna.png")
    if sys.platform.startswith("linux"):
        (BUNDLE / "taverna.desktop").write_text(DESKTOP, encoding="utf-8")


def archive() -> Path:
    """dist/taverna-<version>-<platform>.tar.gz (.zip on Windows)."""
    from game.version import VERSION

    stem = DIST / f"taverna-{VERSION}-{platform_tag()}"
    if sys.platform == "win32":
        return Path(shutil.make_archive(str(stem), "zip", DIST, "taverna"))
    path = Path(f"{stem}.tar.gz")
    with tarfile.open(path, "w:gz") as tar:
        tar.add(BUNDLE, arcname="taverna")
    return path


def main(argv: list[str] | None = None) -> int:
    """Build, then say where, how big and how long."""
    p = argparse.ArgumentParser(prog="python tools/build_bundle.py")
    p.add_argument("--no-archive", action="store_true", help="only the folder, no .tar.gz")
    args = p.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    took = build()
    finish()
    size = folder_size(BUNDLE)
    print(f"built {BUNDLE} in {took:.0f} s: {size / 1e6:.1f} MB unpacked")
    if not args.no_archive:
        path = archive()
        print(f"packed {path}: {path.stat().st_size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
