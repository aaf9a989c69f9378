"""The log of a remote table: the host's lines for each seat, read by the person looking.

At a remote table there are no events here, only what the host described for each seat
this computer holds (`View.steps`). As at one screen, a change's lines wait while the table
plays it out (`GameLog.show_live`). The log shows the looking seat's own lines; while the
screen may change hands (`viewer` None, two people at this computer) it shows of each move
only what every held seat was told alike, and for a move of one of them what the others
were told, so nobody reads another's private lines on the public view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from nile.net import protocol as p
from nile.ui.chrome.game_log import SHOWN, GameLog

if TYPE_CHECKING:
    from nile.ui.chrome.face import TableScene


def public_lines(logs: Mapping[int, Sequence[p.Step]]) -> list[str]:
    """The lines every held seat may read: per move, the lines of a held seat that did not
    make it, kept only where the other held seats were told the same."""
    if not logs:
        return []
    count = min(len(steps) for steps in logs.values())
    lines: list[str] = []
    for index in range(count):
        actor = next(iter(logs.values()))[index].seat
        readers = [seat for seat in logs if seat != actor] or list(logs)
        common = list(logs[readers[0]][index].lines)
        for seat in readers[1:]:
            others = set(logs[seat][index].lines)
            common = [line for line in common if line in others]
        lines.extend(common)
    return lines


def seat_lines(steps: Sequence[p.Step]) -> list[str]:
    return [line for step in steps for line in step.lines]


class RemoteLog(GameLog):
    """`GameLog` fed by the host's steps instead of the match's events."""

    def __init__(self, scene: TableScene, steps: dict[int, list[p.Step]]) -> None:
        super().__init__(scene)
        self.steps = steps
        """Each held seat's log, as the host sent it (shared with the remote layer)."""

    def live_lines(self, viewer: int | None, entries: int | None = None) -> list[str]:
        if viewer is not None and viewer in self.steps:
            lines = seat_lines(self.steps[viewer][:entries])
        else:
            lines = public_lines({s: steps[:entries] for s, steps in self.steps.items()})
        return [self.scene.words(line) for line in lines[-SHOWN * 4:]]

    def entries(self) -> int:
        """The host's log entries every held seat has (each seat gets every entry)."""
        return min((len(steps) for steps in self.steps.values()), default=0)
