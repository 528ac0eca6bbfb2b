"""The standalone build's entry point (PyInstaller runs this as `taverna`).

`freeze_support` comes first: the bots', the odds' and `--jobs` worker
processes start this same program, and must become workers, not a second app.
"""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from main import cli

    sys.exit(cli())
