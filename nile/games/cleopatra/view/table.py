"""The whole table of Cleopatra's Caboose, painted from a typed view (`TableView`).

The players' strip, the map with what the picks light (`marks`), the market, the turn
line, the gods and displays (or the final scoring) and the viewer's hand, each clickable
thing added to the hit map as its `Target`. The table is painted into a cached layer
(`TableLayer`) only when something it shows changed: a frame then costs one blit. The
scene builds the view and wires clicks; nothing here knows the scene.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import pygame

from nile.core.game import Action
from nile.core.intent import Offer
from nile.games.cleopatra.intent import ours
from nile.games.cleopatra.rules import CleopatraState, game_data
from nile.games.cleopatra.rules.actions import ShipFruit, SourceFruit, StartBuilding
from nile.games.cleopatra.rules.phases import Phase
from nile.games.cleopatra.view import choices, layout, mapview, panel
from nile.games.cleopatra.view.choices import HAND_KINDS, Target
from nile.games.cleopatra.view.popup import VariantPopup
from nile.ui import theme
from nile.ui.kit.hits import HitMap
from nile.ui.table.hand import Hand

D = game_data()
TABLE: Target = ("table", 0)
"""The table's bare surface, under everything in the hit map: a click there is the
table's (it puts the picked cards back) but acts on nothing."""


@dataclass(frozen=True)
class TableView:
    """What the table shows: the view, where things go, who looks, and the half-made
    move (the cards picked, the actions they allow, what is lit, the list open)."""

    view: CleopatraState
    areas: layout.Areas
    table_rect: pygame.Rect
    board_rect: pygame.Rect
    names: Sequence[str]
    colors: Sequence[int]
    viewer: int | None
    seat: int
    my_turn: bool
    replay: bool
    offer: Offer | None
    """What the picks offer the human to act here (None: nobody here acts)."""
    usable: set[Target]
    """The cards in hand some legal action uses (the others are shaded)."""
    popup: VariantPopup | None
    flashes: Mapping[Target, float]
    hover: Target | None
    scoring_shown: int | None
    landing: tuple[Target, ...] = ()
    """The viewer's cards still flying to the hand (`Motion.landing`): left out of it."""

    @property
    def picked(self) -> tuple[Target, ...]:
        return ours(self.offer.picked) if self.offer is not None else ()

    @property
    def candidates(self) -> tuple[Action, ...]:
        return self.offer.candidates if self.offer is not None else ()

    @property
    def lit(self) -> frozenset[Target]:
        return frozenset(ours(tuple(self.offer.lit))) if self.offer is not None else frozenset()


def route(state: CleopatraState, seat: int, action: Action) -> list[tuple[int, ...]]:
    """The routes an action's fruit would travel (shown on the map)."""
    if isinstance(action, ShipFruit):
        return [choices.ship_route(state, action)]
    if isinstance(action, SourceFruit):
        return [choices.source_route(state, action)]
    if isinstance(action, StartBuilding):
        return choices.building_plan(state, seat, action)
    return []


def marks(tv: TableView) -> tuple[mapview.Marks, set[Target]]:
    """The map's marks (lit places, picked cities, routes, the proposal, flashes, the
    hovered choice) and every lit target off the map."""
    state, seat, picked, options = tv.view, tv.seat, tv.picked, tv.candidates
    found = mapview.Marks()
    lit = set(tv.lit)
    found.cities = {v for k, v in lit if k == "city"}
    found.tracks = {v for k, v in lit if k == "track"}
    found.picked_cities = {D.city_cards[v].city for k, v in picked if k == "hand_city"}
    if state.pending:  # the building's city, where its fruit is gathered
        found.picked_cities.add(state.pending[2])
    if picked or state.pending:
        found.routes = [r for a in options[:40] for r in route(state, seat, a)]
    proposal = tv.popup.action if tv.popup is not None else (
        choices.order(state, seat, list(options))[0]
        if options and (picked or state.pending) else None)
    if proposal is not None:
        found.proposal = route(state, seat, proposal)
        found.proposal_cities = {r[0] for r in found.proposal if r}
    found.flash_cities = {v for k, v in tv.flashes if k == "city"}
    found.flash_tracks = {v for k, v in tv.flashes if k == "track"}
    if tv.hover is not None and tv.hover in lit:
        if tv.hover[0] == "city":
            found.hover_city = tv.hover[1]
        elif tv.hover[0] == "track":
            found.hover_track = tv.hover[1]
    lit.update(t for t in tv.flashes if t[0] not in ("city", "track"))
    return found, lit


def in_flight(keys: Sequence[object], landing: Sequence[Target]) -> set[int]:
    """The places in the hand (`keys`) of the cards still flying to it: one place per
    card in flight (the last of equal cards), so a second copy already held still shows."""
    hidden: set[int] = set()
    for key in landing:
        free = [i for i, held in enumerate(keys) if held == key and i not in hidden]
        if free:
            hidden.add(free[-1])
    return hidden


