"""Sound: generated effects, volumes, and silence when there is no audio device."""

from __future__ import annotations

import os

import pygame
import pytest

from scenes import sound


@pytest.mark.parametrize("name", sound.EFFECTS)
def test_effects_synthesise(name: str) -> None:
    samples = sound.synthesise(name)
    assert len(samples) > 100 and max(abs(s) for s in samples) <= 1.5


def test_no_audio_device_means_silence(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    mgr = sound.SoundManager(1.0, 1.0)
    assert not mgr.enabled
    mgr.play("dice")  # no error
    mgr.set_volumes(0.5, 0.5)


def test_plays_on_dummy_device() -> None:
    mgr = sound.SoundManager(0.5, 0.5)
    for name in sound.EFFECTS:
        mgr.play(name)
    pygame.mixer.quit()


def test_opening_the_device_prints_nothing_and_gives_stderr_back(capfd) -> None:  # type: ignore[no-untyped-def]
    # issue 49: without a sound card ALSA wrote eight lines at every start
    with sound._quiet_stderr():
        os.write(2, b"ALSA lib pcm.c: Unknown PCM default\n")
    os.write(2, b"after\n")
    assert capfd.readouterr().err == "after\n"
