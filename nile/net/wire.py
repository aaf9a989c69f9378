"""Messages to and from JSON text, trusting nothing on the way in.

`decode` parses, checks every field against the message dataclass's type hints (strings
and lists capped, whole numbers bounded, no unknown keys), and raises `ProtocolError`
with a reason a person can read. Nothing in a message is evaluated beyond this.
"""

from __future__ import annotations

import dataclasses
import json
import math
import types
import typing
from typing import Any, Union

from nile.net.protocol import (
    BY_NAME,
    MAX_INT,
    MAX_ITEMS,
    MAX_TEXT,
    Message,
    ProtocolError,
    type_name,
)

# Encoding and decoding ----------------------------------------------------------------

def encode(message: Message) -> str:
    """The JSON text of a message."""
    data = {"type": type_name(type(message)), **_plain(message)}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _plain(message: Message) -> dict[str, Any]:
    return {name: _plain_value(getattr(message, name)) for name in _names(type(message))}


_FIELDS: dict[type, tuple[str, ...]] = {}


def _names(cls: type) -> tuple[str, ...]:
    """A message class's field names (looked up once per class: a host encodes thousands
    of messages a second)."""
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def _plain_value(value: Any) -> Any:
    """Dataclasses (and tuples of them) as objects; anything else is JSON already (tuples
    of text or numbers, a view's state), and is left for `json` to walk only once."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _plain(value)
    if isinstance(value, tuple) and value and dataclasses.is_dataclass(value[0]):
        return [_plain(v) for v in value]
    return value


def decode(raw: str | bytes, allowed: tuple[type, ...]) -> Message:
    """The message `raw` holds if it is one of `allowed`; ProtocolError otherwise."""
    if isinstance(raw, bytes):
        raise ProtocolError("Messages are JSON text, not binary.")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("The message is not valid JSON.") from None
    if not isinstance(data, dict):
        raise ProtocolError("A message must be a JSON object.")
    kind = data.pop("type", None)
    cls = BY_NAME.get(kind) if isinstance(kind, str) else None
    if cls is None or cls not in allowed:
        raise ProtocolError(f"Unknown message type {str(kind)[:40]!r}.")
    return _build(cls, data, type_name(cls))


def _build(cls: type, data: Any, where: str) -> Any:
    if not isinstance(data, dict):
        raise ProtocolError(f"{where} must be an object.")
    hints = _hints(cls)
    unknown = set(data) - set(hints)
    if unknown:
        raise ProtocolError(f"{where} has an unknown field {sorted(unknown)[0][:40]!r}.")
    values = {}
    for f in dataclasses.fields(cls):
        if f.name in data:
            values[f.name] = _check(data[f.name], hints[f.name], f"{where}.{f.name}")
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise ProtocolError(f"{where} lacks the field '{f.name}'.")
    return cls(**values)


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def _check(value: Any, hint: Any, where: str) -> Any:
    """`value` if it has the type `hint` describes (tuples built from lists)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        return _check(value, inner[0], where)
    if origin is tuple:
        if not isinstance(value, list) or len(value) > MAX_ITEMS:
            raise ProtocolError(f"{where} must be a list.")
        return tuple(_check(v, args[0], where) for v in value)
    if origin is dict:
        return _check_dict(value, args[1], where)
    if dataclasses.is_dataclass(hint):
        return _build(typing.cast(type, hint), value, where)
    return _check_scalar(value, hint, where)


def _check_dict(value: Any, value_hint: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ProtocolError(f"{where} must be an object.")
    if value_hint is str and not all(isinstance(v, str) and len(v) <= MAX_TEXT
                                     for v in value.values()):
        raise ProtocolError(f"{where} must map names to text.")
    return value


def _check_scalar(value: Any, hint: Any, where: str) -> Any:
    if hint is bool:
        ok = isinstance(value, bool)
    elif hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_INT
    elif hint is float:
        ok = (isinstance(value, int | float) and not isinstance(value, bool)
              and math.isfinite(value))
    elif hint is str:
        ok = isinstance(value, str) and len(value) <= MAX_TEXT
    else:  # pragma: no cover - a message class with a type this module does not know
        raise TypeError(f"unsupported field type {hint!r}")
    if not ok:
        raise ProtocolError(f"{where} must be {_NAMES[hint]}.")
    return float(value) if hint is float else value


_NAMES = {bool: "true or false", int: "a whole number", float: "a number", str: "short text"}
