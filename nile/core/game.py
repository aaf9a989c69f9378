"""The engine protocol every Nile game follows.

A game is a `GameInfo` (registered once) plus a `GameState` subclass. The state is a
pure-Python rules engine: no pygame, no global randomness, no wall clock. Chance
(shuffles, dice, draws, finger jitter) is an explicit turn of the `CHANCE` player whose
outcomes the state lists in `chance_outcomes()`; whoever drives the game (a session, a
bot's rollout, a test) picks one with its own seeded generator. So a whole game is just
its action list, and any situation can be scripted exactly in a test.

Hidden information goes through `observation(seat)`: a copy of the state in which what
that seat may not see is hidden. Bots search over `determinize(rng)` of that copy, which
fills the hidden parts with one consistent guess, so a bot never reads another hand.
"""

from __future__ import annotations

import importlib
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from nile.core.errors import IllegalAction

CHANCE = -1
"""The seat number of chance: dice, shuffles and draws."""

Seat = int
Options = Mapping[str, str]


class Action(ABC):
    """A player's (or chance's) decision: a frozen, hashable value with a stable text form.

    Subclasses are `@dataclass(frozen=True, slots=True)`. The text form is what logs,
    saves and golden tests store; it must never change meaning between versions.
    """

    __slots__ = ()

    @abstractmethod
    def to_str(self) -> str:
        """The stable text form, for saves and logs."""

    def __str__(self) -> str:
        return self.to_str()


class Event:
    """Something that happened, returned by `apply` to drive animation and the game log.

    Subclasses are frozen dataclasses. `describe` may name players as `{p0}`, `{p1}`, …;
    the UI fills in the names (see `nile.core.text.fill_names`).
    """

    __slots__ = ()

    def describe(self, viewer: Seat | None) -> str:
        """The log line for `viewer` (None: a spectator who sees only public facts)."""
        return ""


@dataclass(frozen=True)
class Status:
    """What the top bar shows: round and phase in a few words."""

    round_text: str
    phase_text: str


@dataclass(frozen=True)
class ScoreSheet:
    """A results-screen breakdown: one row per category, one column per seat."""

    categories: tuple[str, ...]
    values: tuple[tuple[float, ...], ...]
    totals: tuple[float, ...]
    lower_is_better: bool = False
    notes: tuple[str, ...] = ()


S = TypeVar("S", bound="GameState")


class GameState(ABC):
    """One game in progress. Subclasses implement the abstract members.

    Contract (checked for every registered game by the conformance suite):
    - `legal_actions()` is the only source of legality; `apply` raises `IllegalAction`
      with a readable reason for anything else and leaves the state unchanged.
    - Queries never mutate. `clone()` is a deep, independent copy.
    - `to_dict()` is JSON-safe and `from_dict(to_dict())` equals the original.
    """

    game_id: ClassVar[str] = ""

    @property
    @abstractmethod
    def num_players(self) -> int:
        """How many seats take part."""

    @property
    @abstractmethod
    def current_player(self) -> Seat | None:
        """The seat to act, `CHANCE`, or None once the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action the current seat may take (empty for chance and at the end)."""

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """The possible chance actions with their probabilities (current player CHANCE)."""
        return []

    @abstractmethod
    def apply(self, action: Action) -> list[Event]:
        """Perform `action` for the current player (or chance) and report what happened."""

    @property
    def is_terminal(self) -> bool:
        """True once the game has ended."""
        return self.current_player is None

    @abstractmethod
    def scores(self) -> list[float]:
        """Each seat's score as the game counts it (see `ScoreSheet.lower_is_better`)."""

    @abstractmethod
    def ranking(self) -> list[int]:
        """Each seat's place, 1 = first; tied seats share a place."""

    def returns(self) -> list[float]:
        """Each seat's result in [0, 1] (1 = outright win), for search: from `ranking`."""
        return returns_from_ranking(self.ranking())

    @abstractmethod
    def clone(self: S) -> S:
        """A deep, independent copy."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe picture of the whole state."""

    @classmethod
    @abstractmethod
    def from_dict(cls: type[S], data: Mapping[str, Any]) -> S:
        """The state `to_dict` described."""

    @abstractmethod
    def status(self) -> Status:
        """Round and phase for the top bar."""

    @abstractmethod
    def score_sheet(self) -> ScoreSheet:
        """The breakdown behind `scores`, for the results screen."""

    # Hidden information -------------------------------------------------------------

    viewer: Seat | None = None
    """None for the true state; the observing seat for an `observation` copy."""

    def observation(self, seat: Seat | None) -> GameState:
        """What `seat` may see (None: a spectator), as a state with hidden parts masked.

        Games without hidden information keep this default: a plain copy.
        """
        copy = self.clone()
        copy.viewer = seat
        return copy

    def determinize(self, rng: random.Random) -> GameState:
        """A full state consistent with this observation, hidden parts guessed with `rng`."""
        copy = self.clone()
        copy.viewer = None
        return copy

    def is_undo_barrier(self, action: Action) -> bool:
        """True if taking `action` back would unsee something (chance is always a barrier)."""
        return self.current_player == CHANCE

    def invariant_violations(self) -> list[str]:
        """Broken invariants (components conserved, money >= 0, ...); empty if all hold.

        The conformance suite calls this after every action of its random playouts.
        """
        return []

    # Convenience built on the contract ---------------------------------------------

    def parse_action(self, text: str) -> Action:
        """The legal action (or chance outcome) whose text form is `text`.

        Games with continuous actions (Cairo's flicks) override this with a real parser;
        `apply` still validates the result.
        """
        options = (
            [a for a, _ in self.chance_outcomes()]
            if self.current_player == CHANCE
            else self.legal_actions()
        )
        for action in options:
            if action.to_str() == text:
                return action
        raise IllegalAction(f"'{text}' is not a legal move now.")

    def check_legal(self, action: Action) -> None:
        """Raise `IllegalAction` unless `action` may be applied now."""
        if self.current_player is None:
            raise IllegalAction("The game is over.")
        if self.current_player == CHANCE:
            if all(action != a for a, _ in self.chance_outcomes()):
                raise IllegalAction(f"'{action.to_str()}' is not a possible outcome.")
        elif action not in self.legal_actions():
            raise IllegalAction(f"'{action.to_str()}' is not a legal move now.")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return type(self) is type(other) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


