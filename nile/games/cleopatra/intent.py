"""Cleopatra's click-to-move rules (no pygame): what the things clicked so far mean.

Every action names the things it acts on (`targets`): a track, a city, a card in hand, a
card in a display, a god. Cards in the hand are *picked* (a Train, a Building, a City
card, a face-up Fruit card): they narrow the choice and light up where they can go. A
click on anything else (a track, a city, a display card, a god, a Fruit card paying for a
building) *chooses*: with the picks it means one legal action (`Offer.ready`: played at
once) or several, which the table lists cheapest first (`Offer.candidates`, in `order`).

A click that fits nothing is turned into the action it most plausibly meant (`meant`) so
that the engine, not the table, says why it is refused ("Giza still has fruit; a pyramid
needs an empty city."); where even that would not explain it, `refusal` has the words.
The scene wires this to the shared `Picker` (nile/ui/chrome/picker.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from nile.core.game import Action, GameState, Seat
from nile.core.intent import BarChoice, Offer
from nile.core.intent import Target as Clicked
from nile.games.cleopatra.rules import TRAIN, CleopatraState, game_data
from nile.games.cleopatra.rules.actions import (
    FROM_CARD,
    FROM_CITY,
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
from nile.games.cleopatra.rules.phases import UNKNOWN, Phase
from nile.games.cleopatra.view import choices
from nile.games.cleopatra.view.choices import HAND_KINDS, Target

D = game_data()
ALL_CITIES = tuple(range(len(D.cities)))
KIND_WORDS = {
    "track": "track",
    "city": "city",
    "hand_city": "City card",
    "hand_auction": "Train or Building card",
    "fruit_card": "Fruit card",
    "auction_display": "Auction card",
    "city_display": "City card",
    "deck": "deck",
    "god": "god",
}
NOTHING_FITS = "That does not go with the cards you picked: Esc clears them."


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


def matching(actions: Sequence[Action], picked: Sequence[Target]) -> list[Action]:
    """The actions that involve every picked target."""
    return [a for a in actions if all(p in targets(a) for p in picked)]


def is_pick(state: CleopatraState, target: Target) -> bool:
    """Whether clicking `target` picks it (a card in hand) rather than choosing: while a
    building gathers its fruit, a Fruit card is chosen as a source."""
    return target[0] in HAND_KINDS and not (state.pending and target[0] == "fruit_card")


def seat_shown(state: CleopatraState) -> int:
    """The seat the table shows as acting (the acting seat while chance draws for it)."""
    seat = state.current_player
    if seat is not None and seat >= 0:
        return seat
    return state.acting_seat if state.phase == Phase.ACTIONS else 0


def moves(state: CleopatraState) -> list[Action]:
    """The legal actions a click can mean (all but ending the turn)."""
    return [a for a in state.legal_actions() if not isinstance(a, EndTurn)]


class CleopatraIntent:
    """The `Intent` of Cleopatra's table (nile/core/intent.py)."""

    def targets(self, view: GameState, action: Action) -> Sequence[Clicked]:
        return targets(action)

    def offer(self, view: GameState, seat: Seat, clicked: tuple[Clicked, ...]) -> Offer:
        """With only cards picked: the bar for the phase and what they light. With a
        chosen target last: the actions it means, cheapest first (`ready` if just one)."""
        state, picked = _cleopatra(view), ours(clicked)
        candidates = matching(moves(state), picked)
        if picked and not is_pick(state, picked[-1]):
            ordered = tuple(choices.order(state, seat, candidates))
            ready = ordered[0] if len(ordered) == 1 else None
            return Offer(picked, ordered, _title(picked[-1]), ready=ready)
        prompt, buttons = bar(state, seat, picked, candidates)
        return Offer(picked, tuple(candidates), prompt, buttons, lit_targets(state, picked,
                                                                             candidates))

    def meant(self, view: GameState, seat: Seat, clicked: tuple[Clicked, ...],
              click: Clicked) -> Action | None:
        """The action a click fitting nothing meant, for the engine to refuse with its
        reason; None when that would not explain it (see `refusal`)."""
        state, picked, target = _cleopatra(view), ours(clicked), ours((click,))[0]
        if no_card_for_track(state, seat, target, picked) is not None:
            return None
        action = meant_action(state, seat, target, picked)
        return None if action is None or action in state.legal_actions() else action

    def refusal(self, view: GameState, seat: Seat, clicked: tuple[Clicked, ...],
                click: Clicked) -> str:
        """Words for a click that fits nothing and means no move the engine could explain."""
        target = ours((click,))[0]
        return no_card_for_track(_cleopatra(view), seat, target, ours(clicked)) or NOTHING_FITS


def _cleopatra(view: GameState) -> CleopatraState:
    return cast(CleopatraState, view)


def ours(clicked: Sequence[Clicked]) -> tuple[Target, ...]:
    """Clicked things as this table's targets (it adds no other kind to its hit map)."""
    return cast("tuple[Target, ...]", tuple(clicked))


def _title(target: Target) -> str:
    """The heading of the list of what a chosen target may mean."""
    kind, value = target
    if kind == "city":
        return f"{D.cities[value]}: choose (first: the cheapest or best paying)"
    if kind == "track":
        return f"{D.track_name(value)}: choose a Train and City card (first: the cheapest)"
    return "Choose"


