"""Build exact game positions for tests, screenshots and scene tests (no pygame).

    from nile.games.kap_kairo.builder import Builder

    state = (Builder(3)
             .column(0, "S3", "R1")          # in front of seat 0, next card first
             .crossed(0, "D2", "D3")         # already crossed (flipped) by seat 0
             .bonus(1, 2)                    # seat 1 holds 2 bonus cards (from the pile)
             .capital(1, 40)
             .row("M4", "V2")                # the shared face-up track-laying row
             .to_move(0)                     # seat 0 has drawn and builds or passes
             .build())

Cards are named as in the game ("R3": River, M Mountain, D Desert, V Village, S Savanna,
numbers 0-9; see `data.toml`). Every card not placed stays in the draw pile, unless
`pile(...)` names the pile exactly: then the unplaced cards lie in the discards (under
any named with `discards(...)`). Bonus cards given as a count are taken from the unplaced
cards, highest card numbers first. The ledger of every seat starts at its capital.

The position's step is one of:
- `auction(display, bids)`: secret bidding; `bids` maps seats that already bid to amounts;
- `choosing(display, order, chooser)`: players take auction cards in `order`;
- `to_move(seat)`: track laying, `seat` has drawn and builds or passes (`to_move(seat,
  DRAW)`: the turn has not drawn yet: a chance step, after a reshuffle if the pile is
  empty, or straight to build-or-pass when nothing at all can be drawn);
- nothing: the step of a fresh game (chance turns up the first auction's cards).
`build()` makes a new state on each call, checks the invariants and raises ValueError
naming what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nile.games.kap_kairo.rules import KapState, card_named, track
from nile.games.kap_kairo.rules.common import Phase
from nile.games.kap_kairo.rules.deck import CARDS, RULES


@dataclass
class Builder:
    """A fluent description of a position; `build()` makes the `KapState`."""

    players: int
    _columns: dict[int, list[str]] = field(default_factory=dict, init=False)
    _crossed: dict[int, list[str]] = field(default_factory=dict, init=False)
    _bonus: dict[int, list[str] | int] = field(default_factory=dict, init=False)
    _capital: dict[int, int] = field(default_factory=dict, init=False)
    _row: list[str] = field(default_factory=list, init=False)
    _display: list[str] = field(default_factory=list, init=False)
    _discards: list[str] = field(default_factory=list, init=False)
    _pile: list[str] | None = field(default=None, init=False)
    _step: Phase = field(default=Phase.REVEAL, init=False)
    _turn: int = field(default=0, init=False)
    _bids: dict[int, int] = field(default_factory=dict, init=False)
    _order: list[int] = field(default_factory=list, init=False)
    _chooser: int = field(default=0, init=False)
    _auction: int = field(default=1, init=False)

    def column(self, seat: int, *cards: str) -> Builder:
        """The uncrossed cards in front of `seat`'s locomotive, the next one first."""
        self._columns[seat] = list(cards)
        return self

    def crossed(self, seat: int, *cards: str) -> Builder:
        """Cards `seat` has already crossed, in the order crossed."""
        self._crossed[seat] = list(cards)
        return self

    def bonus(self, seat: int, *cards: str | int) -> Builder:
        """`seat`'s bonus cards: names, or one count taken from the unplaced cards."""
        if len(cards) == 1 and isinstance(cards[0], int):
            self._bonus[seat] = cards[0]
        else:
            self._bonus[seat] = [str(c) for c in cards]
        return self

    def capital(self, seat: int, pounds: int) -> Builder:
        self._capital[seat] = pounds
        return self

    def row(self, *cards: str) -> Builder:
        """The shared face-up row of this track-laying phase, oldest first."""
        self._row = list(cards)
        return self

    def discards(self, *cards: str) -> Builder:
        """The discard pile, bottom first (the last one is on top)."""
        self._discards = list(cards)
        return self

    def pile(self, *cards: str) -> Builder:
        """Exactly these cards remain in the draw pile (the unplaced ones are discarded)."""
        self._pile = list(cards)
        return self

    def auction_number(self, number: int) -> Builder:
        self._auction = number
        return self

    def auction(
        self, display: tuple[str, ...] | list[str], bids: dict[int, int] | None = None
    ) -> Builder:
        """Secret bidding over `display`; `bids` are the bids already written."""
        self._step, self._display, self._bids = Phase.BID, list(display), dict(bids or {})
        return self

    def choosing(
        self, display: tuple[str, ...] | list[str], order: list[int], chooser: int = 0
    ) -> Builder:
        """Players take cards from `display` in `order`; `order[chooser]` is to take."""
        self._step, self._display = Phase.CHOOSE, list(display)
        self._order, self._chooser = list(order), chooser
        return self

    def to_move(
        self, seat: int, step: Phase = Phase.DECIDE, order: list[int] | None = None
    ) -> Builder:
        """Track laying with `seat` to move: DECIDE (drawn, builds or passes) or DRAW (not
        drawn yet); `order`: the last auction's choosing order (default: just `seat`)."""
        if step not in (Phase.DECIDE, Phase.DRAW):
            raise ValueError("to_move starts a track-laying turn: DECIDE or DRAW")
        self._step = step
        self._turn = seat
        self._order = list(order) if order is not None else [seat]
        return self

    # Making the state --------------------------------------------------------------

    def build(self) -> KapState:
        """The position, checked; ValueError if a card is placed twice or a rule broken."""
        state = KapState(self.players)
        placed: list[int] = []

        def take(names: list[str]) -> list[int]:
            cards = [card_named(n) for n in names]
            placed.extend(cards)
            return cards

        for seat in range(self.players):
            state.columns[seat] = take(self._columns.get(seat, []))
            state.crossed[seat] = take(self._crossed.get(seat, []))
            given = self._bonus.get(seat, [])
            state.bonus[seat] = take(given) if isinstance(given, list) else []
        state.row = take(self._row)
        state.display = take(self._display)
        named_discards = take(self._discards)
        pile = take(self._pile) if self._pile is not None else None
        if len(set(placed)) != len(placed):
            raise ValueError("A card is placed twice.")
        unplaced = [c for c in CARDS if c not in set(placed)]
        for seat, given in sorted(self._bonus.items()):
            if isinstance(given, int):
                state.bonus[seat] = [unplaced.pop() for _ in range(given)]
        if pile is None:
            state.pool, state.discards = sorted(unplaced), named_discards
        else:
            state.pool, state.discards = sorted(pile), unplaced + named_discards
        self._set_money(state)
        self._set_step(state)
        problems = state.invariant_violations()
        if problems:
            raise ValueError("; ".join(problems))
        return state

    def _set_money(self, state: KapState) -> None:
        for seat in range(self.players):
            pounds = self._capital.get(seat, RULES.start_capital)
            state.capital[seat] = pounds
            state.ledger[seat] = [("start", pounds, pounds)]

    def _set_step(self, state: KapState) -> None:
        state.step = self._step
        state.auction = self._auction
        if self._step == Phase.BID:
            for seat, amount in self._bids.items():
                state.bids[seat] = amount
                state.ledger[seat].append(("bid", amount, state.capital[seat] - amount))
            if None not in state.bids:
                raise ValueError("Leave at least one seat without a bid.")
        elif self._step == Phase.CHOOSE:
            state.order, state.chooser = self._order, self._chooser
        elif self._step in (Phase.DECIDE, Phase.DRAW):
            state.turn, state.order = self._turn, self._order
            state.drew = self._step == Phase.DECIDE and bool(self._row)
            if self._step == Phase.DRAW:
                track.start_turn(state)  # reshuffles, or finds nothing to draw (VK-7)


def example() -> Builder:
    """A position with something of everything, set through the setters and `to_move`
    but not built (`GAME_INFO.builder_example`: tests/test_builders.py builds it)."""
    return (Builder(3).column(0, "S3", "R1").crossed(0, "D2")
            .bonus(1, 2).capital(1, 40).row("M4", "V2").to_move(1, Phase.DRAW))
