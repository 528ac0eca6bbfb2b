"""Sound effects we synthesise ourselves, and the volume settings.

No files: each effect is generated once (a few thousand samples of filtered
noise, clicks and plucked tones). A machine without an audio device, or with
the mixer failing for any reason, runs silently: every call becomes a no-op.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import random
import threading
from array import array
from collections.abc import Iterator

import pygame

RATE = 22050

log = logging.getLogger(__name__)


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Keep C libraries from writing on the terminal while the device opens:
    without a sound card ALSA printed eight lines at every start. Whatever
    fails still raises, and is logged by the caller."""
    try:
        saved = os.dup(2)
    except OSError:  # no stderr at all (a windowed program)
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
            try:
                yield
            finally:
                os.dup2(saved, 2)
    finally:
        os.close(saved)


def _clip(x: float) -> int:
    return max(-32767, min(32767, int(x)))


def _envelope(n: int, attack: float, decay: float) -> list[float]:
    a = max(1, int(attack * RATE))
    return [min(1.0, i / a) * math.exp(-i / (decay * RATE)) for i in range(n)]


def _noise_burst(
    dur: float, decay: float, smooth: float, seed: int, gain: float = 0.6
) -> list[float]:
    rnd = random.Random(seed)
    n = int(dur * RATE)
    env = _envelope(n, 0.002, decay)
    out, prev = [], 0.0
    for i in range(n):
        prev = prev * smooth + (rnd.random() * 2 - 1) * (1 - smooth)
        out.append(prev * env[i] * gain)
    return out


def _tone(
    freq: float,
    dur: float,
    decay: float,
    gain: float = 0.4,
    harmonics: tuple[float, ...] = (1, 0.5, 0.25),
) -> list[float]:
    n = int(dur * RATE)
    env = _envelope(n, 0.003, decay)
    return [
        gain
        * env[i]
        * sum(
            h * math.sin(2 * math.pi * freq * (k + 1) * i / RATE) for k, h in enumerate(harmonics)
        )
        for i in range(n)
    ]


def _mix(length: float, parts: list[tuple[float, list[float]]]) -> list[float]:
    out = [0.0] * int(length * RATE)
    for start, samples in parts:
        s = int(start * RATE)
        for i, v in enumerate(samples):
            if s + i < len(out):
                out[s + i] += v
    return out


def synthesise(name: str) -> list[float]:
    """The samples (-1..1) of one effect."""
    if name == "card":
        return _noise_burst(0.16, 0.05, 0.55, 1, 0.5)
    if name == "flip":
        return _mix(
            0.12,
            [
                (0, _noise_burst(0.05, 0.012, 0.2, 2, 0.7)),
                (0.03, _noise_burst(0.08, 0.02, 0.6, 3, 0.35)),
            ],
        )
    if name == "shuffle":
        rnd = random.Random(4)
        return _mix(
            0.9,
            [
                (i * 0.03 + rnd.random() * 0.01, _noise_burst(0.04, 0.01, 0.3, 10 + i, 0.45))
                for i in range(28)
            ],
        )
    if name == "dice":
        rnd = random.Random(5)
        parts = []
        t = 0.0
        for i in range(9):
            parts.append((t, _noise_burst(0.03, 0.006, 0.1, 20 + i, 0.8 - i * 0.06)))
            t += 0.03 + rnd.random() * 0.05
        return _mix(0.7, parts)
    if name == "chips":
        rnd = random.Random(6)
        return _mix(
            0.5,
            [
                (i * 0.06, _tone(2400 + rnd.random() * 900, 0.15, 0.04, 0.18, (1, 0.3)))
                for i in range(5)
            ],
        )
    if name == "victory":
        notes = [392.0, 493.9, 587.3, 784.0]
        return _mix(
            1.6,
            [(i * 0.16, _tone(f, 1.0, 0.35, 0.22)) for i, f in enumerate(notes)]
            + [(0.64, _tone(587.3, 1.0, 0.4, 0.12))],
        )
    if name == "click":
        return _noise_burst(0.03, 0.004, 0.2, 7, 0.5)
    if name == "error":
        return _mix(0.3, [(0, _tone(220, 0.25, 0.08, 0.25)), (0.08, _tone(185, 0.22, 0.08, 0.25))])
    raise KeyError(name)


