"""Small animation helpers: easing, tweens, and a keyed set of running animations.

Scenes draw the current state and let running tweens override where a sprite is
drawn ("card 12 is still sliding from the hand to its cell"). Sequences are made with
delays. The speed setting scales every duration; speed 0 means no animation at all.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

Point = tuple[float, float]


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 0.5 - 0.5 * math.cos(math.pi * t)


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_point(a: Point, b: Point, t: float) -> Point:
    return (lerp(a[0], b[0], t), lerp(a[1], b[1], t))


@dataclass
class Tween:
    """A value going from `start` to `end` over `duration` seconds after `delay`."""

    start: Point
    end: Point
    duration: float
    delay: float = 0.0
    easing: Callable[[float], float] = ease_out_cubic
    arc: float = 0.0
    """Lift the path into an arc this many pixels high (cards flying, dice tossed)."""
    elapsed: float = 0.0
    on_start: Callable[[], None] | None = None
    _started: bool = False

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def waiting(self) -> bool:
        return self.elapsed < self.delay

    def update(self, dt: float) -> None:
        self.elapsed += dt
        if not self._started and not self.waiting:
            self._started = True
            if self.on_start is not None:
                self.on_start()

    def value(self) -> Point:
        t = self.easing(self.progress)
        x, y = lerp_point(self.start, self.end, t)
        return (x, y - self.arc * math.sin(math.pi * t))


@dataclass
class Animations:
    """Running tweens by key; `speed` scales time (0 finishes everything at once)."""

    speed: float = 1.0
    tweens: dict[object, Tween] = field(default_factory=dict)
    _after: list[tuple[float, Callable[[], None]]] = field(default_factory=list)
    _clock: float = 0.0

    def add(self, key: object, tween: Tween) -> Tween:
        self.tweens[key] = tween
        if self.speed <= 0:
            tween.update(tween.delay + tween.duration)
        return tween

    def later(self, delay: float, callback: Callable[[], None]) -> None:
        """Run `callback` after `delay` seconds of animation time (sounds, toasts)."""
        if self.speed <= 0 or delay <= 0:
            callback()
        else:
            self._after.append((self._clock + delay, callback))

    def update(self, dt: float) -> None:
        step = dt * self.speed if self.speed > 0 else 1e9
        self._clock += step
        for key in list(self.tweens):
            tween = self.tweens[key]
            tween.update(step)
            if tween.done:
                del self.tweens[key]
        due = [cb for at, cb in self._after if at <= self._clock]
        self._after = [(at, cb) for at, cb in self._after if at > self._clock]
        for callback in due:
            callback()

    def position(self, key: object, default: Point) -> Point:
        """Where the sprite `key` is drawn now: its tween's value, else `default`."""
        tween = self.tweens.get(key)
        if tween is None:
            return default
        return tween.value() if not tween.waiting else tween.start

    def active(self, key: object) -> bool:
        return key in self.tweens

    @property
    def busy(self) -> bool:
        return bool(self.tweens) or bool(self._after)

    def finish(self) -> None:
        """Jump to the end of everything (undo, skipping).

        Every tween is brought to its end first: a scene that keeps its own list of
        moving things (ghost cards) drops them once `done`, so a tween cleared
        half-way would leave its ghost standing at the start for good.
        """
        for tween in self.tweens.values():
            tween.update(max(0.0, tween.delay + tween.duration - tween.elapsed))
        self.tweens.clear()
        callbacks = [cb for _, cb in self._after]
        self._after.clear()
        for callback in callbacks:
            callback()
