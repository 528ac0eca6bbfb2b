"""The generated tavern tune: a sensible score, synthesis in small steps, a looping sequencer."""

from __future__ import annotations

import pygame
import pytest

from scenes.music import BAR, TavernMusic, frequency, midi, score
from scenes.sound import SoundManager


def test_pitches_and_score() -> None:
    assert midi("A4") == 69 and abs(frequency(69) - 440) < 1e-9
    notes, length = score()
    assert length == pytest.approx(8 * BAR)
    assert all(0 <= n.start < length for n in notes)


def test_synthesises_in_chunks_then_plays_and_loops() -> None:
    mgr = SoundManager(0.5, 0.5)
    music = TavernMusic(mgr, start_delay=0.0)
    steps = 0
    while not music.ready:
        music.update(1 / 60)
        steps += 1
    assert steps > 20  # spread over many frames, never one long stall
    for _ in range(int(music.length * 60) + 30):
        music.update(1 / 60)
    assert music.next_index < len(music.notes) and music.t < music.length
    pygame.mixer.quit()


def test_silent_without_audio_or_at_zero_volume() -> None:
    mgr = SoundManager(0.5, 0.0)
    music = TavernMusic(mgr, start_delay=0.0)
    music.update(1.0)
    assert not music.ready  # nothing synthesised while the volume is 0
    pygame.mixer.quit()