EFFECTS = ("card", "flip", "shuffle", "dice", "chips", "victory", "click", "error")
#: channels 0..MUSIC_CHANNELS-1 belong to the music; effects use the rest.
#: (Not pygame's set_reserved: its count survives a mixer restart and then
#: points past the channel table.)
MUSIC_CHANNELS = 10
EFFECT_CHANNELS = 14


class SoundManager:
    """Plays the effects at the effects volume; silent when audio is missing."""

    def __init__(self, effects_volume: float, music_volume: float, start: bool = True) -> None:
        self.effects_volume = effects_volume
        self.music_volume = music_volume
        self.enabled = False
        self.started = False
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._pcm_cache: dict[str, bytes] = {}
        self._format: tuple[int, int, int] = (RATE, -16, 1)
        self._next_effect = 0
        if start:
            self.start()

    def start(self) -> None:
        """Open the audio device (the app does it after its first frame)."""
        if self.started:
            return
        self.started = True
        try:
            pygame.mixer.pre_init(RATE, -16, 1, 512)
            with _quiet_stderr():
                pygame.mixer.init()
            self.enabled = pygame.mixer.get_init() is not None
            if self.enabled:
                pygame.mixer.set_num_channels(MUSIC_CHANNELS + EFFECT_CHANNELS)
                self._format = pygame.mixer.get_init() or self._format
        except (pygame.error, OSError) as e:  # no device, no driver: play nothing
            log.info("no sound: %s", e)
            self.enabled = False

    def _pcm(self, name: str) -> bytes:
        """16-bit samples of an effect at the mixer's rate and channel count."""
        if name not in self._pcm_cache:
            samples = synthesise(name)
            step = RATE / self._format[0]
            channels = self._format[2]
            n = int(len(samples) / step)
            mono = array(
                "h",
                (_clip(samples[min(len(samples) - 1, int(i * step))] * 32767) for i in range(n)),
            )
            data = mono if channels == 1 else array("h", (v for v in mono for _ in range(channels)))
            self._pcm_cache[name] = data.tobytes()
        return self._pcm_cache[name]

    def warm_up(self) -> None:
        """Synthesise every effect in a background thread (after the first frame).

        Making an effect takes up to a few dozen milliseconds of pure Python;
        done on first use it would stall a frame.
        """
        if not self.enabled:
            return

        def work() -> None:
            for name in EFFECTS:
                self._pcm(name)

        threading.Thread(target=work, name="sound-warm-up", daemon=True).start()

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._sounds:
            self._sounds[name] = pygame.mixer.Sound(buffer=self._pcm(name))
        return self._sounds[name]

    def play(self, name: str) -> None:
        """Play an effect (no-op when silent or at volume 0)."""
        if not self.enabled or self.effects_volume <= 0:
            return
        try:
            snd = self._sound(name)
            if snd is not None:
                self._effect_channel().play(snd)
        except (pygame.error, KeyError):
            pass

    def _effect_channel(self) -> pygame.mixer.Channel:
        """An idle effects channel, or the next one in turn."""
        for i in range(EFFECT_CHANNELS):
            ch = pygame.mixer.Channel(MUSIC_CHANNELS + i)
            if not ch.get_busy():
                break
        else:
            ch = pygame.mixer.Channel(MUSIC_CHANNELS + self._next_effect)
            self._next_effect = (self._next_effect + 1) % EFFECT_CHANNELS
        ch.set_volume(self.effects_volume)
        return ch

    def set_volumes(self, effects: float, music: float) -> None:
        """Apply new volumes (0..1)."""
        self.effects_volume = effects
        self.music_volume = music
        if self.enabled:
            with contextlib.suppress(pygame.error):
                pygame.mixer.music.set_volume(music)
