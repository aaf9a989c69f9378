"""One click-to-move pipeline for every game: what the things picked so far mean (no pygame).

A game's table draws its pieces and adds every clickable one to its hit map as a typed target
(a small frozen dataclass or tuple of the game's own). Every legal action names the targets a
player may click to mean it (`Intent.targets`), its main one first. Picking narrows the legal
actions to those that name every pick (`narrow`); the game's `intent.py` says what the picks
so far offer: the bar's words and buttons, the targets still worth lighting, and the move, once
the picks mean exactly one (`Offer.ready`). A click that fits no legal action is turned into
the action it most plausibly meant (`Intent.meant`), so that the engine, not the scene, says
why it is refused ("Giza still has fruit; a pyramid needs an empty city.").

`follow` is the whole pipeline for one click; the scene's `Picker` (nile/ui/chrome/picker.py)
holds the picks and wires clicks and the bar to it. Because nothing here draws, each game's
intent is unit-tested without a window: `tests/games/<id>/test_intent.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from nile.core.game import Action, GameState, Seat

Target = Hashable
"""Something drawn that a player may click: a card in hand, a cell, a city, a button of the
table. Each game defines its own kinds as frozen dataclasses (or tuples)."""

TargetsOf = Callable[[Action], Sequence[Target]]


@dataclass(frozen=True)
class BarChoice:
    """A button the bar offers for the picks so far: play `action`, or (None) cancel them.

    Two rarer buttons: `picks` set changes the picks to these instead (a number's − and +,
    where the number shown is a pick), and `then` plays more actions after `action`, in
    order, while the rules take them (Age of Steam's Build all lays a planned route)."""

    key: str
    label: str
    action: Action | None
    enabled: bool = True
    tooltip: str | None = None
    accent: bool = False
    picks: tuple[Target, ...] | None = None
    then: tuple[Action, ...] = ()


@dataclass(frozen=True)
class Offer:
    """What the picks so far mean.

    `candidates` are the legal actions that name every pick; `prompt` the bar's words (with
    the engine's `{pN}` placeholders for names); `choices` its buttons; `lit` the targets a
    next click may add; `ready` the move to play at once (the picks mean exactly it)."""

    picked: tuple[Target, ...]
    candidates: tuple[Action, ...]
    prompt: str
    choices: tuple[BarChoice, ...] = ()
    lit: frozenset[Target] = field(default_factory=frozenset)
    ready: Action | None = None


class Intent(Protocol):
    """A game's click-to-move rules: the one place a click becomes a move."""

    def targets(self, view: GameState, action: Action) -> Sequence[Target]:
        """What a player may click to mean `action`, its main target first."""
        ...

    def offer(self, view: GameState, seat: Seat, picked: tuple[Target, ...]) -> Offer:
        """What `picked` offers `seat` in `view` (only called with picks some legal action
        names, or none)."""
        ...

    def meant(self, view: GameState, seat: Seat, picked: tuple[Target, ...],
              target: Target) -> Action | None:
        """The action a click on `target` that fits no legal action most plausibly meant
        (the engine will refuse it with its reason), or None if it means nothing."""
        ...


def narrow(actions: Iterable[Action], picked: Sequence[Target],
           targets_of: TargetsOf) -> list[Action]:
    """The actions that name every picked target."""
    return [a for a in actions if all(p in targets_of(a) for p in picked)]


def lit(candidates: Iterable[Action], picked: Sequence[Target],
        targets_of: TargetsOf) -> frozenset[Target]:
    """The targets a next click may add: named by some candidate, not yet picked."""
    return frozenset(t for a in candidates for t in targets_of(a) if t not in picked)


def complete(candidates: Sequence[Action], picked: Sequence[Target],
             targets_of: TargetsOf, needed: int | None = None) -> Action | None:
    """The one candidate whose targets the picks name in full (or its first `needed`), if
    exactly one candidate remains: the default for `Offer.ready`."""
    if len(candidates) != 1:
        return None
    wanted = list(targets_of(candidates[0]))[:needed]
    return candidates[0] if all(t in picked for t in wanted) else None


@dataclass(frozen=True)
class Refused:
    """A click that fits no legal action: `action` is what it meant (for the engine to
    refuse with its reason), or None when it meant nothing at all."""

    action: Action | None


def follow(intent: Intent, view: GameState, seat: Seat, picked: tuple[Target, ...],
           target: Target) -> Offer | Refused:
    """One click on `target` with `picked` already picked.

    A picked target clicked again is let go; a target that narrows the candidates is added;
    one that fits none with the picks but some on its own starts again from it (a player who
    changes their mind need not cancel first); one that fits nothing is `Refused`."""
    legal = view.legal_actions()

    def targets_of(action: Action) -> Sequence[Target]:
        return intent.targets(view, action)

    if target in picked:
        return intent.offer(view, seat, tuple(p for p in picked if p != target))
    for attempt in ((*picked, target), (target,)):
        if narrow(legal, attempt, targets_of):
            return intent.offer(view, seat, attempt)
    return Refused(intent.meant(view, seat, picked, target))
