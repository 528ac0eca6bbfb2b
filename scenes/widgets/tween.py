"""Tweens and timed tasks: the one animation system every scene uses.

A `Tween` moves one numeric attribute of an object from a start to an end value
over a duration with an easing. `Tweens` is the group a scene owns: it updates
them, knows when everything has settled, and scales time by the player's
animation-speed setting (0 = instant).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

Easing = Callable[[float], float]


def linear(t: float) -> float:
    """No easing."""
    return t


def ease_out_cubic(t: float) -> float:
    """Fast start, soft landing (cards sliding)."""
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    """Soft start and end (flips, fades)."""
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles (pop-ups)."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_bounce(t: float) -> float:
    """Bounces at the end (dice landing)."""
    n1, d1 = 7.5625, 2.75
    if t < 1 / d1:
        return n1 * t * t
    if t < 2 / d1:
        t -= 1.5 / d1
        return n1 * t * t + 0.75
    if t < 2.5 / d1:
        t -= 2.25 / d1
        return n1 * t * t + 0.9375
    t -= 2.625 / d1
    return n1 * t * t + 0.984375


def ease_out_elastic(t: float) -> float:
    """A springy settle."""
    if t in (0.0, 1.0):
        return t
    return 2 ** (-10 * t) * math.sin((t * 10 - 0.75) * (2 * math.pi) / 3) + 1


class Timed:
    """A table effect that lives for `duration` seconds: it counts its own time,
    and says how far along it is and when it is over (subclasses draw)."""

    #: the table waits for it before the next move plays out (decoration sets
    #: False); every effect has it, so a table can ask any of them
    blocking: bool = True

    def __init__(self, duration: float) -> None:
        self.duration = max(0.01, duration)
        self.t = 0.0

    @property
    def done(self) -> bool:
        """True once its time is up."""
        return self.t >= self.duration

    @property
    def progress(self) -> float:
        """Share of its time gone, 0..1."""
        return min(1.0, self.t / self.duration)

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds."""
        self.t += dt


class Tween:
    """Animate `obj.attr` from `start` to `end`."""

    def __init__(
        self,
        obj: Any,
        attr: str,
        start: float,
        end: float,
        duration: float,
        easing: Easing = ease_out_cubic,
        delay: float = 0.0,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        self.obj = obj
        self.attr = attr
        self.start = start
        self.end = end
        self.duration = max(0.0, duration)
        self.easing = easing
        self.delay = delay
        self.on_done = on_done
        self.elapsed = 0.0
        self.done = False
        if self.duration == 0 and self.delay <= 0:
            self._finish()

    def _finish(self) -> None:
        setattr(self.obj, self.attr, self.end)
        self.done = True
        if self.on_done is not None:
            cb, self.on_done = self.on_done, None
            cb()

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds."""
        if self.done:
            return
        if self.delay > 0:
            self.delay -= dt
            if self.delay > 0:
                return
            dt = -self.delay
            self.delay = 0
        self.elapsed += dt
        if self.duration == 0 or self.elapsed >= self.duration:
            self._finish()
            return
        k = self.easing(self.elapsed / self.duration)
        setattr(self.obj, self.attr, self.start + (self.end - self.start) * k)


class Task:
    """Call `fn` after `delay` seconds (timed steps of a sequence)."""

    def __init__(self, delay: float, fn: Callable[[], None]) -> None:
        self.delay = delay
        self.fn = fn
        self.done = False

    def update(self, dt: float) -> None:
        """Count down and fire once."""
        if self.done:
            return
        self.delay -= dt
        if self.delay <= 0:
            self.done = True
            self.fn()


class Tweens:
    """The tweens and tasks a scene owns, scaled by the animation speed."""

    def __init__(self, speed: Callable[[], float] = lambda: 1.0) -> None:
        self.items: list[Tween | Task] = []
        self.speed = speed

    def scaled(self, seconds: float) -> float:
        """A duration adjusted to the speed setting (0 when instant)."""
        s = self.speed()
        return 0.0 if s <= 0 else seconds / s

    def add(
        self,
        obj: Any,
        attr: str,
        end: float,
        duration: float,
        easing: Easing = ease_out_cubic,
        delay: float = 0.0,
        on_done: Callable[[], None] | None = None,
    ) -> Tween:
        """Tween `obj.attr` from its current value to `end`."""
        tw = Tween(
            obj,
            attr,
            float(getattr(obj, attr)),
            end,
            self.scaled(duration),
            easing,
            self.scaled(delay),
            on_done,
        )
        if not tw.done:
            self.items.append(tw)
        return tw

    def after(self, delay: float, fn: Callable[[], None]) -> None:
        """Run `fn` after a (speed-scaled) delay; at once when instant."""
        d = self.scaled(delay)
        if d <= 0:
            fn()
            return
        self.items.append(Task(d, fn))

    @property
    def busy(self) -> bool:
        """True while anything is still running."""
        return bool(self.items)

    def update(self, dt: float) -> None:
        """Advance everything; drop what finished."""
        for item in list(self.items):
            item.update(dt)
        self.items = [i for i in self.items if not i.done]

    def finish_all(self) -> None:
        """Jump every tween to its end and fire pending tasks (fast-forward)."""
        guard = 0
        while self.items and guard < 1000:
            guard += 1
            for item in list(self.items):
                if isinstance(item, Tween):
                    item._finish()
                else:
                    item.done = True
                    item.fn()
            self.items = [i for i in self.items if not i.done]

    def clear(self) -> None:
        """Drop everything without finishing."""
        self.items.clear()
