"""Small helpers for the Vom Kap bis Kairo tests (positions come from `builder.Builder`)."""

from __future__ import annotations

from nile.core.game import Event
from nile.games.kap_kairo.rules import KapState, card_named


def play(state: KapState, *texts: str) -> list[Event]:
    """Apply actions by their text forms (chance included); return all their events."""
    events: list[Event] = []
    for text in texts:
        events += state.apply(state.parse_action(text))
    return events


def of_type(events: list[Event], kind: type) -> list:  # type: ignore[type-arg]
    """The events of one class, in order."""
    return [e for e in events if isinstance(e, kind)]


def cards(*names: str) -> list[int]:
    return [card_named(n) for n in names]
