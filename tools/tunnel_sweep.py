"""Sweep for tunnelling: blocks lying 0-10 mm from every side of every ship and pyramid.

    python tools/tunnel_sweep.py [--quick] [--json]

Chipmunk has no continuous collision detection, so a fast piece can step through a thin
one. This sweep builds the board of `bench.full_board` without its loose blocks (five ships
on the Nile, three pyramids) and, for every side of every ship and of every pyramid, lays a
small block at gaps from 0 to 10 mm from that side (at the side's middle and near both
ends). Then it flicks at it, at speeds from the softest to the cap, with each kind of block:
- beside a ship, from that ship's own deck, straight at the block and 20 degrees either
  side of straight (the case where a block launched from the deck used to pass through);
- beside a pyramid, from a launch ship set 45 mm out, through the block into the pyramid.

A pass-through is a piece whose centre crosses into another piece on its level (its
footprint shrunk by 1 mm), judged after every pymunk step (substeps included) in the other
piece's frame, so two pieces moving together never count. Pieces that fell off the board
or dropped a level in that step are not judged. The flicked block is judged from its first
step, on the deck too. Prints one JSON object: `tried`, `pass_throughs` (must be 0),
`examples` of failures, and counts by kind and speed. Exit status 1 if any pass-through.
`--quick` runs one ship side set and one pyramid at four speeds (a few seconds; the test
suite uses it); the full sweep takes about two minutes on one core.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from nile.games.cairo import config, geometry  # noqa: E402
from nile.games.cairo.builder import full_board  # noqa: E402
from nile.games.cairo.physics import BodySpec, FlickSimulation, Launch  # noqa: E402

DEEP = 1.0
"""mm: a centre this far inside another piece's outline has passed into it."""
GAPS = (0.0, 0.5, 1.0, 2.0, 3.5, 5.0, 6.5, 8.0, 10.0)
SPEEDS = (450.0, 800.0, 1200.0, 1600.0, 2000.0, 2400.0, 2800.0)
KINDS = {"small": "9s00", "large": "9L", "die": "9D"}
TARGET = "8s00"
LAUNCH_SHIP = "ship9"


@dataclass
class Report:
    tried: int = 0
    pass_throughs: int = 0
    examples: list[str] = field(default_factory=list)
    by_kind: dict[str, int] = field(default_factory=dict)
    by_speed: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    def to_dict(self) -> dict[str, object]:
        return {"tried": self.tried, "pass_throughs": self.pass_throughs,
                "examples": self.examples[:20], "tried_by_kind": self.by_kind,
                "tried_by_speed": self.by_speed, "seconds": round(self.seconds, 1)}


@dataclass(frozen=True)
class Case:
    """One flick of the sweep."""

    label: str
    pieces: tuple[BodySpec, ...]
    launch: Launch


def _size(kind: str) -> tuple[float, float]:
    data = config.load()
    if kind == "ship":
        return data.ship.length, data.ship.width
    side = data.pieces[kind].side
    return side, side


def _sides(x: float, y: float, angle: float, length: float,
           width: float) -> Iterator[tuple[float, float, float, float]]:
    """Each side of a rectangle as (mid x, mid y, outward normal angle, half length)."""
    for normal, reach, half in ((0.0, length / 2, width / 2), (math.pi, length / 2, width / 2),
                                (math.pi / 2, width / 2, length / 2),
                                (-math.pi / 2, width / 2, length / 2)):
        a = angle + normal
        yield x + reach * math.cos(a), y + reach * math.sin(a), a, half


def _beside(mx: float, my: float, normal: float, along: float, gap: float) -> BodySpec:
    """A small block `gap` mm off a side, `along` mm from the side's middle."""
    side = _size("small")[0]
    out = gap + side / 2
    tx, ty = -math.sin(normal), math.cos(normal)
    return BodySpec(TARGET, "small", mx + out * math.cos(normal) + along * tx,
                    my + out * math.sin(normal) + along * ty, normal)