def returns_from_ranking(ranking: Sequence[int]) -> list[float]:
    """Map places to [0, 1]: first 1, last 0, tied seats share the average of their slots.

    >>> returns_from_ranking([1, 2, 2, 4])
    [1.0, 0.5, 0.5, 0.0]
    """
    n = len(ranking)
    if n <= 1:
        return [1.0] * n
    result = []
    for place in ranking:
        tied = sum(1 for p in ranking if p == place)
        slots = range(place - 1, place - 1 + tied)
        result.append(sum((n - 1 - s) / (n - 1) for s in slots) / tied)
    return result


def ranking_from_scores(scores: Sequence[float], lower_is_better: bool = False) -> list[int]:
    """Standard competition ranking: equal scores share a place.

    >>> ranking_from_scores([3, 5, 5, 1])
    [3, 1, 1, 4]
    """
    sign = 1 if lower_is_better else -1
    return [1 + sum(1 for o in scores if sign * o < sign * s) for s in scores]


@dataclass(frozen=True)
class OptionSpec:
    """A game option offered on the setup screen: fixed text choices, first is default."""

    key: str
    label: str
    choices: tuple[str, ...]
    help: str = ""
    names: tuple[str, ...] = ()
    """What the setup screen shows for each choice ('CCCP' for 'cccp'); the choice if empty."""

    @property
    def default(self) -> str:
        return self.choices[0]

    @property
    def labels(self) -> tuple[str, ...]:
        return self.names or self.choices

    def label_of(self, choice: str) -> str:
        return self.labels[self.choices.index(choice)]


