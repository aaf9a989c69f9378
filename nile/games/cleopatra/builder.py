"""A builder of exact Cleopatra's Caboose situations, for tests (rules and scene alike).

    from nile.games.cleopatra.builder import Builder

    state = (Builder(4)
             .prestige("Edfu", (4, 10))
             .fruit("Lisht", "coconut")
             .track("Edfu-Thebes", seat=1, trains=3)
             .hand(0, city=["Edfu (lime 8, lemon 8)"], auction=["3-train"])
             .fruit_card(0, "raspberry+lime")
             .money(0, 20)
             .market("raspberry", -1)
             .to_move(0)                     # ACTIONS; or .to_move(2, AUCTION)
             .build())

The table starts set up but empty: every prestige marker placed (marker i on city i,
Alexandria light, unless `prestige`/`light` say otherwise), no fruit on the board (all
cubes in the supply), every market marker at 0, no tracks, every card in its deck, empty
hands and displays, 20 Florin and 0 VP each, gods Ra, Set, Thoth, Anubis, Isis by seat.
Every method takes components from where they lie, so the built state keeps every
invariant (cards, cubes, trains, markers are conserved). Names are those of the data
file: cities ("Edfu"), tracks ("Edfu-Thebes"), fruits ("lime"), City cards ("Thebes
(raspberry 9, lemon 7)"), Auction cards ("3-train", "City Hall (coconut+raspberry, 7 VP,
+2)", "Fruit raspberry+lime" or just "raspberry+lime"), gods ("Thoth").

`build()` returns a new state each time: in the action phase, turn 1, the seat of
`to_move` to act with its Auction card already taken (unless `picks` says otherwise) and
no action used; or, after `to_move(seat, AUCTION)`, at the start of the auction with
`seat` holding the figure. Hands built here are known only to their owner (secret),
except cards listed in `known`.
"""

from __future__ import annotations

from bisect import insort

from nile.games.cleopatra.rules import CleopatraState, auction
from nile.games.cleopatra.rules.data import game_data
from nile.games.cleopatra.rules.phases import Phase

D = game_data()
FRUITS = len(D.fruits)
DEFAULT_GODS = ("Ra", "Set", "Thoth", "Anubis", "Isis")


def _kind(name: str) -> int:
    """An Auction card kind from its name ('Fruit ' may be left out)."""
    try:
        return D.auction_kind(name)
    except KeyError:
        return D.auction_kind("Fruit " + name)


