"""The table's smaller parts the scene wires: the half-made move as the map draws it (`Draft`,
cached per position and picks), the build's review card, the tooltip's words for what the
pointer rests on, the picker's buttons, and the places a tutorial step may point at."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace

import pygame

from nile.core.intent import Target
from nile.games.age_of_steam.intent import (
    AgeOfSteamIntent,
    GoodTarget,
    HexTarget,
    RowTarget,
    Start,
    TileTarget,
    Toward,
    of_kind,
)
from nile.games.age_of_steam.rules import AgeOfSteamState, max_builds
from nile.games.age_of_steam.rules.actions import Deliver
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.view import built, choices, review, tips
from nile.games.age_of_steam.view.choices import BuildChoice
from nile.games.age_of_steam.view.glance import Glance
from nile.games.age_of_steam.view.mapbuttons import MapButton
from nile.games.age_of_steam.view.mapview import MapView
from nile.games.age_of_steam.view.offered import Draft
from nile.games.age_of_steam.view.panel import Panel, SeatTarget, layout
from nile.games.age_of_steam.view.pickers import Pickers
from nile.games.age_of_steam.view.popup import GroupChip, Part, PopupTarget
from nile.ui import theme
from nile.ui.kit import tooltip as kit_tooltip
from nile.ui.kit.hits import HitMap


@dataclass(frozen=True)
class ReviewCard:
    """The build's review card: pointed at, it steps aside (the hexes under it stay
    clickable)."""


MapTarget = MapButton | ReviewCard


@dataclass(frozen=True)
class Drafted:
    """A `Draft` and the build review it shows, for one position and set of picks."""

    draft: Draft
    review: built.Review | None


class DraftCache:
    """The half-made move as the map draws it, worked out once per position and picks (the
    frame loop asks every frame)."""

    def __init__(self, intent: AgeOfSteamIntent) -> None:
        self.intent = intent
        self._by_hex: tuple[object, dict[int, list[BuildChoice]]] = (None, {})
        self._key: object = None
        self._view: AgeOfSteamState | None = None
        self._drafted = Drafted(Draft(), None)

    @property
    def last(self) -> Drafted:
        return self._drafted

    def by_hex(self, view: AgeOfSteamState) -> dict[int, list[BuildChoice]]:
        """The offered builds by hex (cheapest first)."""
        if self._by_hex[0] is not view:
            found = choices.build_choices(view) if view.phase == Phase.BUILD else {}
            self._by_hex = (view, found)
        return self._by_hex[1]

    def of(self, view: AgeOfSteamState, live: bool, picked: tuple[Target, ...],
           pickers: Pickers, trail: Sequence[int], hint_hex: object | None) -> Draft:
        """The draft for `picked` (nothing offered unless `live`: the human to act looks)."""
        key = (live, picked, pickers.chosen_build(), pickers.shown_way(), tuple(trail),
               pickers.dest_popup is not None)
        if key != self._key or view is not self._view:  # (states compare by their contents)
            self._key, self._view = key, view
            self._drafted = self._work(view, live, picked, pickers, tuple(trail))
        hint = hint_hex if isinstance(hint_hex, int) else -1
        if self._drafted.draft.hint_hex != hint:
            self._drafted = Drafted(replace(self._drafted.draft, hint_hex=hint),
                                    self._drafted.review)
        return self._drafted.draft

    def _work(self, view: AgeOfSteamState, live: bool, picked: tuple[Target, ...],
              pickers: Pickers, trail: tuple[int, ...]) -> Drafted:
        seat = view.current_player
        if not live or seat is None or seat < 0:
            return Drafted(Draft(trail=trail), None)
        offer = self.intent.offer(view, seat, picked)
        hexes = [t.hex for t in offer.lit if isinstance(t, HexTarget)]
        if view.phase == Phase.BUILD:
            done = self.intent.review(view, seat)
            planned = self.intent.planned(view, picked)
            start, toward = of_kind(picked, Start), of_kind(picked, Toward)
            return Drafted(Draft(
                buildable=sorted(hexes), build_hex=pickers.build_hex,
                chosen=pickers.chosen_build(),
                planned=planned.builds if planned is not None else (),
                start=start.hex if isinstance(start, Start) else -1,
                target=toward.hex if isinstance(toward, Toward) else -1, trail=trail,
                built=tuple(view.map.hex_at(e.hex_label) for e in done.tiles)), done)
        if view.phase == Phase.MOVE:
            good = of_kind(picked, GoodTarget)
            spot = (good.hex, good.colour) if isinstance(good, GoodTarget) else None
            return Drafted(Draft(
                movable=frozenset(choices.movable_goods(view)), good=spot,
                dests=choices.destinations(view, *spot) if spot is not None else (),
                shown=pickers.shown_way(), ways_open=pickers.dest_popup is not None,
                trail=trail), None)
        return Drafted(Draft(red_cities=hexes, trail=trail), None)


def tiles_in(lit: Collection[Target]) -> frozenset[str]:
    return frozenset(t.name for t in lit if isinstance(t, TileTarget))


def rows_in(lit: Collection[Target]) -> frozenset[str]:
    return frozenset(t.row for t in lit if isinstance(t, RowTarget))


def hover_of(hit: object) -> TileTarget | RowTarget | None:
    return hit if isinstance(hit, TileTarget | RowTarget) else None


def ring_tile(surface: pygame.Surface, panel: Panel, target: TileTarget) -> None:
    """A hint's action tile, ringed."""
    rect = panel.rect_of(target)
    if rect is not None:
        pygame.draw.rect(surface, theme.GOOD, rect.inflate(6, 6), 3, border_radius=7)


