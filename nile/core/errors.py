"""Errors with reasons a player can read."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules refuse; `str(error)` is the reason shown to the player."""

    @property
    def reason(self) -> str:
        return str(self)


class SaveError(ValueError):
    """A save file that cannot be used; `str(error)` says why, for the player."""
