"""The one asset loader: every font, image and sound path is resolved here.

Installed (`pip install .`), the assets ship inside the package as `nile/assets`; in a
source checkout they are the top-level `assets/` folder. Everything is cached.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pygame

_PACKAGE = Path(__file__).resolve().parents[1]


def asset_root() -> Path:
    """The folder holding fonts/, sounds/ and images/."""
    for candidate in (_PACKAGE / "assets", _PACKAGE.parent / "assets"):
        if (candidate / "fonts").is_dir():
            return candidate
    raise FileNotFoundError("Nile's assets folder is missing; reinstall Nile.")


def path(*parts: str) -> Path:
    """The path of an asset, e.g. `path("fonts", "NotoSans-Regular.ttf")`."""
    return asset_root().joinpath(*parts)


FONT_FILES = {
    "regular": "NotoSans-Regular.ttf",
    "bold": "NotoSans-Bold.ttf",
    "mono": "FiraCode-Regular.ttf",
}


@cache
def font(size: int, style: str = "regular") -> pygame.font.Font:
    """A bundled font (never SysFont: it differs between machines)."""
    return pygame.font.Font(str(path("fonts", FONT_FILES[style])), size)


@cache
def image(name: str) -> pygame.Surface:
    """An image from assets/images, converted for fast blitting when a display exists."""
    surface = pygame.image.load(str(path("images", name)))
    if pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


@cache
def sound(name: str) -> pygame.mixer.Sound | None:
    """A sound from assets/sounds, or None when there is no audio device."""
    if not pygame.mixer.get_init():
        return None
    return pygame.mixer.Sound(str(path("sounds", name)))