def lit_targets(state: CleopatraState, picked: Sequence[Target],
                candidates: Sequence[Action]) -> frozenset[Target]:
    """What a next click may take further. Before anything is picked in the action phase
    only the City display and the deck are lit (every card and place would be)."""
    free = state.phase == Phase.ACTIONS and not state.picks_left and not state.pending
    lit: set[Target] = set()
    for action in candidates:
        found = targets(action)
        if picked or not free:
            lit.update(t for t in found if t not in picked)
        elif found and found[0][0] in ("city_display", "deck"):
            lit.add(found[0])
    return frozenset(lit)


def usable(legal: Sequence[Action]) -> set[Target]:
    """The cards in hand some of the `legal` actions uses (the others are shaded)."""
    return {t for a in legal for t in targets(a) if t[0] in HAND_KINDS}


# The bar --------------------------------------------------------------------------------


def bar(state: CleopatraState, seat: Seat, picked: Sequence[Target],
        candidates: Sequence[Action]) -> tuple[str, tuple[BarChoice, ...]]:
    """The bar's words and buttons for the phase and the cards picked (the scene adds
    its own before the last: the bid stepper, the list of every option)."""
    if state.phase == Phase.AUCTION:
        return _auction_words(state, seat), (
            BarChoice("pass", "Pass", Pass(), accent=not can_bid(state, seat),
                      tooltip="Pass: take the last free turn-order space (P)"),)
    if state.phase == Phase.GODS:
        return "Choose a god: click it above (lower numbers act first).", ()
    if state.picks_left:
        return "Take an Auction card: click one in the display.", ()
    if state.pending:
        fruit = D.fruits[state.pending_need[0]]
        return (f"Building: pick where the {fruit} comes from (a lit city or Fruit card; "
                "Enter takes the first; Ctrl+Z takes the building back)."), ()
    return _action_words(state, seat, picked, candidates), _action_buttons(
        state, picked, candidates)


def _auction_words(state: CleopatraState, seat: Seat) -> str:
    money = state.money[seat]
    if state.high_bid < money:
        return f"Auction for turn order: high bid {state.high_bid}. You have {money} Florin."
    return f"High bid {state.high_bid}: you can only pass."


def can_bid(state: CleopatraState, seat: Seat) -> bool:
    """Whether `seat` has Florin enough to raise the high bid."""
    return state.high_bid < state.money[seat]


def confirmable(picked: Sequence[Target], candidates: Sequence[Action]) -> Action | None:
    """The one move the picked cards allow, which Confirm (Enter) plays."""
    return candidates[0] if len(candidates) == 1 and picked else None


def _action_buttons(state: CleopatraState, picked: Sequence[Target],
                    candidates: Sequence[Action]) -> tuple[BarChoice, ...]:
    buttons: list[BarChoice] = []
    if picked:
        buttons.append(BarChoice("cancel", "Cancel", None, tooltip="Clear (Esc)"))
    if (only := confirmable(picked, candidates)) is not None:
        buttons.append(BarChoice("confirm", "Confirm", only, tooltip="Play it (Enter)",
                                 accent=True))
    end_legal = EndTurn() in state.legal_actions()
    buttons.append(BarChoice("end", "End turn", EndTurn(), accent=end_legal,
                             tooltip="Finish your turn (E)"))
    return tuple(buttons)


def _action_words(state: CleopatraState, seat: Seat, picked: Sequence[Target],
                  candidates: Sequence[Action]) -> str:
    if (only := confirmable(picked, candidates)) is not None:
        return choices.describe(state, seat, only) + "?"
    if not candidates:
        return "No action is possible: end your turn."
    if not picked:
        used, allowed = state.actions_used, state.actions_allowed(seat)
        return (f"Action {used + 1} of {allowed}: click a card in your hand, a track, "
                "a city or a face-up City card.")
    kinds: list[str] = []
    for action in candidates:
        for target in targets(action):
            if target[0] not in kinds and target not in picked:
                kinds.append(target[0])
    wanted = " or ".join(KIND_WORDS[k] for k in kinds[:2] if k not in HAND_KINDS[:1])
    return f"Now click a lit {wanted or 'choice'} (Esc clears)."


# What a click that fits nothing meant ---------------------------------------------------


def meant_action(state: CleopatraState, seat: int, target: Target,
                 picked: Sequence[Target]) -> Action | None:
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


def no_card_for_track(state: CleopatraState, seat: int, target: Target,
                      picked: Sequence[Target]) -> str | None:
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


def _first(picked: Sequence[Target], kind: str) -> int:
    return next((v for k, v in picked if k == kind), -1)


def _meant_action(state: CleopatraState, seat: int, kind: str, value: int,
                  picked: Sequence[Target]) -> Action | None:
    hand_cities = [c for c in state.city_hand[seat] if c != UNKNOWN]
    picked_city = _first(picked, "hand_city")
    picked_auction = _first(picked, "hand_auction")
    picked_fruit = _first(picked, "fruit_card")
    trains = [k for k in state.auction_hand[seat] if k >= 0 and choices.is_train(k)]

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
        if picked_auction >= 0 and not choices.is_train(picked_auction) and card >= 0:
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
        if choices.is_train(value):
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

