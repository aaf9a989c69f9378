"""Cairo's click-to-move rules: what a click on the table means, and the bottom bar's words.

The choices around a flick go through here (nile/core/intent.py's pipeline, held by the
scene's `Picker`): taking blocks back, what to flick, the knock-over penalty, whether and
how big a pyramid, and picking its stones. What a player clicks for them:
- `Stone(block)`: a ringed block, taken back (CA-3) or picked for a pyramid (CA-8);
- `Kind(kind)`: what to flick, by the bar's buttons or the keys S, L and D.
Every such move is one click: a stone or a kind means exactly one move, played at once.

Two moves are continuous and no list holds them exactly: the flick (aimed by the drag of
`view/flick_input.py`, its finger chosen on a 6) and the pyramid's spot (pointed at in the
window of `view/pyramid_ui.py`, which also orders the colours). Those components make the
move and the scene submits it like any other; the engine judges it. The bar's words for
them are here too; their own buttons (fingers, "Confirm order", "Best spot") are theirs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from nile.core.game import Action, Event, GameState, Seat
from nile.core.intent import BarChoice, Offer, Target, complete, lit, narrow
from nile.games.cairo.board import board
from nile.games.cairo.rules import CairoState
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules.events import KindChosen
from nile.games.cairo.rules.phases import FINGER_ANY, Phase

PYRAMID_LEVELS = {3: "2 + 1", 5: "4 + 1", 6: "3 + 2 + 1", 10: "4 + 3 + 2 + 1", 14: "9 + 4 + 1"}
"""A pyramid's levels from the ground up, for the size buttons' tooltips."""
CLICKED_PHASES = (Phase.RETRIEVE, Phase.CHOOSE, Phase.PICK)
"""The phases whose moves are clicked on the table (a stone, a kind); the others' are made
by the bar's buttons, the slingshot or the pyramid window."""
KIND_TIPS = {"small": "Flick up to three small blocks, one by one (S)",
             "large": "Flick your large block: 3 influence (L)",
             "die": "Flick your die-block: it counts its top face (D)"}


@dataclass(frozen=True)
class Stone:
    """A block ringed as one that may be taken: back to the supply or for a pyramid."""

    block: str


@dataclass(frozen=True)
class Kind:
    """What to flick this turn: "small", "large" or "die"."""

    kind: str


def flicks_chosen(view: CairoState, newest_first: Iterable[Event]) -> int:
    """How many blocks this turn's choice flicks: told by the turn's `KindChosen` (a
    resumed game has it in its log too; `flicks_left` alone would make "Flick 2 of 3" read
    "Flick 1 of 2" after Quit and Continue)."""
    for event in newest_first:
        if isinstance(event, KindChosen) and event.seat == view.turn:
            return max(event.count, view.flicks_left)
    return view.flicks_left


