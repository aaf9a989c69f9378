"""The offered actions sorted for the mouse: builds by hex, deliveries by good and by
destination, and the words for each. Only `legal_actions()` decides what is offered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from nile.core.game import Action
from nile.games.age_of_steam import rules
from nile.games.age_of_steam.rules import (
    AgeOfSteamState,
    Route,
    Segment,
    Track,
    offset_to_axial,
    routes,
    segment_after,
    tile_words,
)
from nile.games.age_of_steam.rules.actions import (
    ACTION_TITLES,
    Bid,
    Build,
    CommunismExchange,
    CommunismPlace,
    Deliver,
    DropOut,
    EndBuild,
    FreePass,
    IssueShares,
    PassMove,
    PlaceGood,
    RaiseLocomotive,
    TakeAction,
    Urbanize,
)

BuildChoice = Build | Urbanize

TERRAIN_WORDS = {
    "plain": "Plain", "river": "River", "mountain": "Mountain",
    "high_mountain": "High mountain", "desert": "Desert", "canal": "Suez Canal",
}


def build_choices(view: AgeOfSteamState) -> dict[int, list[BuildChoice]]:
    """Offered builds and urbanizations by hex, cheapest first."""
    legal = view.legal_actions()
    by_hex: dict[int, list[BuildChoice]] = {}
    for action in legal:
        if isinstance(action, Build | Urbanize):
            by_hex.setdefault(view.map.hex_at(action.hex_label), []).append(action)
    for options in by_hex.values():
        options.sort(key=lambda a: (isinstance(a, Urbanize), build_cost(view, a), a.to_str()))
    return by_hex


@dataclass(frozen=True)
class BuildEffect:
    """What a tile does for its builder's network, to sort and name the options."""

    rank: int
    """0 completes a link, 1 heads into a town or beside a city, 2 goes on, 3 dead end."""
    words: str
    reaches: tuple[int, ...] = ()
    """Where the track gets to: a link's two stops, or the hex a loose end points at."""


def build_effect(view: AgeOfSteamState, action: BuildChoice) -> BuildEffect:
    """The track the tile makes, traced on the board as it would be: 'completes the link
    Santiago – Valparaiso', 'heads for Rancagua', 'goes on next to Ovalle', 'dead end'."""
    if isinstance(action, Urbanize):
        return BuildEffect(1, "a new city here")
    seg = segment_after(view, action)
    if seg is None:
        return BuildEffect(2, "")
    if seg.complete:
        a, b = (view.place_name(e.stop) for e in seg.ends)
        return BuildEffect(0, f"completes the link {a} – {b}",
                           tuple(e.stop for e in seg.ends))
    effect = _open_end(view, seg)
    end = [e for e in seg.ends if e.stop < 0][-1]
    pointed = view.map.neighbours[end.hex][end.edge]
    return BuildEffect(effect.rank, effect.words, (pointed,) if pointed >= 0 else ())


def _open_end(view: AgeOfSteamState, seg: Segment) -> BuildEffect:
    """An unfinished track: where its loose end points."""
    mp = view.map
    loose = [e for e in seg.ends if e.stop < 0]
    end = loose[-1]
    starts = {view.place_key(e.stop) for e in seg.ends if e.stop >= 0}
    n = mp.neighbours[end.hex][end.edge]
    if n < 0:
        return BuildEffect(3, "dead end: runs off the map")
    if not view.rules.buildable(view, n) and n not in view.stop_hexes():
        return BuildEffect(3, f"dead end: no track {mp.whereabouts(n)}")
    if n in view.town_hexes() and view.place_key(n) not in starts:
        return BuildEffect(1, f"heads for {mp.place_name(n)}")
    near = [m for m in mp.neighbours[n] if m >= 0 and m in view.stop_hexes()
            and view.place_key(m) not in starts]
    if near:
        return BuildEffect(1, f"heads for {view.place_name(min(near))}")
    toward = _next_place(view, n, starts)
    return BuildEffect(2, f"goes on toward {toward}" if toward else "goes on")


def _next_place(view: AgeOfSteamState, h: int, starts: set[str]) -> str:
    """The nearest city or town within three hexes of `h` that the track does not come
    from, by name ('' if none)."""
    mp = view.map
    ring, seen = [h], {h}
    for _ in range(3):
        ring = sorted({m for x in ring for m in mp.neighbours[x] if m >= 0 and m not in seen})
        seen.update(ring)
        named = [m for m in ring if (m in view.stop_hexes() or m in view.town_hexes())
                 and view.place_key(m) not in starts and m not in view.pyramids]
        if named:
            return view.place_name(min(named))
    return ""