def _alongs(half: float) -> tuple[float, ...]:
    """The side's middle and near both ends (the block still fully beside the side)."""
    end = max(0.0, half - _size("small")[0] / 2)
    return (0.0, -end, end) if end > 0.5 else (0.0,)


def _board() -> tuple[list[BodySpec], list[BodySpec], dict[str, list[BodySpec]]]:
    specs = full_board(1)
    ships = [s for s in specs if s.kind == "ship"]
    pyramids: dict[str, list[BodySpec]] = {}
    for s in specs:
        if s.group:
            pyramids.setdefault(s.group, []).append(s)
    return specs, ships, pyramids


def _kind(number: int) -> tuple[str, str]:
    """The kinds of block take turns over the speeds and gaps (each meets every gap and
    speed somewhere in the sweep, without multiplying its length by three)."""
    kinds = list(KINDS.items())
    return kinds[number % len(kinds)]


def ship_cases(speeds: tuple[float, ...], ships_limit: int | None = None) -> Iterator[Case]:
    _, ships, pyramids = _board()
    stones = [s for group in pyramids.values() for s in group]
    length, width = _size("ship")
    for ship in ships[:ships_limit]:
        for mx, my, normal, half in _sides(ship.x, ship.y, ship.angle, length, width):
            for along in _alongs(half):
                for gap in GAPS:
                    target = _beside(mx, my, normal, along, gap)
                    pieces = (*ships, *stones, target)
                    aim = math.atan2(target.y - ship.y, target.x - ship.x)
                    for number, speed in enumerate(speeds):
                        kind, block = _kind(number + round(gap * 2))
                        turn = math.radians((0.0, -20.0, 20.0)[number % 3])
                        yield Case(f"{ship.id} side {math.degrees(normal):.0f} "
                                   f"along {along:.1f} gap {gap} {kind} {speed:.0f} "
                                   f"turn {math.degrees(turn):.0f}",
                                   pieces, Launch(block, kind, ship.id, aim + turn, speed, 0.0))


def pyramid_cases(speeds: tuple[float, ...],
                  pyramid_limit: int | None = None) -> Iterator[Case]:
    _, ships, pyramids = _board()
    stones = [s for group in pyramids.values() for s in group]
    side = _size("small")[0]
    for group, members in list(pyramids.items())[:pyramid_limit]:
        base = [s for s in members if s.level == 1]
        xs = [s.x for s in base]
        ys = [s.y for s in base]
        cx, cy, angle = sum(xs) / len(xs), sum(ys) / len(ys), base[0].angle
        extent = max(abs((s.x - cx) * math.cos(angle) + (s.y - cy) * math.sin(angle))
                     for s in base) * 2 + side
        for mx, my, normal, half in _sides(cx, cy, angle, extent, extent):
            for along in _alongs(half):
                for gap in GAPS:
                    target = _beside(mx, my, normal, along, gap)
                    lx = target.x + 45.0 * math.cos(normal)
                    ly = target.y + 45.0 * math.sin(normal)
                    pad = BodySpec(LAUNCH_SHIP, "ship", lx, ly, normal)
                    pieces = (*ships, pad, *stones, target)
                    for number, speed in enumerate(speeds):
                        kind, block = _kind(number + round(gap * 2))
                        yield Case(f"pyramid {group} side {math.degrees(normal):.0f} "
                                   f"along {along:.1f} gap {gap} {kind} {speed:.0f}",
                                   pieces, Launch(block, kind, LAUNCH_SHIP, normal + math.pi,
                                                  speed, 0.0))


