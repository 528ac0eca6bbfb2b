"""Taverna's version, in one place: the package metadata, `taverna --version`,
the main menu's corner, the About screen, crash reports and the files the app
writes (saves, replays) all read it from here."""

VERSION = "0.2.0"