def by_use(view: AgeOfSteamState, options: list[BuildChoice]
           ) -> tuple[list[BuildChoice], list[BuildEffect]]:
    """A hex's options, the most useful first (links completed, then places reached,
    then track that goes on, dead ends last; cheaper first within each), with what each
    does."""
    effects = {a: build_effect(view, a) for a in options}
    ordered = sorted(options, key=lambda a: (effects[a].rank, build_cost(view, a),
                                            a.to_str()))
    return ordered, [effects[a] for a in ordered]


def aim(view: AgeOfSteamState, effects: list[BuildEffect], target: int) -> int:
    """The option whose track gets nearest hex `target` (a city, a town, a hex further
    on): building by intent, the picker open and the mouse pointing where to go. A link
    completed into the target's place wins; ties go to the more useful option."""
    cells = view.map.cells

    def distance(a: int, b: int) -> float:
        """Steps between two hexes (axial coordinates)."""
        (qa, ra), (qb, rb) = offset_to_axial(*cells[a]), offset_to_axial(*cells[b])
        return float(max(abs(qa - qb), abs(ra - rb), abs(qa + ra - qb - rb)))

    key = view.place_key(target)

    def score(i: int) -> tuple[float, int]:
        reaches = effects[i].reaches
        if not reaches:
            return (99.0, effects[i].rank)
        if any(view.place_key(h) == key for h in reaches if h >= 0):
            return (0.0, effects[i].rank)
        return (min(distance(h, target) for h in reaches) + 0.5, effects[i].rank)

    return min(range(len(effects)), key=score) if effects else 0


def exits_of(action: BuildChoice) -> int:
    """A town tile's number of exits (0 for anything else): the picker groups by it."""
    if isinstance(action, Build) and action.tile.startswith("town") and action.tile[4:5].isdigit():
        return int(action.tile[4])
    return 0


def exits_group(action: BuildChoice) -> str:
    """The picker's group line for a town option: '2 exits', 'new city'."""
    if isinstance(action, Urbanize):
        return "new city"
    exits = exits_of(action)
    if exits == 0:
        return "track"
    return f"{exits} exit{'s' if exits != 1 else ''}"


def build_cost(view: AgeOfSteamState, action: BuildChoice) -> int:
    if isinstance(action, Urbanize):
        return 0
    return view.build_prices.get(action, 0)


def describe_build(view: AgeOfSteamState, action: BuildChoice) -> str:
    """'Gentle curve for $3', 'Found new city B (blue)'."""
    if isinstance(action, Urbanize):
        colour = rules.game_config().new_cities[action.letter][0]
        return f"New city {action.letter} ({colour}), free"
    words = tile_words(action.tile)
    if action.kind == "upgrade":
        words = f"Upgrade: {words.lower()}"
    elif action.kind == "redirect":
        words = f"Redirect: {words.lower()}"
    return f"{words} for ${build_cost(view, action)}"


@dataclass(frozen=True)
class Destination:
    """Where a chosen good can go: the place and each distinct way there."""

    key: str
    hexes: tuple[int, ...]
    routes: tuple[Route, ...]


def offered_routes(view: AgeOfSteamState) -> list[Route]:
    """The deliveries offered now, with their details."""
    legal = view.legal_actions()
    if not any(isinstance(a, Deliver) for a in legal):
        return []
    found = view.offered_routes
    if not found:
        seat = view.current_player
        assert seat is not None and seat >= 0
        found = routes(view, seat)
    allowed = {a for a in legal if isinstance(a, Deliver)}
    return [r for r in found if r.action in allowed]


def movable_goods(view: AgeOfSteamState) -> set[tuple[int, str]]:
    """(hex, colour) of every good that has somewhere to go."""
    return {(view.map.hex_at(r.action.source), r.action.colour) for r in offered_routes(view)}


def destinations(view: AgeOfSteamState, source: int, colour: str) -> list[Destination]:
    """Where the good may go, each with its distinct routes (best for the mover first)."""
    seat = view.current_player
    label = view.map.label(source)
    grouped: dict[str, list[Route]] = {}
    for route in offered_routes(view):
        if route.action.source == label and route.action.colour == colour:
            grouped.setdefault(view.place_key(route.destination), []).append(route)
    result = []
    for key, ways in grouped.items():
        ways.sort(key=lambda r: (-r.income.get(seat or 0, 0), r.fee, len(r.entered)))
        hexes = tuple(sorted({r.destination for r in ways}))
        if key in {c.name for c in view.map.cities}:
            hexes = view.map.city_named(key).hexes
        result.append(Destination(key, hexes, tuple(ways)))
    result.sort(key=lambda d: d.key)
    return result


