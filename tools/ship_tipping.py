"""Measure how hard each kind of block knocks a ship (the calibration of CA-7).

    python tools/ship_tipping.py [--json] [--edition 1]

Two ships on the Nile with nothing else: the flicker's on U5 and the one struck either
further up the same lane (U7: "along a lane", the block hits its stern) or across the river
(D4, the block hits its side). Every kind of block is flicked at the ship from the
flicker's deck at speeds from soft to the cap, head-on (the line of flight through the
struck ship's centre) and off-centre (the line of flight 5 to 15 mm beside it, along the
face it hits). For each it reports the hardest knock (the largest contact impulse within
one tick, g*mm/s), how far the ship was shoved (mm) and turned (degrees), the block's speed
when it struck (mm/s), and whether the thresholds in data.toml call that a knock-over.
Prints a table (or JSON) and the tip rate per kind, head-on and off-centre. `--edition 1`
measures the physics and thresholds of games begun before issue 15, for comparison.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from nile.games.cairo import config  # noqa: E402
from nile.games.cairo.board import board  # noqa: E402
from nile.games.cairo.physics import BodySpec, FlickSimulation, Launch  # noqa: E402

SPEEDS = (450.0, 700.0, 1000.0, 1300.0, 1600.0, 1900.0, 2100.0, 2400.0, 2800.0)
BLOCKS = {"small": "0s00", "large": "0L", "die": "0D"}
OFFSETS = {"lane": (-7.0, -4.0, 4.0, 7.0), "river": (-15.0, -10.0, -5.0, 5.0, 10.0, 15.0)}
TARGETS = {"lane": "U7", "river": "D4"}


@dataclass(frozen=True)
class Trial:
    setting: str
    kind: str
    speed: float
    offset: float
    strike_speed: float
    knock: float
    shift: float
    turn: float
    tipped: bool


def trial(setting: str, kind: str, speed: float, offset: float, edition: int = 2) -> Trial:
    """One flick at the struck ship; `offset` mm beside its centre along the struck face."""
    data = config.edition(edition)
    b = board()
    own, other = b.space("U5"), b.space(TARGETS[setting])
    ships = [BodySpec("ship0", "ship", own.x, own.y, own.heading),
             BodySpec("ship1", "ship", other.x, other.y, other.heading)]
    ux, uy = math.cos(other.heading), math.sin(other.heading)
    if setting == "lane":
        aim_x, aim_y = other.x - uy * offset, other.y + ux * offset  # across its stern
    else:
        aim_x, aim_y = other.x + ux * offset, other.y + uy * offset  # along its side
    angle = math.atan2(aim_y - own.y, aim_x - own.x)
    sim = FlickSimulation(ships, Launch(BLOCKS[kind], kind, "ship0", angle, speed, 0.0),
                          data=data)
    strike = 0.0
    while not sim.done and not sim.ship_impulse.get("ship1"):
        strike = sim._block.body.velocity.length
        sim.step_frame(1)
    out = sim.resolve()
    pose = out.poses["ship1"]
    shift = math.hypot(pose.x - other.x, pose.y - other.y)
    turn = abs(math.degrees(math.remainder(pose.angle - other.heading, 2 * math.pi)))
    knock = out.ship_impulse.get("ship1", 0.0)
    rules = data.knockover
    tipped = knock > rules.impulse or shift > rules.shift or turn > rules.turn
    return Trial(setting, kind, speed, offset, round(strike if knock else 0.0),
                 round(knock), round(shift, 2), round(turn, 2), tipped)


def run(edition: int = 2) -> list[Trial]:
    return [trial(setting, kind, speed, offset, edition)
            for setting in ("lane", "river") for kind in BLOCKS
            for offset in (0.0, *OFFSETS[setting]) for speed in SPEEDS]


def rates(trials: list[Trial]) -> dict[str, str]:
    """Tip rate per setting and kind, head-on and off-centre (hits only)."""
    out = {}
    for setting in ("lane", "river"):
        for kind in BLOCKS:
            for name, pick in (("head-on", True), ("off-centre", False)):
                hits = [t for t in trials if t.setting == setting and t.kind == kind and
                        (t.offset == 0.0) == pick and t.knock > 0.0]
                tipped = sum(t.tipped for t in hits)
                out[f"{setting} {kind} {name}"] = f"{tipped}/{len(hits)}"
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--edition", type=int, default=2, choices=(1, 2))
    args = parser.parse_args(argv)
    trials = run(args.edition)
    if args.json:
        print(json.dumps({"trials": [asdict(t) for t in trials], "rates": rates(trials)}))
        return 0
    print("setting kind  speed offset strike  knock  shift  turn tipped")
    for t in trials:
        print(f"{t.setting:6} {t.kind:5} {t.speed:5.0f} {t.offset:6.1f} {t.strike_speed:6.0f} "
              f"{t.knock:6.0f} {t.shift:6.2f} {t.turn:5.1f} {'yes' if t.tipped else ''}")
    for key, value in rates(trials).items():
        print(f"{key:28} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
