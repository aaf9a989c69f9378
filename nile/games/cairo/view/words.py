"""Cairo's actions and pieces in words, for hints, tooltips and the die panel."""

from __future__ import annotations

import math
from collections.abc import Sequence

from nile.core.game import Action
from nile.games.cairo.board import board
from nile.games.cairo.config import Finger
from nile.games.cairo.rules import CairoState, block_kind, block_owner, lies_on_board
from nile.games.cairo.rules import actions as A
from nile.games.cairo.view.mapview import PieceDraw

KIND_LABEL = A.KIND_LABEL
DIRECTIONS = ("east", "north-east", "north", "north-west", "west", "south-west", "south",
              "south-east")


def traits(finger: Finger) -> str:
    """A finger in two words from its CA-4 profile: how strong, how steady."""
    strength = "strong" if finger.max_speed >= 2000 else "weak" if finger.max_speed < 1500 \
        else "medium"
    steady = "precise" if finger.aim_jitter <= 2 else "shaky" if finger.aim_jitter >= 5 \
        else "steady"
    return f"{strength}, {steady}"


def describe(action: Action, view: CairoState, names: Sequence[str]) -> str:
    """What an action does, as a hint says it."""
    if isinstance(action, A.Flick):
        return describe_flick(action, view)
    if isinstance(action, A.Retrieve):
        if action.block == "all":
            return "take back all your blocks beside the ship"
        if action.block == "done":
            return "leave your blocks where they are"
        return f"take back your {KIND_LABEL[block_kind(action.block)]} (ringed in green)"
    if isinstance(action, A.Choose):
        if action.kind == "small":
            return f"flick {min(3, len(view.supply(view.turn, 'small')))} small blocks"
        return f"flick your {KIND_LABEL[action.kind]}"
    if isinstance(action, A.Penalty):
        return f"put a {KIND_LABEL[action.kind]} in the box"
    if isinstance(action, A.BuildPyramid):
        return "build no pyramid" if action.size == 0 else \
            f"build a pyramid of {action.size} stones"
    if isinstance(action, A.Pick):
        return "let the game pick the stones" if action.block == "auto" else \
            f"pick {names[block_owner(action.block)]}'s block (ringed in green)"
    if isinstance(action, A.Arrange):
        return "stack " + ", then ".join(names[s] for s in action.order) + " from the top down"
    if isinstance(action, A.Place):
        return "place the pyramid where the ghost stones show"
    if isinstance(action, A.CancelPyramid):
        return "give up this pyramid"
    return action.to_str()


def describe_flick(flick: A.Flick, view: CairoState) -> str:
    heading = DIRECTIONS[round(flick.degrees / 45.0) % 8]
    target = aimed_site(view, flick.degrees)
    toward = f"at {target}" if target else f"to the {heading}"
    finger = view.data.finger(flick.finger).name
    return (f"flick {toward} ({flick.degrees:.0f}\u00b0) at {flick.power_share:.0%} power "
            f"with the {finger}: see the green arrow")


def aimed_site(view: CairoState, degrees: float) -> str:
    """The site nearest the aim line ahead of the ship (for words only)."""
    x0, y0, _ = view.ship_pose(view.turn)
    ux, uy = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    best, best_gap = "", math.inf
    for site in board().sites:
        dx, dy = site.x - x0, site.y - y0
        along = dx * ux + dy * uy
        gap = abs(dx * uy - dy * ux)
        if along > 0 and gap < max(site.w, site.h) * 0.7 and gap < best_gap:
            best, best_gap = site.name, gap
    return best


def piece_words(view: CairoState, piece: PieceDraw, names: Sequence[str]) -> str:
    """A tooltip: whose block, what kind, where it counts."""
    what = KIND_LABEL[piece.kind]
    if piece.kind == "die" and piece.face:
        what += f" showing {piece.face}"
    real = view.pieces.get(piece.id)
    if real is None or not lies_on_board(view, piece.id):
        return f"{names[piece.owner]}'s {what}"
    place = view.placement(piece.id)
    areas = " and ".join(place.areas)
    where = f", burning on a line in {areas}" if place.burning else f" in desert {areas}" \
        if areas else ""
    for site_id, whole in place.sites:
        name = board().site(site_id).name
        where = f" on {name}" if whole else f", burning on {name} (half influence)"
        break
    if real.pyramid:
        where += f", pyramid level {real.level}"
    return f"{names[piece.owner]}'s {what}{where}"
