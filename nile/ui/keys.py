"""Key bindings as tables: what each key does, in one place per scene.

A scene lists its keys as `Binding`s (Textual's BINDINGS idea) instead of an if-chain; the
same table dispatches the key presses, fills the "Keys" part of the F1 rules and is printed
into the README (`tools/keys.py`), so the three can never disagree.

A binding's `keys` are pygame key names without the `K_` prefix, comma-separated for
alternatives ("return, kp_enter"), with "ctrl+" for the control key, or a digit range
("1-9", "kp0-kp9") whose action is called with the digit. `action` names a method of the
scene (or, dotted, of a component it holds: "controls.issue"), called with `args` if any;
`when` names a method or attribute of the scene that says whether the binding is
live now (the table still lists it). An action that returns False did not use the key, and
the next binding may. A binding with no action is one a component answers itself (keys held
down to aim a flick): the table only lists it, and the component's own `KEYS` say so.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

_RANGE = re.compile(r"^([a-z_]*?)(\d)-\1(\d)$")
_WORDS = {
    "escape": "Esc", "return": "Enter", "kp_enter": "Enter", "space": "Space",
    "backspace": "Backspace", "delete": "Del", "tab": "Tab", "up": "Up", "down": "Down",
    "left": "Left", "right": "Right", "home": "Home", "end": "End", "pageup": "Page Up",
    "pagedown": "Page Down", "plus": "+", "minus": "−", "equals": "=", "kp_plus": "+",
    "kp_minus": "−",
}


@dataclass(frozen=True)
class Key:
    """One key of a binding: a pygame key code, whether Ctrl is part of it, and for a
    digit range the digit it stands for."""

    code: int
    ctrl: bool
    digit: int | None
    label: str


@dataclass(frozen=True)
class Binding:
    """What a key does in a scene, and the words that say so."""

    keys: str
    action: str
    does: str
    when: str = ""
    args: tuple[int, ...] = ()
    """Arguments the action is called with (`bid_step` with 10), before a range's digit."""
    anytime: bool = False
    """Also while watching a replay: it only changes what is shown (fit, a ledger, a map
    overlay), never the game."""

    def parsed(self) -> tuple[Key, ...]:
        """The keys this binding answers to (cached per binding text)."""
        return _parse(self.keys)

    def label(self) -> str:
        """How the keys are written for a person: "Ctrl+Z", "1–9", "Up / +"."""
        labels: list[str] = []
        for part in (p.strip() for p in self.keys.split(",")):
            text = _part_label(part)
            if text not in labels:
                labels.append(text)
        return " / ".join(labels)


_CACHE: dict[str, tuple[Key, ...]] = {}


def _parse(spec: str) -> tuple[Key, ...]:
    if spec not in _CACHE:
        keys: list[Key] = []
        for part in (p.strip() for p in spec.split(",")):
            ctrl = part.startswith("ctrl+")
            name = part.removeprefix("ctrl+")
            span = _RANGE.match(name)
            if span:
                prefix, low, high = span.group(1), int(span.group(2)), int(span.group(3))
                keys += [Key(_code(f"{prefix}{d}"), ctrl, d, _part_label(part))
                         for d in range(low, high + 1)]
            else:
                keys.append(Key(_code(name), ctrl, None, _part_label(part)))
        _CACHE[spec] = tuple(keys)
    return _CACHE[spec]


def _code(name: str) -> int:
    """The pygame key code of a name such as "z", "f1", "return" or "kp_enter"."""
    for candidate in (f"K_{name}", f"K_{name.upper()}"):
        code = getattr(pygame, candidate, None)
        if isinstance(code, int):
            return code
    raise ValueError(f"no such key: {name!r}")


def _part_label(part: str) -> str:
    ctrl = part.startswith("ctrl+")
    name = part.removeprefix("ctrl+")
    span = _RANGE.match(name)
    if span:
        text = f"{span.group(2)}–{span.group(3)}"
    else:
        text = _WORDS.get(name, name.upper() if len(name) <= 3 else name.title())
    return f"Ctrl+{text}" if ctrl else text


def resolve(owner: Any, name: str) -> Any:
    """`name` on `owner`; a dotted name reaches a component the scene holds
    ("controls.more_shares"), so a key needs no forwarding method."""
    for part in name.split("."):
        owner = getattr(owner, part)
    return owner


def _live(owner: Any, when: str) -> bool:
    if not when:
        return True
    value = resolve(owner, when)
    return bool(value() if callable(value) else value)


def dispatch(owner: Any, bindings: Iterable[Binding], event: pygame.event.Event) -> bool:
    """Run the first live binding of `owner` that answers `event` (a KEYDOWN); whether one
    used the key."""
    if event.type != pygame.KEYDOWN:
        return False
    ctrl = bool(event.mod & pygame.KMOD_CTRL)
    for binding in bindings:
        if not binding.action:
            continue
        for key in binding.parsed():
            if key.code != event.key or key.ctrl != ctrl or not _live(owner, binding.when):
                continue
            method = resolve(owner, binding.action)
            digit = () if key.digit is None else (key.digit,)
            used = method(*binding.args, *digit)
            if used is not False:
                return True
    return False


def describe(bindings: Iterable[Binding]) -> list[tuple[str, str]]:
    """(keys, what they do) for each binding, the way F1 and the README list them; bindings
    that do the same thing are listed once."""
    rows: list[tuple[str, str]] = []
    for binding in bindings:
        row = (binding.label(), binding.does)
        if row not in rows:
            rows.append(row)
    return rows


def markdown(title: str, bindings: Sequence[Binding]) -> str:
    """A README paragraph: the title in bold, then each key and what it does."""
    items = "; ".join(f"{keys} {does}" for keys, does in describe(bindings))
    return f"**{title}**: {items}."


APP_KEYS = (Binding("f11", "toggle_fullscreen", "full screen on or off"),)
"""Keys the app answers on every screen."""
