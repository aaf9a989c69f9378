"""Each map's special rules as one object with hooks; the phases call the hooks.

`MapRules` is the base game; `ChileRules`, `CccpRules` and `EgyptRules` override only what
their map changes (AS-3, AS-4, AS-5), so no phase code asks which map it is on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from nile.games.age_of_steam.rules.state import AgeOfSteamState


class MapRules:
    """The base game's behaviour."""

    special_action = "production"
    removed_new_cities: tuple[str, ...] = ()
    excluded_colours: tuple[str, ...] = ()
    hidden_kept_goods = False
    terrain_costs: ClassVar[dict[str, int]] = {"plain": 2, "river": 3, "mountain": 4}

    # Setup ----------------------------------------------------------------------

    def setup_goods(self, state: AgeOfSteamState) -> list[str]:
        """Put fixed goods in place and return the chance draws still to make, in order.

        Tokens: 'city:<hex>' (a good for a city hex), 'row:<row>' (a display space),
        'pyramid:<hex>' (the next free slot of a pyramid, from the bottom).
        """
        draws: list[str] = []
        for city in state.map.cities:
            draws += [f"city:{city.hexes[0]}"] * city.goods
        for row, size in state.display_sizes().items():
            draws += [f"row:{row}"] * size
        return draws

    def display_start_size(self, row: str, size: int) -> int:
        return size

    # Building -------------------------------------------------------------------

    def buildable(self, state: AgeOfSteamState, h: int) -> bool:
        """May track be laid on this (non-stop) hex now?"""
        return state.map.terrain[h] in self.terrain_costs or state.map.terrain[h] == "town"

    def terrain_cost(self, state: AgeOfSteamState, h: int) -> int:
        return self.terrain_costs[state.map.terrain[h]]

    def build_cost(self, state: AgeOfSteamState, seat: int, cost: int) -> int:
        """The final price of one tile action for `seat` (Egypt's Engineer halves it)."""
        return cost

    # Moving goods ---------------------------------------------------------------

    def flooded(self, state: AgeOfSteamState, h: int) -> bool:
        return False

    def town_accepts(self, colour: str) -> bool:
        """May a good of this colour end its journey at a town?"""
        return False

    def counts_stop(self, state: AgeOfSteamState, h: int, colour: str) -> bool:
        """Does arriving at stop `h` end a link for this good (CCCP ignores towns)?"""
        return True

    def route_income(self, state: AgeOfSteamState, colour: str,
                     stops: list[int], owners: list[int]) -> dict[int, int]:
        """Income per owner for a route: +1 per link to the link's owner (no owner: none)."""
        income: dict[int, int] = {}
        for owner in owners:
            if owner >= 0:
                income[owner] = income.get(owner, 0) + 1
        return income

    def after_delivery(self, state: AgeOfSteamState, seat: int, colour: str) -> list[str]:
        """What happens to the delivered good; returns notes for events."""
        state.removed[colour] = state.removed.get(colour, 0) + 1
        return []

    # Game end -------------------------------------------------------------------

    def losers(self, state: AgeOfSteamState) -> list[int]:
        return []


class ChileRules(MapRules):
    """AS-3: mountain prices, tile E removed, Santiago's goods, yellow goods and shares."""

    removed_new_cities = ("E",)
    terrain_costs: ClassVar[dict[str, int]] = {"plain": 2, "mountain": 3, "high_mountain": 5}

    def after_delivery(self, state: AgeOfSteamState, seat: int, colour: str) -> list[str]:
        notes = super().after_delivery(state, seat, colour)
        if colour == "yellow" and state.shares[seat] > 0:
            state.shares[seat] -= 1
            notes.append("shares")
        return notes


