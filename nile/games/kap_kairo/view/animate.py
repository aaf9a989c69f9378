"""Showing what the rules report on the Vom Kap bis Kairo table: cards flying from the pile
to the market or the row and from the market to a line, locomotives moving up their lane,
pounds rising from a player's box, the bids being revealed, a hinted card blinking.

The scene draws the state after the move; `Motion` only decorates it, and tells the table
which cards are still in flight (drawn where they land only once they arrive). It is handed
where things lie (`board.Geometry`), the scene's `Animations` and a way to say an event in
words (`Tell`), never the scene.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from nile.core.game import Event
from nile.games.kap_kairo.rules import KapState
from nile.games.kap_kairo.rules.events import (
    BidsRevealed,
    BonusDealt,
    BonusMissed,
    Built,
    CardChosen,
    CardRevealed,
    CoinsGained,
    DuelDraw,
    GameWon,
    Reshuffled,
    RowCardDrawn,
    RowDiscarded,
)
from nile.games.kap_kairo.view.board import Geometry
from nile.games.kap_kairo.view.table import Floater, Ghost
from nile.ui import sound
from nile.ui.anim import Animations, Tween, ease_in_out

HINT_TIME = 2.5
REVEAL_TIME = 1.4

Tell = Callable[[Event, str], None]
"""Say `event` in words, as a toast of the kind given, for whoever looks when it shows."""

Point = tuple[float, float]


@dataclass
class Motion:
    """What moves on the table now."""

    anims: Animations
    tell: Tell
    ghosts: list[Ghost] = field(default_factory=list)
    floaters: list[Floater] = field(default_factory=list)
    loco_moves: dict[int, Tween] = field(default_factory=dict)
    reveal_tween: Tween | None = None
    hint_card: tuple[int, float] | None = None
    """A hinted card for sale and the seconds it still blinks."""

    # Events ------------------------------------------------------------------------------

    def play(self, events: Sequence[Event], view: KapState, geo: Geometry) -> None:
        """Animate `events` one after another (`view`: the state after them)."""
        clock = 0.0
        for event in events:
            clock = self._animate(event, view, geo, clock)

    def _animate(self, event: Event, view: KapState, geo: Geometry, t: float) -> float:
        """Start what shows `event` at `t` seconds; when the next event may start."""
        if isinstance(event, CardRevealed | RowCardDrawn):
            return self._turn_up(event, view, geo, t)
        if isinstance(event, CardChosen):
            slot = geo.lane_slot_center(event.seat, _lane_index(view, event.seat, event.card))
            self._fly(event.card, geo.market_card(0), slot, t, 0.45, ("lane", event.card))
            self.anims.later(t, lambda: sound.play("place"))
            return t + 0.3
        if isinstance(event, BidsRevealed):
            return t + 0.4  # the reveal itself plays once the chooser looks (`reveal`)
        if isinstance(event, DuelDraw):
            self.anims.later(t, lambda: sound.play("card", 0.6))
            return t + 0.2
        if isinstance(event, Built):
            return self._build(event, view, geo, t)
        if isinstance(event, CoinsGained):
            self._float(f"+£{event.coins}", event.seat, geo, t)
            return t
        if isinstance(event, RowDiscarded):
            for i, card in enumerate(event.row):
                self._fly(card, geo.market_card(i, len(event.row)), geo.pile("discard"),
                          t + i * 0.04, 0.35)
            return t + 0.3 if event.row else t
        return self._announced(event, geo, t)

    def _turn_up(self, event: CardRevealed | RowCardDrawn, view: KapState, geo: Geometry,
                 t: float) -> float:
        """A card from the draw pile, flipped on its way to the market (or the row)."""
        if isinstance(event, CardRevealed):
            index = view.display.index(event.card) if event.card in view.display else 0
            duration, volume, step = 0.3, 0.6, 0.12
        else:
            index, duration, volume, step = len(view.row) - 1, 0.35, 0.7, 0.3
        self._fly(None, geo.pile("draw"), geo.market_card(index), t, duration,
                  ("market", event.card), flip=event.card)
        self.anims.later(t, lambda: sound.play("card", volume))
        return t + step

    def _announced(self, event: Event, geo: Geometry, t: float) -> float:
        """Events the table shows by a toast when they happen (and a bonus card's flight)."""
        if isinstance(event, BonusDealt):
            source = geo.pile("discard" if event.source == "discards" else "draw")
            self._fly(-2, source, geo.lane_box(event.seat).center, t, 0.45,
                      ("bonus", event.seat))  # the box counts it once it lands
            self.anims.later(t, lambda: self._announce(event, "card", "ok"))
            return t + 0.45
        if isinstance(event, BonusMissed):
            self.anims.later(t, lambda: self._announce(event))
            return t
        if isinstance(event, Reshuffled):
            self.anims.later(t, lambda: self._announce(event, "cancel"))
            return t + 0.2
        if isinstance(event, GameWon):
            return t + 0.3
        return t

    def _announce(self, event: Event, noise: str | None = None, kind: str = "info") -> None:
        """Say what happened when the table shows it, in words for whoever looks then (the
        screen may have passed on since the move was made)."""
        if noise is not None:
            sound.play(noise)
        self.tell(event, kind)

    def _build(self, event: Built, view: KapState, geo: Geometry, t: float) -> float:
        crossed = len(view.crossed[event.seat])
        start = geo.loco_center(event.seat, crossed - 1)
        end = geo.loco_center(event.seat, crossed)
        tween = Tween(start, end, 0.6, t, ease_in_out)
        self.loco_moves[event.seat] = tween
        self.anims.add(("loco", event.seat), tween)
        self.anims.later(t, lambda: sound.play("move"))
        if event.cost:
            self._float(f"−£{event.cost}", event.seat, geo, t, good=False)
        return t + 0.65

    def _fly(self, card: int | None, start: Point, end: Point, delay: float,
             duration: float, hides: tuple[str, int] | None = None,
             flip: int | None = None) -> None:
        tween = Tween(start, end, duration, delay, ease_in_out, arc=24)
        self.anims.add(("ghost", id(tween)), tween)
        self.ghosts.append(Ghost(flip if flip is not None else card, tween, hides))

    def _float(self, label: str, seat: int, geo: Geometry, t: float, good: bool = True) -> None:
        box = geo.lane_box(seat)
        start = (box.centerx, box.top + 8)
        tween = Tween(start, (start[0], start[1] - 46), 1.0, t)
        self.anims.add(("float", id(tween)), tween)
        self.floaters.append(Floater(label, seat, tween, good))

    # Other moments -----------------------------------------------------------------------

    def reveal(self) -> None:
        """Show the bids being revealed (once to each viewer: the scene decides when)."""
        self.reveal_tween = Tween((0.0, 0.0), (1.0, 0.0), REVEAL_TIME)
        self.anims.add("reveal", self.reveal_tween)
        sound.play("card")

    def hint(self, card: int) -> None:
        """Make a card for sale blink (a hint to take it)."""
        self.hint_card = (card, HINT_TIME)

    # Frames ------------------------------------------------------------------------------

    @property
    def reveal_progress(self) -> float | None:
        """How far the reveal has come (None: not playing)."""
        return None if self.reveal_tween is None else self.reveal_tween.progress

    @property
    def busy(self) -> bool:
        """Something still shows that the table must wait for (a rising figure, a hint)."""
        return bool(self.floaters) or self.hint_card is not None

    def hidden_cards(self) -> frozenset[tuple[str, int]]:
        """Cards still in flight: not yet drawn at their destination."""
        return frozenset(g.hides for g in self.ghosts if g.hides is not None and not g.tween.done)

    def update(self, dt: float) -> None:
        """Forget what has landed; count the hint down."""
        self.ghosts = [g for g in self.ghosts if not g.tween.done]
        self.floaters = [f for f in self.floaters if not f.tween.done]
        self.loco_moves = {s: t for s, t in self.loco_moves.items() if not t.done}
        if self.reveal_tween is not None and self.reveal_tween.done:
            self.reveal_tween = None
        if self.hint_card is not None:
            card, left = self.hint_card
            self.hint_card = (card, left - dt) if left > dt else None


def _lane_index(view: KapState, seat: int, card: int) -> int:
    """Where `card` lies in `seat`'s line (crossed cards first)."""
    line = view.crossed[seat] + view.columns[seat]
    return line.index(card) if card in line else len(line)
