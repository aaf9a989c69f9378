"""The Loose Caboose! game state: setup, turns, movement, penalties and the end.

How a game runs, as the engine sees it (every random step is a chance action):

    SETUP    chance: 3 railway cards one by one, the cards set aside, the deal, the start
    DRAW     chance: the card the player draws
    PLAY     the player: `Lay` cards of one value one by one, then `Roll`; or `Pass`
    DICE     chance: the `Dice` throw, as many dice as the laid value (LC-2, LC-15)
             -> the caboose moves; Broken Track banks, then derail penalties (LC-4..6)
    PENALTY  chance: a penalty card from the draw pile, when the back reached the caboose
    OVER     hands are added to the penalty piles; lowest total wins (LC-8)

Penalties still owed this turn wait in `pending`, so a turn can stop for a chance draw in
the middle of its penalties and carry on afterwards in the same order.

Hidden information and saving live in `views.py`; this module is the rules.
"""

from __future__ import annotations

import random
from functools import cache, lru_cache
from typing import Any, Self

from nile.core.errors import IllegalAction
from nile.core.game import CHANCE, Action, Event, GameState, ScoreSheet, Status
from nile.games.loose_caboose.rules import views
from nile.games.loose_caboose.rules.actions import Dice, Draw, Lay, Pass, Roll, StartPlayer
from nile.games.loose_caboose.rules.cards import Card, Pool
from nile.games.loose_caboose.rules.data import game_data
from nile.games.loose_caboose.rules.events import (
    CabooseMoved,
    CabooseSetOff,
    CardBanked,
    CardDealt,
    CardDrawn,
    CardLaid,
    CardSetAside,
    Derailed,
    DiceRolled,
    DiscardsReshuffled,
    GameEnded,
    HandCounted,
    LastTurn,
    Passed,
    PenaltiesCancelled,
    PenaltyTaken,
    PenaltyWaived,
    RollStarted,
    StartingCardLaid,
    StartPlayerChosen,
)
from nile.games.loose_caboose.rules.penalties import PenaltyPile
from nile.games.loose_caboose.rules.phases import Penalty, Phase, SetupStep
from nile.games.loose_caboose.rules.railway import Cell, Railway

DATA = game_data()
THROWS: dict[int, list[tuple[Action, float]]] = {
    dice: [(Dice(wheels), float(chance)) for wheels, chance in DATA.dice.throw_odds(dice)]
    for dice in range(1, DATA.dice.count + 1)}
"""The chance outcomes of a throw of 1, 2, ... dice (computed once)."""
THROW_ACTIONS = {dice: [throw for throw, _ in outcomes] for dice, outcomes in THROWS.items()}


@cache
def draw_action(card: Card) -> Draw:
    """The `Draw` of each face, built once: chance lists them before every draw."""
    return Draw(card)


@lru_cache(maxsize=4096)
def lay_action(card: Card, cell: Cell) -> Lay:
    """The `Lay` of a card in a cell, built once: the bots' search trees find their
    children by action, and the same object compares at once."""
    return Lay(card.value, cell, card.broken)


ROLL, PASS = Roll(), Pass()