@dataclass(frozen=True)
class GameInfo:
    """What the registry knows of a game. Heavy modules are named, not imported."""

    id: str
    title: str
    min_players: int
    max_players: int
    new_game: Callable[[int, int, Options], GameState] | str
    """The rules' constructor, or its `module:function` name, imported at the first game: the
    launcher imports every game's package to list the games, and a name keeps the rules
    engines out of its start-up (issue 33 item 6). `create` starts a game either way."""
    state_class: type[GameState] | str
    """The state's class, or its `module:Class` name (see `new_game`); `state_type()` has it."""
    options: tuple[OptionSpec, ...] = ()
    scene: str | None = None
    """`module:factory` of the pygame scene, imported only by the app."""
    art: str | None = None
    """`module:function` drawing the launcher tile's picture on a pygame Surface of any
    size (the game's `view/tile.py`); imported only by the launcher."""
    shots: str | None = None
    """The module of the game's scripted screens: `SHOTS = {"name": function}` and
    optionally `BENCH_SHOT` (screenshots, snapshot tests, `nile --scene`, tools/bench.py)."""
    builder: str | None = None
    """`module:Class` of the game's Builder, the one way tests, shots and tutorials set up
    an exact position (docs/adding-a-game.md, "The builder")."""
    builder_example: str | None = None
    """`module:function` returning a Builder set up through its setters and `to_move`,
    not yet built: the builder tests build it and check the state."""
    ai_hooks: str | None = None
    """`module:function` returning the game's heuristics for the bots (an `AiHooks`), imported
    only when a bot is made (None: generic random rollouts). Named, not imported, so the
    engine's core never depends on the bots (`nile.ai`)."""
    players_for: Callable[[Options], tuple[int, int]] | None = None
    """Player range that depends on options (Age of Steam's maps)."""
    rules_summary: str = ""
    """The in-game rules summary (F1), in our own words, as plain text with blank lines."""
    pitch: str = ""
    """One line for the launcher tile."""
    length: str = ""
    """How long a game takes, for the launcher tile ('45 min')."""
    tile_order: int = 100
    """Where the launcher puts the tile (lower first; ties by id)."""
    hidden_information: bool | Callable[[Options], bool] = True
    """Whether some seat may not see everything, so a cover goes up between people at one
    screen; a rule of the options where it depends on them (Age of Steam: only CCCP).
    True unless a game says otherwise: a forgotten flag errs on the side of privacy."""
    excluded_colors: Callable[[Options], frozenset[str]] | None = None
    """Palette colour names no player may have under these options (Egypt: no blue)."""
    conformance_games: int = 3
    """Random playouts per player count in the conformance suite (slow games lower it)."""
    conformance_max_actions: int = 5000
    """Actions after which a conformance playout stops (Cairo's flicks are costly)."""
    bench: str | None = None
    """`module:function` giving extra figures for tools/bench.py."""
    selfplay_stats: Callable[[GameState, list[str]], Mapping[str, int]] | None = None
    """Counts a finished game adds to tools/selfplay.py and tools/tournament.py."""

    def hides_information(self, options: Options) -> bool:
        """Whether this game, under `options`, hides anything from some seat."""
        flag = self.hidden_information
        return bool(flag(options) if callable(flag) else flag)

    def banned_colors(self, options: Options) -> frozenset[str]:
        """The palette colours no player may take under `options`."""
        return self.excluded_colors(options) if self.excluded_colors is not None else frozenset()

    def player_range(self, options: Options) -> tuple[int, int]:
        """The allowed number of players under `options`."""
        if self.players_for is not None:
            return self.players_for(options)
        return (self.min_players, self.max_players)

    def players_text(self) -> str:
        """The player counts over every choice of options: '3–6' (Age of Steam's maps)."""
        ranges = [self.player_range(self.resolve_options(dict(choice)))
                  for choice in self._option_choices()]
        low, high = min(r[0] for r in ranges), max(r[1] for r in ranges)
        return str(low) if low == high else f"{low}–{high}"

    def _option_choices(self) -> list[list[tuple[str, str]]]:
        combos: list[list[tuple[str, str]]] = [[]]
        for spec in self.options:
            combos = [[*c, (spec.key, choice)] for c in combos for choice in spec.choices]
        return combos

    def resolve_options(self, options: Options) -> dict[str, str]:
        """Fill defaults and refuse unknown keys or values, with a readable reason."""
        specs = {o.key: o for o in self.options}
        for key, value in options.items():
            spec = specs.get(key)
            if spec is None:
                raise ValueError(f"{self.title} has no option '{key}'.")
            if value not in spec.choices:
                allowed = ", ".join(spec.choices)
                raise ValueError(f"Option '{key}' must be one of {allowed}, not '{value}'.")
        return {o.key: options.get(o.key, o.default) for o in self.options}

    def check_players(self, num_players: int, options: Options) -> None:
        """Raise ValueError unless `num_players` may play with `options`."""
        low, high = self.player_range(options)
        if not low <= num_players <= high:
            raise ValueError(f"{self.title} needs {low} to {high} players, not {num_players}.")

    def create(self, num_players: int, seed: int, options: Options) -> GameState:
        """A new game after checking players and options."""
        resolved = self.resolve_options(options)
        self.check_players(num_players, resolved)
        new_game: Callable[[int, int, Options], GameState] = _named(self.new_game)
        return new_game(num_players, seed, resolved)

    def state_type(self) -> type[GameState]:
        """The game's state class (`from_dict` reads a saved or sent state)."""
        state_class: type[GameState] = _named(self.state_class)
        return state_class


def _named(value: Any) -> Any:
    """`value` itself, or what it names as `"module:name"`, imported now (Python keeps the
    module, so later calls cost a dictionary look-up)."""
    if not isinstance(value, str):
        return value
    module, _, name = value.partition(":")
    return getattr(importlib.import_module(module), name)