def pass_throughs(case: Case) -> list[str]:
    """Run one flick, judging every pymunk step; the pass-throughs found."""
    sim = FlickSimulation(case.pieces, case.launch)
    kinds = {s.id: s.kind for s in case.pieces}
    kinds[case.launch.block] = case.launch.kind
    found: list[str] = []
    step = sim._step_space  # the sweep watches the very steps the game takes
    previous = _centres(sim)
    watched_steps = 0

    def watched(part: float, substeps: int) -> None:
        nonlocal previous, watched_steps
        for _ in range(substeps):
            step(part, 1)
            watched_steps += 1
            now = _centres(sim)
            found.extend(_crossings(sim, kinds, previous, now))
            previous = now

    supports = sim._check_supports

    def settled() -> None:
        # a stone that falls a level may be set down beside what it fell on: a jump
        # between steps, not a motion through anything
        nonlocal previous
        supports()
        previous = _centres(sim)

    sim._step_space = watched  # type: ignore[method-assign]
    sim._check_supports = settled  # type: ignore[method-assign]
    sim.resolve()
    if watched_steps != sim.physics_steps:  # a sweep that watched nothing would pass
        raise RuntimeError(f"{case.label}: watched {watched_steps} of "
                           f"{sim.physics_steps} pymunk steps")
    return found


def _centres(sim: FlickSimulation) -> dict[str, tuple[float, float, float, int]]:
    out = {}
    for rec in sim._recs:
        if not rec.removed:
            p = rec.body.position
            out[rec.spec.id] = (p.x, p.y, rec.body.angle, rec.level)
    return out


def _crossings(sim: FlickSimulation, kinds: dict[str, str],
               before: dict[str, tuple[float, float, float, int]],
               after: dict[str, tuple[float, float, float, int]]) -> list[str]:
    """Pieces whose centre went into another piece on its level during one step."""
    out = []
    block, own = sim._launch.block, sim._launch.ship
    leaving = sim._block.on_deck or sim._block.leaving
    for piece, (x, y, _, level) in after.items():
        old = before.get(piece)
        if old is None or old[3] != level or piece in sim.dropped:
            continue
        for other, (ox, oy, oa, olevel) in after.items():
            if other == piece or olevel != level or other in sim.dropped:
                continue
            if leaving and {piece, other} == {block, own}:
                continue
            if abs(x - ox) > 40.0 or abs(y - oy) > 40.0:
                continue
            prev = before.get(other, after[other])
            length, width = _size(kinds[other])
            shrunk = geometry.rectangle(0.0, 0.0, 0.0, length - 2 * DEEP, width - 2 * DEEP)
            p0 = _local(old[0] - prev[0], old[1] - prev[1], prev[2])
            p1 = _local(x - ox, y - oy, oa)
            if geometry.contains(shrunk, p0):
                continue  # already inside before this step: counted when it went in
            steps = max(1, math.ceil(math.hypot(p1[0] - p0[0], p1[1] - p0[1]) / 0.5))
            if any(geometry.contains(shrunk, (p0[0] + (p1[0] - p0[0]) * t / steps,
                                              p0[1] + (p1[1] - p0[1]) * t / steps))
                   for t in range(1, steps + 1)):
                out.append(f"{piece} into {other} at step {sim.steps}")
    return out


def _local(dx: float, dy: float, angle: float) -> tuple[float, float]:
    c, s = math.cos(angle), math.sin(angle)
    return c * dx + s * dy, -s * dx + c * dy


def run(quick: bool = False) -> Report:
    started = time.process_time()
    report = Report()
    if quick:
        speeds = (450.0, 1600.0, 2400.0, 2800.0)
        cases = [*ship_cases(speeds, 1), *pyramid_cases(speeds, 1)][::5]
    else:
        cases = [*ship_cases(SPEEDS), *pyramid_cases(SPEEDS)]
    for case in cases:
        report.tried += 1
        kind, speed = case.launch.kind, f"{case.launch.speed:.0f}"
        report.by_kind[kind] = report.by_kind.get(kind, 0) + 1
        report.by_speed[speed] = report.by_speed.get(speed, 0) + 1
        found = pass_throughs(case)
        if found:
            report.pass_throughs += 1
            report.examples.append(f"{case.label}: {found[0]}")
    report.seconds = time.process_time() - started
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small sample (seconds)")
    parser.add_argument("--json", action="store_true", help="one line of JSON (default: "
                        "indented)")
    args = parser.parse_args(argv)
    report = run(args.quick)
    print(json.dumps(report.to_dict(), indent=None if args.json else 1))
    return 1 if report.pass_throughs else 0


if __name__ == "__main__":
    sys.exit(main())