class LooseCabooseState(GameState):
    """One game of Loose Caboose! for 2 to 4 players."""

    game_id = "loose_caboose"

    def __init__(self, players: int) -> None:
        """A box about to be set up: every card in the draw pile, nothing dealt."""
        if players not in DATA.setup.removed:
            raise ValueError(f"Loose Caboose! needs 2 to 4 players, not {players}.")
        self.players = players
        self.phase = Phase.SETUP
        self.seat = 0
        """Whose turn it is (from the start player on)."""
        self.pile = Pool()
        for card, count in DATA.deck.composition().items():
            self.pile.add(card, count)
        self.removed: list[Card] = []
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.railway = Railway([], [], caboose=DATA.setup.railway_cards // 2)
        self.penalties = [PenaltyPile() for _ in range(players)]
        self.discard: list[Card] = []
        self.laid: list[Card] = []
        """Cards laid this turn; the first one fixes the value (and the dice)."""
        self.pending: list[Penalty] = []
        self.final_turn = False
        """The draw pile ran out this turn: the game ends when it is over (LC-8, LC-10)."""
        self.viewer: int | None = None
        self.unseen: Pool | None = None
        """Observations only: every card the viewer cannot see (views.py)."""

    # The protocol ------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def current_player(self) -> int | None:
        if self.phase is Phase.PLAY:
            return self.seat
        if self.phase is Phase.OVER:
            return None
        return CHANCE

    @property
    def removal_count(self) -> int:
        """How many cards are set aside for this many players (LC-9)."""
        return DATA.setup.removed[self.players]

    @property
    def dice_to_roll(self) -> int:
        """One die per point of the laid value, however many cards (LC-2)."""
        return self.laid[0].value if self.laid else 0

    def legal_actions(self) -> list[Action]:
        if self.phase is not Phase.PLAY:
            return []
        cells = self.railway.open_cells()
        actions: list[Action] = [lay_action(card, cell)
                                 for card in self._layable_cards() for cell in cells]
        actions.append(ROLL if self.laid else PASS)
        return actions

    def _layable_cards(self) -> list[Card]:
        """The different cards in hand that may be laid now: after the first card of the
        turn, only cards of its value."""
        hand = self.hands[self.seat]
        if not self.laid:
            return sorted(set(hand))
        value = self.laid[0].value
        return sorted({card for card in hand if card.value == value})

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase is Phase.DICE:
            return THROWS[self.dice_to_roll]
        if self.phase is Phase.SETUP and self.setup_step() is SetupStep.START:
            return [(StartPlayer(seat), 1 / self.players) for seat in range(self.players)]
        if self.phase in (Phase.SETUP, Phase.DRAW, Phase.PENALTY):
            size = len(self.pile)
            return [(draw_action(card), count / size) for card, count in self.pile.faces()]
        return []

    def apply(self, action: Action) -> list[Event]:
        self._check(action)
        if isinstance(action, Draw):
            return self._draw(action.card)
        if isinstance(action, Lay):
            return self._lay(action.card, action.cell)
        if isinstance(action, Dice):
            return self._throw(action.wheels)
        if isinstance(action, Roll):
            self.phase = Phase.DICE
            return [RollStarted(self.seat, self.dice_to_roll)]
        if isinstance(action, Pass):
            return self._pass()
        assert isinstance(action, StartPlayer)
        self.seat, self.phase = action.seat, Phase.DRAW
        return [StartPlayerChosen(action.seat)]

    def _draw(self, card: Card) -> list[Event]:
        """Chance drew `card` from the draw pile: where it goes depends on the phase."""
        if self.phase is Phase.SETUP:
            return self._setup_draw(card)
        if self.phase is Phase.DRAW:
            return self._turn_draw(card)
        return self._penalty_draw(card)

    def is_undo_barrier(self, action: Action) -> bool:
        """Chance, `Roll` and `Pass` commit; each `Lay` can be taken back until then."""
        return self.current_player == CHANCE or isinstance(action, Roll | Pass)

    # Refusals ----------------------------------------------------------------------

    def _check(self, action: Action) -> None:
        """Raise IllegalAction, with a reason a player can read, unless `action` is legal."""
        if self.phase is Phase.OVER:
            raise IllegalAction("The game is over.")
        if self.phase is Phase.PLAY:
            if not self._is_legal(action):
                raise IllegalAction(self._why_illegal(action))
        elif not self._is_possible(action):
            raise IllegalAction(f"'{action.to_str()}' cannot happen now: the game is waiting "
                                f"for chance ({self.status().phase_text.lower()}).")

    def _is_legal(self, action: Action) -> bool:
        """Whether `action` is in `legal_actions()`, from the same parts, without listing
        them all (apply runs on every move of every bot rollout)."""
        if isinstance(action, Lay):
            card = action.card
            if self.laid and card.value != self.laid[0].value:
                return False
            return card in self.hands[self.seat] and action.cell in self.railway.open_cells()
        if isinstance(action, Roll):
            return bool(self.laid)
        if isinstance(action, Pass):
            return not self.laid
        return False

    def _is_possible(self, action: Action) -> bool:
        """Whether `action` is among `chance_outcomes()`, decided the same way."""
        if self.phase is Phase.DICE:
            return action in THROW_ACTIONS[self.dice_to_roll]
        if self.phase is Phase.SETUP and self.setup_step() is SetupStep.START:
            return isinstance(action, StartPlayer) and 0 <= action.seat < self.players
        return isinstance(action, Draw) and self.pile.count(action.card) > 0

    def _why_illegal(self, action: Action) -> str:
        """The reason a player's `action` is refused (`legal_actions` decided that it is)."""
        if isinstance(action, Draw | Dice | StartPlayer):
            return "Cards and dice are up to chance, not to a player."
        if isinstance(action, Pass):
            return "You have laid cards this turn, so you cannot pass: roll the dice."
        if isinstance(action, Roll):
            return "Lay at least one card before rolling, or pass."
        if isinstance(action, Lay):
            card = action.card
            if card not in self.hands[self.seat]:
                return f"You have no {card.name.removeprefix('a ')} in your hand."
            if self.laid and card.value != self.laid[0].value:
                return (f"Every card you lay this turn must be a {self.laid[0].value}, "
                        "like the first one.")
            reason = self.railway.why_closed(action.cell)
            if reason is not None:
                return reason
        return f"'{action.to_str()}' is not a legal move now."

    # Setup -------------------------------------------------------------------------

    def setup_step(self) -> SetupStep:
        """What the next setup chance action does (LC-3, LC-9)."""
        setup = DATA.setup
        if len(self.railway) < setup.railway_cards:
            return SetupStep.RAILWAY
        if len(self.removed) < self.removal_count:
            return SetupStep.SET_ASIDE
        if sum(len(hand) for hand in self.hands) < setup.hand_size * self.players:
            return SetupStep.DEAL
        return SetupStep.START

    def _setup_draw(self, card: Card) -> list[Event]:
        step = self.setup_step()
        self.pile.take(card)
        if step is SetupStep.RAILWAY:
            return self._lay_starting_card(card)
        if step is SetupStep.SET_ASIDE:
            self.removed.append(card)
            return [CardSetAside(len(self.removed), self.removal_count)]
        seat = sum(len(hand) for hand in self.hands) % self.players
        self.hands[seat].append(card)
        return [CardDealt(seat, card)]

    def _lay_starting_card(self, card: Card) -> list[Event]:
        """Starting cards go west to east around (0, 0); the last one is the front (LC-12)."""
        middle = DATA.setup.railway_cards // 2
        cell = (len(self.railway) - middle, 0)
        self.railway.lay(card, cell)
        events: list[Event] = [StartingCardLaid(card, cell)]
        if len(self.railway) == DATA.setup.railway_cards:
            events.append(CabooseSetOff(self.railway.caboose_cell, self.railway.front_cell))
        return events

    # A turn ------------------------------------------------------------------------

    def _turn_draw(self, card: Card) -> list[Event]:
        self.hands[self.seat].append(card)
        last_card = self._take_from_pile(card)
        self.phase = Phase.PLAY
        return [CardDrawn(self.seat, card, len(self.pile)), *last_card]

    def _lay(self, card: Card, cell: Cell) -> list[Event]:
        self.hands[self.seat].remove(card)
        self.railway.lay(card, cell)
        self.laid.append(card)
        return [CardLaid(self.seat, card, cell)]

    def _throw(self, wheels: tuple[int, ...]) -> list[Event]:
        events: list[Event] = [DiceRolled(self.seat, wheels)]
        events += self._move_caboose(sum(wheels))
        return events + self._take_penalties()

    def _pass(self) -> list[Event]:
        """LC-7: one card forward unless on the front, then one penalty card."""
        events: list[Event] = [Passed(self.seat)]
        if self.railway.cards_ahead:
            events += self._move_caboose(1)
        self.pending.append(Penalty.TAKE)
        return events + self._take_penalties()

    def _move_caboose(self, wheels: int) -> list[Event]:
        """Move card by card; owe a bank per Broken Track entered, then the derail."""
        railway = self.railway
        steps = min(wheels, railway.cards_ahead)
        events: list[Event] = []
        missing = wheels - steps
        for step in range(steps):
            before = railway.caboose_cell
            card = railway.advance()
            stops = step == steps - 1 and not missing
            events.append(CabooseMoved(before, railway.caboose_cell, card, stops))
            if card.broken:
                self.pending.append(Penalty.BANK)  # LC-4: every card entered counts
        if missing:
            events.append(Derailed(self.seat, railway.caboose_cell, missing))
            self.pending += [Penalty.TAKE] * missing  # LC-5, after the banks (LC-6)
        return events

    # Penalties ---------------------------------------------------------------------

    def _take_penalties(self) -> list[Event]:
        """Take the owed penalties in order until one needs a card from the draw pile.

        LC-6: from the back of the railway while the back is not the caboose's card;
        then from the draw pile (a chance action, so this stops in phase PENALTY);
        when the pile is empty, the discards become the pile; with no discards either,
        the penalty is waived. With nothing owed, the turn ends.
        """
        events: list[Event] = []
        while self.pending:
            if not self.railway.back_is_caboose:
                card, cell = self.railway.take_back()
                events += self._receive(card, cell)
                continue
            if not self.pile and self.discard:
                events.append(self._reshuffle())
            if not self.pile:
                self.pending.pop(0)
                events.append(PenaltyWaived(self.seat))
                continue
            self.phase = Phase.PENALTY
            return events
        return events + self._end_turn()

    def _penalty_draw(self, card: Card) -> list[Event]:
        last_card = self._take_from_pile(card)
        events = self._receive(card, None) + last_card
        return events + self._take_penalties()

    def _receive(self, card: Card, from_cell: Cell | None) -> list[Event]:
        """The first owed penalty is paid with `card` (`from_cell` None: from the pile)."""
        seat, pile = self.seat, self.penalties[self.seat]
        if self.pending.pop(0) is Penalty.BANK:
            assert from_cell is not None, "banks are paid first, from the railway (LC-11)"
            pile.bank(card)
            return [CardBanked(seat, card, from_cell)]
        events: list[Event] = [PenaltyTaken(seat, card, from_cell)]
        cancelled = pile.take(card)
        if cancelled is not None:
            self.discard += [cancelled, card]
            events.append(PenaltiesCancelled(seat, card.value))
        return events

    def _take_from_pile(self, card: Card) -> list[Event]:
        """Remove `card` from the draw pile; if that empties it, this turn is the last."""
        self.pile.take(card)
        if self.pile or self.final_turn:
            return []
        self.final_turn = True  # LC-8, LC-10
        return [LastTurn(self.seat)]

    def _reshuffle(self) -> Event:
        """LC-6: the discards become the draw pile, which is unordered anyway."""
        count = len(self.discard)
        for card in self.discard:
            self.pile.add(card)
        self.discard.clear()
        return DiscardsReshuffled(count)

    # The end -----------------------------------------------------------------------

    def _end_turn(self) -> list[Event]:
        self.laid.clear()
        if self.final_turn:
            return self._end_game()
        self.seat = (self.seat + 1) % self.players
        self.phase = Phase.DRAW
        return []

    def _end_game(self) -> list[Event]:
        """LC-8: every hand joins its penalty pile, uncancelled; then the totals."""
        self.phase = Phase.OVER
        events: list[Event] = []
        for seat, hand in enumerate(self.hands):
            self.penalties[seat].add_hand(hand)
            events.append(HandCounted(seat, tuple(hand)))
            self.hands[seat] = []
        points = tuple(pile.points for pile in self.penalties)
        cards = tuple(pile.card_count for pile in self.penalties)
        events.append(GameEnded(points, cards, tuple(self.ranking())))
        return events

    def scores(self) -> list[float]:
        """Penalty points so far (lower is better); hands count only once the game ends."""
        return [float(pile.points) for pile in self.penalties]

    def ranking(self) -> list[int]:
        """LC-8: fewest points; tie: fewest penalty cards; still tied: a shared place."""
        keys = [(pile.points, pile.card_count) for pile in self.penalties]
        return [1 + sum(1 for other in keys if other < key) for key in keys]

    # What the table shows ----------------------------------------------------------

    @property
    def pile_size(self) -> int:
        return len(self.pile)

    def status(self) -> Status:
        if self.phase is Phase.SETUP:
            return Status("Setting up", "Laying out the railway and dealing")
        round_text = f"{self.pile_size} cards left in the draw pile"
        phase_text = {
            Phase.DRAW: "Drawing a card",
            Phase.PLAY: (f"Lay more {self.laid[0].value}s or roll" if self.laid
                         else "Lay cards or pass"),
            Phase.DICE: f"Rolling {self.dice_to_roll} dice",
            Phase.PENALTY: "Taking penalty cards from the draw pile",
            Phase.OVER: "Game over",
        }[self.phase]
        if self.final_turn and self.phase is not Phase.OVER:
            phase_text = f"Last turn: {phase_text[0].lower()}{phase_text[1:]}"
        return Status(round_text, phase_text)

    def score_sheet(self) -> ScoreSheet:
        piles = self.penalties
        counts = ", ".join(f"{{p{seat}}} {pile.card_count}" for seat, pile in enumerate(piles))
        return ScoreSheet(
            categories=("Penalty pile (face up)", "Banked (face down)", "Hand at the end"),
            values=(
                tuple(float(sum(card.value for card in pile.face_up)) for pile in piles),
                tuple(float(sum(card.value for card in pile.banked)) for pile in piles),
                tuple(float(sum(card.value for card in pile.from_hand)) for pile in piles),
            ),
            totals=tuple(float(pile.points) for pile in piles),
            lower_is_better=True,
            notes=("Fewest penalty points wins.",
                   f"Ties go to the fewest penalty cards ({counts}); "
                   "if still tied, the victory is shared."),
        )

    def invariant_violations(self) -> list[str]:
        return views.problems(self)

    # Copies, views and saves (views.py) --------------------------------------------

    def clone(self) -> Self:
        copy = object.__new__(type(self))
        copy.players = self.players
        copy.phase = self.phase
        copy.seat = self.seat
        copy.pile = self.pile.copy()
        copy.removed = list(self.removed)
        copy.hands = [list(hand) for hand in self.hands]
        copy.railway = self.railway.copy()
        copy.penalties = [pile.copy() for pile in self.penalties]
        copy.discard = list(self.discard)
        copy.laid = list(self.laid)
        copy.pending = list(self.pending)
        copy.final_turn = self.final_turn
        copy.viewer = self.viewer
        copy.unseen = self.unseen.copy() if self.unseen is not None else None
        return copy

    def observation(self, seat: int | None) -> LooseCabooseState:
        return views.observe(self, seat)

    def determinize(self, rng: random.Random) -> LooseCabooseState:
        return views.determinize(self, rng)

    def to_dict(self) -> dict[str, Any]:
        return views.to_dict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        state = object.__new__(cls)
        views.fill_from_dict(state, data)
        return state