def click_popup(hit: PopupTarget, pickers: Pickers,
                show: Callable[[BuildChoice | None], None], confirm: Callable[[], None],
                close: Callable[[], object]) -> None:
    """A click on the build picker: a chip jumps to its group, the arrows step, Confirm
    lays the tile, Cancel closes it (its frame takes the click and does nothing)."""
    if isinstance(hit, GroupChip):
        show(pickers.of_group(name=hit.name))
    elif hit == Part.PREV:
        show(pickers.stepped(-1))
    elif hit == Part.NEXT:
        show(pickers.stepped(1))
    elif hit == Part.OK:
        confirm()
    elif hit == Part.CANCEL:
        close()


def hex_box(mv: MapView, h: int) -> pygame.Rect:
    points = mv.hex_polygon(h, 1.0)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys) + 16)


def plan_rects(mv: MapView, drafted: Drafted) -> list[pygame.Rect]:
    """The hexes the picker should leave in sight: the plan's tiles and the target (with
    its whole place, Al Qahirah has two hexes) and their names."""
    draft = drafted.draft
    hexes = [mv.geo.map.hex_at(a.hex_label) for a in draft.planned]
    if draft.target >= 0:
        hexes.append(draft.target)
    return [hex_box(mv, h) for h in hexes]


def draw_review(surface: pygame.Surface, mv: MapView, view: AgeOfSteamState, draft: Draft,
                area: pygame.Rect, hits: HitMap[MapTarget], mouse: tuple[int, int],
                buttons: list[pygame.Rect], words: Callable[[str], str],
                done: built.Review | None) -> pygame.Rect | None:
    """Before Done (AS-16): this turn's tiles, cost, links and losses, in a corner of the
    map clear of the tiles it lists and of the hexes still open (hidden while the picker
    is open or the mouse is over it, so it never blocks a click); returns where it goes."""
    if done is None or done.empty or draft.build_hex >= 0:
        return None
    seat = view.current_player or 0
    rows = review.lines(done, max_builds(view, seat) - view.builds_done)
    hexes = [view.map.hex_at(e.hex_label) for e in done.tiles] + list(draft.buildable)
    rect = review.corner_for(area, review.card_size(rows), [hex_box(mv, h) for h in hexes],
                             names=mv.name_rects() + mv.mark_rects(), buttons=buttons)
    hits.add(rect, ReviewCard())
    if hits.at(mouse) != ReviewCard():  # pointed at, it steps aside for the hexes under it
        review.draw_card(surface, rect, [(style, words(line)) for style, line in rows])
    return rect