class CccpRules(MapRules):
    """AS-4: Communism, black goods and towns, town links, kept goods, the loser."""

    special_action = "communism"
    hidden_kept_goods = True
    terrain_costs: ClassVar[dict[str, int]] = {"plain": 2, "river": 3}

    def setup_goods(self, state: AgeOfSteamState) -> list[str]:
        for city in state.map.cities:
            state.take_from_bag("black")
            state.goods[city.hexes[0]].append("black")
        for _ in range(5):
            state.take_from_bag("red")
            state.red_reserve += 1
        draws: list[str] = []
        for city in state.map.cities:
            count = 2 if city.name == "Moskva" else 1
            draws += [f"city:{city.hexes[0]}"] * count
        for row, size in state.display_sizes().items():
            draws += [f"row:{row}"] * size
        return draws

    def town_accepts(self, colour: str) -> bool:
        return colour == "black"

    def counts_stop(self, state: AgeOfSteamState, h: int, colour: str) -> bool:
        return colour == "black" or not state.is_town(h)

    def route_income(self, state: AgeOfSteamState, colour: str,
                     stops: list[int], owners: list[int]) -> dict[int, int]:
        """Non-black goods ignore towns: links joined at towns pay 1 if one owner has all."""
        if colour == "black":
            return super().route_income(state, colour, stops, owners)
        income: dict[int, int] = {}
        run: list[int] = []
        for stop, owner in zip(stops[1:], owners, strict=True):
            run.append(owner)
            if state.is_town(stop):
                continue
            first = run[0]
            if first >= 0 and all(o == first for o in run):
                income[first] = income.get(first, 0) + 1
            run = []
        return income

    def after_delivery(self, state: AgeOfSteamState, seat: int, colour: str) -> list[str]:
        if colour in ("red", "black"):
            state.kept[seat][colour] += 1
            return ["kept"]
        return super().after_delivery(state, seat, colour)

    def losers(self, state: AgeOfSteamState) -> list[int]:
        """Fewest red kept; then most black; then fewest links to red cities; else all."""
        group = [s for s in range(state.num_players) if state.alive[s]]
        if len(group) <= 1:
            return []
        keys = (
            lambda s: state.kept[s]["red"],
            lambda s: -state.kept[s]["black"],
            state.links_to_colour_count_red,
        )
        for key in keys:
            low = min(key(s) for s in group)
            group = [s for s in group if key(s) == low]
            if len(group) == 1:
                break
        return group


class EgyptRules(MapRules):
    """AS-5: the flooding Nile, ferry fees, pyramids, the Suez Canal, Engineer, Ferry."""

    special_action = "ferry"
    excluded_colours = ("blue",)
    terrain_costs: ClassVar[dict[str, int]] = {"plain": 2, "desert": 3, "canal": 4}
    canal_round = 3
    flooded_cost = 4

    def setup_goods(self, state: AgeOfSteamState) -> list[str]:
        draws: list[str] = []
        for h in sorted(state.pyramids):
            draws += [f"pyramid:{h}"] * 14
        for city in state.map.cities:
            draws += [f"city:{city.hexes[0]}"] * city.goods
        for row, size in state.display_sizes().items():
            start = 2 if row[0].isdigit() or row.startswith(("light", "dark")) else size
            draws += [f"row:{row}"] * min(size, start)
        return draws

    def buildable(self, state: AgeOfSteamState, h: int) -> bool:
        if state.map.terrain[h] == "canal":
            return state.round >= self.canal_round
        return super().buildable(state, h)

    def terrain_cost(self, state: AgeOfSteamState, h: int) -> int:
        if state.map.terrain[h] == "plain" and self.flooded(state, h):
            return self.flooded_cost
        return super().terrain_cost(state, h)

    def build_cost(self, state: AgeOfSteamState, seat: int, cost: int) -> int:
        if state.action_of(seat) == "engineer":
            return cost // 2
        return cost

    def flooded(self, state: AgeOfSteamState, h: int) -> bool:
        """Odd rounds flood the west bank, even rounds the east (AS-5)."""
        if state.round % 2 == 1:
            return h in state.map.nile_west
        return h in state.map.nile_east


def rules_for(map_name: str) -> MapRules:
    return {"chile": ChileRules, "cccp": CccpRules, "egypt": EgyptRules}[map_name]()