class Builder:
    """Sets up an exact table step by step; see the module docstring."""

    def __init__(self, players: int = 3) -> None:
        state = CleopatraState(players)
        state.chance_queue = []
        for seat in range(players):
            state.auction_deck += state.auction_hand[seat]
            state.auction_hand[seat], state.auction_known[seat] = [], []
        state.auction_deck.sort()
        state.light_city = 0
        state.markers_bag = []
        state.city_marker = list(range(len(D.cities)))
        state.market = [0] * FRUITS
        state.gods = [D.god(DEFAULT_GODS[s]) for s in range(players)]
        self._state = state
        self._phase, self._acting, self._picks = Phase.ACTIONS, 0, 0

    # Board ---------------------------------------------------------------------------

    def light(self, city: str) -> Builder:
        """The city whose parity shows the light side (CC-1)."""
        self._state.light_city = D.city(city)
        return self

    def prestige(self, city: str, marker: tuple[int, int]) -> Builder:
        """Put the marker with these [light, dark] values on `city` (swapping markers)."""
        state, index = self._state, D.city(city)
        wanted = D.prestige_markers.index(marker)
        holder = state.city_marker.index(wanted)
        state.city_marker[holder] = state.city_marker[index]
        state.city_marker[index] = wanted
        return self

    def fruit(self, city: str, fruit: str, count: int = 1) -> Builder:
        f, c = D.fruit(fruit), D.city(city)
        if self._state.supply[f] < count:
            raise ValueError(f"only {self._state.supply[f]} {fruit} left in the supply")
        self._state.supply[f] -= count
        self._state.fruit[c * FRUITS + f] += count
        return self

    def market(self, fruit: str, position: int) -> Builder:
        self._state.market[D.fruit(fruit)] = position
        return self

    def track(self, track: str, seat: int, trains: int) -> Builder:
        """A group of `trains` of `seat` on the track (first free slot)."""
        state, t = self._state, D.track(track)
        slot = 2 * t if state.track_seat[2 * t] < 0 else 2 * t + 1
        if state.track_seat[2 * t + 1] >= 0 or state.track_seat[2 * t] == seat:
            raise ValueError(f"{track} has no room for seat {seat}")
        state.track_seat[slot], state.track_trains[slot] = seat, trains
        state.trains_left[seat] -= trains
        return self

    def pyramid(self, city: str, bonus: int) -> Builder:
        self._state.pyramids_left.remove(bonus)
        self._state.pyramid[D.city(city)] = bonus
        return self

    def building_marker(self, city: str, bonus: int) -> Builder:
        self._state.bonus_markers[bonus - 1] -= 1
        self._state.building_bonus[D.city(city)] += bonus
        return self

    # Players -------------------------------------------------------------------------

    def money(self, seat: int, florin: int) -> Builder:
        self._state.money[seat] = florin
        return self

    def vp(self, seat: int, points: int) -> Builder:
        self._state.vp[seat] = points
        return self

    def gods(self, *names: str) -> Builder:
        """The god of each seat, by seat (all different)."""
        self._state.gods = [D.god(name) for name in names]
        return self

    def hand(self, seat: int, city: tuple[str, ...] | list[str] = (),
             auction: tuple[str, ...] | list[str] = (),
             known: tuple[str, ...] | list[str] = ()) -> Builder:
        """Cards into a hand from the decks; `known` names those the others know."""
        state, public = self._state, list(known)
        for name in city:
            card = D.city_card(name)
            state.city_deck.remove(card)
            insort(state.city_hand[seat], card)
            if name in public:
                public.remove(name)
                insort(state.city_known[seat], card)
        for name in auction:
            kind = _kind(name)
            state.auction_deck.remove(kind)
            insort(state.auction_hand[seat], kind)
            if name in public:
                public.remove(name)
                insort(state.auction_known[seat], kind)
        return self

    def fruit_card(self, seat: int, name: str) -> Builder:
        kind = _kind(name)
        self._state.auction_deck.remove(kind)
        insort(self._state.fruit_cards[seat], kind)
        return self

    def built(self, seat: int, name: str) -> Builder:
        """A Building card already in front of `seat` (constructed earlier)."""
        kind = _kind(name)
        self._state.auction_deck.remove(kind)
        self._state.buildings[seat].append(kind)
        return self

    # Displays and phase --------------------------------------------------------------

    def city_display(self, *names: str) -> Builder:
        for name in names:
            card = D.city_card(name)
            self._state.city_deck.remove(card)
            self._state.city_display.append(card)
        return self

    def auction_display(self, *names: str) -> Builder:
        for name in names:
            kind = _kind(name)
            self._state.auction_deck.remove(kind)
            self._state.auction_display.append(kind)
        return self

    def to_move(self, seat: int, phase: Phase = Phase.ACTIONS, *, picks: int = 0) -> Builder:
        """`seat` acts: in the action phase (ACTIONS) with `picks` Auction cards still to
        take, or at the start of the auction (AUCTION), holding the figure."""
        if phase not in (Phase.ACTIONS, Phase.AUCTION):
            raise ValueError("a table starts in the action phase or the auction")
        self._phase, self._acting, self._picks = phase, seat, picks
        return self

    def turn(self, number: int) -> Builder:
        """The turn number (1 = first); the last turn is 10 - players (CC-6)."""
        self._state.turn = number - 1
        return self

    def build(self) -> CleopatraState:
        """The table as described (a new state on each call)."""
        state = self._state.clone()
        if self._phase == Phase.AUCTION:
            state.start_player = self._acting
            auction.begin(state)
            return state
        state.phase = Phase.ACTIONS
        state.action_order = sorted(range(state.players), key=lambda s: state.gods[s])
        state.action_index = state.action_order.index(self._acting)
        state.picks_left = self._picks
        return state


def example() -> Builder:
    """A position with something of everything, set through the setters and `to_move`
    but not built (`GAME_INFO.builder_example`: tests/test_builders.py builds it)."""
    return (Builder(4).fruit("Lisht", "coconut")
            .track("Edfu-Thebes", seat=1, trains=3)
            .hand(0, city=["Edfu (lime 8, lemon 8)"], auction=["3-train"])
            .money(2, 12).to_move(2))
