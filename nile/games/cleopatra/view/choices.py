"""The table's words for actions and what it shows of them (no pygame).

The things a player clicks (`Target`); the variants of a click listed cheapest first
(`order`) with words a player reads (`describe`); the routes an action's fruit travels;
what hovering a city, track, god or card tells (`tooltip`). Which actions a click means is
`nile/games/cleopatra/intent.py`.
"""

from __future__ import annotations

from collections.abc import Sequence

from nile.core.game import Action
from nile.games.cleopatra import rules
from nile.games.cleopatra.rules import (
    FRUIT_CARD,
    TRAIN,
    CleopatraState,
    game_data,
)
from nile.games.cleopatra.rules.actions import (
    FROM_CARD,
    Bid,
    BuildPyramid,
    ChooseGod,
    ConstructTrack,
    DrawCityCards,
    EndTurn,
    Pass,
    ProduceFruit,
    ShipFruit,
    SourceFruit,
    StartBuilding,
    TakeCard,
)

D = game_data()
Target = tuple[str, int]
"""('track', t), ('city', c), ('hand_city', card), ('hand_auction', kind),
('fruit_card', kind), ('auction_display', kind), ('city_display', card), ('deck', 0),
('god', g)."""

HAND_KINDS = ("hand_city", "hand_auction", "fruit_card")
"""The cards in the viewer's hand: clicking one picks it."""


def kind_name(action: Action) -> str:
    names = {
        ConstructTrack: "Construct Track",
        StartBuilding: "Construct a Building",
        ShipFruit: "Ship Fruit",
        ProduceFruit: "Produce Fruit",
        BuildPyramid: "Build a Pyramid",
        DrawCityCards: "Draw City Cards",
        TakeCard: "Take an Auction card",
        SourceFruit: "Fruit for the building",
        ChooseGod: "Choose a god",
        EndTurn: "End turn",
    }
    return names.get(type(action), action.to_str())


def track_cost(state: CleopatraState, seat: int, action: ConstructTrack) -> int:
    return rules.track_cost(state, seat, D.auction[action.train].cost)


def ship_income(state: CleopatraState, seat: int, action: ShipFruit) -> int:
    return (rules.shipping_income(state, action.city_card, action.fruit)
            + rules.ship_bonus(state, seat))


def ship_route(state: CleopatraState, action: ShipFruit) -> tuple[int, ...]:
    return rules.route(state, action.source, D.city_cards[action.city_card].city)


def building_plan(state: CleopatraState, seat: int, action: StartBuilding) -> list[tuple[int, ...]]:
    """The routes of the proposed (cheapest) way to gather the building's fruit."""
    plans = rules.plan_building(state, seat, action.building, action.city_card)
    return [options[0].route for options in plans if options]


def order(state: CleopatraState, seat: int, actions: list[Action]) -> list[Action]:
    """Cheapest (or best paying) first; the first is the proposed choice."""

    def key(action: Action) -> tuple[int, ...]:
        if isinstance(action, ConstructTrack):
            return (
                0,
                track_cost(state, seat, action),
                -D.auction[action.train].trains,
                action.track,
                action.city_card,
            )
        if isinstance(action, StartBuilding):
            far = sum(max(0, len(r) - 1) for r in building_plan(state, seat, action))
            return (1, far, -D.auction[action.building].vp, action.city_card)
        if isinstance(action, ShipFruit):
            return (
                2,
                -ship_income(state, seat, action),
                len(ship_route(state, action)),
                action.source,
                action.city_card,
            )
        if isinstance(action, ProduceFruit):
            return (3, action.fruit_card, action.city_card)
        if isinstance(action, BuildPyramid):
            return (4, rules.pyramid_cost(state, seat, action.bonus), action.city)
        return (5,)

    if actions and isinstance(actions[0], SourceFruit):
        return list(actions)  # the engine lists fruit sources cheapest first
    return sorted(actions, key=key)


def _demands(card: int) -> str:
    """A City card in short: 'Giza (coconut 10, raspberry 5)'."""
    return D.city_cards[card].name


def _tracks(count: int) -> str:
    return "1 track" if count == 1 else f"{count} tracks"


