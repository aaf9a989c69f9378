"""What the map offers the player to act: hexes to build on (and the planned tiles, ghosted),
goods to move with their destinations and '+N' tags, red goods' cities, and a hint's hex.

Drawn from a `Draft` (the half-made move as the map shows it, built by the scene from its
picks) over the board, every frame, only while the human to act is looking.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

import pygame

from nile.games.age_of_steam import rules
from nile.games.age_of_steam.rules import AgeOfSteamState, Route
from nile.games.age_of_steam.rules.actions import Build, Urbanize
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.view import choices, overlay, palette
from nile.games.age_of_steam.view.mapview import MapView
from nile.ui import theme


@dataclass(frozen=True)
class Draft:
    """The half-made move as the map shows it (empty: nothing offered, nothing picked)."""

    buildable: Collection[int] = ()
    """Hexes with builds offered."""
    build_hex: int = -1
    """The hex the build picker is open on (-1: closed)."""
    chosen: choices.BuildChoice | None = None
    """The picker's option, shown on its hex."""
    planned: tuple[Build, ...] = ()
    """Building by intent: the plan's tiles (the first is the picker's)."""
    start: int = -1
    target: int = -1
    trail: tuple[int, ...] = ()
    """The hexes a drag passed over (its start first)."""
    built: tuple[int, ...] = ()
    """This build turn's tiles so far."""
    movable: frozenset[tuple[int, str]] = frozenset()
    good: tuple[int, str] | None = None
    dests: Sequence[choices.Destination] = ()
    shown: Route | None = None
    """The route drawn bold: a hint's, the way selected in the list, or the one pointed at."""
    ways_open: bool = False
    red_cities: Collection[int] = ()
    hint_hex: int = -1
    """A hint's hex, blinking (-1: none, or blinked off this frame)."""


def draw(surface: pygame.Surface, mv: MapView, view: AgeOfSteamState, draft: Draft,
         mouse: tuple[int, int], live: bool) -> list[pygame.Rect]:
    """The offered choices over the map (when `live`: the human to act is looking) and the
    hint's hex; returns where the destinations' '+N' tags went."""
    tags: list[pygame.Rect] = []
    if live:
        if view.phase == Phase.BUILD:
            _build(surface, mv, view, draft, mouse)
        elif view.phase == Phase.MOVE:
            tags = _move(surface, mv, view, draft, mouse)
        elif view.phase == Phase.COMMUNISM:
            for h in draft.red_cities:
                overlay.hex_ring(surface, mv, h, palette.GOODS["red"], 3)
    if draft.hint_hex >= 0:
        overlay.hex_ring(surface, mv, draft.hint_hex, theme.GOOD, 5, 1.0)
    if live:
        beneath(surface, mv, mouse)
    return tags


def beneath(surface: pygame.Surface, mv: MapView, mouse: tuple[int, int]) -> None:
    """The pointer on a place's name: the hex under it, outlined over the name. A click
    there goes to that hex (a name is no button), and the outline says which it is, so a
    name lying over a neighbour never reads as its own place (issue 29 item 8)."""
    h = mv.hex_at(mouse)
    if h >= 0 and mv.name_at(mouse) is not None:
        overlay.hex_ring(surface, mv, h, theme.HIGHLIGHT, 2, 1.0)


def _build(surface: pygame.Surface, mv: MapView, view: AgeOfSteamState, draft: Draft,
           mouse: tuple[int, int]) -> None:
    hover = mv.hex_at(mouse)
    for h in draft.buildable:
        if h == draft.build_hex:
            continue
        if h == hover:
            overlay.hex_fill(surface, mv, h, theme.HIGHLIGHT, 70)
            mv.names_over(surface, h)
        overlay.hex_ring(surface, mv, h, theme.HIGHLIGHT, 2, 0.86)
    _intent(surface, mv, view, draft)
    for h in draft.built:
        overlay.hex_ring(surface, mv, h, theme.GOOD, 3, 0.78)
    action = draft.chosen
    if draft.build_hex >= 0:
        seat = view.current_player or 0
        if isinstance(action, Build):
            overlay.ghost_tile(surface, mv, action, mv.colors[seat].rgb)
        elif isinstance(action, Urbanize):
            overlay.hex_fill(surface, mv, draft.build_hex,
                             palette.GOODS[rules.game_config().new_cities[action.letter][0]], 150)
        overlay.hex_ring(surface, mv, draft.build_hex, theme.ACCENT, 3, 1.0)


