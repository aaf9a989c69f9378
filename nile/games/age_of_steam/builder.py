"""Exact Age of Steam positions for tests and screenshots, without playing up to them.

    state = (Builder(4, map="cccp")                      # setup skipped, all goods in the bag
             .path(0, ["Kiev", "3,7", "4,7", "Kharkov"])  # seat 0's track, tile by tile
             .goods("Kiev", ["black", "red"])             # taken from the bag
             .player(0, loco=2)
             .to_move(0, Phase.MOVE)                      # seat 0 to deliver now
             .build())

Places are city names or hex labels 'column,row' (`MapData.hex_of`). `path` draws the
tiles from the supply, so the state keeps every invariant; use owner -1 for unowned
track. Steps apply in the order given; `build()` returns a new state on each call, and
`Builder.from_state(state)` carries on from a state a test has already played.
"""

from __future__ import annotations

from collections.abc import Sequence

from nile.games.age_of_steam.rules import AgeOfSteamGame, AgeOfSteamState
from nile.games.age_of_steam.rules.hexes import CENTRE
from nile.games.age_of_steam.rules.mapdata import edge_between
from nile.games.age_of_steam.rules.network import tracks_of
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.rules.tiles import Track, catalogue, track


class Builder:
    """An Age of Steam position described step by step: round 1, shares phase, turn order
    0, 1, 2, …, no goods out, unless the steps say otherwise."""

    def __init__(self, players: int, *, map: str = "chile") -> None:
        state: AgeOfSteamState = AgeOfSteamGame(map, players)
        state.order = list(range(players))
        state.phase = Phase.SHARES
        state.queue, state.qpos = list(state.order), 0
        self._state = state

    @classmethod
    def from_state(cls, state: AgeOfSteamState) -> Builder:
        """A builder that carries on from a copy of `state` (which stays as it is)."""
        builder = cls.__new__(cls)
        builder._state = state.clone()
        return builder

    def round(self, number: int) -> Builder:
        """The round being played (1 = first)."""
        self._state.round = number
        return self

    def player(self, seat: int, *, cash: int | None = None, shares: int | None = None,
               income: int | None = None, loco: int | None = None,
               action: str | None = None) -> Builder:
        """What `seat` holds: cash, issued shares, income, locomotive, action tile."""
        state = self._state
        for values, value in ((state.cash, cash), (state.shares, shares),
                              (state.income, income), (state.loco, loco)):
            if value is not None:
                values[seat] = value
        if action is not None:
            state.actions[seat] = action
        return self

    def supply(self, pool: str, count: int) -> Builder:
        """How many tiles of a pool ('straight', 'gentle', …) are left in the supply."""
        self._state.supply[pool] = count
        return self

    def path(self, owner: int, places: Sequence[str]) -> Builder:
        """Lay one track through each hex from the first place (a stop) on.

        The last place gets track only if it is a town; a plain hex there just says where
        the loose end points.
        """
        state = self._state
        hexes = [state.map.hex_of(p) for p in places]
        for i, h in enumerate(hexes):
            if i == len(hexes) - 1 and not state.is_town(h):
                break
            ports = []
            if i > 0:
                ports.append(edge_between(state.map, h, hexes[i - 1]))
            if i < len(hexes) - 1:
                ports.append(edge_between(state.map, h, hexes[i + 1]))
            if h in state.stop_hexes():
                continue
            if state.is_town(h):
                for port in ports:
                    self._add_track(h, track(port, CENTRE), owner)
            else:
                assert len(ports) == 2, "a path's track hex needs a hex on both sides"
                self._add_track(h, track(ports[0], ports[1]), owner)
        state.tiles_changed()
        return self

    def goods(self, place: str, colours: Sequence[str]) -> Builder:
        """Move goods from the bag onto a city (or new city)."""
        state = self._state
        h = state.map.hex_of(place)
        for colour in colours:
            state.take_from_bag(colour)
            state.goods.setdefault(h, []).append(colour)
        return self

    def to_move(self, seat: int, phase: Phase) -> Builder:
        """`seat` takes the first turn of the "build" or "move" phase (the others follow
        in turn order)."""
        state = self._state
        order = [seat] + [s for s in state.order if s != seat and state.alive[s]]
        if phase == Phase.BUILD:
            state.queue, state.qpos = order, 0
            state.builds_done, state.urbanized, state.placed_now = 0, False, []
        elif phase == Phase.MOVE:
            state.queue, state.qpos, state.loco_used = order + order, 0, ""
        else:
            raise ValueError(f"to_move starts a build or move turn, not {phase!r}")
        state.phase = phase
        return self

    def build(self) -> AgeOfSteamState:
        """The position (a new state on each call)."""
        state = self._state.clone()
        state.edited()
        return state

    def _add_track(self, h: int, new: Track, owner: int) -> None:
        """Put one more track on hex `h` (the tile is swapped for the matching printed one)."""
        state = self._state
        old = state.tiles.get(h)
        owners: dict[Track, int] = {}
        if old is not None:
            owners = dict(zip(tracks_of(old[0], old[1]), old[2], strict=True))
            state.supply[catalogue().types[old[0]].pool] += 1
        owners[new] = owner
        placement = catalogue().placement(frozenset(owners))
        assert placement is not None, f"no printed tile has tracks {sorted(owners)}"
        tile, rotation = placement
        state.supply[catalogue().types[tile].pool] -= 1
        state.tiles[h] = (tile, rotation, tuple(owners[t] for t in tracks_of(tile, rotation)))
        state.tiles_changed()


def example() -> Builder:
    """A position with something of everything, set through the setters and `to_move`
    but not built (`GAME_INFO.builder_example`: tests/test_builders.py builds it)."""
    return (Builder(4, map="cccp").round(2)
            .path(0, ["Kiev", "3,7", "4,7", "Kharkov"])
            .goods("Kiev", ["black", "red"]).player(0, loco=2, cash=5)
            .to_move(0, Phase.MOVE))