def describe_route(view: AgeOfSteamState, route: Route, names: list[str],
                   mover: int) -> str:
    """'Kiev: you +2, Bo +1, ferry $1'."""
    parts = []
    for owner, amount in sorted(route.income.items(), key=lambda kv: kv[0] != mover):
        who = "you" if owner == mover else names[owner]
        parts.append(f"{who} +{amount}")
    if not parts:
        parts.append("no income")
    if route.fee:
        parts.append(f"ferry ${route.fee}")
    links = len(route.action.steps)
    return f"{view.place_name(route.destination)}: {', '.join(parts)} · {links} link" + (
        "s" if links != 1 else "")


@dataclass(frozen=True)
class LinkPath:
    """One link of a route: who owns it, the hexes it runs through stop to stop, and its
    track pieces in travel order."""

    owner: int
    hexes: tuple[int, ...]
    pieces: tuple[tuple[int, Track], ...] = ()


def route_links(view: AgeOfSteamState, action: Deliver) -> list[LinkPath]:
    """The links a delivery travels, in order, each from its start stop to its far stop."""
    net = view.network()
    result = []
    for label, edge in action.steps:
        start = view.map.hex_at(label)
        for exit_edge, index, far in net.exits.get(start, ()):
            if exit_edge != edge:
                continue
            seg = net.segments[index]
            pieces = list(seg.tracks)
            if seg.ends[0].stop != start or seg.ends[0].edge != edge:
                pieces.reverse()
            hexes = [h for h, _ in pieces]
            result.append(LinkPath(seg.owner, (start, *hexes, far), tuple(pieces)))
            break
    return result


def is_pick(action: Action) -> bool:
    return isinstance(action, Build | Urbanize | Deliver)


def place_title(view: AgeOfSteamState, h: int) -> str:
    """'Kharkov (town)', 'Mountain next to Santiago' (the board prints no coordinates)."""
    if view.is_town(h):
        return f"{view.place_name(h)} (town)"
    kind = view.map.terrain[h]
    if kind in TERRAIN_WORDS:
        return f"{TERRAIN_WORDS[kind]} {view.map.whereabouts(h)}"
    return view.place_name(h)


def deliver_of(view: AgeOfSteamState, action: Deliver) -> Route | None:
    """The offered route of a delivery (None if it is not offered now)."""
    for route in offered_routes(view):
        if route.action == action:
            return route
    return None


def describe_action(view: AgeOfSteamState, action: Action, names: list[str]) -> str:
    """A move in a player's words, for hints: 'take Urbanization', 'move red from Kursk to
    Kiev: you +2 · 1 link'."""
    if isinstance(action, Build | Urbanize):
        h = view.map.hex_at(action.hex_label)
        return f"{describe_build(view, action).lower()} on {place_title(view, h)}"
    if isinstance(action, Deliver):
        route = deliver_of(view, action)
        source = view.place_name(view.map.hex_at(action.source))
        if route is None:
            return f"move {action.colour} from {source}"
        where = describe_route(view, route, names, view.current_player or 0)
        return f"move {action.colour} from {source} to {where}"
    if isinstance(action, CommunismPlace):
        return f"put a red good on {view.place_name(view.map.hex_at(action.hex_label))}"
    if isinstance(action, IssueShares):
        if action.count == 0:
            return "issue no shares"
        return f"issue {action.count} share{'s' if action.count != 1 else ''}"
    words = ACTION_WORDS.get(type(action))
    if words is not None:
        return words(action)
    return action.to_str()


ACTION_WORDS: dict[type, Callable[[Any], str]] = {
    Bid: lambda a: f"bid ${a.amount}",
    DropOut: lambda a: "drop out of the auction",
    FreePass: lambda a: "use your Turn Order pass",
    TakeAction: lambda a: f"take {ACTION_TITLES.get(a.name, a.name.replace('_', ' ').title())}",
    EndBuild: lambda a: "end your build",
    RaiseLocomotive: lambda a: "raise your locomotive",
    PassMove: lambda a: "pass",
    CommunismExchange: lambda a: "swap a kept black good for a red one",
    PlaceGood: lambda a: f"put the {a.colour} good on display row {a.row}",
}
"""Words for the moves that need no look at the map."""
