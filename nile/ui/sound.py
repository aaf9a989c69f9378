"""Short sound effects by name, at the player's volume, silent when muted or without audio."""

from __future__ import annotations

import contextlib

import pygame

from nile.ui import assets

EFFECTS = (
    "click",
    "card",
    "place",
    "dice",
    "move",
    "penalty",
    "cancel",
    "win",
    "error",
    "flick",
    "hit",
    "splash",
    "turn",
)

_volume = 0.7
_muted = False


def init() -> None:
    """Open the audio device if there is one; Nile runs silently otherwise."""
    if pygame.mixer.get_init():
        return
    with contextlib.suppress(pygame.error):
        pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)


def configure(volume: float, muted: bool) -> None:
    """Apply the settings."""
    global _volume, _muted
    _volume, _muted = max(0.0, min(1.0, volume)), muted


def play(name: str, volume: float = 1.0) -> None:
    """Play an effect (unknown names and missing audio are ignored, never an error)."""
    if _muted or name not in EFFECTS:
        return
    effect = assets.sound(f"{name}.wav")
    if effect is None:
        return
    effect.set_volume(_volume * volume)
    effect.play()