def describe(state: CleopatraState, seat: int, action: Action) -> str:
    """One line for a list of variants."""
    cards = D.city_cards
    if isinstance(action, ConstructTrack):
        return (
            f"{D.auction[action.train].name} on {D.track_name(action.track)} "
            f"(card {cards[action.city_card].name}) · "
            f"{track_cost(state, seat, action)} Florin"
        )
    if isinstance(action, StartBuilding):
        building = D.auction[action.building]
        city = D.cities[cards[action.city_card].city]
        plan = rules.plan_building(state, seat, action.building, action.city_card)
        parts = []
        for fruit, options in zip(building.fruits, plan, strict=True):
            parts.append(
                f"{D.fruits[fruit]} {_source_words(options[0].action, city)}"
                if options
                else D.fruits[fruit]
            )
        return (
            f"{building.name.split(' (')[0]} in {city}, {building.vp} VP: {', '.join(parts)}"
            f" · card {_demands(action.city_card)}"
        )
    if isinstance(action, ShipFruit):
        dest = cards[action.city_card].city
        hops = max(0, len(ship_route(state, action)) - 1)
        return (
            f"{D.fruits[action.fruit]} from {D.cities[action.source]} to {D.cities[dest]} "
            f"({_tracks(hops)}) · earns {ship_income(state, seat, action)} Florin"
        )
    if isinstance(action, ProduceFruit):
        fruits = "+".join(D.fruits[f] for f in D.auction[action.fruit_card].fruits)
        return (
            f"Produce {fruits} in {D.cities[cards[action.city_card].city]}"
            f" · card {_demands(action.city_card)}"
        )
    if isinstance(action, BuildPyramid):
        cost = rules.pyramid_cost(state, seat, action.bonus)
        return (
            f"+{action.bonus} pyramid in {D.cities[action.city]} · {cost} Florin, {action.bonus} VP"
        )
    if isinstance(action, DrawCityCards):
        if action.card < 0:
            return "Draw the top City card"
        return f"Draw {cards[action.card].name} and the top card"
    if isinstance(action, SourceFruit):
        city = D.cities[state.pending[2]] if state.pending else ""
        return f"{D.fruits[action.fruit]} {_source_words(action, city, state)}"
    if isinstance(action, TakeCard):
        return f"Take {D.auction[action.kind].name}"
    if isinstance(action, ChooseGod):
        god = D.gods[action.god]
        return f"{god.number} {god.name}: {god.power}"
    if isinstance(action, EndTurn):
        return "End your turn"
    if isinstance(action, Bid):
        return f"bid {action.amount} Florin"
    if isinstance(action, Pass):
        return "pass in the auction"
    return action.to_str()


def _source_words(action: SourceFruit, city: str, state: CleopatraState | None = None) -> str:
    if action.source == FROM_CARD:
        kind = D.auction[action.where]
        rest = [D.fruits[f] for f in kind.fruits if f != action.fruit]
        extra = f" ({rest[0]} is produced in {city})" if rest else ""
        return f"from your card {kind.name}{extra}"
    where = D.cities[action.where]
    if where == city:
        return f"from {city} itself"
    if state is not None and state.pending:
        hops = max(0, len(rules.route(state, action.where, state.pending[2])) - 1)
        return f"from {where} ({_tracks(hops)})"
    return f"from {where}"


def source_route(state: CleopatraState, action: SourceFruit) -> tuple[int, ...]:
    if action.source == FROM_CARD or not state.pending:
        return ()
    return rules.route(state, action.where, state.pending[2])


def sources_title(state: CleopatraState) -> str:
    """The heading of the list of where a building's next fruit may come from."""
    fruit, city = D.fruits[state.pending_need[0]], D.cities[state.pending[2]]
    return f"Where does the {fruit} for {city} come from? (first: the cheapest)"


def is_train(kind: int) -> bool:
    return D.auction[kind].category == TRAIN


def is_fruit_card(kind: int) -> bool:
    return D.auction[kind].category == FRUIT_CARD


def tooltip(state: CleopatraState, target: Target, names: Sequence[str]) -> str:
    """What hovering a city, track, god or card tells."""
    kind, value = target
    if kind == "city":
        trains = state.trains_around(value)
        owners = ", ".join(f"{names[s]} {n}" for s, n in enumerate(trains) if n)
        return (
            f"{D.cities[value]}: prestige {state.prestige(value)}; trains around: "
            f"{owners or 'none'}"
        )
    if kind == "track":
        groups = [
            f"{names[state.track_seat[slot]]}: {state.track_trains[slot]} "
            + ("train" if state.track_trains[slot] == 1 else "trains")
            for slot in (2 * value, 2 * value + 1)
            if state.track_seat[slot] >= 0
        ]
        return f"{D.track_name(value)}: " + (", ".join(groups) or "no trains yet")
    if kind == "god":
        god = D.gods[value]
        return f"{god.number} {god.name}: {god.power}"
    if kind in ("hand_city", "city_display"):
        return D.city_cards[value].name
    if kind in ("hand_auction", "auction_display", "fruit_card"):
        return D.auction[value].name
    return ""
