"""Words for what the mouse points at: a hex, its track, a player, a tile, a display row."""

from __future__ import annotations

from nile.games.age_of_steam import rules
from nile.games.age_of_steam.rules import (
    NO_OWNER,
    AgeOfSteamState,
    Segment,
    accessible,
    final_score,
    growth_targets,
    simple_price,
    track_tiles,
    tracks_of,
)
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.view import palette
from nile.games.age_of_steam.view.choices import TERRAIN_WORDS


def owner_name(owner: int, names: list[str]) -> str:
    return names[owner] if 0 <= owner < len(names) else "nobody"


def hex_lines(view: AgeOfSteamState, h: int, names: list[str],
              segment: Segment | None) -> list[str]:
    """A tooltip for hex `h`: the track pointed at first, then the place and terrain."""
    lines: list[str] = []
    if segment is not None:
        lines += link_lines(view, segment, names)
    kind = view.map.terrain[h]
    if view.is_city(h):
        lines += _city_lines(view, h)
    elif view.is_town(h):
        lines.append(f"{view.map.place_name(h)} (town)")
        lines.append("Track may run into a town and out again; a link ends there.")
        if view.rules.town_accepts("black"):
            lines.append("Towns take black goods here; other goods pass them by.")
    elif kind == "pyramid":
        lines += _pyramid_lines(view, h)
    elif kind in TERRAIN_WORDS:
        lines += _terrain_lines(view, h, kind)
    if view.rules.flooded(view, h):
        lines.append("Flooded this turn: goods cannot leave; each crossing pays $1 ferry.")
    return lines


def _city_lines(view: AgeOfSteamState, h: int) -> list[str]:
    colour = view.city_colour(h)
    name = view.place_name(h)
    goods = view.goods.get(h, [])
    listed = ", ".join(sorted(goods)) if goods else "none"
    lines = [f"{name}: {colour} city", f"Takes {colour} goods. Goods here: {listed}."]
    if h in view.map.city_of_hex:
        growth = view.map.cities[view.map.city_of_hex[h]].growth
        if growth:
            lines.append(f"Grows from display row {growth}.")
    return lines


def _pyramid_lines(view: AgeOfSteamState, h: int) -> list[str]:
    slots = view.pyramids.get(h, [])
    free = sorted({slots[i] for i in accessible(slots)})
    left = sum(1 for s in slots if s)
    return ["Pyramid", f"{left} goods; on top now: {', '.join(free) or 'none'}.",
            "Goods leave from the top; trains may pass but not deliver here."]


def _terrain_lines(view: AgeOfSteamState, h: int, kind: str) -> list[str]:
    lines = [f"{TERRAIN_WORDS[kind]} {view.map.whereabouts(h)}"]
    if view.rules.buildable(view, h):
        seat = _price_seat(view)
        base = view.rules.terrain_cost(view, h)
        cost = simple_price(view, seat, h) if seat >= 0 else base
        if cost != base:
            lines.append(f"A simple track costs {'you ' if seat == view.viewer else ''}"
                         f"${cost} here (Engineer: half of ${base}).")
        else:
            lines.append(f"A simple track costs ${cost} here.")
    elif kind == "canal":
        lines.append(f"The Suez Canal opens in turn {getattr(view.rules, 'canal_round', 3)}.")
    return lines


def _price_seat(view: AgeOfSteamState) -> int:
    """Whose price a hover quotes: the builder's while building; outside building the
    board's price (-1), since a seat's action tile may still be last turn's Engineer."""
    if view.phase == Phase.BUILD and view.queue:
        return view.queue[view.qpos]
    return -1


def link_lines(view: AgeOfSteamState, seg: Segment, names: list[str]) -> list[str]:
    owner = owner_name(seg.owner, names)
    tiles = len(seg.tracks)
    size = f"{tiles} tile" + ("s" if tiles != 1 else "")
    if seg.complete:
        a, b = (view.place_name(e.stop) for e in seg.ends)
        head = f"{owner}'s link: {a} – {b}" if seg.owner != NO_OWNER else f"Link {a} – {b}"
        return [head, f"{size}; each good moved over it pays its owner 1 income."]
    head = f"{owner}'s unfinished track" if seg.owner != NO_OWNER else "Unowned unfinished track"
    if seg.owner == NO_OWNER:
        return [head, f"{size}; anyone may extend it and take it over."]
    return [head, f"{size}; {owner} must extend it by the end of their next build or lose it."]


def segment_at(view: AgeOfSteamState, h: int, near_edge: int | None) -> Segment | None:
    """The track on hex `h` (the one touching `near_edge` when there are two)."""
    placed = view.tiles.get(h)
    if placed is None:
        return None
    net = view.network()
    tracks = tracks_of(placed[0], placed[1])
    chosen = tracks[0]
    if near_edge is not None:
        for t in tracks:
            if near_edge in t:
                chosen = t
                break
    return net.segments[net.segment_at[(h, chosen)]]


def player_lines(view: AgeOfSteamState, seat: int, names: list[str]) -> list[str]:
    if not view.alive[seat]:
        return [names[seat], "Bankrupt: out of the game, scores 0."]
    expenses = view.shares[seat] + view.loco[seat]
    score = final_score(view.income[seat], view.shares[seat], track_tiles(view, seat))
    lines = [
        names[seat],
        f"Cash ${view.cash[seat]}; income {view.income[seat]} a turn.",
        f"Expenses ${expenses} a turn: {view.shares[seat]} shares + locomotive "
        f"{view.loco[seat]}.",
        f"Score if the game ended now: {score}.",
    ]
    if view.tile_held(seat):
        lines.append(f"Action tile: {palette.action_title(view.tile_held(seat))}.")
    if view.rules.hidden_kept_goods:
        if view.kept_hidden[seat]:
            lines.append(f"Keeps {view.kept_hidden[seat]} goods hidden (red or black).")
        else:
            kept = view.kept[seat]
            lines.append(f"Kept goods: {kept['red']} red, {kept['black']} black.")
    return lines


def tile_lines(view: AgeOfSteamState, name: str, names: list[str]) -> list[str]:
    lines = [palette.action_title(name), palette.ACTION_HELP.get(name, "")]
    holder = view.holder(name)
    if holder >= 0:
        lines.append(f"Taken by {names[holder]} this turn.")
    return lines


def row_lines(view: AgeOfSteamState, row: str) -> list[str]:
    if len(row) == 1:
        colour = rules.game_config().new_cities[row][0]
        tied = rules.game_config().new_cities[row][1]
        if row in view.rules.removed_new_cities:
            return [f"New city {row}", "Not used on this map."]
        return [f"New city {row} ({colour})",
                f"Its goods arrive when the {tied} die comes up, once it is founded."]
    places = [view.place_name(h) for _, h in growth_targets(view, row)]
    fed = ", ".join(places) if places else "no city"
    return [f"Display row {row}", f"A {row} roll moves the first good here to {fed}."]