def tooltip(surface: pygame.Surface, lines: list[str], mouse: tuple[int, int],
            bounds: pygame.Rect) -> None:
    kit_tooltip.draw(surface, lines, mouse, bounds, heading=True)


def tip_lines(view: AgeOfSteamState, mv: MapView, mouse: tuple[int, int],
              hits: HitMap[MapTarget], glance: Glance, panel: Panel, pickers: Pickers,
              drafted: Drafted, names: list[str]) -> list[str]:
    """What the pointer rests on, in words: a marker of the strip, a tile, a row or a
    player on the boards, a destination of the good picked, else the hex."""
    if hits.find(mouse, MapButton) is not None:
        return []  # a button says what it is; the hex under it is not what is pointed at
    if pickers.dest_popup is not None or (
            pickers.build_popup is not None and pickers.build_popup.hit(mouse) is not None):
        return []
    marks = glance.tip(mouse)
    if marks:
        return marks
    hit = panel.hit(mouse)
    if isinstance(hit, TileTarget):
        return tips.tile_lines(view, hit.name, names)
    if isinstance(hit, RowTarget):
        return tips.row_lines(view, hit.row)
    if isinstance(hit, SeatTarget):
        return tips.player_lines(view, hit.seat, names)
    h = mv.hex_at(mouse)
    if h < 0 or pickers.build_hex == h:
        return []
    draft = drafted.draft
    for dest in draft.dests if draft.good is not None else []:
        if h in dest.hexes:
            seat = view.current_player or 0
            ways = [choices.describe_route(view, r, names, seat) for r in dest.routes]
            more = "Click to deliver." if len(ways) == 1 else "Click to pick one of these."
            return [f"Deliver the {draft.good[1]} good here", *ways, more]  # type: ignore[index]
    return tips.hex_lines(view, h, names, tips.segment_at(view, h, near_edge(mv, h, mouse)))


def near_edge(mv: MapView, h: int, mouse: tuple[int, int]) -> int | None:
    """The edge of hex `h` the pointer is nearest (None at its centre)."""
    cx, cy = mv.hex_centre(h)
    dx, dy = mouse[0] - cx, mouse[1] - cy
    if abs(dx) + abs(dy) < 2:
        return None
    return max((ux * dx + uy * dy, edge)
               for edge, (ux, uy) in enumerate(mv.geo.direction(e) for e in range(6)))[1]


def regions(view: AgeOfSteamState, mv: MapView, areas: dict[str, pygame.Rect], mode: str,
            players: int, route: Deliver | None) -> dict[str, pygame.Rect]:
    """The table's places a tutorial step may point at (see the scene's `regions`)."""
    panel = areas["panel"]
    blocks = {name: rect.move(panel.topleft) for name, rect in
              layout(pygame.Rect(0, 0, *panel.size), mode, players).items()}
    found = {"map": areas["map"], "panel": panel, "turn": blocks["turn"],
             "players": blocks["players"], "auction": blocks["players"],
             "actions": blocks["actions"], "display": blocks["display"]}

    def box(hexes: Sequence[int]) -> pygame.Rect:
        """The screen box round these hexes (clipped to the map)."""
        r = mv.zoom
        boxes = [pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r))
                 for x, y in (mv.hex_centre(h) for h in hexes)]
        return boxes[0].unionall(boxes[1:]).clip(areas["map"])

    for city in view.map.cities:
        found[f"place:{city.name}"] = box(city.hexes)
    for h, name in view.map.town_names.items():
        found[f"place:{name}"] = box([h])
    for h in range(view.map.size):
        found[f"hex:{view.map.label(h)}"] = box([h])
    if route is not None:
        hexes = [h for link in choices.route_links(view, route) for h in link.hexes]
        found["route"] = box(hexes or [view.map.hex_at(route.source)])
    return found