def _intent(surface: pygame.Surface, mv: MapView, view: AgeOfSteamState, draft: Draft) -> None:
    """The start and target of building by intent, the hexes dragged over and the planned
    tiles after the picker's (ghosts in the builder's colour)."""
    for h in draft.trail[1:]:
        overlay.hex_fill(surface, mv, h, theme.HIGHLIGHT, 60)
    seat = view.current_player or 0
    for action in draft.planned[1:]:
        overlay.ghost_tile(surface, mv, action, mv.colors[seat].rgb)
        overlay.hex_ring(surface, mv, view.map.hex_at(action.hex_label), theme.ACCENT, 2, 1.0)
    if draft.start >= 0:
        overlay.hex_ring(surface, mv, draft.start, theme.ACCENT, 4, 1.0)
    if draft.target >= 0:
        overlay.hex_ring(surface, mv, draft.target, theme.GOOD, 4, 1.0)


def _move(surface: pygame.Surface, mv: MapView, view: AgeOfSteamState, draft: Draft,
          mouse: tuple[int, int]) -> list[pygame.Rect]:
    movable, good = draft.movable, draft.good
    for h in sorted({h for h, _ in movable}):
        if good is None or good[0] == h:
            overlay.hex_ring(surface, mv, h, (250, 250, 250), 2, 1.0)
    for cube in mv.cubes:
        if (cube.hex, cube.colour) in movable:
            chosen = good == (cube.hex, cube.colour)
            rect = mv.cube_rect(cube)
            ring = rect.inflate(6, 6) if not chosen else rect.inflate(10, 10)
            pygame.draw.rect(surface, theme.ACCENT if chosen else (250, 250, 250), ring,
                             3 if chosen else 2, border_radius=3)
    if good is None:
        return []
    hover = mv.hex_at(mouse)
    shown = draft.shown
    for dest in draft.dests:
        best = dest.routes[0]
        overlay.route(surface, mv, choices.route_links(view, best.action), mv.colors,
                      bold=False)
        if hover in dest.hexes and not draft.ways_open:
            shown = best
    if draft.ways_open and draft.shown is not None:
        shown = draft.shown
    if shown is not None:
        overlay.route(surface, mv, choices.route_links(view, shown.action), mv.colors)
    for dest in draft.dests:  # names stay readable over the lines just drawn
        for route in dest.routes[:1]:
            for h in {view.map.hex_at(route.action.source), *route.entered}:
                mv.names_over(surface, h)
    return _tags(surface, mv, view, draft.dests, good[1])


def _tags(surface: pygame.Surface, mv: MapView, view: AgeOfSteamState,
          dests: Sequence[choices.Destination], colour: str) -> list[pygame.Rect]:
    """Each destination ringed with its '+N' tag (and how many ways lead there)."""
    seat = view.current_player or 0
    taken = mv.name_rects()
    tags = []
    for dest in dests:
        for h in dest.hexes:
            overlay.hex_ring(surface, mv, h, theme.HIGHLIGHT, 4, 1.0)
        best = dest.routes[0]
        gain = best.income.get(seat, 0)
        label = f"+{gain}" + (f" · {len(dest.routes)} ways" if len(dest.routes) > 1 else "")
        at = tag_spot(mv, label, dest.hexes[0], taken + mv.mark_rects(leave_out=dest.hexes[0]))
        drawn = overlay.tag(surface, label, at, palette.GOODS[colour],
                            (250, 250, 250) if colour != "yellow" else (20, 20, 20))
        taken.append(drawn)
        tags.append(drawn)
    return tags


def tag_spot(mv: MapView, label: str, h: int, taken: list[pygame.Rect]) -> tuple[float, float]:
    """Where a destination's '+N' tag goes: above the city, else below, right or left of
    it, the first spot that covers no name and no other tag."""
    x, y = mv.hex_centre(h)
    z = mv.zoom
    width = overlay.tag_width(label)
    side = z * 0.9 + width / 2
    spots = [(x, y - z * 0.95), (x, y + z * 0.95), (x + side, y), (x - side, y),
             (x + side, y - z * 0.8), (x + side, y + z * 0.8), (x - side, y - z * 0.8),
             (x - side, y + z * 0.8), (x, y - z * 1.5), (x, y + z * 1.5)]
    boxes = []
    for spot in spots:
        box = pygame.Rect(0, 0, width, 22)
        box.center = (round(spot[0]), round(spot[1]))
        if box.collidelist(taken) < 0:
            return spot
        boxes.append(box)

    def covered(i: int) -> int:
        return sum(boxes[i].clip(r).width * boxes[i].clip(r).height for r in taken)

    return spots[min(range(len(spots)), key=covered)]
