"""The two pickers on the map, shown as the picks say (`intent.py`): the build picker (a hex's
tiles one at a time, with their price and what each does: the wheel, the arrows or its
chips cycle them) and the list of ways to deliver a good to a destination.

The picks hold the move (the hex, the tile shown, the good, its destination); this
component holds only how the pickers look: the order of a hex's tiles, the group chips,
which way the list has selected, and a hint's route.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from nile.core.intent import Target
from nile.games.age_of_steam.intent import (
    GoodTarget,
    HexTarget,
    OptionTarget,
    PlaceTarget,
    Toward,
    WayTarget,
    of_kind,
)
from nile.games.age_of_steam.rules import AgeOfSteamState, Route, new_tracks
from nile.games.age_of_steam.rules.actions import Build, Urbanize
from nile.games.age_of_steam.view import choices, plan
from nile.games.age_of_steam.view.choices import BuildChoice, BuildEffect, place_title
from nile.games.age_of_steam.view.mapview import MapView
from nile.games.age_of_steam.view.popup import CyclePopup, ListPopup


class Pickers:
    """The build picker and the ways list as last shown (None: closed)."""

    def __init__(self) -> None:
        self.build_popup: CyclePopup | None = None
        self.build_hex = -1
        self.build_options: list[BuildChoice] = []
        self.build_effects: list[BuildEffect] = []
        """What each option does (from `choices.by_use`), for aiming at a hex."""
        self._build_key: object = None
        self.dest_popup: ListPopup | None = None
        self.dest_routes: list[Route] = []
        self._ways_key: object = None
        self.preview: Route | None = None
        """A hint's route, drawn bold until the good is put down."""
        self._good: Target | None = None

    # Following the picks ---------------------------------------------------------------

    def sync(self, view: AgeOfSteamState, picked: Sequence[Target],
             by_hex: dict[int, list[BuildChoice]], names: Sequence[str]) -> None:
        """Show what `picked` says: the build picker on its hex at its tile, the ways list
        for a good's destination with several ways."""
        self._sync_build(view, picked, by_hex)
        good = of_kind(picked, GoodTarget)
        if good != self._good:
            self._good, self.preview = good, None
        place = of_kind(picked, PlaceTarget)
        if not isinstance(good, GoodTarget) or not isinstance(place, PlaceTarget) or \
                of_kind(picked, WayTarget) is not None:
            self.dest_popup, self.dest_routes, self._ways_key = None, [], None
            return
        key = (good, place)
        if key == self._ways_key and self.dest_popup is not None:
            return
        dest = next((d for d in choices.destinations(view, good.hex, good.colour)
                     if d.key == place.key), None)
        if dest is None or len(dest.routes) < 2:
            return
        seat = view.current_player or 0
        items = [choices.describe_route(view, r, list(names), seat) for r in dest.routes]
        self.dest_popup = ListPopup(f"Ways to {view.place_name(dest.hexes[0])}: pick one", items)
        self.dest_routes, self._ways_key = list(dest.routes), key

    def _sync_build(self, view: AgeOfSteamState, picked: Sequence[Target],
                    by_hex: dict[int, list[BuildChoice]]) -> None:
        option, hexes = of_kind(picked, OptionTarget), of_kind(picked, HexTarget)
        if not isinstance(option, OptionTarget) or not isinstance(hexes, HexTarget):
            self.close_build()
            return
        h, toward = hexes.hex, of_kind(picked, Toward)
        options = by_hex.get(h, [])
        key = (h, toward, tuple(options))
        if key != self._build_key or self.build_popup is None:
            self._open(view, h, options, option.action, toward)
            self._build_key = key
        popup = self.build_popup
        if popup is not None and option.action in self.build_options:
            popup.index = self.build_options.index(option.action)
            popup.confirm = "Found" if isinstance(option.action, Urbanize) else "Build"

    def _open(self, view: AgeOfSteamState, h: int, options: list[BuildChoice],
              chosen: BuildChoice, toward: Target | None) -> None:
        """The picker for hex `h`: each option with its price and what it does (the most
        useful first; toward the target first when building by intent); a town's options
        are grouped by exits (each group by use), unless a target orders them."""
        ordered, effects = choices.by_use(view, options)
        if isinstance(toward, Toward):
            lookup = dict(zip(ordered, effects, strict=True))
            ordered = [ordered[i] for i in plan.first_toward(view, ordered, toward.hex)]
            ordered.remove(chosen)
            ordered.insert(0, chosen)
            effects = [lookup[a] for a in ordered]
        elif view.is_town(h):
            order = sorted(range(len(ordered)), key=lambda i: (choices.exits_of(ordered[i]), i))
            ordered, effects = [ordered[i] for i in order], [effects[i] for i in order]
        self.build_hex, self.build_options, self.build_effects = h, ordered, effects
        groups = [choices.exits_group(a) for a in ordered] if view.is_town(h) else []
        self.build_popup = CyclePopup(
            place_title(view, h), [choices.describe_build(view, a) for a in ordered],
            ordered.index(chosen) if chosen in ordered else 0,
            "Found" if isinstance(chosen, Urbanize) else "Build", "wheel or arrow keys",
            details=[e.words for e in effects], groups=groups)

    def close_build(self) -> None:
        self.build_hex, self.build_options, self.build_effects = -1, [], []
        self.build_popup, self._build_key = None, None

    # What the pickers choose -------------------------------------------------------------

    def chosen_build(self) -> BuildChoice | None:
        if self.build_popup is None or not self.build_options:
            return None
        return self.build_options[self.build_popup.index]

    def stepped(self, delta: int) -> BuildChoice | None:
        """The option `delta` steps on (the wheel, the arrows)."""
        if self.build_popup is None:
            return None
        self.build_popup.step(delta)
        return self.chosen_build()

    def of_group(self, delta: int = 0, name: str = "") -> BuildChoice | None:
        """The first option of the group `delta` on, or of group `name` (a chip)."""
        if self.build_popup is None:
            return None
        if name:
            self.build_popup.jump(name)
        else:
            self.build_popup.step_group(delta)
        return self.chosen_build()

    def aimed(self, view: AgeOfSteamState, target: int) -> BuildChoice | None:
        """With the picker open, a click on a hex where nothing can be built picks the
        option whose track gets nearest it (a city to reach, a hex to head for)."""
        if self.build_popup is None:
            return None
        self.build_popup.index = choices.aim(view, self.build_effects, target)
        return self.chosen_build()

    def way(self, index: int) -> Route | None:
        return self.dest_routes[index] if 0 <= index < len(self.dest_routes) else None

    def shown_way(self) -> Route | None:
        """The way Enter takes, picked by pointer or keys (or a hint's route)."""
        if self.dest_popup is not None:
            return self.way(self.dest_popup.selected) or self.preview
        return self.preview

    # Drawing -----------------------------------------------------------------------------

    def floating_rects(self) -> list[pygame.Rect]:
        found = []
        framed = self.build_popup.frame_rect if self.build_popup is not None else None
        if framed is not None:
            found.append(framed)
        if self.dest_popup is not None:
            found.append(self.dest_popup.rect)
        return found

    def draw(self, surface: pygame.Surface, mv: MapView, area: pygame.Rect,
             outer: pygame.Rect, keep_clear: Sequence[pygame.Rect]) -> None:
        """The open pickers beside their hex, off the `keep_clear` hexes (the plan's)."""
        if self.build_popup is not None and self.build_hex >= 0:
            anchor = mv.hex_centre(self.build_hex)
            # names and cities' marks are kept clear too where a spot is
            self.build_popup.draw(surface, anchor, area, mv.zoom * 1.1, keep_clear, outer,
                                  mv.name_rects() + mv.mark_rects())
        if self.dest_popup is not None and self.dest_routes:
            anchor = mv.hex_centre(self.dest_routes[0].destination)
            self.dest_popup.draw_at(surface, anchor, area, mv.zoom * 1.1)


def toward_pointer(view: AgeOfSteamState, mv: MapView, h: int,
                   options: Sequence[BuildChoice], pos: tuple[int, int]) -> int:
    """The option whose new track heads most toward where the hex was clicked."""
    cx, cy = mv.hex_centre(h)
    dx, dy = pos[0] - cx, pos[1] - cy
    if math.hypot(dx, dy) < mv.zoom * 0.25:
        return 0
    best, best_score = 0, -9.0
    for i, action in enumerate(options):
        if not isinstance(action, Build):
            continue
        score = -9.0
        for t in new_tracks(view, action):
            for port in t:
                if port < 6:
                    ux, uy = mv.geo.direction(port)
                    score = max(score, (ux * dx + uy * dy) / math.hypot(dx, dy))
        if score > best_score + 1e-6:
            best, best_score = i, score
    return best