class CairoIntent:
    """Cairo's `Intent`. `flick_total` says how many blocks this turn's choice flicks (told
    by the turn's `KindChosen` event, which the view does not keep), for "Flick 2 of 3"."""

    def __init__(self, flick_total: Callable[[], int]) -> None:
        self.flick_total = flick_total

    def targets(self, view: GameState, action: Action) -> Sequence[Target]:
        """A block taken back or picked is its stone; a kind chosen is its kind; the rest
        (the bar's buttons, flicks, spots) is clicked nowhere on the table."""
        if isinstance(action, A.Retrieve | A.Pick) and action.block not in ("all", "done",
                                                                             "auto"):
            return (Stone(action.block),)
        if isinstance(action, A.Choose):
            return (Kind(action.kind),)
        return ()

    def offer(self, view: GameState, seat: Seat, picked: tuple[Target, ...]) -> Offer:
        """The phase's prompt and buttons with no pick; the one move a pick means."""
        assert isinstance(view, CairoState)
        # only these phases' moves are clicked on the table: the others' lists (a flick grid
        # of hundreds) are not worth looking through on every refresh of the bar
        legal = view.legal_actions() if view.phase in CLICKED_PHASES else []

        def of(action: Action) -> Sequence[Target]:
            return self.targets(view, action)

        candidates = narrow(legal, picked, of) if picked else legal
        prompt, choices = self.bar(view)
        # with no pick nothing is meant yet, even when one move is left (a pyramid that
        # fits nowhere leaves only "No pyramid": the player still says so)
        ready = complete(candidates, picked, of) if picked else None
        return Offer(picked, tuple(candidates), prompt, tuple(choices),
                     lit(candidates, picked, of), ready)

    def meant(self, view: GameState, seat: Seat, picked: tuple[Target, ...],
              target: Target) -> Action | None:
        """A kind the supply has run out of still means choosing it (the engine says "No
        small blocks left in your supply."); a stone that may not be taken means nothing."""
        assert isinstance(view, CairoState)
        if isinstance(target, Kind) and view.phase == Phase.CHOOSE:
            return A.Choose(target.kind)
        return None

    # The bar, phase by phase -----------------------------------------------------------------

    def bar(self, view: CairoState) -> tuple[str, list[BarChoice]]:
        """The bottom bar's words and buttons for the player to act in `view`."""
        handler = {
            Phase.RETRIEVE: self._retrieve,
            Phase.CHOOSE: self._choose,
            Phase.FLICK: self._flick,
            Phase.PENALTY: self._penalty,
            Phase.OFFER: self._offer,
            Phase.PICK: self._pick,
            Phase.ARRANGE: self._arrange,
            Phase.PLACE: self._place,
        }.get(view.phase)
        return handler(view) if handler is not None else ("", [])

    @staticmethod
    def _retrieve(view: CairoState) -> tuple[str, list[BarChoice]]:
        count = sum(1 for a in view.legal_actions() if isinstance(a, A.Retrieve)
                    and a.block not in ("all", "done"))
        return (
            f"Take blocks back? Click your ringed blocks beside the ship, or take all {count}.",
            [BarChoice("keep", "Leave them", A.RETRIEVE_DONE,
                       tooltip="Leave your blocks where they lie"),
             BarChoice("all", f"Take all {count}", A.RETRIEVE_ALL, accent=True,
                       tooltip="Take every ringed block back into your supply (A)")],
        )

    @staticmethod
    def _choose(view: CairoState) -> tuple[str, list[BarChoice]]:
        kinds = [a.kind for a in view.legal_actions() if isinstance(a, A.Choose)]
        small = min(3, len(view.supply(view.turn, "small")))
        labels = {"small": f"{small} small", "large": "Large block", "die": "Die-block"}
        who = "any finger" if view.die == FINGER_ANY else \
            f"your {view.data.finger(max(1, min(5, view.die or 2))).name}"
        return (f"You rolled {view.die}: flick with {who}. What will you flick?",
                [BarChoice(f"choose-{k}", labels[k], A.Choose(k), tooltip=KIND_TIPS[k],
                           accent=k == _first_of(kinds, "small")) for k in kinds])

    def _flick(self, view: CairoState) -> tuple[str, list[BarChoice]]:
        total = max(self.flick_total(), view.flicks_left)
        count = f"Flick {total - view.flicks_left + 1} of {total}: " if total > 1 else ""
        if view.die == FINGER_ANY:
            prompt = f"{count}a 6: choose your finger (1-5), then press, pull back, let go."
        else:
            prompt = (f"{count}press the block on your ship, pull back, let go "
                      "(arrow keys fine-tune, Enter flicks, Esc cancels).")
        return prompt[0].upper() + prompt[1:], []

    @staticmethod
    def _penalty(view: CairoState) -> tuple[str, list[BarChoice]]:
        kinds = [a.kind for a in view.legal_actions() if isinstance(a, A.Penalty)]
        return ("A ship was knocked over: your turn ends. Which block of your supply goes "
                "in the box?",
                [BarChoice(f"penalty-{k}", A.KIND_LABEL[k].capitalize(), A.Penalty(k),
                           accent=k == _first_of(kinds, "small")) for k in kinds])

    @staticmethod
    def _offer(view: CairoState) -> tuple[str, list[BarChoice]]:
        site = board().site(view.offer_site)
        free = len(view.free_small_on(site.id))
        sizes = [a.size for a in view.legal_actions()
                 if isinstance(a, A.BuildPyramid) and a.size]
        choices = [BarChoice(f"size-{n}", f"{n} stones", A.BuildPyramid(n),
                             tooltip=f"{n} stones, from the ground up {PYRAMID_LEVELS[n]}",
                             accent=n == max(sizes)) for n in sizes]
        choices.append(BarChoice("no", "No pyramid", A.NO_PYRAMID))
        return f"Build a pyramid on {site.name}? {free} free small blocks there.", choices

    @staticmethod
    def _pick(view: CairoState) -> tuple[str, list[BarChoice]]:
        left = view.pyramid_size - len(view.picked)
        site = board().site(view.offer_site).name
        return (f"Pick {left} more stone{'s' if left != 1 else ''} on {site}: click ringed "
                "blocks, or let the game pick (your own first).",
                [BarChoice("auto", "Auto-pick", A.PICK_AUTO, accent=True,
                           tooltip="Your own blocks first, then the nearest to the centre")])

    @staticmethod
    def _arrange(view: CairoState) -> tuple[str, list[BarChoice]]:
        return "Which colour goes highest? Click a row to lift it, then confirm.", []

    @staticmethod
    def _place(view: CairoState) -> tuple[str, list[BarChoice]]:
        return ("Place the pyramid: point at the site (here or in the window) and click; "
                "wheel or R turns it.",
                [BarChoice("cancel", "No pyramid", A.CancelPyramid(),
                           tooltip="Give up this pyramid; the blocks stay where they are")])


def _first_of(kinds: Sequence[str], preferred: str) -> str | None:
    """The kind the bar highlights (Enter takes it): `preferred` where it may be chosen,
    else the first that may, so every such choice has a highlighted button."""
    return preferred if preferred in kinds else next(iter(kinds), None)
