"""Background music: a small tavern tune played on a synthesised lute.

No recordings: each distinct note is plucked once with the Karplus-Strong
string model (a few thousand samples per frame, so the window never stutters),
then a sequencer plays the notes on reserved mixer channels in time. The tune
is a 3/4 tavern dance over the Andalusian cadence (Am G F E), eight bars looped.
"""

from __future__ import annotations

import random
from array import array
from dataclasses import dataclass

import pygame

from scenes.sound import MUSIC_CHANNELS, RATE, SoundManager

BPM = 104
BEAT = 60.0 / BPM
BAR = 3 * BEAT
CHUNK = 3000  # samples synthesised per frame

_NAMES = {
    "C": 0,
    "C#": 1,
    "D": 2,
    "D#": 3,
    "E": 4,
    "F": 5,
    "F#": 6,
    "G": 7,
    "G#": 8,
    "A": 9,
    "A#": 10,
    "B": 11,
}


def midi(name: str) -> int:
    """ "A3" -> 57."""
    pitch, octave = name[:-1], int(name[-1])
    return 12 * (octave + 1) + _NAMES[pitch]


def frequency(note: int) -> float:
    """Equal temperament, A4 = 440 Hz."""
    return 440.0 * 2 ** ((note - 69) / 12)


@dataclass(frozen=True)
class Note:
    """One plucked note of the score."""

    start: float
    pitch: int
    velocity: float


_CHORDS = {
    "Am": ("A2", ["A3", "E4", "A4", "C5", "A4", "E4"]),
    "G": ("G2", ["G3", "D4", "G4", "B4", "G4", "D4"]),
    "F": ("F2", ["F3", "C4", "F4", "A4", "F4", "C4"]),
    "E": ("E2", ["E3", "B3", "E4", "G#4", "E4", "B3"]),
}
_PROGRESSION = ["Am", "G", "F", "E", "Am", "G", "F", "E"]
# A simple melody for the second half, one note per beat (None = rest).
_MELODY: list[list[str | None]] = [
    ["E5", "D5", "C5"],
    ["B4", "C5", "D5"],
    ["C5", "A4", None],
    ["G#4", "B4", "E5"],
]


def score() -> tuple[list[Note], float]:
    """The notes of one loop and its length in seconds."""
    notes: list[Note] = []
    for bar, chord in enumerate(_PROGRESSION):
        t0 = bar * BAR
        bass, arpeggio = _CHORDS[chord]
        notes.append(Note(t0, midi(bass), 0.55))
        notes.append(Note(t0 + BEAT * 2, midi(bass) + 7, 0.3))
        for i, name in enumerate(arpeggio):
            notes.append(Note(t0 + i * BEAT / 2, midi(name), 0.32 if i % 2 else 0.4))
        if bar >= 4:
            for beat, tone in enumerate(_MELODY[bar - 4]):
                if tone:
                    notes.append(Note(t0 + beat * BEAT, midi(tone) + 12, 0.28))
    return notes, len(_PROGRESSION) * BAR


class _Pluck:
    """Karplus-Strong synthesis of one note, produced a chunk at a time."""

    def __init__(self, pitch: int, seconds: float, seed: int) -> None:
        rnd = random.Random(seed)
        n = max(2, int(RATE / frequency(pitch)))
        self.ring = [rnd.uniform(-1, 1) for _ in range(n)]
        self.pos = 0
        self.total = int(seconds * RATE)
        self.out = array("h")
        self.decay = 0.996 if pitch < 55 else 0.994

    @property
    def done(self) -> bool:
        return len(self.out) >= self.total

    def step(self, count: int) -> int:
        """Produce up to `count` samples; returns how many were made."""
        ring, n, decay = self.ring, len(self.ring), self.decay
        pos = self.pos
        made = min(count, self.total - len(self.out))
        out = self.out
        fade_from = self.total - RATE // 20
        for _ in range(made):
            a = ring[pos]
            nxt = (pos + 1) % n
            ring[pos] = decay * 0.5 * (a + ring[nxt])
            k = len(out)
            gain = 0.6 if k < fade_from else 0.6 * (self.total - k) / (RATE // 20)
            out.append(int(a * gain * 32767))
            pos = nxt
        self.pos = pos
        return made


class TavernMusic:
    """Synthesises the notes in the background of the frame loop, then plays the tune."""

    def __init__(self, sound: SoundManager, start_delay: float = 1.0) -> None:
        self.sound = sound
        notes, self.length = score()
        self.notes = sorted(notes, key=lambda n: n.start)
        self.pitches = sorted({n.pitch for n in self.notes})
        self.pending = [(p, _Pluck(p, 1.6 if p < 55 else 1.1, p)) for p in self.pitches]
        self.sounds: dict[int, pygame.mixer.Sound] = {}
        self.wait = start_delay  # start after the first frames: start-up stays quick
        self.t = 0.0
        self.next_index = 0
        self.channel = 0
        self.enabled = sound.enabled

    @property
    def ready(self) -> bool:
        """True once every note is synthesised."""
        return not self.pending

    def _synthesise(self) -> None:
        budget = CHUNK
        while self.pending and budget > 0:
            pitch, pluck = self.pending[0]
            budget -= pluck.step(budget)
            if pluck.done:
                self.pending.pop(0)
                _freq, _fmt, channels = pygame.mixer.get_init() or (RATE, -16, 1)
                data = (
                    pluck.out
                    if channels == 1
                    else array("h", (v for v in pluck.out for _ in range(channels)))
                )
                self.sounds[pitch] = pygame.mixer.Sound(buffer=data.tobytes())

    def update(self, dt: float) -> None:
        """Synthesise a chunk (after a short delay), then run the sequencer."""
        if not self.enabled or self.sound.music_volume <= 0:
            return
        if self.pending:
            self.wait -= dt
            if self.wait <= 0:
                self._synthesise()
            return
        self.t += dt
        while self.notes[self.next_index].start <= self.t:
            self._play(self.notes[self.next_index])
            self.next_index += 1
            if self.next_index == len(self.notes):
                self.next_index = 0
                self.t -= self.length

    def _play(self, note: Note) -> None:
        try:
            ch = pygame.mixer.Channel(self.channel)
            self.channel = (self.channel + 1) % MUSIC_CHANNELS
            ch.set_volume(self.sound.music_volume * note.velocity)
            ch.play(self.sounds[note.pitch])
        except (pygame.error, KeyError):
            pass
