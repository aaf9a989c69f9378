"""The state of a game of Vom Kap bis Kairo and the engine protocol around it.

The bottom floor of the rules: this module holds the zones and answers every query (whose
turn, what is legal, the rails of a build, what each seat may see). The phases, `auction.py`
(land purchase) and `track.py` (track laying), change it. `apply` hands an action to the
`Phases` that `dispatch.py`, the top floor, installs on the class: that module knows every
phase, and nothing here knows one.

Zones (every one of the 50 cards is in exactly one): the draw `pool` (an unordered set,
kept sorted: the order of the pile is never stored, each draw is a chance action), the
`discards` (ordered, top = last), the auction `display`, the track-laying `row`, the
`duel_cards` of a running tie-break round, each player's `columns` (uncrossed cards, the
next one first), `crossed` cards and face-down `bonus` cards.

Hidden information:
- a bid is seen only by its bidder until every player has bid (VK-3);
- bonus cards are face down and worth 1 rail whatever they are. A bonus card taken from
  the discards is known to all (the discards are face up: the top card is taken); one
  taken from the pile is known to nobody, its holder included (house ruling VK-10). Such
  cards are listed in `secret`; an observation shows them as `UNKNOWN` and counts them
  in its `pool` of unseen cards (`masked` says how many), and `determinize` deals them
  again from that pool. A spent bonus card goes face up to the discards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, ClassVar, Protocol, Self

from nile.core.errors import IllegalAction
from nile.core.game import (
    CHANCE,
    Action,
    Event,
    GameState,
    ScoreSheet,
    Status,
    ranking_from_scores,
)
from nile.games.kap_kairo.rules.actions import (
    DRAWS,
    PASS,
    TAKES,
    Bid,
    Build,
    CardDraw,
    bids_up_to,
)
from nile.games.kap_kairo.rules.common import (
    BEGIN_AUCTION,
    BID,
    BONUS,
    CHANCE_VERBS,
    CHOOSE,
    DECIDE,
    DRAW,
    DUEL,
    MASKED,
    OVER,
    REVEAL,
    UNKNOWN,
    Begin,
    LedgerEntry,
    Phase,
    Step,
)
from nile.games.kap_kairo.rules.deck import CARDS, DECK_SIZE, NAMES, NEED, RAILS, RULES
from nile.games.kap_kairo.rules.events import Reshuffled


@cache
def _builds(short: int, most_bonus: int, affordable: int) -> tuple[Build, ...]:
    """Every build covering `short` missing rails with at most `most_bonus` bonus cards and
    `affordable` bought rails, most bonus cards first. Made once per triple (legal_actions
    is on the bots' hot path; callers cap `affordable` at `short`, so the triples are few)."""
    options = []
    for bonus in range(most_bonus, -1, -1):
        buy = short - bonus
        if buy > affordable:
            break
        options.append(Build(bonus, buy))
    return tuple(options)


@cache
def _draw_outcomes(verb: str, pile: int) -> tuple[tuple[CardDraw, float], ...]:
    """For every card, the outcome "`card` comes off a pile of `pile` cards for `verb`",
    made once: a chance ply then builds no tuples (random playouts draw on every other
    ply, issue 33 item 6)."""
    probability = 1.0 / pile
    return tuple((draw, probability) for draw in DRAWS[verb])


def _printed_rails(cards: list[int]) -> int:
    """Printed rails on `cards`. (A plain loop: on the handful of cards of a row or a
    column it takes a third of the time of `sum` over a generator, and the bots' rollouts
    ask on every build decision, issue 33 item 6.)"""
    total = 0
    for card in cards:
        total += RAILS[card]
    return total


Move = Callable[["KapState", Any], Step]
"""A phase's answer to a legal action (each takes its own kind of action: a `Bid`, a
`CardDraw`, ...): its events, and the phase to begin next (if any)."""


class Phases(Protocol):
    """What the state asks of the rules above it (`dispatch.DISPATCH`, installed as
    `KapState.phases` when the rules are imported): which phase's function answers each
    move, why a move is refused, and how each phase begins. (Plain attributes holding
    functions: `apply` is the bots' hot path.)"""

    moves: Mapping[type[Action], Move]
    """The player's moves, by the action's exact type."""
    draws: Mapping[str, Move]
    """A card off the draw pile (`CardDraw`), by its verb (one per chance step)."""
    refusal: Callable[[KapState, Action], str | None]
    """Why an action may not be applied now (None: it may)."""
    begin: Callable[[KapState, Begin], list[Event]]
    """Begin the phase a finished one named, and every phase that one hands over to."""


class KapState(GameState):
    """One game of Vom Kap bis Kairo for 2-4 players: its zones and every query on them."""

    phases: ClassVar[Phases]
    """The phases, installed by `dispatch.py` (the state imports none of them)."""

    game_id = "kap_kairo"

    def __init__(self, players: int) -> None:
        start = RULES.start_capital
        self.players = players
        self.pool: list[int] = list(CARDS)
        self.discards: list[int] = []
        self.display: list[int] = []
        self.row: list[int] = []
        self.duel_cards: list[int] = []
        self.columns: list[list[int]] = [[] for _ in range(players)]
        self.crossed: list[list[int]] = [[] for _ in range(players)]
        self.bonus: list[list[int]] = [[] for _ in range(players)]
        self.secret: list[int] = []
        """Bonus cards drawn from the pile: which cards they are is known to nobody."""
        self.masked = 0
        """Observation only: how many unseen cards in `pool` are really face-down bonus."""
        self.capital: list[int] = [start] * players
        self.ledger: list[list[LedgerEntry]] = [[("start", start, start)] for _ in range(players)]
        self.bids: list[int | None] = [None] * players
        """This auction's bids (None: not yet written; MASKED: written, hidden from viewer)."""
        self.groups: list[list[int]] = []
        """While the choosing order is settled: seats in order, tied seats grouped."""
        self.duel: list[int] = []
        """Seats of the running duel round, in drawing order."""
        self.order: list[int] = []
        """The choosing order of the last auction (its first seat starts track laying)."""
        self.chooser = 0
        """Index in `order` of the player to take an auction card."""
        self.step: Phase = REVEAL
        self.auction = 0
        self.turn = 0
        """Track laying: the player to move (and, after a build, the builder)."""
        self.drew = False
        """Track laying: whether this turn turned a card up (VK-7 counts turns without)."""
        self.idle = 0
        """Consecutive passes in turns that could draw nothing (VK-7)."""
        self.bonus_queue: list[int] = []
        """Seats still owed a river bonus card after the last build."""
        self.end = ""
        """"won" (VK-8) or "deadlock" (VK-7) once the game is over."""
        self.winner: int | None = None

    # Queries ------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def current_player(self) -> int | None:
        step = self.step
        if step == DECIDE:
            return self.turn
        if step == BID:
            return self.bids.index(None)
        if step == CHOOSE:
            return self.order[self.chooser]
        if step == OVER:
            return None
        return CHANCE

    @property
    def is_terminal(self) -> bool:
        """`current_player is None`, read from the step alone (the playouts ask every ply)."""
        return self.step == OVER

    def legal_actions(self) -> list[Action]:
        step = self.step
        if step == DECIDE:
            return [*self._builds(self.turn), PASS]
        if step == BID:
            return list(bids_up_to(self.capital[self.bids.index(None)]))
        if step == CHOOSE:
            return [TAKES[card] for card in self.display]
        return []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        verb = CHANCE_VERBS.get(self.step)
        if verb is None or not self.pool:
            return []
        pairs = _draw_outcomes(verb, len(self.pool))
        return [pairs[card] for card in self.pool]

    def pile_size(self) -> int:
        """Cards in the draw pile (an observation's `pool` also holds unseen bonus cards)."""
        return len(self.pool) - self.masked

    def is_undo_barrier(self, action: Action) -> bool:
        """Chance, and the last bid (it reveals every bid), cannot be taken back."""
        if self.current_player == CHANCE:
            return True
        return isinstance(action, Bid) and self.bids.count(None) == 1

    # Applying -----------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Refuse an illegal action with the rules' reason; else the phase's function for it
        answers, and the phase it hands over to (if any) begins. (The bots' hot path: exact
        types, since isinstance on ABC subclasses is slow here.)"""
        phases = self.phases
        reason = phases.refusal(self, action)
        if reason is not None:
            raise IllegalAction(reason)
        move = (phases.draws[action.verb] if type(action) is CardDraw
                else phases.moves[type(action)])
        events, then = move(self, action)
        return events if then is None else events + phases.begin(self, then)

    def check_legal(self, action: Action) -> None:
        reason = self.phases.refusal(self, action)
        if reason is not None:
            raise IllegalAction(reason)

    def start(self) -> list[Event]:
        """Open the first land purchase (a new game starts with an auction)."""
        return self.phases.begin(self, BEGIN_AUCTION)

    # Rails (VK-5) ------------------------------------------------------------------

    def row_rails(self) -> int:
        """Printed rails on the shared face-up row."""
        return _printed_rails(self.row)

    def column_rails(self, seat: int) -> int:
        """Printed rails on every card still in front of `seat`'s locomotive."""
        return _printed_rails(self.columns[seat])

    def shortfall(self, seat: int) -> int:
        """Rails `seat` still misses to cross its first card after the free rails (>= 0)."""
        column = self.columns[seat]
        if not column:
            return 0
        free = _printed_rails(self.row) + _printed_rails(column)
        return max(0, NEED[column[0]] - free)

    def build_options(self, seat: int) -> list[Build]:
        """Every legal build for `seat`, cheapest (most bonus cards spent) first."""
        return list(self._builds(seat))

    def _builds(self, seat: int) -> tuple[Build, ...]:
        """`build_options`, as the shared tuple (callers copy it)."""
        column = self.columns[seat]
        if not column:
            return ()
        short = self.shortfall(seat)
        affordable = self.capital[seat] // RULES.rail_price
        most_bonus = min(len(self.bonus[seat]), short)
        return _builds(short, most_bonus, min(affordable, short))

    def cheapest_build(self) -> Build | None:
        """The build to propose to the player to move: fewest pounds (None: cannot build)."""
        if self.step != DECIDE:
            return None
        options = self.build_options(self.turn)
        return options[0] if options else None

    # Shared by the phases ----------------------------------------------------------

    def refill_draw_pile(self) -> list[Event]:
        """If the draw pile is empty, the discards become the new (unordered) pile (VK-7);
        both phases draw from it."""
        if self.pool or not self.discards:
            return []
        self.pool = sorted(self.discards)
        self.discards = []
        return [Reshuffled(len(self.pool))]

    # Results ------------------------------------------------------------------------

    def scores(self) -> list[float]:
        """Cards crossed. Capital only breaks ties (see `ranking`)."""
        return [float(len(c)) for c in self.crossed]

    def ranking(self) -> list[int]:
        """Most cards crossed first; equal crossings: more capital first (VK-7)."""
        keys = [
            len(c) * 100_000 + money for c, money in zip(self.crossed, self.capital, strict=True)
        ]
        return ranking_from_scores(keys)

    def score_sheet(self) -> ScoreSheet:
        crossed = tuple(float(len(c)) for c in self.crossed)
        capital = tuple(float(m) for m in self.capital)
        notes: list[str] = []
        if self.end == "won" and self.winner is not None:
            notes.append(f"{{p{self.winner}}} crossed {RULES.win_crossings} cards and won.")
        elif self.end == "deadlock":
            notes.append(
                "Nothing could be drawn and nobody built for a full round: most cards crossed wins."
            )
        notes.append("Capital breaks ties on cards crossed; otherwise it does not count.")
        return ScoreSheet(
            ("Cards crossed", "Capital (£, tie-break)"),
            (crossed, capital),
            crossed,
            notes=tuple(notes),
        )

    def status(self) -> Status:
        round_text = f"Land purchase {self.auction}"
        step = self.step
        if step == OVER:
            return Status(round_text, "Game over")
        if step in (REVEAL, BID, DUEL, CHOOSE):
            texts = {
                REVEAL: "Auction: turning up land",
                BID: f"Auction: {{p{self.current_player}}} writes a secret bid",
                DUEL: "Auction: tie-break duel",
                CHOOSE: f"Auction: {{p{self.current_player}}} chooses land",
            }
            return Status(round_text, texts[step])
        # the track laying that follows land purchase N is the N-th: "Land purchase 1 ·
        # Track laying: …" read as if both were going on at once
        laying = f"Track laying {self.auction}"
        if step == BONUS:
            return Status(laying, "river bonus")
        verb = "turns up a card" if step == DRAW else "builds or passes"
        return Status(laying, f"{{p{self.turn}}} {verb}")

    # Hidden information -------------------------------------------------------------

    def observation(self, seat: int | None) -> Self:
        """A copy without other players' unrevealed bids and with pile bonus cards unknown."""
        view = self.clone()
        view.viewer = seat
        if self.step == BID:
            for other in range(self.players):
                if other != seat and self.bids[other] is not None:
                    view.bids[other] = MASKED
                    view.ledger[other][-1] = ("bid", None, None)
        if self.secret:
            hidden = set(self.secret)
            view.bonus = [[UNKNOWN if c in hidden else c for c in hand] for hand in view.bonus]
            view.pool = sorted(self.pool + self.secret)
            view.masked = len(self.secret)
            view.secret = []
        return view

    def determinize(self, rng: random.Random) -> Self:
        """A full state: unknown bonus cards dealt from the unseen cards, hidden bids guessed.

        The guess for a hidden bid comes from `guess_bid`, which reads only public
        facts (the display and the bidder's capital): the true bid is not in this copy.
        """
        full = self.clone()
        full.viewer = None
        if full.masked:
            unseen = list(full.pool)
            rng.shuffle(unseen)
            for hand in full.bonus:
                for index, card in enumerate(hand):
                    if card == UNKNOWN:
                        hand[index] = unseen.pop()
                        full.secret.append(hand[index])
            full.pool = sorted(unseen)
            full.secret.sort()
            full.masked = 0
        for seat, bid in enumerate(full.bids):
            if bid == MASKED:
                guess = guess_bid(full, seat, rng)
                full.bids[seat] = guess
                full.ledger[seat][-1] = ("bid", guess, full.capital[seat] - guess)
        return full

    # Copies and saves ---------------------------------------------------------------

    def clone(self) -> Self:
        copy = object.__new__(self.__class__)
        copy.__dict__.update(self.__dict__)
        copy.pool = self.pool[:]
        copy.discards = self.discards[:]
        copy.display = self.display[:]
        copy.row = self.row[:]
        copy.duel_cards = self.duel_cards[:]
        copy.columns = [c[:] for c in self.columns]
        copy.crossed = [c[:] for c in self.crossed]
        copy.bonus = [c[:] for c in self.bonus]
        copy.secret = self.secret[:]
        copy.capital = self.capital[:]
        copy.ledger = [entries[:] for entries in self.ledger]
        copy.bids = self.bids[:]
        copy.groups = [g[:] for g in self.groups]
        copy.duel = self.duel[:]
        copy.order = self.order[:]
        copy.bonus_queue = self.bonus_queue[:]
        return copy

    _LISTS = (
        "pool",
        "discards",
        "display",
        "row",
        "duel_cards",
        "secret",
        "capital",
        "bids",
        "duel",
        "order",
        "bonus_queue",
    )
    _NESTED = ("columns", "crossed", "bonus", "groups")
    _SCALARS = (
        "players",
        "masked",
        "chooser",
        "step",
        "auction",
        "turn",
        "drew",
        "idle",
        "end",
        "winner",
    )

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {name: getattr(self, name) for name in self._SCALARS}
        data.update({name: list(getattr(self, name)) for name in self._LISTS})
        data.update({name: [list(x) for x in getattr(self, name)] for name in self._NESTED})
        data["ledger"] = [[list(entry) for entry in entries] for entries in self.ledger]
        data["step"] = self.step.value
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        state = cls(int(data["players"]))
        for name in cls._SCALARS:
            setattr(state, name, data[name])
        for name in cls._LISTS:
            setattr(state, name, list(data[name]))
        for name in cls._NESTED:
            setattr(state, name, [list(x) for x in data[name]])
        state.ledger = [[(str(k), a, b) for k, a, b in entries] for entries in data["ledger"]]
        state.step = Phase(data["step"])
        return state

    # Checks -------------------------------------------------------------------------

    def invariant_violations(self) -> list[str]:
        """Cards conserved, capital >= 0, bonus cap, ledger agrees with capital."""
        problems: list[str] = []
        zones = (
            self.pool
            + self.discards
            + self.display
            + self.row
            + self.duel_cards
            + [c for col in self.columns for c in col]
            + [c for col in self.crossed for c in col]
            + [c for hand in self.bonus for c in hand]
        )
        if self.masked:
            zones = [c for c in zones if c != UNKNOWN]
        if sorted(zones) != list(CARDS):
            problems.append(f"{len(zones)} card places for {DECK_SIZE} cards, or a card twice")
        for seat in range(self.players):
            problems += self._seat_violations(seat)
        held = {c for hand in self.bonus for c in hand}
        if any(c not in held for c in self.secret):
            problems.append("a secret bonus card is not held by anyone")
        if self.step == OVER and not self.end:
            problems.append("the game is over without a reason")
        return problems

    def _seat_violations(self, seat: int) -> list[str]:
        problems = []
        if self.capital[seat] < 0:
            problems.append(f"seat {seat} has negative capital")
        if len(self.bonus[seat]) > RULES.bonus_cap:
            problems.append(f"seat {seat} holds more than {RULES.bonus_cap} bonus cards")
        if len(self.crossed[seat]) > RULES.win_crossings:
            problems.append(f"seat {seat} crossed too many cards")
        pending = self.step == BID and self.bids[seat] is not None
        if not pending and self.ledger[seat][-1][2] != self.capital[seat]:
            problems.append(f"seat {seat}'s ledger does not end on its capital")
        return problems


def card_list(cards: list[int]) -> str:
    """Card names for messages and debugging: "R3, S9"."""
    return ", ".join(NAMES[c] for c in cards)


def guess_bid(state: KapState, seat: int, rng: random.Random) -> int:
    """A plausible hidden bid for `seat`, from public facts only (for `determinize`).

    Model: choosing first is worth about the gap in rails still to find between the
    easiest and the hardest face-up card, at half the rail price; a player bids anything
    from nothing up to that worth (and never more than their capital), uniformly.
    """
    shortfalls = [NEED[c] - RAILS[c] for c in state.display] or [0]
    worth = (max(shortfalls) - min(shortfalls)) * RULES.rail_price // 2
    return rng.randint(0, max(0, min(state.capital[seat], worth)))