def paint(surface: pygame.Surface, hits: HitMap[Target], hand: Hand, tv: TableView) -> None:
    """The table without moving things, each clickable thing added to `hits`."""
    a, view = tv.areas, tv.view
    hits.clear()
    surface.fill(theme.TABLE, tv.table_rect)
    hits.add(tv.board_rect, TABLE)
    map_marks, lit = marks(tv)
    colors = list(tv.colors)
    panel.draw_players(surface, view, a.players, list(tv.names), colors, tv.viewer)
    mapview.draw_map(surface, view, a.map, colors, map_marks, 0.0, hits)
    panel.draw_market(surface, view, a.market)
    panel.draw_turnline(surface, view, a.turnline)
    if view.final_rows:
        shown = len(view.final_rows) if tv.scoring_shown is None else tv.scoring_shown
        panel.draw_scoring(surface, view, scoring_rect(a), list(tv.names), colors, shown)
    else:
        panel.draw_gods(surface, view, a.gods, list(tv.names), colors, lit, hits)
        panel.draw_auction_display(surface, view, a.auction, lit, hits)
        panel.draw_city_display(surface, view, a.city, lit, hits)
    if not tv.replay:
        lift = tv.hover if tv.hover and tv.hover[0] in HAND_KINDS else None
        usable = tv.usable if tv.my_turn and view.phase == Phase.ACTIONS else set()
        panel.lay_hand(hand, view, tv.viewer, a.hand, panel.HandMarks(lit, tv.picked, usable,
                                                                      lift))
        hand.hidden = in_flight(hand.keys, tv.landing)
        panel.draw_hand(surface, view, tv.viewer, a.hand, hand, hits)
    if tv.popup is not None and tv.my_turn:
        tv.popup.draw_in(surface, tv.board_rect)


class TableLayer:
    """The painted table and its hit map, painted again only when its key changes."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.hits: HitMap[Target] = HitMap()
        """What can be clicked where on the table last painted (filled while painting)."""
        self._drawn: tuple[object, ...] = ()

    def fresh(self, like: pygame.Surface | None, key: tuple[object, ...],
              painter: Callable[[pygame.Surface, HitMap[Target]], None]) -> pygame.Surface:
        """The layer for `key`, painted by `painter` if it changed. `like`: the surface
        it is blitted to (None: a click asks before any frame)."""
        size = like.get_size() if like is not None else None
        if like is not None and (self.surface is None or self.surface.get_size() != size):
            self.surface = pygame.Surface(like.get_size(), 0, like)  # same pixel format
            self._drawn = ()
        elif self.surface is None:
            self.surface = pygame.Surface((theme.WIDTH, theme.HEIGHT))
            self._drawn = ()
        if key != self._drawn:
            self._drawn = key
            painter(self.surface, self.hits)
        return self.surface


def scoring_rect(a: layout.Areas) -> pygame.Rect:
    """Where the final scoring is shown: over the gods and both displays."""
    return pygame.Rect(a.gods.left, a.gods.top, a.gods.width, a.city.bottom - a.gods.top)


def regions(a: layout.Areas, view: CleopatraState, viewer: int | None,
            hits: HitMap[Target]) -> dict[str, pygame.Rect]:
    """What a tutorial step can point at (see `CleopatraScene.regions`); `hits`: where the
    viewer's cards were drawn."""
    cards = [r for t in panel.hand_keys(view, viewer) if (r := hits.rect_of(t))]
    hand = hand_region(a.hand, cards)
    found = {"players": a.players, "map": a.map, "market": a.market, "turnline": a.turnline,
             "gods": a.gods, "auction": a.auction, "city_display": a.city, "hand": hand,
             "scoring": scoring_rect(a)}
    for seat, box in enumerate(panel.player_boxes(view, a.players)):
        found[f"player {seat + 1}"] = box
    for rect, (_, god) in panel.god_slots(a.gods):
        found[f"god {D.gods[god].name}"] = rect
    for city, rect in enumerate(layout.city_rects(tuple(a.map))):
        found[f"city {D.cities[city]}"] = rect
    for track, geometry in enumerate(layout.track_geometry(tuple(a.map))):
        found[f"track {D.track_name(track)}"] = geometry.hit.union(geometry.chips[0]).union(
            geometry.chips[1])
    return found


def hand_region(hand: pygame.Rect, cards: list[pygame.Rect]) -> pygame.Rect:
    """The cards in the viewer's hand with their headings (not the empty rest of the
    strip, so a tutorial card can sit beside them)."""
    if not cards:
        return hand
    box = cards[0].unionall(cards[1:])
    return pygame.Rect(hand.left, hand.top, max(box.right + 8, hand.left + 260) - hand.left,
                       hand.height)
