"""The bottom floor of the Loose Caboose! rules: what lies on the table, and what can be
read off it.

`Table` holds a game's data (the draw pile, the cards set aside, the hands, the railway,
the penalty piles, the discards, the turn's laid cards and owed penalties) and answers
the questions every phase and every reader asks: whose turn, what may be laid, what the
draw pile may give, the scores, the status line. It imports no phase: the phases
(`setup`, `draw`, `play`, `dice`, `penalty`, `over`) stand on it, and `dispatch` on
them (see `rules/__init__.py` for the floors).

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
"""

from __future__ import annotations

from functools import cache
from typing import Self

from nile.core.game import CHANCE, Action, Event, GameState, ScoreSheet, Status
from nile.games.loose_caboose.rules.actions import Draw
from nile.games.loose_caboose.rules.cards import Card, Pool
from nile.games.loose_caboose.rules.data import game_data
from nile.games.loose_caboose.rules.events import LastTurn
from nile.games.loose_caboose.rules.penalty_pile import PenaltyPile
from nile.games.loose_caboose.rules.phases import OVER, PLAY, Penalty, Phase, SetupStep
from nile.games.loose_caboose.rules.railway import Railway

DATA = game_data()

Step = tuple[list[Event], Phase]
"""What a phase did (its events) and the phase that comes next: a phase hands over by
returning the next one, never by calling it (`dispatch` goes on from there)."""


@cache
def draw_action(card: Card) -> Draw:
    """The `Draw` of each face, built once: chance lists them before every draw."""
    return Draw(card)


class Table(GameState):
    """A game of Loose Caboose! as data, with what can be read off it.

    The moves are `dispatch.LooseCabooseState`'s, the one class the rest of Nile plays;
    this class is what the phases change and what views, saves and bots read."""

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

    # Whose turn --------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase is PLAY:
            return self.seat
        if phase is OVER:
            return None
        return CHANCE

    @property
    def is_terminal(self) -> bool:
        """`current_player is None`, read from the phase alone (asked on every move)."""
        return self.phase is OVER

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

    @property
    def removal_count(self) -> int:
        """How many cards are set aside for this many players (LC-9)."""
        return DATA.setup.removed[self.players]

    # The turn's cards --------------------------------------------------------------

    @property
    def dice_to_roll(self) -> int:
        """One die per point of the laid value, however many cards (LC-2)."""
        return self.laid[0].value if self.laid else 0

    def layable_cards(self) -> list[Card]:
        """The different cards in the hand of the player to move that may be laid now:
        after the first card of the turn, only cards of its value."""
        hand = self.hands[self.seat]
        if not self.laid:
            return sorted(set(hand))
        value = self.laid[0].value
        return sorted({card for card in hand if card.value == value})

    # The draw pile -----------------------------------------------------------------

    @property
    def pile_size(self) -> int:
        return len(self.pile)

    def draw_outcomes(self) -> list[tuple[Action, float]]:
        """Chance drawing from the pile: each face left, by how many of it are left."""
        size = len(self.pile)
        return [(draw_action(card), count / size) for card, count in self.pile.faces()]

    def can_draw(self, action: Action) -> bool:
        """Whether `action` is a card the draw pile still holds."""
        return isinstance(action, Draw) and self.pile.count(action.card) > 0

    def take_from_pile(self, card: Card) -> list[Event]:
        """Remove `card` from the draw pile; if that empties it, this turn is the last
        (LC-8, LC-10: however the last card left, by a draw or as a penalty)."""
        self.pile.take(card)
        if self.pile or self.final_turn:
            return []
        self.final_turn = True
        return [LastTurn(self.seat)]

    # Scores ------------------------------------------------------------------------

    def scores(self) -> list[float]:
        """Penalty points so far (lower is better); hands count only once the game ends."""
        return [float(pile.points) for pile in self.penalties]

    def ranking(self) -> list[int]:
        """LC-8: fewest points; tie: fewest penalty cards; still tied: a shared place."""
        keys = [(pile.points, pile.card_count) for pile in self.penalties]
        return [1 + sum(1 for other in keys if other < key) for key in keys]

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

    # Copies ------------------------------------------------------------------------

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
