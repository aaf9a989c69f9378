"""The drills: each lays out the table, names a target, judges every flick and keeps score.

A drill is pure logic over a `PracticeTable`. The screen calls, in order:
`start(table)` once (and on a restart), `before_fire(table)` just before each flick,
`assess(result, table)` right after it (pure: it judges, it changes nothing, so the
demonstration planner can call it on trial boards), `record(verdict, table)` once the flick
has been shown, then `after_show(table)` to lay out the next attempt.

How each drill scores (practice rulings, invented for Nile; numbers in data.toml):
- P-4 Free practice: no score. With a target site chosen, a flick is a hit when the block
  lies entirely on the site; the error is the distance from the block's centre to the
  site's centre.
- P-5 Land on a site: 10 flicks at a site you choose (click another site to change it);
  10 points for a block lying entirely on it, 5 for one burning on its edge (half
  influence, CA-6). The board is cleared before every flick.
- P-6 Stop in the ring: 10 flicks at a ring in the desert. A block whose centre stops inside
  the ring scores the ring's number (1 for the widest) and the ring shrinks to the next
  size; a miss keeps the ring. The board is cleared before every flick.
- P-7 Three-stone pyramid: flick small blocks at a site, never clearing the board, until
  three of them are free on the site (lying on it or burning on its edge, as CA-8 allows);
  then the pyramid is built the game's way (CA-8, CA-R5). The score is the number of flicks
  (fewer is better, par 3); after 15 flicks (a whole supply) the drill is failed.
- P-8 Knock it off: one flick per layout at a rival block on a site with a rival ship beside
  the line of fire. 10 points when the block no longer touches the site, 5 when it still
  burns on its edge, and -5 instead when any ship is knocked over (CA-7 thresholds). The
  error is how close the flicked block's path came to the rival block.
- P-9 Ten against the clock: 10 flicks, each at a site drawn by the session's generator,
  within 60 s. The clock starts when you first take aim and runs only while you aim (not
  while a block slides); it is the screen's clock, not a rule of the game. Points as P-5;
  flicks left when time runs out score nothing.
"""

from __future__ import annotations

import random

from nile.practice import config
from nile.practice.config import PracticeData
from nile.practice.drill_base import (
    HIGHER,
    LOWER,
    Drill,
    Target,
    Verdict,
    closest_approach,
    judge_site,
    landing_words,
    miss_figures,
    site_target,
)
from nile.practice.drills_sites import FreePractice, SiteLanding, TimedDrill
from nile.practice.drills_skill import KnockDrill, PyramidDrill, RingDrill

__all__ = [
    "DRILLS",
    "DRILL_IDS",
    "HIGHER",
    "LOWER",
    "Drill",
    "FreePractice",
    "KnockDrill",
    "PyramidDrill",
    "RingDrill",
    "SiteLanding",
    "Target",
    "TimedDrill",
    "Verdict",
    "better_of",
    "closest_approach",
    "judge_site",
    "landing_words",
    "make_drill",
    "miss_figures",
    "site_target",
    "title_of",
]

DRILLS: dict[str, type[Drill]] = {
    "landing": SiteLanding,
    "rings": RingDrill,
    "pyramid": PyramidDrill,
    "knock": KnockDrill,
    "timed": TimedDrill,
}
"""The drills in the order the practice home lists them."""
DRILL_IDS = ("free", *DRILLS)


def make_drill(drill_id: str, rng: random.Random, data: PracticeData | None = None) -> Drill:
    data = data or config.load()
    if drill_id == "free":
        return FreePractice(data, rng)
    return DRILLS[drill_id](data, rng)


def title_of(drill_id: str) -> str:
    data = config.load()
    titles = {"free": "Free practice", "landing": data.landing.title,
              "rings": data.rings.title, "pyramid": data.pyramid.title,
              "knock": data.knock.title, "timed": data.timed.title}
    return titles.get(drill_id, drill_id)


def better_of(drill_id: str) -> str:
    return DRILLS[drill_id].better if drill_id in DRILLS else HIGHER
