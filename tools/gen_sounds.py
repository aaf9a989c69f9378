"""Synthesise Nile's short sound effects into assets/sounds/*.wav (deterministic).

    python tools/gen_sounds.py

Each effect is a few lines of numpy: noise bursts, damped sines, chirps. The output is
committed; rerun only to change a sound.
"""

from __future__ import annotations

import wave
from collections.abc import Callable
from pathlib import Path

import numpy as np

RATE = 22050
OUT = Path(__file__).resolve().parents[1] / "assets" / "sounds"
rng = np.random.default_rng(20261130)


def t(seconds: float) -> np.ndarray:
    return np.arange(int(RATE * seconds)) / RATE


def env(x: np.ndarray, attack: float, decay: float) -> np.ndarray:
    a = np.clip(x / max(attack, 1e-4), 0, 1)
    return a * np.exp(-np.maximum(x - attack, 0) / decay)


def tone(freq: float, seconds: float, decay: float, attack: float = 0.002) -> np.ndarray:
    x = t(seconds)
    return np.sin(2 * np.pi * freq * x) * env(x, attack, decay)


def noise(seconds: float, decay: float, lowpass: int = 1) -> np.ndarray:
    x = t(seconds)
    n = rng.standard_normal(len(x))
    if lowpass > 1:
        n = np.convolve(n, np.ones(lowpass) / lowpass, mode="same")
    return n * env(x, 0.001, decay)


def click() -> np.ndarray:
    return 0.5 * tone(1800, 0.05, 0.008) + 0.3 * noise(0.05, 0.004)


def card() -> np.ndarray:
    x = t(0.16)
    swish = noise(0.16, 0.05, lowpass=6) * np.sin(np.pi * x / 0.16)
    return 0.8 * swish


def place() -> np.ndarray:
    return 0.7 * tone(180, 0.18, 0.04) + 0.4 * noise(0.18, 0.01, lowpass=4)


def dice() -> np.ndarray:
    out = np.zeros(int(RATE * 0.5))
    for start in (0.0, 0.07, 0.15, 0.21, 0.3, 0.36):
        hit = 0.6 * tone(900 + 600 * rng.random(), 0.08, 0.012) + 0.4 * noise(0.08, 0.006)
        i = int(start * RATE)
        out[i:i + len(hit)] += hit[: len(out) - i] * (1 - start)
    return out


def move() -> np.ndarray:
    out = np.zeros(int(RATE * 0.22))
    for start in (0.0, 0.11):
        hit = 0.6 * tone(320, 0.1, 0.02) + 0.3 * noise(0.1, 0.008, lowpass=3)
        i = int(start * RATE)
        out[i:i + len(hit)] += hit[: len(out) - i]
    return out


def penalty() -> np.ndarray:
    x = t(0.35)
    return 0.5 * np.sign(np.sin(2 * np.pi * 110 * x)) * env(x, 0.005, 0.12) * 0.6


def mix(*parts: tuple[float, np.ndarray]) -> np.ndarray:
    """Sum sounds that start at the given times (seconds)."""
    length = max(int(start * RATE) + len(part) for start, part in parts)
    out = np.zeros(length)
    for start, part in parts:
        i = int(start * RATE)
        out[i:i + len(part)] += part
    return out


def cancel() -> np.ndarray:
    return mix((0.0, 0.4 * tone(880, 0.4, 0.12)), (0.08, 0.35 * tone(1320, 0.32, 0.12)))


def win() -> np.ndarray:
    notes = [523, 659, 784, 1047]
    parts = [0.45 * tone(f, 0.18 if i < 3 else 0.6, 0.08 if i < 3 else 0.3)
             for i, f in enumerate(notes)]
    return np.concatenate(parts)


def error() -> np.ndarray:
    return mix((0.0, 0.45 * tone(260, 0.12, 0.05)), (0.06, 0.35 * tone(200, 0.14, 0.06)))


def flick() -> np.ndarray:
    x = t(0.12)
    chirp = np.sin(2 * np.pi * (300 + 2400 * x) * x) * env(x, 0.002, 0.04)
    return 0.4 * chirp + 0.3 * noise(0.12, 0.03, lowpass=3)


def hit() -> np.ndarray:
    return 0.6 * tone(620, 0.09, 0.015) + 0.4 * noise(0.09, 0.006, lowpass=2)


def splash() -> np.ndarray:
    return 0.7 * noise(0.5, 0.15, lowpass=10)


def turn() -> np.ndarray:
    return 0.35 * tone(660, 0.25, 0.08) + 0.25 * tone(990, 0.25, 0.06)


EFFECTS: dict[str, Callable[[], np.ndarray]] = {
    "click": click, "card": card, "place": place, "dice": dice, "move": move,
    "penalty": penalty, "cancel": cancel, "win": win, "error": error, "flick": flick,
    "hit": hit, "splash": splash, "turn": turn,
}


def write(name: str, samples: np.ndarray) -> None:
    peak = max(1e-9, float(np.abs(samples).max()))
    data = (samples / peak * 0.8 * 32767).astype("<i2")
    with wave.open(str(OUT / f"{name}.wav"), "wb") as handle:
        handle.setnchannels(1)
        handle.setsampwidth(2)
        handle.setframerate(RATE)
        handle.writeframes(data.tobytes())


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, make in EFFECTS.items():
        write(name, make())
    print(f"wrote {len(EFFECTS)} sounds to {OUT}")


if __name__ == "__main__":
    main()
