"""From legal actions to what a player clicks (no pygame).

Every action names the things it acts on: a track, a city, a card in hand, a card in a
display, a god. The scene asks which legal actions involve the things clicked so far,
highlights the rest of their targets, and lists the remaining variants cheapest first
(`order`) with words a player reads (`describe`).
"""

from __future__ import annotations

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
    BuildPyramid,
    ChooseGod,
    ConstructTrack,
    DrawCityCards,
    EndTurn,
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


def targets(action: Action) -> tuple[Target, ...]:
    """What a player may click to mean `action` (first: the main board target)."""
    if isinstance(action, ConstructTrack):
        city = D.city_cards[action.city_card].city
        return (
            ("track", action.track),
            ("hand_auction", action.train),
            ("hand_city", action.city_card),
            ("city", city),
        )
    if isinstance(action, StartBuilding):
        city = D.city_cards[action.city_card].city
        return (("city", city), ("hand_auction", action.building), ("hand_city", action.city_card))
    if isinstance(action, ShipFruit):
        dest = D.city_cards[action.city_card].city
        return (("city", action.source), ("city", dest), ("hand_city", action.city_card))
    if isinstance(action, ProduceFruit):
        city = D.city_cards[action.city_card].city
        return (("city", city), ("fruit_card", action.fruit_card), ("hand_city", action.city_card))
    if isinstance(action, BuildPyramid):
        return (("city", action.city),)
    if isinstance(action, DrawCityCards):
        return (("city_display", action.card) if action.card >= 0 else ("deck", 0),)
    if isinstance(action, TakeCard):
        return (("auction_display", action.kind),)
    if isinstance(action, SourceFruit):
        kind = "city" if action.source != FROM_CARD else "fruit_card"
        return ((kind, action.where),)
    if isinstance(action, ChooseGod):
        return (("god", action.god),)
    return ()


def matching(actions: list[Action], picked: list[Target]) -> list[Action]:
    """The actions that involve every picked target."""
    return [a for a in actions if all(p in targets(a) for p in picked)]


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


def is_train(kind: int) -> bool:
    return D.auction[kind].category == TRAIN


def is_fruit_card(kind: int) -> bool:
    return D.auction[kind].category == FRUIT_CARD
