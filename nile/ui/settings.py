"""The player's settings, persisted as JSON in the config folder.

A damaged settings file is ignored (defaults are used and the file is rewritten on the
next change), never a reason not to start.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from nile.core import paths, saves
from nile.core.errors import SaveError

ANIMATION_SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 1.8, "off": 0.0}
BOT_DELAYS = {"slow": 1.4, "normal": 0.7, "fast": 0.25, "instant": 0.0}
TEXT_SIZES = (100, 115, 130, 150)
"""The text sizes offered, in per cent of the designed size (issue 29 item 3)."""


@dataclass(frozen=True)
class Settings:
    """Everything a player can set in Settings."""

    fullscreen: bool = False
    volume: float = 0.7
    muted: bool = False
    color_blind: bool = False
    animation_speed: str = "normal"
    bot_speed: str = "normal"
    text_size: int = 100
    """Per cent of the designed size of every text and small piece (one of TEXT_SIZES)."""

    def animation_factor(self) -> float:
        """How much faster than normal animations run (0: no animation)."""
        return ANIMATION_SPEEDS.get(self.animation_speed, 1.0)

    def bot_delay(self) -> float:
        """Seconds a bot's move stays announced before it is played."""
        return BOT_DELAYS.get(self.bot_speed, 0.7)

    def changed(self, **changes: Any) -> Settings:
        return replace(self, **changes)


def _valid(key: str, value: Any) -> bool:
    """Whether `value` (any JSON: a list, an object, NaN) is a good value for `key`.

    Never raises: the type is checked before the value is looked up (a list looked up
    in a dict raised TypeError and stopped Nile at every start)."""
    if key in ("fullscreen", "muted", "color_blind"):
        return isinstance(value, bool)
    if key == "volume":
        return isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 1
    if key == "animation_speed":
        return isinstance(value, str) and value in ANIMATION_SPEEDS
    if key == "bot_speed":
        return isinstance(value, str) and value in BOT_DELAYS
    if key == "text_size":
        return isinstance(value, int) and not isinstance(value, bool) and value in TEXT_SIZES
    return False


def load() -> Settings:
    """The saved settings; defaults for anything missing, damaged or unknown."""
    path = paths.config_dir() / "settings.json"
    if not path.exists():
        return Settings()
    try:
        data = saves.read_json(path, max_bytes=64 * 1024)
    except SaveError:
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    known = {f.name for f in fields(Settings)}
    clean = {k: v for k, v in data.items() if k in known and _valid(k, v)}
    return Settings(**clean)


def save(settings: Settings) -> None:
    """Persist the settings (atomically)."""
    saves.write_atomic(paths.config_dir() / "settings.json", asdict(settings))
