"""The Loose Caboose! rules engine (no pygame): `LooseCabooseState` and its parts.

Modules, in reading order: `cards` (card faces, face-down pools), `data` (data.toml),
`railway` (the grid, LC-3), `penalties` (penalty piles, LC-6), `actions`, `events`,
`phases`, `state` (the game), `views` (observations, invariants, JSON).

The rulebook (shared/rules/loose-caboose.md) and rulings LC-1 to LC-9 (RULINGS.md) are
the authority. Where both are silent, this engine rules as follows (tested by name):

- LC-10 End. The game ends after the turn in which the draw pile runs out, whether its
  last card was drawn at the start of the turn or taken as a penalty. (A turn can only
  begin by drawing, so the pile running out during penalties makes that turn the last.)
- LC-11 Banked cards are known to all. A bank never needs the draw pile: banks are paid
  first, one per card the caboose entered, and every card entered is behind the caboose
  afterwards. So each banked card was in view on the railway as it was taken, and the
  engine shows it to every player (a player at the table may remember it). Had a bank
  come from the pile, only its owner would have seen it; `_receive` asserts it cannot.
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

from nile.games.loose_caboose.rules.actions import Dice, Draw, Lay, Pass, Roll, StartPlayer
from nile.games.loose_caboose.rules.cards import UNKNOWN, Card, Pool
from nile.games.loose_caboose.rules.phases import Penalty, Phase, SetupStep
from nile.games.loose_caboose.rules.railway import Cell, Railway
from nile.games.loose_caboose.rules.state import LooseCabooseState

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
    "Phase",
    "Pool",
    "Railway",
    "Roll",
    "SetupStep",
    "StartPlayer",
]
