"""What one frame of the drill screen shows, handed to `DrillPainter`.

`DrillScene` builds a `DrillFrame` each frame (`DrillScene.frame`); the painter draws only
from it and never reads or writes the scene. The things on screen the scene keeps from
frame to frame (a flick being shown, stones sliding into a pyramid, the player's choices)
are defined here too, so both sides name them without the painter importing its scene;
so are the targets the painter adds to its hit map as it draws (`DrillTarget`), which the
scene asks what a click is on.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nile.games.cairo.view.flick_input import FlickInput
from nile.games.cairo.view.mapview import PieceDraw
from nile.games.cairo.view.playback import FlickPlayback
from nile.practice.drills import Drill
from nile.practice.panels import Report
from nile.practice.stats import FlickRow
from nile.practice.table import FlickResult, PracticeTable, Prepared, Shot
from nile.practice.view import BoardView
from nile.ui import anim
from nile.ui.chrome.panels import Toasts
from nile.ui.table.dice import Die


@dataclass
class Show:
    """A flick on screen: the player's (judged when it rests), a replay, or the bot's
    demonstration (on a copy of the table). The playback's simulation is the flick itself:
    its outcome is what `table.settle` puts on the board."""

    playback: FlickPlayback
    kind: str
    """flick, replay or demo"""
    aim: Shot
    windup: float = 0.0
    windup_total: float = 0.0
    hold: float = 0.3
    """Seconds the board stays as it came to rest before the show ends."""
    hit_cooldown: float = 0.0
    prepared: Prepared | None = None
    table: PracticeTable | None = None
    """The table the flick settles on (flick and demo)."""
    path: list[tuple[float, float]] = field(default_factory=list)
    """The flicked block's centre, frame by frame."""

    def record_path(self) -> None:
        pose = self.playback.poses.get(self.playback.launch.block)
        if pose is not None and (not self.path or self.path[-1] != (pose.x, pose.y)):
            self.path.append((pose.x, pose.y))


@dataclass
class Flight:
    """A pyramid stone sliding into its place."""

    piece: PieceDraw
    tween: anim.Tween
    level: int = 1


@dataclass
class Knobs:
    """What the player has chosen on this screen."""

    finger: int = 2
    die_mode: bool = False
    rolled: int = 0
    kind: str = "small"
    flights: dict[str, Flight] = field(default_factory=dict)


@dataclass(frozen=True)
class OnBoard:
    """The board (a click there sails, picks a site or is told how to flick)."""


@dataclass(frozen=True)
class FingerChoice:
    """A segment of the finger picker: 0-4 the thumb to the little finger, 5 the die."""

    index: int


@dataclass(frozen=True)
class KindChoice:
    """A segment of free practice's block picker ('small', 'large', 'die')."""

    kind: str


@dataclass(frozen=True)
class ClutterBox:
    """Free practice's "keep the clutter" box."""


DrillTarget = OnBoard | FingerChoice | KindChoice | ClutterBox


@dataclass(frozen=True)
class DrillFrame:
    """Everything one frame of the drill screen shows (see the module docstring)."""

    drill: Drill
    table: PracticeTable
    board: BoardView
    """The board's renderer and its cached layers (a component the scene owns)."""
    flick: FlickInput
    """The slingshot (drawn while the player may aim)."""
    toasts: Toasts
    die: Die
    knobs: Knobs
    finger: int
    """The finger of the next flick (the die's, or the player's)."""
    show: Show | None
    last: FlickResult | None
    ghost: FlickResult | None
    """The flick before the last, drawn as a ghost."""
    held: str | None
    """The words over a board held still before going on (None: not held)."""
    clock: float
    coaching: bool
    """The bot is thinking about its demonstration (no slingshot, the report says so)."""
    rows: list[FlickRow]
    """This session's flicks (the strip's summary and sparkline)."""
    best: float | None
    """The best result of this drill so far."""
    report: Report | None
    mouse: tuple[int, int]
