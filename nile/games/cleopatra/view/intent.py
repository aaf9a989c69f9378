"""What a click meant when nothing legal fits it, and the words of tooltips (no pygame).

A refused click is not judged by the scene: the action it most plausibly meant is built
here and handed to the engine, whose refusal reason is shown ("Giza still has fruit; a
pyramid needs an empty city.", "This track costs 10 Florin; you have 3.").
"""

from __future__ import annotations

from nile.core.game import Action
from nile.games.cleopatra.rules import TRAIN, CleopatraState, game_data
from nile.games.cleopatra.rules.actions import (
    FROM_CARD,
    FROM_CITY,
    BuildPyramid,
    ChooseGod,
    ConstructTrack,
    DrawCityCards,
    ProduceFruit,
    ShipFruit,
    SourceFruit,
    StartBuilding,
    TakeCard,
)
from nile.games.cleopatra.rules.phases import UNKNOWN, Phase
from nile.games.cleopatra.view.choices import Target, is_train

D = game_data()
ALL_CITIES = tuple(range(len(D.cities)))


def meant_action(
    state: CleopatraState, seat: int, target: Target, picked: list[Target]
) -> Action | None:
    """The action a click on `target` (with the cards `picked`) most plausibly meant."""
    kind, value = target
    if state.phase != Phase.ACTIONS:
        return ChooseGod(value) if kind == "god" else DrawCityCards(-1)
    if kind == "auction_display":
        return TakeCard(value)
    if kind in ("city_display", "deck"):
        return DrawCityCards(value if kind == "city_display" else -1)
    if kind == "god":
        return ChooseGod(value)
    if state.pending:
        source = FROM_CARD if kind == "fruit_card" else FROM_CITY
        return SourceFruit(state.pending_need[0], source, value)
    return _meant_action(state, seat, kind, value, picked)


def no_card_for_track(
    state: CleopatraState, seat: int, target: Target, picked: list[Target]
) -> str | None:
    """Why a click on a track cannot be meant as Construct Track when no City card was
    picked and none in hand is for either end (the engine, handed a card for some other
    city, would only say the track "does not lead from" that city)."""
    kind, track = target
    if kind != "track" or state.phase != Phase.ACTIONS or state.pending:
        return None
    if _first(picked, "hand_city") >= 0:
        return None
    ends = D.tracks[track]
    hand = [c for c in state.city_hand[seat] if c != UNKNOWN]
    if any(D.city_cards[c].city in ends for c in hand):
        return None
    a, b = (D.cities[end] for end in ends)
    return (f"Building on {D.track_name(track)} needs a City card for {a} or {b}; "
            f"none in your hand is.")


def _first(picked: list[Target], kind: str) -> int:
    return next((v for k, v in picked if k == kind), -1)


def _meant_action(
    state: CleopatraState, seat: int, kind: str, value: int, picked: list[Target]
) -> Action | None:
    hand_cities = [c for c in state.city_hand[seat] if c != UNKNOWN]
    picked_city = _first(picked, "hand_city")
    picked_auction = _first(picked, "hand_auction")
    picked_fruit = _first(picked, "fruit_card")
    trains = [k for k in state.auction_hand[seat] if k >= 0 and is_train(k)]

    def card_for(cities: tuple[int, ...]) -> int:
        if picked_city >= 0:
            return picked_city
        near = [c for c in hand_cities if D.city_cards[c].city in cities]
        return (near or hand_cities or [-1])[0]

    if kind == "track":
        train = picked_auction if picked_auction >= 0 else (trains or [D.kinds(TRAIN)[0]])[0]
        card = card_for(D.tracks[value])
        return None if card < 0 else ConstructTrack(train, card, value)
    if kind == "city":
        card = card_for((value,))
        if picked_auction >= 0 and not is_train(picked_auction) and card >= 0:
            return StartBuilding(picked_auction, card)
        if picked_fruit >= 0 and card >= 0:
            return ProduceFruit(picked_fruit, card)
        if picked_city >= 0:
            fruit = D.city_cards[picked_city].demands[0][0]
            return ShipFruit(fruit, value, picked_city)
        left = sorted(state.pyramids_left)
        return BuildPyramid(left[0] if left else 3, value)
    card = card_for(ALL_CITIES)
    if kind == "hand_auction":
        if card < 0:
            return None
        if is_train(value):
            return ConstructTrack(value, card, D.city_tracks[D.city_cards[card].city][0])
        return StartBuilding(value, card)
    if kind == "hand_city":
        fruit = D.city_cards[value].demands[0][0]
        dest = D.city_cards[value].city
        sources = [c for c in ALL_CITIES if c != dest and state.cubes(c, fruit)]
        return ShipFruit(fruit, (sources or [(dest + 1) % len(D.cities)])[0], value)
    if kind == "fruit_card":
        return None if card < 0 else ProduceFruit(value, card)
    return None


def tooltip(state: CleopatraState, target: Target, names: list[str]) -> str:
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
