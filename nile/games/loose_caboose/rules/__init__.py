"""The Loose Caboose! rules engine (no pygame), and its public face: what a bot, the
click-to-move rules (`intent.py`) or a view may ask of it.

Those readers import only this module, plus `actions` (the moves), `events` (what
happened) and `phases` (the names of the phases): tests/test_floors.py checks it. The
face is the game (`LooseCabooseState`), the types its fields hold (`Card`, `Pool`,
`Railway`, `PenaltyPile`, `Cell`), and the queries below, each typed and documented.

Inside, the rules stand on three floors, read from the bottom up:

- the bottom: data and pure queries. `cards` (card faces, face-down pools), `data`
  (data.toml), `railway` (the grid, LC-3), `penalty_pile` (a player's penalty cards,
  LC-6), `actions`, `events`, `phases`, `state` (`Table`: a game's data and what can be
  read off it), `caboose` (its run, shared by a throw and a pass) and `views`
  (observations, invariants, JSON). None of them imports a phase.
- the phases, one module each: `setup`, `draw`, `play`, `dice`, `penalty`, `over`. Each
  imports only the bottom floor and hands over by returning the next phase.
- the top: `dispatch` (`LooseCabooseState`), the only module that knows every phase.

The rulebook (shared/rules/loose-caboose.md) and rulings LC-1 to LC-9 (RULINGS.md) are
the authority. Where both are silent, this engine rules as follows (tested by name):

- LC-10 End. The game ends after the turn in which the draw pile runs out, whether its
  last card was drawn at the start of the turn or taken as a penalty. (A turn can only
  begin by drawing, so the pile running out during penalties makes that turn the last.)
- LC-11 Banked cards are known to all. A bank never needs the draw pile: banks are paid
  first, one per card the caboose entered, and every card entered is behind the caboose
  afterwards. So each banked card was in view on the railway as it was taken, and the
  engine shows it to every player (a player at the table may remember it). Had a bank
  come from the pile, only its owner would have seen it; `penalty._receive` asserts it
  cannot.
- LC-12 Direction. The starting cards are laid west to east and the caboose travels east:
  the first card drawn is the back, the last one the front. The table's choice in the
  rulebook is only which end is which, and nobody gains by choosing, so it is fixed.
- LC-13 Which card. Holding a Broken Track card and a plain card of the same value, the
  player chooses which one to lay (`lay broken 3 at ...` or `lay 3 at ...`).
- LC-14 Broken Track as a penalty. A Broken Track card taken face up as a penalty is an
  ordinary card of its value: it cancels, and is cancelled, like any other.
- LC-15 One throw. All the dice of a roll are thrown together, as one chance action whose
  outcome lists the wheels on every die (the scene shows each die). Alike dice make the
  order irrelevant, so outcomes are sorted: at most 15 of them for 4 dice.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Set
from functools import cache

from nile.games.loose_caboose.rules.actions import Dice, Draw, Lay, Pass, Roll, StartPlayer
from nile.games.loose_caboose.rules.cards import UNKNOWN, Card, Pool
from nile.games.loose_caboose.rules.data import game_data
from nile.games.loose_caboose.rules.dispatch import LooseCabooseState
from nile.games.loose_caboose.rules.penalty_pile import PenaltyPile
from nile.games.loose_caboose.rules.phases import Penalty, Phase, SetupStep
from nile.games.loose_caboose.rules.railway import Cell, Railway, neighbours

__all__ = [
    "UNKNOWN",
    "Card",
    "Cell",
    "Dice",
    "Draw",
    "Lay",
    "LooseCabooseState",
    "Pass",
    "Penalty",
    "PenaltyPile",
    "Phase",
    "Pool",
    "Railway",
    "Roll",
    "SetupStep",
    "StartPlayer",
    "card_values",
    "hand_in_order",
    "laid_value",
    "most_dice",
    "new_game",
    "open_after",
    "possible_draws",
    "wheel_totals",
]


# The box --------------------------------------------------------------------------


def new_game(players: int, seed: int, options: Mapping[str, str]) -> LooseCabooseState:
    """A game before setup: the setup itself (railway, cards set aside, the deal, the
    start player) is chance actions that the match resolves with its seed (LC-9)."""
    return LooseCabooseState(players)


def card_values() -> tuple[int, ...]:
    """The values printed on the track cards, lowest first (LC-1): also their points."""
    return game_data().deck.values


def most_dice() -> int:
    """How many dice the box holds: the most a throw can use (LC-2)."""
    return game_data().dice.count


@cache
def wheel_totals(dice: int) -> list[tuple[int, float]]:
    """Each total of wheels a throw of `dice` dice can show, lowest first, with its
    chance (LC-2): the caboose moves by the total (LC-4)."""
    odds: defaultdict[int, float] = defaultdict(float)
    for wheels, chance in game_data().dice.throw_odds(dice):
        odds[sum(wheels)] += float(chance)
    return sorted(odds.items())


# The railway ----------------------------------------------------------------------


def open_after(taken: Set[Cell], cell: Cell) -> int:
    """How many cells would be open for the next card (LC-3) once a card goes in `cell`
    at the front of a railway on the cells `taken`."""
    return sum(1 for n in neighbours(cell)
               if n not in taken and taken.isdisjoint(neighbours(n)))


# A player's cards -----------------------------------------------------------------


def hand_in_order(state: LooseCabooseState, seat: int) -> list[Card]:
    """`seat`'s hand as the table shows it, lowest first (`UNKNOWN` cards in another's
    hand of an observation)."""
    return sorted(state.hands[seat])


def laid_value(state: LooseCabooseState) -> int | None:
    """The value every card laid this turn has (the first fixed it), None before any."""
    return state.laid[0].value if state.laid else None


def possible_draws(state: LooseCabooseState) -> Pool:
    """What a card from the draw pile may be, as the state's viewer knows it: in an
    observation every card they cannot see, in a full state the pile itself."""
    return state.unseen if state.unseen is not None else state.pile
