"""The table's half-made move: it holds what the player has picked and asks the game's intent
(`nile/core/intent.py`) what the picks mean; the scene only hands it clicked targets.

Every game turns clicks into moves here, the same way: a click on a drawn target is followed
(`intent.follow`), the bar shows the offer's words and buttons, the table lights the offer's
targets, and a ready move is submitted. A click that fits nothing is submitted as what it most
plausibly meant, so the player reads the engine's reason for the refusal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from nile.core.game import Action, GameState, Seat
from nile.core.intent import BarChoice, Intent, Offer, Refused, Target, follow
from nile.ui.kit.button import BarButton


@dataclass(frozen=True)
class PickerCalls:
    """What the picker asks of its scene: the view drawn now, the seat that may act here
    (None: nobody at this screen may), playing a move, and the bar."""

    view: Callable[[], GameState]
    seat: Callable[[], Seat | None]
    submit: Callable[[Action], bool]
    set_bar: Callable[[str, Sequence[BarButton]], None]
    asked: Callable[[Action], bool] = lambda action: False
    """Whether a lesson's step asks for this move: its button is the one highlighted."""


class Picker:
    """The picks of the person acting, and what they offer."""

    def __init__(self, intent: Intent, calls: PickerCalls) -> None:
        self.intent = intent
        self.calls = calls
        self.offer: Offer | None = None
        self.hinted: tuple[GameState, Action, str] | None = None
        """The hint's move (H) for the view it was given in, and its words."""

    @property
    def picked(self) -> tuple[Target, ...]:
        return self.offer.picked if self.offer else ()

    def is_picked(self, target: Target) -> bool:
        return target in self.picked

    def is_lit(self, target: Target) -> bool:
        """Whether a click on `target` would take the move further (for highlighting)."""
        return self.offer is not None and target in self.offer.lit

    def click(self, target: Target) -> bool:
        """Follow a click on `target`; True if it meant something (a pick, a move, or a
        refused move whose reason the scene shows)."""
        seat = self.calls.seat()
        if seat is None:
            return False
        step = follow(self.intent, self.calls.view(), seat, self.picked, target)
        if isinstance(step, Refused):
            if step.action is None:
                return False
            self.calls.submit(step.action)
            return True
        self.show(step)
        return True

    def refresh(self) -> None:
        """Start again from no picks for the view drawn now (after a move, a new viewer)."""
        seat = self.calls.seat()
        self.offer = None if seat is None else self.intent.offer(self.calls.view(), seat, ())
        self.show_bar()

    def cancel(self) -> bool:
        """Let go of every pick (Esc); False if there were none."""
        if not self.picked:
            return False
        self.refresh()
        return True

    def show(self, offer: Offer) -> None:
        """Take `offer` as the state of the move; play it if it is ready. A ready move the
        engine (or a lesson) refuses keeps the picks as they were, to be put right."""
        if offer.ready is not None:
            if self.calls.submit(offer.ready):
                self.refresh()
            return
        self.offer = offer
        self.show_bar()

    def choose(self, choice: BarChoice) -> None:
        """A bar button: play its action (and the ones after it while the rules take them;
        a refused one leaves the picks as they were), change the picks, or cancel them."""
        seat = self.calls.seat()
        if choice.picks is not None and seat is not None:
            self.show(self.intent.offer(self.calls.view(), seat, choice.picks))
            return
        if choice.action is not None:
            if not self.calls.submit(choice.action):
                self.show_bar()  # refused: the picks stay while the player reads why
                return
            for action in choice.then:
                if not self.calls.submit(action):
                    break
        self.refresh()

    def hint(self, action: Action, words: str) -> None:
        """H: the hinted move becomes the bar's highlighted choice, so Enter takes it (its
        own button where the bar has one, else a button for it), until the view changes."""
        self.hinted = (self.calls.view(), action, words)
        self.show_bar()

    def hinted_move(self) -> Action | None:
        """The hint's move, while the view it was given in is the one drawn."""
        if self.hinted is None or self.hinted[0] is not self.calls.view():
            return None
        return self.hinted[1]

    def choices(self) -> tuple[BarChoice, ...]:
        """The offer's buttons, with the hint's choice (for the view drawn now) the one
        highlighted, else the one a lesson's step asks for."""
        assert self.offer is not None
        choices = self.offer.choices
        action = self.hinted_move()
        if self.hinted is None or action is None:
            asked = [c for c in choices if c.action is not None and self.calls.asked(c.action)]
            if asked:  # the lesson's card asks for the large block: not "3 small" lit
                return tuple(replace(c, accent=c in asked) for c in choices)
            return choices
        words = self.hinted[2]
        if not any(c.action == action for c in choices):
            choices = (*choices, BarChoice("hint", "Hinted move", action,
                                           tooltip=f"Hint: {words} (Enter)"))
        return tuple(replace(c, accent=c.action == action) for c in choices)

    def show_bar(self) -> None:
        if self.offer is None:
            return
        action = self.hinted_move()
        buttons = [BarButton(c.key, c.label, self._chooser(c), enabled=c.enabled,
                             tooltip=c.tooltip, accent=c.accent,
                             hinted=c.accent and c.action == action)
                   for c in self.choices()]
        self.calls.set_bar(self.offer.prompt, buttons)

    def _chooser(self, choice: BarChoice) -> Callable[[], None]:
        return lambda: self.choose(choice)
